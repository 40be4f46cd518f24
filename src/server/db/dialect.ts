// What differs between the two databases Tavola runs on, beyond search (menu/search.ts) and
// event notifications (db/notifications.ts): how a key numbers itself, how a clash
// on a unique key is reported, and how concurrent writers of events are put in order.
// Everything else is the same Kysely query on both.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type QueryExecutorProvider, type RawBuilder, type SqlBool } from 'kysely';
import { OPEN_STATUSES } from '../../shared/order-states.js';

export type DialectName = 'sqlite' | 'postgres';

export const dialectOf = (db: QueryExecutorProvider): DialectName => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/** An auto-numbered primary key: AUTOINCREMENT on SQLite (numbers never reused), an identity column on PostgreSQL. */
export const autoId = (db: QueryExecutorProvider) => (column: ColumnDefinitionBuilder) =>
  dialectOf(db) === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();

/** A unique constraint refused the write: another request wrote the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The database refused two bookings holding one table at overlapping times (migration 011). */
export function isBookingOverlap(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23P01' || (code === 'SQLITE_CONSTRAINT_TRIGGER' && message === 'bookings_no_overlap');
}

/**
 * Call inside a transaction that books or moves a table. On PostgreSQL, bookings are
 * written one at a time (this lock, held until commit): choosing a free table, the
 * quarter hour's pacing and a phone number's open bookings are then read and written as
 * one step, and the exclusion constraint stays the last word on overlaps. Bookings are a
 * few a minute even on a busy evening; the race bench measures the cost. (SQLite has one
 * writer at a time already.)
 */
export async function serializeBookings(trx: QueryExecutorProvider): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${BOOKINGS_LOCK})`.execute(trx);
}

/**
 * Call inside a transaction before writing an order event. On SQLite one writer at a time
 * is already the rule. On PostgreSQL two transactions could take event ids 10 and 11 and
 * commit 11 first; a reader would pass 10 by before it exists. This lock, held until
 * commit, makes ids commit in order, so "every event after id n" never skips one.
 */
export async function serializeEvents(trx: QueryExecutorProvider): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(trx);
}

/**
 * Call inside a transaction that changes who is an active Admin. Two Admins deactivating
 * each other at the same moment would each see the other still active and both succeed,
 * leaving none; with this lock the second waits, then sees the first one's change.
 * (SQLite has one writer at a time already.)
 */
export async function serializeAdminChanges(trx: QueryExecutorProvider): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(trx);
}

/** Advisory lock keys (any 64-bit numbers, the same in every process). */
export const EVENTS_LOCK = 7_361_001;
export const PREPARE_LOCK = 7_361_002;
export const ADMINS_LOCK = 7_361_003;
export const BOOKINGS_LOCK = 7_361_004;

/**
 * `orders.status` is one of the open states, with the states written into the SQL as
 * literals: the partial index `orders_open` has this very condition, and a database
 * only uses a partial index when the query's condition visibly implies the index's
 * (a bound parameter hides its value from SQLite's planner).
 */
export const OPEN_ORDER: RawBuilder<SqlBool> = sql<SqlBool>`status in (${sql.join(OPEN_STATUSES.map((status) => sql.lit(status)))})`;
