// The day's numbers, for the Admin: a restaurant's day is midnight to midnight in its time
// zone (23 or 25 hours on the days the clocks change). The orders placed that day are read
// once through `orders_created_at` and counted here: placed, served and cancelled, takings
// (served orders), the average ticket, orders per hour, and the median minutes from received
// to ready and from ready to served. The ten best-selling dishes are summed by the database.
import { sql } from 'kysely';
import { instantOf, wallClock } from '../hours/opening-hours.js';
import type { Db } from './database.js';

export interface DayFigures {
  date: string;
  /** The day's first and last instant + 1 ms, ISO 8601. */
  from: string;
  to: string;
  placed: number;
  served: number;
  cancelled: number;
  /** The served orders' totals. */
  takingsCents: number;
  /** Takings over served orders, rounded to the cent; null with none served. */
  averageTicketCents: number | null;
  /** Orders placed in each hour of the day, by the wall clock (`hour` "02" twice on a day the clocks go back). */
  perHour: { hour: string; orders: number }[];
  /** The dishes ordered most (cancelled orders left out), at most ten. */
  topDishes: { dishId: number; name: string; quantity: number }[];
  /** Median minutes, rounded to one decimal; null with no such order. */
  medianMinutes: { receivedToReady: number | null; readyToServed: number | null };
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The restaurant's date at `instant`, `YYYY-MM-DD`. */
export const restaurantDate = (instant: number, timeZone: string) => dateOf(wallClock(instant, timeZone).day);

function median(values: number[]): number | null {
  if (!values.length) return null;
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  const value = values.length % 2 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
  return Math.round(value / 6_000) / 10;
}

export async function dayFigures(db: Db, date: string, timeZone: string): Promise<DayFigures> {
  const day = dayNumber(date);
  const start = instantOf(day, 0, timeZone);
  const end = instantOf(day + 1, 0, timeZone);
  const [from, to] = [new Date(start).toISOString(), new Date(end).toISOString()];

  const orders = await db
    .selectFrom('orders')
    .select(['created_at', 'status', 'total_cents', 'ready_at', 'served_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  const top = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.dish_id', sql<string>`min(order_items.name)`.as('name'), sql<number>`sum(order_items.quantity)`.as('quantity')])
    .where('orders.created_at', '>=', from)
    .where('orders.created_at', '<', to)
    .where('orders.status', '!=', 'cancelled')
    .groupBy('order_items.dish_id')
    .orderBy(sql`sum(order_items.quantity)`, 'desc')
    .orderBy('order_items.dish_id')
    .limit(10)
    .execute();

  // The day's hours by the wall clock, in order: an hour the clocks skip is not there, an hour they repeat is there twice.
  const hours: { hour: string; from: number; orders: number }[] = [];
  for (let instant = start; instant < end; instant += 3_600_000) {
    hours.push({ hour: String(Math.floor(wallClock(instant, timeZone).minute / 60)).padStart(2, '0'), from: instant, orders: 0 });
  }
  let served = 0;
  let cancelled = 0;
  let takings = 0;
  const toReady: number[] = [];
  const toServed: number[] = [];
  for (const order of orders) {
    const placedAt = Date.parse(order.created_at);
    hours[Math.min(hours.length - 1, Math.floor((placedAt - start) / 3_600_000))]!.orders++;
    if (order.status === 'served') {
      served++;
      takings += order.total_cents;
    } else if (order.status === 'cancelled') cancelled++;
    if (order.ready_at) toReady.push(Date.parse(order.ready_at) - placedAt);
    if (order.ready_at && order.served_at) toServed.push(Date.parse(order.served_at) - Date.parse(order.ready_at));
  }
  return {
    date,
    from,
    to,
    placed: orders.length,
    served,
    cancelled,
    takingsCents: takings,
    averageTicketCents: served ? Math.round(takings / served) : null,
    perHour: hours.map(({ hour, orders: count }) => ({ hour, orders: count })),
    topDishes: top.map((row) => ({ dishId: row.dish_id, name: row.name, quantity: Number(row.quantity) })),
    medianMinutes: { receivedToReady: median(toReady), readyToServed: median(toServed) },
  };
}

/** The day's orders as CSV rows (RFC 4180), oldest first: what the download holds. */
export async function dayOrdersCsv(db: Db, date: string, timeZone: string): Promise<string> {
  const day = dayNumber(date);
  const [from, to] = [new Date(instantOf(day, 0, timeZone)).toISOString(), new Date(instantOf(day + 1, 0, timeZone)).toISOString()];
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'created_at', 'table_number', 'pickup_name', 'taken_by_name', 'status', 'total_cents', 'ready_at', 'served_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // Quoted when it must be; a leading =, +, - or @ is made text, so a spreadsheet never runs it as a formula.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const header = ['number', 'placed_at', 'table', 'pickup_name', 'taken_by', 'status', 'total_eur', 'ready_at', 'served_at'];
  const rows = orders.map((order) =>
    [order.id, order.created_at, order.table_number, order.pickup_name, order.taken_by_name, order.status, (order.total_cents / 100).toFixed(2), order.ready_at, order.served_at].map(cell).join(','),
  );
  return [header.join(','), ...rows].join('\r\n') + '\r\n';
}
