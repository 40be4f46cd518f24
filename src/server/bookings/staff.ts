// What the staff do with bookings: read a day's, take one by phone, and change one (accept
// or decline a request, mark arrived or no-show, cancel, move it to another table, time or
// party size). Every change carries the version it was based on (an older one is a 409
// that says what the booking is now) and goes to the activity list with who made it.
import type { Kysely } from 'kysely';
import type { BookingStatus, StaffBooking } from '../../shared/booking-records.js';
import type { Actor } from '../activity/index.js';
import { recordActivity } from '../activity/index.js';
import { bookingById, bookingsOfDay, bookingsOffFloor, insertBooking, readBookingSettings, staffBooking, tablesOffFloor } from './store.js';
import type { BookingRow, Database, Db } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { readContext, type Context } from './availability.js';
import { bookingInWords, bookingWrite, checkSeatable, checkTable, chooseTable, daySlot, isHolding, type Booker, type Wanted } from './book.js';
import { tableFits } from './floor.js';
import { internationalPhone } from '../http/phone.js';
import { dateLabel } from './slots.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Where each status may go, and the activity it is recorded as. */
const MOVES: Record<BookingStatus, Partial<Record<BookingStatus, string>>> = {
  requested: { confirmed: 'booking.accepted', declined: 'booking.declined', cancelled: 'booking.cancelled' },
  confirmed: { arrived: 'booking.arrived', no_show: 'booking.no_show', cancelled: 'booking.cancelled' },
  arrived: { confirmed: 'booking.arrival_undone' },
  no_show: { confirmed: 'booking.no_show_undone' },
  cancelled: {},
  declined: {},
};

async function views(db: Kysely<Database>, rows: BookingRow[], now: number): Promise<StaffBooking[]> {
  const [settings, offFloor] = await Promise.all([readBookingSettings(db), tablesOffFloor(db)]);
  return rows.map((row) => staffBooking(row, settings.cancelCutoffMinutes * 60_000, now, offFloor));
}

export interface DayOfBookings {
  date: string;
  label: string;
  bookings: StaffBooking[];
  /** Guests: booked (confirmed, arrived or no-show), arrived, and not come. */
  covers: { booked: number; arrived: number; noShow: number };
}

export async function dayOfBookings(db: Db, date: string, now: number): Promise<DayOfBookings> {
  const rows = await bookingsOfDay(db, date);
  const sum = (statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.party, 0);
  return { date, label: dateLabel(date), bookings: await views(db, rows, now), covers: { booked: sum(['confirmed', 'arrived', 'no_show']), arrived: sum(['arrived']), noShow: sum(['no_show']) } };
}

export async function offFloorBookings(db: Db, now: number): Promise<StaffBooking[]> {
  return views(db, await bookingsOffFloor(db, now), now);
}

const subject = (row: BookingRow) => `Booking ${row.id} · ${row.name || 'guest'} · ${dateLabel(row.date)} ${row.time}`;
const recorded = (row: BookingRow) => ({ status: row.status, party: row.party, date: row.date, time: row.time, table: row.table_number });

export interface PhoneBooking extends Wanted {
  name: string;
  phone?: string;
  email?: string;
  note?: string;
  table?: number;
}

/** A booking the staff take (by phone, or at the door): any time of the day's services, no pacing; the table theirs to choose or the smallest free. */
export async function bookForGuest(booker: Booker, fields: PhoneBooking, phoneRegion: string, actor: Actor): Promise<StaffBooking> {
  const phone = fields.phone ? internationalPhone(fields.phone, phoneRegion) : null;
  const row = await bookingWrite(booker, async (trx, now, aim) => {
    const context = await readContext(trx, fields.date, fields.date, booker.timeZone, now);
    const slot = daySlot(context, fields);
    if (slot.endsMs <= now) throw new ApiError(400, 'time_not_offered', `${fields.time} on ${dateLabel(fields.date)} is over.`, { field: 'time' });
    checkSeatable(context, fields.party);
    aim(fields);
    const table = fields.table !== undefined ? checkTable(context, fields.table, fields, slot) : chooseTable(context, fields, slot, { pacing: false });
    const row = await insertBooking(trx, { keyHash: null, status: 'confirmed', ...fields, startsMs: slot.startsMs, endsMs: slot.endsMs, table, phone, source: 'staff' }, now);
    await recordActivity(trx, { by: actor.user, at: now, action: 'booking.created', subject: subject(row), before: null, after: recorded(row) });
    return row;
  });
  return (await views(booker.db, [row], booker.clock()))[0]!;
}

export interface StaffChange extends Partial<Wanted> {
  version: number;
  status?: BookingStatus;
  table?: number;
  note?: string;
}

export async function changeBooking(booker: Booker, id: number, change: StaffChange, actor: Actor): Promise<StaffBooking> {
  const row = await bookingWrite(booker, async (trx, now, aim) => {
    const before = await bookingById(trx, id);
    if (!before) throw new ApiError(404, 'not_found', `There is no booking ${id}.`);
    if (before.version !== change.version) {
      const [booking] = await views(trx, [before], now);
      throw new ApiError(409, 'conflict', `Booking ${id} (${before.name || 'guest'}) was changed meanwhile: it is now ${bookingInWords(before)}.`, { more: { booking } });
    }
    const status = change.status ?? (before.status as BookingStatus);
    const action = status === before.status ? 'booking.updated' : MOVES[before.status as BookingStatus][status];
    if (!action) throw new ApiError(409, 'invalid_transition', `Booking ${id} is ${before.status.replace('_', '-')}: it cannot become ${status.replace('_', '-')}.`, { field: 'status' });
    const wanted = { party: change.party ?? before.party, date: change.date ?? before.date, time: change.time ?? before.time };
    const moved = wanted.party !== before.party || wanted.date !== before.date || wanted.time !== before.time;
    let table = before.table_number;
    let slot = { startsMs: Number(before.starts_ms), endsMs: Number(before.ends_ms) };
    if (moved || change.table !== undefined || (isHolding(status) && !isHolding(before.status))) {
      if (!isHolding(status) && change.table !== undefined) throw new ApiError(409, 'invalid_transition', `Booking ${id} is ${status.replace('_', '-')}: it holds no table.`, { field: 'table' });
      const context: Context = await readContext(trx, wanted.date, wanted.date, booker.timeZone, now);
      const found = moved ? daySlot(context, wanted) : { ...slot, time: before.time };
      slot = found;
      checkSeatable(context, wanted.party);
      aim(wanted);
      if (isHolding(status)) {
        const keep = change.table === undefined && before.table_number !== null && isHolding(before.status) && tableFits(context.floor, before.table_number, wanted.party, found.startsMs, found.endsMs, id) === 'fits';
        table = change.table !== undefined ? checkTable(context, change.table, wanted, found, id) : keep ? before.table_number : chooseTable(context, wanted, found, { moving: id, pacing: false });
      }
    }
    await trx
      .updateTable('bookings')
      .set({ ...wanted, status, table_number: table, starts_ms: slot.startsMs, ends_ms: slot.endsMs, ...(change.note !== undefined && { note: change.note || null }), version: before.version + 1, updated_at: iso(now) })
      .where('id', '=', id)
      .execute();
    const after = (await bookingById(trx, id))!;
    const name = action === 'booking.updated' && (moved || after.table_number !== before.table_number) ? 'booking.moved' : action;
    await recordActivity(trx, { by: actor.user, at: now, action: name, subject: subject(after), before: recorded(before), after: recorded(after) });
    return after;
  });
  return (await views(booker.db, [row], booker.clock()))[0]!;
}
