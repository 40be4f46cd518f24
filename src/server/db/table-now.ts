// What is at a table now: the one answer the host stand, the Tables page, the seating of a
// party, the free times and the orders all ask. A table holds one party and one open bill
// from its first order or seat until the bill is paid:
// - the stay is the party seated there (a booking or a walk-in marked arrived, or a stay an
//   order at the table opened), from its start until it finishes, and past its booked end
//   while its bill is still open (a party that lingers over coffee still holds its table);
// - the bill is that stay's open bill (or the one it was joined to), or else an open bill of
//   the table with no party there (reopened, or taken when a booking held the table).
// Below the features, as the bills' and bookings' tables are: both features read it, and
// each writes its own rows. What a bill comes to is summed here in SQL from the same rows
// as the bill itself (bills/store.ts billView); a test holds the two equal.
import { sql, type Kysely } from 'kysely';
import type { BookingRow, Database } from './schema.js';

type Executor = Kysely<Database>;

/** A bill's money, as billView adds it up: the dishes and changes, the cover charge, less the discounts; less the payments (refunds are negative). */
export interface BillMoney {
  id: number;
  version: number;
  table: number | null;
  bookingId: number | null;
  covers: number | null;
  coverCents: number;
  askedMs: number | null;
  totalCents: number;
  paidCents: number;
  remainingCents: number;
}

export interface AtTable {
  table: number;
  /** The party there now, with every table its stay holds (its first table first); null when none. */
  stay: (BookingRow & { tables: number[] }) | null;
  /** The open bill there now; null when none. */
  bill: BillMoney | null;
}

/** The stays present at `tables` now, by table: arrived, not finished, started, and before their end or with their bill still open. */
async function staysAt(db: Executor, tables: readonly number[], now: number): Promise<Map<number, BookingRow>> {
  if (!tables.length) return new Map();
  const rows = await db
    .selectFrom('booking_tables')
    .innerJoin('bookings', 'bookings.id', 'booking_tables.booking_id')
    .selectAll('bookings')
    .select('booking_tables.table_number as at_table')
    .where('booking_tables.table_number', 'in', [...tables])
    .where('booking_tables.status', '=', 'arrived')
    .where('bookings.finished_at', 'is', null)
    .where('booking_tables.starts_ms', '<=', now)
    .where((eb) =>
      eb.or([
        eb('booking_tables.ends_ms', '>', now),
        eb.exists(
          eb
            .selectFrom('bills')
            .leftJoin('bills as into', 'into.id', 'bills.joined_into')
            .select('bills.id')
            .whereRef('bills.booking_id', '=', 'bookings.id')
            .where((inner) => inner.or([inner('bills.status', '=', 'open'), inner.and([inner('bills.status', '=', 'joined'), inner('into.status', '=', 'open')])])),
        ),
      ]),
    )
    .orderBy('booking_tables.starts_ms', 'desc')
    .execute();
  const found = new Map<number, BookingRow>();
  for (const { at_table, ...row } of rows) if (!found.has(at_table)) found.set(at_table, row as BookingRow);
  return found;
}

/** What is at each of `tables` now; a table with nothing there is absent. */
export async function tablesNow(db: Executor, tables: readonly number[], now: number): Promise<Map<number, AtTable>> {
  const stays = await staysAt(db, tables, now);
  const stayIds = [...new Set([...stays.values()].map((stay) => stay.id))];
  const [held, billOfStay, ofTables] = await Promise.all([
    stayIds.length ? db.selectFrom('booking_tables').select(['booking_id', 'table_number']).where('booking_id', 'in', stayIds).orderBy('table_number').execute() : [],
    openBillIdsOfStays(db, stayIds),
    tables.length ? db.selectFrom('bills').select(['id', 'table_number']).where('status', '=', 'open').where('table_number', 'in', [...tables]).execute() : [],
  ]);
  const billOfTable = new Map(ofTables.map((row) => [row.table_number!, row.id]));
  const chosen = new Map<number, number | undefined>();
  for (const table of tables) {
    const stay = stays.get(table);
    chosen.set(table, stay ? (billOfStay.get(stay.id) ?? billOfTable.get(table)) : billOfTable.get(table));
  }
  const money = await billsMoney(db, [...new Set([...chosen.values()].filter((id): id is number => id !== undefined))]);
  const found = new Map<number, AtTable>();
  for (const table of tables) {
    const stay = stays.get(table);
    const billId = chosen.get(table);
    if (!stay && billId === undefined) continue;
    const stayTables = stay ? held.filter((row) => row.booking_id === stay.id).map((row) => row.table_number) : [];
    found.set(table, {
      table,
      stay: stay ? { ...stay, tables: stay.table_number === null ? stayTables : [stay.table_number, ...stayTables.filter((number) => number !== stay.table_number)] } : null,
      bill: billId === undefined ? null : money.get(billId)!,
    });
  }
  return found;
}

/** What is at `table` now: its party and its open bill (either may be null), or undefined when it is free. */
export const tableNow = async (db: Executor, table: number, now: number): Promise<AtTable | undefined> => (await tablesNow(db, [table], now)).get(table);

/** The open bill of each of these stays: its own, or the one it was joined to (absent: none). */
async function openBillIdsOfStays(db: Executor, stayIds: readonly number[]): Promise<Map<number, number>> {
  if (!stayIds.length) return new Map();
  const rows = await db
    .selectFrom('bills')
    .leftJoin('bills as into', 'into.id', 'bills.joined_into')
    .select(['bills.booking_id', 'bills.id', 'bills.status', 'into.id as into_id'])
    .where('bills.booking_id', 'in', [...stayIds])
    .where((eb) => eb.or([eb('bills.status', '=', 'open'), eb.and([eb('bills.status', '=', 'joined'), eb('into.status', '=', 'open')])]))
    .execute();
  return new Map(rows.map((row) => [row.booking_id!, row.status === 'open' ? row.id : row.into_id!]));
}

/** What the open bill of each of these stays owes (absent: none open). */
export async function openBillsOfStays(db: Executor, stayIds: readonly number[]): Promise<Map<number, BillMoney>> {
  const ids = await openBillIdsOfStays(db, stayIds);
  const money = await billsMoney(db, [...new Set(ids.values())]);
  return new Map([...ids].map(([stay, bill]) => [stay, money.get(bill)!]));
}

/** Each bill's money, summed from its rows (see BillMoney). */
export async function billsMoney(db: Executor, ids: readonly number[]): Promise<Map<number, BillMoney>> {
  if (!ids.length) return new Map();
  const [bills, dishes, changes, discounts, payments] = await Promise.all([
    db.selectFrom('bills').select(['id', 'version', 'table_number', 'booking_id', 'covers', 'cover_cents', 'asked_ms']).where('id', 'in', [...ids]).execute(),
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select((eb) => ['orders.bill_id as id', eb.fn.sum<number>(eb('order_items.quantity', '*', eb.ref('order_items.price_cents'))).as('cents')])
      .where('orders.bill_id', 'in', [...ids])
      .where('orders.status', '<>', 'cancelled')
      .groupBy('orders.bill_id')
      .execute(),
    sums(db, 'bill_line_changes', sql<number>`sum(quantity * unit_cents)`, ids),
    sums(db, 'bill_discounts', sql<number>`sum(amount_cents)`, ids),
    sums(db, 'payments', sql<number>`sum(amount_cents)`, ids),
  ]);
  const of = (rows: readonly { id: number | null; cents: number | string | null }[]) => new Map(rows.map((row) => [row.id!, Number(row.cents ?? 0)]));
  const [dish, change, off, paid] = [of(dishes), of(changes), of(discounts), of(payments)];
  return new Map(
    bills.map((row) => {
      const totalCents = (dish.get(row.id) ?? 0) + (change.get(row.id) ?? 0) + (row.covers ?? 0) * row.cover_cents - (off.get(row.id) ?? 0);
      const paidCents = paid.get(row.id) ?? 0;
      const money: BillMoney = { id: row.id, version: row.version, table: row.table_number, bookingId: row.booking_id, covers: row.covers, coverCents: row.cover_cents, askedMs: row.asked_ms === null ? null : Number(row.asked_ms), totalCents, paidCents, remainingCents: totalCents - paidCents };
      return [row.id, money];
    }),
  );
}

const sums = (db: Executor, table: 'bill_line_changes' | 'bill_discounts' | 'payments', sum: ReturnType<typeof sql<number>>, ids: readonly number[]) =>
  db
    .selectFrom(table)
    .select(['bill_id as id', sum.as('cents')])
    .where('bill_id', 'in', [...ids])
    .groupBy('bill_id')
    .execute();
