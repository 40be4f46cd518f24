// A stay opened by an order: guests sat down at a table nobody seated them at and ordered
// (from its QR code, or a waiter took it). From that order the table is theirs, as if the
// host had seated them: the host stand shows it taken, the free times online do not offer
// it, and a party seated there is refused unless the host says they are these guests.
import type { Kysely } from 'kysely';
import { serializeBookings } from '../db/dialect.js';
import type { BookingRow, Database } from '../db/schema.js';
import { tableNow } from '../db/table-now.js';
import { HOLDING_STATUSES } from '../../shared/booking-records.js';
import { clock as wallTime, wallClock } from '../restaurant/index.js';
import { today } from './slots.js';
import { insertBooking, readBookingSettings } from './store.js';

/** A stay shorter than this is not opened: a booked party is due at the table by then. */
const SHORTEST_STAY_MS = 60_000;

/**
 * Opens a stay at `table` for an order placed there with nobody seated: held from now for the
 * owner's stay, or until the next party booked at the table. `guests` is how many they said
 * they are (unknown when absent: the party counts 1 until someone says). Answers it, or what
 * another order opened there meanwhile (the bookings are written one at a time), or null when
 * a booked party holds the table now: the order then goes on the table's own bill, which the
 * host meets when seating that party.
 */
export async function openStayForOrder(trx: Kysely<Database>, table: number, now: number, timeZone: string, guests?: number): Promise<BookingRow | null> {
  await serializeBookings(trx);
  const there = await tableNow(trx, table, now);
  if (there) return there.stay;
  const next = await trx
    .selectFrom('booking_tables')
    .select((eb) => eb.fn.min<number>('starts_ms').as('starts_ms'))
    .where('table_number', '=', table)
    .where('status', 'in', [...HOLDING_STATUSES])
    .where('ends_ms', '>', now)
    .executeTakeFirst();
  const { stayMinutes } = await readBookingSettings(trx);
  const endsMs = Math.min(now + stayMinutes * 60_000, next?.starts_ms == null ? Number.POSITIVE_INFINITY : Number(next.starts_ms));
  if (endsMs - now < SHORTEST_STAY_MS) return null;
  return insertBooking(
    trx,
    {
      keyHash: null,
      status: 'arrived',
      party: guests ?? 1,
      partyKnown: guests !== undefined,
      openedByOrder: true,
      date: today(now, timeZone),
      time: wallTime(wallClock(now, timeZone).minute),
      startsMs: now,
      endsMs,
      tables: [table],
      name: '',
      phone: null,
      source: 'staff',
      walkIn: true,
      seatedAt: new Date(now).toISOString(),
      noReminder: true,
    },
    now,
  );
}

/** The party of a stay opened by an order is told at last (the guests said, or the waiter counted them). */
export async function tellParty(trx: Kysely<Database>, stay: Pick<BookingRow, 'id' | 'party_known' | 'version'>, guests: number, now: number): Promise<void> {
  if (stay.party_known) return;
  await trx.updateTable('bookings').set({ party: guests, party_known: 1, version: stay.version + 1, updated_at: new Date(now).toISOString() }).where('id', '=', stay.id).execute();
}
