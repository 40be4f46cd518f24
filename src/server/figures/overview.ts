// Today at a glance, for the owner's overview: a handful of small queries, each answered by
// an index (orders by state and by placed_ms, bookings by date, dishes by availability),
// run side by side. The money taken and the served orders' takings so far are each compared with the same weekday a week before until
// the same time of day, so a Friday at 13:00 is measured against last Friday at 13:00.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { Overview } from '../../shared/admin-records.js';
import { instantOf, wallClock } from '../restaurant/index.js';
import { dateOf, restaurantDate } from './store.js';
import { coversOf } from '../bookings/index.js';

const DAY_MS = 86_400_000;
const OPEN = ['received', 'preparing', 'ready'] as const;

/** Served orders' totals placed from `start` until `end`. */
const takings = async (db: Db, start: number, end: number) =>
  Number(
    (
      await db
        .selectFrom('orders')
        .select(sql<number>`coalesce(sum(total_cents), 0)`.as('cents'))
        .where('placed_ms', '>=', start)
        .where('placed_ms', '<', end)
        .where('status', '=', 'served')
        .executeTakeFirst()
    )?.cents ?? 0,
  );

/** Money taken in payments (refunds negative) from `start` until `end`. */
const taken = async (db: Db, start: number, end: number) =>
  Number((await db.selectFrom('payments').select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents')).where('at_ms', '>=', start).where('at_ms', '<', end).executeTakeFirst())?.cents ?? 0);

export async function overview(db: Db, now: number, timeZone: string): Promise<Overview> {
  const date = restaurantDate(now, timeZone);
  const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  const start = instantOf(day, 0, timeZone);
  // The same wall-clock time a week before (a clock change between moves the instant, not the time).
  const sinceMidnight = wallClock(now, timeZone).minute;
  const weekBeforeStart = instantOf(day - 7, 0, timeZone);
  const weekBeforeNow = instantOf(day - 7, sinceMidnight, timeZone) + (now % 60_000);
  const time = `${String(Math.floor(sinceMidnight / 60)).padStart(2, '0')}:${String(sinceMidnight % 60).padStart(2, '0')}`;

  const [covers, open, cents, weekBeforeCents, takenCents, weekBeforeTakenCents, soldOut, soldOutCount, displays, next] = await Promise.all([
    db.selectFrom('bookings').select(['status', 'walk_in', sql<number>`sum(party)`.as('guests')]).where('date', '=', date).where('status', 'in', ['confirmed', 'arrived', 'no_show']).groupBy(['status', 'walk_in']).execute(),
    db.selectFrom('orders').select(['status', sql<number>`count(*)`.as('orders')]).where('status', 'in', [...OPEN]).groupBy('status').execute(),
    takings(db, start, now + 1),
    takings(db, weekBeforeStart, weekBeforeNow + 1),
    taken(db, start, now + 1),
    taken(db, weekBeforeStart, weekBeforeNow + 1),
    db.selectFrom('dishes').select(['id', 'name']).where('available', '=', 0).where('archived_at', 'is', null).orderBy('id').limit(20).execute(),
    db.selectFrom('dishes').select(sql<number>`count(*)`.as('count')).where('available', '=', 0).where('archived_at', 'is', null).executeTakeFirst(),
    db.selectFrom('displays').select(['id', 'name', 'last_seen_at', 'streaming_until']).where('credential_hash', 'is not', null).orderBy('id').execute(),
    db
      .selectFrom('bookings')
      .select(['id', 'time', 'party', 'name', 'table_number'])
      .where('date', '=', date)
      .where('status', '=', 'confirmed')
      .where('time', '>=', time)
      .orderBy('time')
      .orderBy('id')
      .limit(5)
      .execute(),
  ]);
  const orders = (status: string) => Number(open.find((row) => row.status === status)?.orders ?? 0);
  const online = displays.filter((row) => (row.streaming_until ?? 0) > now);
  return {
    date,
    at: new Date(now).toISOString(),
    timeZone,
    covers: coversOf(covers),
    openOrders: { received: orders('received'), preparing: orders('preparing'), ready: orders('ready') },
    takings: { cents, weekBeforeCents, weekBeforeDate: dateOf(day - 7), takenCents, weekBeforeTakenCents },
    soldOut: { count: Number(soldOutCount?.count ?? 0), dishes: soldOut },
    screens: {
      paired: displays.length,
      online: online.length,
      quiet: displays.filter((row) => !online.includes(row)).map((row) => ({ id: row.id, name: row.name, lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at).toISOString() })),
    },
    nextBookings: next.map((row) => ({ id: row.id, time: row.time, party: row.party, name: row.name, table: row.table_number })),
  };
}
