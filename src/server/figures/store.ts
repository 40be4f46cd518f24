// The day's numbers, for the Admin: a restaurant's day is midnight to midnight in its time
// zone (23 or 25 hours on the days the clocks change). The database counts the orders placed
// that day (found through `orders_placed_ms`) per hour and state, sums the ten best-selling
// dishes, and picks the medians from its sorted values: the answer never carries the day's
// orders themselves, so 10,000 of them cost little more than ten.
import { sql } from 'kysely';
import { instantOf, wallClock } from '../restaurant/index.js';
import type { Db } from '../db/schema.js';
import type { DayFigures } from '../../shared/admin-records.js';
import { coversOf } from '../bookings/index.js';
import { t } from '../http/language.js';
import { csvDialect, csvEuros, csvOf } from './csv.js';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The restaurant's date at `instant`, `YYYY-MM-DD`. */
export const restaurantDate = (instant: number, timeZone: string) => dateOf(wallClock(instant, timeZone).day);

/** Seconds as minutes, to one decimal; null for none. */
const inMinutes = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : Math.round(seconds / 6) / 10);

/**
 * The median of a column of seconds over the day's orders that have it: the middle one
 * (or the mean of the middle two), picked by the database from its sorted values.
 */
async function median(db: Db, column: 'ready_after_s' | 'served_after_s', start: number, end: number, count: number): Promise<number | null> {
  if (!count) return null;
  const middle = await db
    .selectFrom('orders')
    .select(column)
    .where('placed_ms', '>=', start)
    .where('placed_ms', '<', end)
    .where(column, 'is not', null)
    .orderBy(column)
    .limit(2 - (count % 2))
    .offset((count - 1) >> 1)
    .execute();
  const values = middle.map((row) => Number(row[column]));
  return inMinutes(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** The ten dishes ordered most in orders placed from `start` to `end` (cancelled ones left out). */
const bestSellers = (db: Db, start: number, end: number) =>
  db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.dish_id', sql<number>`sum(order_items.quantity)`.as('quantity')])
    .where('orders.placed_ms', '>=', start)
    .where('orders.placed_ms', '<', end)
    .where('orders.status', '!=', 'cancelled')
    .groupBy('order_items.dish_id')
    .orderBy(sql`sum(order_items.quantity)`, 'desc')
    .orderBy('order_items.dish_id')
    .limit(10)
    .execute();

/** The figures of `date`; `{ dishes: false }` leaves out the best-selling dishes (the week before has no use for them). */
export async function dayFigures(db: Db, date: string, timeZone: string, { dishes = true } = {}): Promise<DayFigures> {
  const day = dayNumber(date);
  const start = instantOf(day, 0, timeZone);
  const end = instantOf(day + 1, 0, timeZone);

  // The same expression in the select and the group by: the day's start written into it (a
  // number of ours), as PostgreSQL does not take two parameters for the same expression.
  const hourOf = sql<number>`cast((placed_ms - ${sql.lit(start)}) / 3600000 as integer)`;
  // Per hour since the day began and per state: how many, their totals, how many were ready and served.
  const counting = db
    .selectFrom('orders')
    .select([
      sql<number>`${hourOf}`.as('hour'),
      'status',
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(total_cents)`.as('cents'),
      sql<number>`count(ready_after_s)`.as('ready'),
      sql<number>`count(served_after_s)`.as('served'),
    ])
    .where('placed_ms', '>=', start)
    .where('placed_ms', '<', end)
    .groupBy([hourOf, 'status'])
    .execute();
  // The day's bookings' guests per status (through bookings_day).
  const booked = db.selectFrom('bookings').select(['status', 'walk_in', sql<number>`sum(party)`.as('guests')]).where('date', '=', date).groupBy(['status', 'walk_in']).execute();
  // The counts, the best sellers and the bookings at once (on PostgreSQL, connections of the pool side by side).
  // The money taken that day: its payments (refunds negative), through payments_at.
  const paid = db.selectFrom('payments').select(sql<number | null>`sum(amount_cents)`.as('cents')).where('at_ms', '>=', start).where('at_ms', '<', end).executeTakeFirst();
  const [groups, top, bookings, payments] = await Promise.all([counting, dishes ? bestSellers(db, start, end) : [], booked, paid]);

  // The day's hours by the wall clock, in order: an hour the clocks skip is not there, an hour they repeat is there twice.
  const perHour: { hour: string; orders: number }[] = [];
  for (let instant = start; instant < end; instant += 3_600_000) perHour.push({ hour: String(Math.floor(wallClock(instant, timeZone).minute / 60)).padStart(2, '0'), orders: 0 });
  let [placed, served, cancelled, takings, ready, servedTimes] = [0, 0, 0, 0, 0, 0];
  for (const group of groups) {
    const orders = Number(group.orders);
    perHour[Math.min(perHour.length - 1, Math.floor(Number(group.hour)))]!.orders += orders;
    placed += orders;
    if (group.status === 'served') {
      served += orders;
      takings += Number(group.cents);
    } else if (group.status === 'cancelled') cancelled += orders;
    ready += Number(group.ready);
    servedTimes += Number(group.served);
  }
  // Then the medians, which need the counts, and the best sellers' names as the menu has them now (at most ten, by primary key).
  const [receivedToReady, readyToServed, named] = await Promise.all([
    median(db, 'ready_after_s', start, end, ready),
    median(db, 'served_after_s', start, end, servedTimes),
    top.length ? db.selectFrom('dishes').select(['id', 'name']).where('id', 'in', top.map((row) => row.dish_id)).execute() : [],
  ]);
  const names = new Map(named.map((row) => [row.id, row.name]));
  return {
    date,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    placed,
    served,
    cancelled,
    takingsCents: takings,
    takenCents: Number(payments?.cents ?? 0),
    averageTicketCents: served ? Math.round(takings / served) : null,
    perHour,
    topDishes: top.map((row) => ({ dishId: row.dish_id, name: names.get(row.dish_id) ?? `Dish ${row.dish_id}`, quantity: Number(row.quantity) })),
    medianMinutes: { receivedToReady, readyToServed },
    covers: coversOf(bookings),
  };
}

/** The day's orders as CSV rows (RFC 4180), oldest first: what the download holds. */
export async function dayOrdersCsv(db: Db, date: string, timeZone: string): Promise<string> {
  const day = dayNumber(date);
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'created_at', 'table_number', 'pickup_name', 'taken_by_name', 'status', 'total_cents', 'ready_at', 'served_at'])
    .where('placed_ms', '>=', instantOf(day, 0, timeZone))
    .where('placed_ms', '<', instantOf(day + 1, 0, timeZone))
    .orderBy('placed_ms')
    .orderBy('id')
    .execute();
  const dialect = csvDialect();
  const status = dialect.speller(() => ({ received: t('[csv] received'), preparing: t('[csv] preparing'), ready: t('[csv] ready'), served: t('[csv] served'), cancelled: t('[csv] cancelled') }));
  const time = (at: string | null) => (at === null ? null : dialect.time(Date.parse(at), timeZone));
  const header = [t('[csv] number'), t('[csv] placed_at'), t('[csv] table'), t('[csv] pickup_name'), t('[csv] taken_by'), t('[csv] status'), t('[csv] total_eur'), t('[csv] ready_at'), t('[csv] served_at')];
  return csvOf(
    header,
    orders.map((order) => [order.id, time(order.created_at), order.table_number, order.pickup_name, order.taken_by_name, status(order.status), csvEuros(order.total_cents, dialect), time(order.ready_at), time(order.served_at)]),
    dialect,
  );
}
