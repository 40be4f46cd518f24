// The outbox: e-mails written by the transaction of the change that causes them, and taken
// from here by the worker (worker.ts). A message is `waiting` until a worker takes it
// (`sending`, for a lease: a process killed mid-send lets go when the lease ends), then
// `sent`, or back to `waiting` for a later try, or `failed` with the reason kept.
// A booking's messages are taken in the order they were written (a "changed" never
// overtakes the "booked" before it).
// Taking is one statement that no two workers can both win: on PostgreSQL the due rows
// are locked with FOR UPDATE SKIP LOCKED (another process skips them and takes the next);
// SQLite is one process with one writer at a time.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import { embeddedHandle } from '../db/embedded-handle.js';
import type { Database, Db, OutboxRow } from '../db/schema.js';

export interface NewMessage {
  kind: string;
  bookingId: number | null;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** An iCalendar file to attach. */
  ics?: string;
}

/** Writes a message, to be sent as soon as a worker can; its Message-ID is fixed now. */
export async function writeMessage(trx: Kysely<Database>, message: NewMessage, now: number, domain: string): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      message_id: `<${randomUUID()}@${domain}>`,
      kind: message.kind,
      booking_id: message.bookingId,
      to_name: message.to.name,
      to_address: message.to.address,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      ics: message.ics ?? null,
      state: 'waiting',
      next_try_ms: now,
      created_ms: now,
    })
    .execute();
}

/** Takes up to `limit` due messages for `leaseMs`: waiting ones whose time has come, and sending ones whose lease ran out. */
export async function takeDue(db: Db, now: number, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('state', '=', 'waiting'), eb('next_try_ms', '<=', now)]), eb.and([eb('state', '=', 'sending'), eb('claimed_until_ms', '<', now)])]))
    // A booking's messages go in the order they were written: none while an earlier one of it is still to go.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('outbox as earlier').select('earlier.id').whereRef('earlier.booking_id', '=', 'outbox.booking_id').whereRef('earlier.id', '<', 'outbox.id').where('earlier.state', 'in', ['waiting', 'sending']))),
    )
    .orderBy('id')
    .limit(limit);
  const rows = await db
    .updateTable('outbox')
    .set({ state: 'sending', claimed_until_ms: now + leaseMs, tries: sql`tries + 1` })
    .where('id', 'in', dialectOf(db) === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
  return rows.map(numbers).sort((a, b) => a.id - b.id);
}

/**
 * The message went: kept as sent, its lease let go. On the embedded database it is written at
 * once, before the requests waiting for their turn of its connection (db/taking-turns.ts):
 * until it is, a kill -9 would send the message again (a busy minute's line made that window
 * tens of milliseconds). Not while a transaction is open on the connection: it would join it.
 */
export async function markSent(db: Db, id: number, now: number): Promise<void> {
  const query = db.updateTable('outbox').set({ state: 'sent', sent_ms: now, claimed_until_ms: null, last_error: null, version: sql`version + 1` }).where('id', '=', id).where('state', '=', 'sending');
  const sqlite = embeddedHandle(db);
  if (sqlite && !sqlite.inTransaction) {
    const { sql: text, parameters } = query.compile();
    sqlite.prepare(text).run(...parameters);
    return;
  }
  await query.execute();
}

/** The message did not go: tried again at `nextTryMs`, or (none) given up, with the reason kept either way. */
export async function markNotSent(db: Db, id: number, reason: string, nextTryMs: number | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ state: nextTryMs === null ? 'failed' : 'waiting', next_try_ms: nextTryMs ?? sql`next_try_ms`, claimed_until_ms: null, last_error: reason.slice(0, 500), version: sql`version + 1` })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .execute();
}

/** The earliest time a waiting message falls due, or none: when the worker looks next. */
export async function nextDue(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('outbox').select((eb) => eb.fn.min('next_try_ms').as('at')).where('state', '=', 'waiting').executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

/** bigint columns come back as strings from PostgreSQL. */
export function numbers(row: OutboxRow): OutboxRow {
  return {
    ...row,
    next_try_ms: Number(row.next_try_ms),
    created_ms: Number(row.created_ms),
    claimed_until_ms: row.claimed_until_ms === null ? null : Number(row.claimed_until_ms),
    sent_ms: row.sent_ms === null ? null : Number(row.sent_ms),
  };
}
