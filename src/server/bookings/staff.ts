// What the staff and the host stand do with bookings: read a day's, take one by phone,
// seat a walk-in, and change one (accept or decline a request, mark arrived or no-show,
// finish a party's stay so its table frees at once, cancel, move it to another table, time
// or party size). Every change carries the version it was based on (an older one is a 409
// that says what the booking is now) and goes to the activity list with who made it.
import type { Kysely } from 'kysely';
import type { BookingStatus, DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import type { Actor } from '../activity/index.js';
import { recordActivity, type Subject } from '../activity/index.js';
import { billsAskedFor, billsPaidFor, bookingById, bookingsOfDay, bookingsOffFloor, holdTables, insertBooking, releaseTables, readBookingSettings, readFloor, staffBooking, tablesOfBookings, tablesOffFloor } from './store.js';
import type { BookingRow, Database, Db } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { readContext, type Context } from './availability.js';
import { bookingInWords, bookingWrite, checkSeatable, checkTables, chooseTables, daySlot, isHolding, reminderDue, type Booker, type Wanted } from './book.js';
import { freeTables, tablesFit } from './floor.js';
import { internationalPhone } from '../http/phone.js';
import { newBookingKey } from './manage-link.js';
import { writeBookingMessage, type BookingMessageKind } from './messages.js';
import { addDays, dateLabel, today, type Slot } from './slots.js';
import { clock as wallTime, dayOf, instantOf, readHours, servicesOn, wallClock } from '../restaurant/index.js';
import { t, tn } from '../http/language.js';
import { bookingStateWord } from './state-words.js';
import { coversOf } from './covers.js';
import { dissolveOrderStay, firstTaken, handBillTo, holdsOfWhatIsThere, mayBeTheseGuests, tableTaken } from './table-taken.js';
import { openBillsOfStays, type AtTable } from '../db/table-now.js';
import { keepPaidVat } from '../db/paid-bill-vat.js';
import { euros } from '../http/euros.js';
import type { TableShape } from '../../shared/floor-plan.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** When a booking holds its table. */
type Stay = Pick<Slot, 'startsMs' | 'endsMs'>;

/** Where each status may go, and the activity it is recorded as. */
const MOVES: Record<BookingStatus, Partial<Record<BookingStatus, string>>> = {
  requested: { confirmed: 'booking.accepted', declined: 'booking.declined', cancelled: 'booking.cancelled' },
  confirmed: { arrived: 'booking.arrived', no_show: 'booking.no_show', cancelled: 'booking.cancelled' },
  arrived: { confirmed: 'booking.arrival_undone' },
  no_show: { confirmed: 'booking.no_show_undone' },
  cancelled: {},
  declined: {},
};

async function views(db: Kysely<Database>, rows: BookingRow[], now: number, region: string): Promise<StaffBooking[]> {
  const stays = rows.filter((row) => row.status === 'arrived');
  const seated = stays.filter((row) => row.finished_at === null).map((row) => row.id);
  const [settings, offFloor, tables, asked, paid, open] = await Promise.all([
    readBookingSettings(db),
    tablesOffFloor(db),
    tablesOfBookings(db, rows),
    billsAskedFor(db, seated),
    billsPaidFor(db, stays.filter((row) => row.finished_at !== null).map((row) => row.id)),
    openBillsOfStays(db, seated),
  ]);
  return rows.map((row) => staffBooking(row, tables.get(row.id) ?? [], settings.cancelCutoffMinutes * 60_000, now, offFloor, region, { askedAt: asked.get(row.id), paidAt: paid.get(row.id), openCents: open.get(row.id)?.remainingCents }));
}

/** The tables a staff member chose: one (`table`), joined ones (`tables`), or none (the stand chooses); both is a 400. */
function chosenTables(fields: { table?: number; tables?: number[] }): number[] | undefined {
  if (fields.table !== undefined && fields.tables !== undefined) throw new ApiError(400, 'invalid_field', t('Send table or tables, not both.'), { field: 'tables' });
  return fields.tables ?? (fields.table === undefined ? undefined : [fields.table]);
}

export async function dayOfBookings(db: Db, date: string, timeZone: string, now: number, region: string): Promise<DayOfBookings> {
  const [rows, settings, hours, floor, pairs, plan] = await Promise.all([
    bookingsOfDay(db, date),
    readBookingSettings(db),
    readHours(db),
    readFloor(db),
    db.selectFrom('table_joins').select(['a', 'b']).execute(),
    db.selectFrom('dining_tables').select(['number', 'plan_x', 'plan_y', 'shape']).where('active', '=', 1).execute(),
  ]);
  const joinsWith = (number: number) => pairs.flatMap(({ a, b }) => (a === number ? [b] : b === number ? [a] : [])).sort((x, y) => x - y);
  const placed = new Map(plan.map((row) => [row.number, row]));
  const tables = [...floor.tables]
    .sort((a, b) => a.number - b.number)
    .map((table) => {
      const { plan_x: x, plan_y: y, shape } = placed.get(table.number)!;
      return { ...table, joinsWith: joinsWith(table.number).filter((other) => floor.tables.some((each) => each.number === other)), plan: x === null || y === null ? null : { x, y }, shape: shape as TableShape };
    });
  const services = servicesOn(hours, date).map(({ from, to }) => ({ startsAt: new Date(instantOf(dayOf(date), from, timeZone)).toISOString(), endsAt: new Date(instantOf(dayOf(date), to, timeZone)).toISOString() }));
  return {
    date,
    label: dateLabel(date),
    bookings: await views(db, rows, now, region),
    covers: coversOf(rows.map((row) => ({ status: row.status, walk_in: row.walk_in, guests: row.party }))),
    tables,
    joins: floor.joins,
    services,
    lateMinutes: settings.lateMinutes,
    intervalMinutes: settings.intervalMinutes,
    timeZone,
    now: new Date(now).toISOString(),
  };
}

/** The days a host stand reads and changes: yesterday, today and tomorrow. */
export function hostDays(now: number, timeZone: string): { from: string; to: string } {
  const day = today(now, timeZone);
  return { from: addDays(day, -1), to: addDays(day, 1) };
}

/** A 403 for a day outside `days` (a host stand's three). */
export function checkDay(date: string, days: { from: string; to: string } | undefined) {
  if (days && (date < days.from || date > days.to)) throw new ApiError(403, 'forbidden', t('A host stand sees the bookings of yesterday, today and tomorrow only: {dateLabel} is not one of them.', { dateLabel: dateLabel(date) }));
}

/** One booking as the staff see it, or undefined when there is none. */
export async function readStaffBooking(db: Db, id: number, now: number, region: string): Promise<StaffBooking | undefined> {
  const row = await bookingById(db, id);
  return row && (await views(db, [row], now, region))[0];
}

export async function offFloorBookings(db: Db, now: number, region: string): Promise<StaffBooking[]> {
  return views(db, await bookingsOffFloor(db, now), now, region);
}

/** What the guest hears of a change the restaurant made: a request answered, a cancellation, another day, time or party size (not a table moved, nor arrivals). */
function guestMessageOf(before: BookingRow, after: BookingRow): BookingMessageKind | undefined {
  if (before.status === 'requested' && after.status === 'confirmed') return 'booking-accepted';
  if (after.status === 'declined' && before.status !== 'declined') return 'booking-declined';
  if (after.status === 'cancelled' && before.status !== 'cancelled') return 'booking-cancelled-by-us';
  const open = after.status === 'requested' || after.status === 'confirmed';
  if (open && (after.party !== before.party || after.date !== before.date || after.time !== before.time)) return 'booking-changed';
  return undefined;
}

const subject = (row: BookingRow): Subject => ({ kind: 'Booking', id: row.id, name: row.name || null, date: row.date, time: row.time });
const recorded = (row: BookingRow, tables: readonly number[] = []) => ({ status: row.status, party: row.party, date: row.date, time: row.time, table: row.table_number, ...(tables.length > 1 && { tables }) });

export interface PhoneBooking extends Wanted {
  name: string;
  phone?: string;
  email?: string;
  note?: string;
  table?: number;
  /** Joined tables the owner allows (instead of `table`). */
  tables?: number[];
}

/** A booking the staff take (by phone, or at the door): any time of the day's services, no pacing; the table theirs to choose or the smallest free. */
export async function bookForGuest(booker: Booker, fields: PhoneBooking, phoneRegion: string, actor: Actor, days?: { from: string; to: string }): Promise<StaffBooking> {
  checkDay(fields.date, days);
  const phone = fields.phone ? internationalPhone(fields.phone, phoneRegion) : null;
  const row = await bookingWrite(booker, async (trx, now, aim) => {
    const context = await readContext(trx, fields.date, fields.date, booker.timeZone, now);
    const slot = daySlot(context, fields);
    if (slot.endsMs <= now) throw new ApiError(400, 'time_not_offered', t('{time} on {dateLabel} is over.', { time: fields.time, dateLabel: dateLabel(fields.date) }), { field: 'time' });
    checkSeatable(context, fields.party, { staff: true });
    aim(fields);
    const chosen = chosenTables(fields);
    const tables = chosen ? checkTables(context, chosen, fields, slot) : chooseTables(context, fields, slot, { pacing: false });
    // With an e-mail address the guest gets the confirmation, and with it a manage link of their own.
    const link = fields.email ? newBookingKey(booker.mail.secret) : undefined;
    const row = await insertBooking(trx, { keyHash: link?.hash ?? null, keySalt: link?.salt, noReminder: !reminderDue(booker, slot.startsMs, now), status: 'confirmed', ...fields, startsMs: slot.startsMs, endsMs: slot.endsMs, tables, phone, source: 'staff' }, now);
    await writeBookingMessage(trx, booker.mail, 'booking-made', row, now, { key: link?.key });
    await recordActivity(trx, { by: actor.user, at: now, action: 'booking.created', subject: subject(row), before: null, after: recorded(row, tables) });
    return row;
  });
  return (await views(booker.db, [row], booker.clock(), booker.mail.phoneRegion))[0]!;
}

export interface StaffChange extends Partial<Wanted> {
  version: number;
  status?: BookingStatus;
  table?: number;
  /** Joined tables the owner allows (instead of `table`). */
  tables?: number[];
  note?: string;
  /** true: the party has left, its table is free from now; false: that was a mistake (Undo finished). */
  finished?: boolean;
  /** Seated (marked arrived) at a table where guests ordered with nobody seating them: the party is those guests, and takes their stay's bill. */
  sameGuests?: boolean;
}

export async function changeBooking(booker: Booker, id: number, change: StaffChange, actor: Actor, days?: { from: string; to: string }): Promise<StaffBooking> {
  const row = await bookingWrite(booker, async (trx, now, aim) => {
    const before = await bookingById(trx, id);
    if (!before) throw new ApiError(404, 'not_found', t('There is no booking {id}.', { id }));
    checkDay(before.date, days);
    checkDay(change.date ?? before.date, days);
    if (before.version !== change.version) {
      const [booking] = await views(trx, [before], now, booker.mail.phoneRegion);
      throw new ApiError(409, 'conflict', t('Booking {id} ({value}) was changed meanwhile: it is now {bookingInWords}.', { id, value: before.name || 'guest', bookingInWords: bookingInWords(before) }), { more: { booking } });
    }
    if (change.finished !== undefined) return change.finished ? finish(trx, before, change, actor, now) : unfinish(trx, before, change, actor, now, booker.timeZone);
    if (before.finished_at !== null) throw new ApiError(409, 'invalid_transition', t('Booking {id} ({value}) has finished: its table is free again, and it cannot change any more.', { id, value: before.name || t('guest') }), { field: 'status' });
    const status = change.status ?? (before.status as BookingStatus);
    const action = status === before.status ? 'booking.updated' : MOVES[before.status as BookingStatus][status];
    if (!action) throw new ApiError(409, 'invalid_transition', t('Booking {id} is {value}: it cannot become {value2}.', { id, value: bookingStateWord(before.status), value2: bookingStateWord(status) }), { field: 'status' });
    const wanted = { party: change.party ?? before.party, date: change.date ?? before.date, time: change.time ?? before.time };
    const moved = wanted.party !== before.party || wanted.date !== before.date || wanted.time !== before.time;
    const chosen = chosenTables(change);
    const held = (await tablesOfBookings(trx, [before])).get(id) ?? [];
    let tables = held;
    let slot = { startsMs: Number(before.starts_ms), endsMs: Number(before.ends_ms) };
    if (moved || chosen !== undefined || (isHolding(status) && !isHolding(before.status))) {
      if (!isHolding(status) && chosen !== undefined) throw new ApiError(409, 'invalid_transition', t('Booking {id} is {value}: it holds no table.', { id, value: bookingStateWord(status) }), { field: 'table' });
      const context: Context = await readContext(trx, wanted.date, wanted.date, booker.timeZone, now);
      const found = moved ? daySlot(context, wanted) : { ...slot, time: before.time };
      slot = found;
      checkSeatable(context, wanted.party, { staff: true });
      aim(wanted);
      if (isHolding(status)) {
        const keep = chosen === undefined && held.length > 0 && isHolding(before.status) && tablesFit(context.floor, held, wanted.party, found.startsMs, found.endsMs, id).fit === 'fits';
        tables = chosen !== undefined ? checkTables(context, chosen, wanted, found, id) : keep ? held : chooseTables(context, wanted, found, { moving: id, pacing: false });
      }
    }
    // Seated, or moved while seated: nobody is at those tables now, unless they are these guests (an arrival only).
    if (status === 'arrived' && (before.status !== 'arrived' || tables.join('+') !== held.join('+'))) {
      const there = await firstTaken(trx, tables, now, id);
      const arriving = before.status !== 'arrived';
      if (there && (!arriving || !change.sameGuests || !mayBeTheseGuests(there))) throw tableTaken(there, arriving);
      if (there) await takeOverFrom(trx, there, { id, party: wanted.party, table_number: tables[0] ?? null });
    }
    if (before.status === 'arrived' && status === 'confirmed') await dropEmptyBill(trx, before);
    if (status !== before.status) slot = await seatingTimes(trx, booker.timeZone, before, { status, tables, slot, moved }, now);
    // Seated when marked arrived; not seated any more when that is undone.
    const seatedAt = status === 'arrived' ? (before.seated_at ?? iso(now)) : null;
    // Its tables let go first: the database checks each table at the new times as it is held again.
    await releaseTables(trx, id);
    await trx
      .updateTable('bookings')
      .set({
        ...wanted,
        status,
        table_number: tables[0] ?? null,
        starts_ms: slot.startsMs,
        ends_ms: slot.endsMs,
        seated_at: seatedAt,
        ...(change.note !== undefined && { note: change.note || null }),
        ...(slot.startsMs !== Number(before.starts_ms) && { reminder_written: reminderDue(booker, slot.startsMs, now) ? 0 : 1 }),
        version: before.version + 1,
        updated_at: iso(now),
      })
      .where('id', '=', id)
      .execute();
    await holdTables(trx, id, tables);
    // A seated party's open bill is at its first table.
    if (status === 'arrived') await trx.updateTable('bills').set({ table_number: tables[0] ?? null }).where('booking_id', '=', id).where('status', '=', 'open').execute();
    const after = (await bookingById(trx, id))!;
    const message = guestMessageOf(before, after);
    if (message) await writeBookingMessage(trx, booker.mail, message, after, now, { before });
    const name = action === 'booking.updated' && (moved || tables.join('+') !== held.join('+')) ? 'booking.moved' : action;
    await recordActivity(trx, { by: actor.user, at: now, action: name, subject: subject(after), before: recorded(before, held), after: recorded(after, tables) });
    return after;
  });
  return (await views(booker.db, [row], booker.clock(), booker.mail.phoneRegion))[0]!;
}

/**
 * The times a change of status keeps, so that a table holds one party at a time:
 * - seated before its time, the stay starts now, as long as it was booked for: the table is
 *   held from now on the stand and online, and nobody else is seated there meanwhile (a
 *   party already there is named); a party is seated on its own day only;
 * - the arrival undone, the booked times hold again;
 * - a no-show is marked once the party is late by the owner's minutes, not before.
 */
async function seatingTimes(trx: Kysely<Database>, timeZone: string, before: BookingRow, change: { status: BookingStatus; tables: readonly number[]; slot: Stay; moved: boolean }, now: number): Promise<Stay> {
  const { status, tables, slot, moved } = change;
  const name = before.name || t('guest');
  if (status === 'arrived') {
    const day = today(now, timeZone);
    if (before.date !== day) throw new ApiError(409, 'invalid_transition', t('Booking {id} ({value}) is for {dateLabel}: a party is seated on its own day.', { id: before.id, value: name, dateLabel: dateLabel(before.date) }), { field: 'status' });
    if (now >= slot.startsMs) return slot;
    const early = { startsMs: now, endsMs: now + (slot.endsMs - slot.startsMs) };
    const there = await inTheWay(trx, tables, early.startsMs, early.endsMs, timeZone, before.id);
    if (there && there.minutes === 0) throw new ApiError(409, 'table_unavailable', t('{words}: seat {value} at another table, or once it is free.', { words: there.words, value: name }), { field: 'table' });
    if (there) throw new ApiError(409, 'table_unavailable', t('{words}: seated now, {value} would still be there then. Seat them at another table.', { words: there.words, value: name }), { field: 'table' });
    return early;
  }
  if (before.status === 'arrived' && status === 'confirmed' && !moved) {
    const context = await readContext(trx, before.date, before.date, timeZone, now);
    return daySlot(context, { party: before.party, date: before.date, time: before.time });
  }
  if (status === 'no_show') {
    const { lateMinutes } = await readBookingSettings(trx);
    const from = slot.startsMs + lateMinutes * 60_000;
    if (now < from) {
      const at = (ms: number) => wallTime(wallClock(ms, timeZone).minute);
      throw new ApiError(409, 'too_early', t('{value} is booked for {time}: a no-show can be marked from {time2}, when they are {lateMinutes} minutes late.', { value: name, time: at(slot.startsMs), time2: at(from), lateMinutes }), { field: 'status' });
    }
  }
  return slot;
}

/** A seated party's bill is paid in full (bills/pay.ts): the stay finishes as if the host pressed Finish. */
export const finishStay = (trx: Kysely<Database>, before: BookingRow, actor: Actor, now: number) => finish(trx, before, { version: before.version, finished: true }, actor, now);

/** A seated party has left: its stay ends now (a minute after it started, at the earliest), so the table is free for the next. */
async function finish(trx: Kysely<Database>, before: BookingRow, change: StaffChange, actor: Actor, now: number): Promise<BookingRow> {
  const others = Object.keys(change).filter((key) => key !== 'version' && key !== 'finished');
  if (others.length) throw new ApiError(400, 'invalid_field', t('Finishing a stay changes nothing else: send version and finished only, not {value}.', { value: others.join(', ') }), { field: others[0] });
  if (before.status !== 'arrived' || before.finished_at !== null) {
    throw new ApiError(409, 'invalid_transition', t('Booking {id} is {value}: only a party seated now can finish.', { id: before.id, value: before.finished_at !== null ? t('finished already') : bookingStateWord(before.status) }), { field: 'finished' });
  }
  await settleEmptyBill(trx, before, now);
  const endsMs = Math.max(now, Number(before.starts_ms) + 60_000);
  await trx.updateTable('bookings').set({ ends_ms: Math.min(endsMs, Number(before.ends_ms)), held_until_ms: Number(before.ends_ms), finished_at: iso(now), version: before.version + 1, updated_at: iso(now) }).where('id', '=', before.id).execute();
  const after = (await bookingById(trx, before.id))!;
  await recordActivity(trx, { by: actor.user, at: now, action: 'booking.finished', subject: subject(after), before: recorded(before), after: { ...recorded(after), finishedAt: after.finished_at } });
  return after;
}

/**
 * Finished by mistake: the party is seated again, their table held until the end it had
 * before, unless another party has been seated there since (named), or that end is past.
 */
async function unfinish(trx: Kysely<Database>, before: BookingRow, change: StaffChange, actor: Actor, now: number, timeZone: string): Promise<BookingRow> {
  const others = Object.keys(change).filter((key) => key !== 'version' && key !== 'finished');
  if (others.length) throw new ApiError(400, 'invalid_field', t('Undoing a finish changes nothing else: send version and finished only, not {value}.', { value: others.join(', ') }), { field: others[0] });
  const name = before.name || t('guest');
  if (before.finished_at === null || before.held_until_ms === null) throw new ApiError(409, 'invalid_transition', t('Booking {id} ({value}) has not finished: there is nothing to undo.', { id: before.id, value: name }), { field: 'finished' });
  const heldUntil = Number(before.held_until_ms);
  if (heldUntil <= now) throw new ApiError(409, 'invalid_transition', t('The stay of {value} was held until {time}, which has passed: there is nothing to give back.', { value: name, time: wallTime(wallClock(heldUntil, timeZone).minute) }), { field: 'finished' });
  const tables = (await tablesOfBookings(trx, [before])).get(before.id) ?? [];
  const there = await inTheWay(trx, tables, Number(before.ends_ms), heldUntil, timeZone, before.id);
  if (there) throw new ApiError(409, 'table_unavailable', t('{words}: {value} cannot have the table back.', { words: there.words, value: name }), { field: 'finished' });
  const eating = await firstTaken(trx, tables, now, before.id);
  if (eating) throw tableTaken(eating);
  await trx.updateTable('bookings').set({ ends_ms: heldUntil, held_until_ms: null, finished_at: null, version: before.version + 1, updated_at: iso(now) }).where('id', '=', before.id).execute();
  const after = (await bookingById(trx, before.id))!;
  await recordActivity(trx, { by: actor.user, at: now, action: 'booking.finish_undone', subject: subject(after), before: { ...recorded(before), finishedAt: before.finished_at }, after: recorded(after) });
  return after;
}

export interface WalkIn {
  party: number;
  name?: string;
  phone?: string;
  note?: string;
  /** The table; the smallest free one for the stay when absent (joined ones for a party larger than any table). */
  table?: number;
  /** Joined tables the owner allows (instead of `table`). */
  tables?: number[];
  /** How long they may stay; the owner's stay when absent. */
  minutes?: number;
  /** The party is the guests who ordered at the chosen table with nobody seating them: they take that stay and its bill. */
  sameGuests?: boolean;
}

/**
 * The hold that keeps a party from staying its whole time at `tables`: "Table 4 is taken now
 * (Rossi, 4 people, until 21:00)", or "Table 4 is booked at 20:30 (Rossi, 4 people)" with the
 * minutes until then; the first in time of any of the tables.
 */
async function inTheWay(trx: Kysely<Database>, tables: readonly number[], fromMs: number, toMs: number, timeZone: string, except?: number): Promise<{ words: string; minutes: number } | null> {
  if (!tables.length) return null;
  let query = trx
    .selectFrom('booking_tables')
    .innerJoin('bookings', 'bookings.id', 'booking_tables.booking_id')
    .select(['booking_tables.table_number', 'bookings.name', 'bookings.party', 'booking_tables.starts_ms', 'booking_tables.ends_ms'])
    .where('booking_tables.table_number', 'in', [...tables])
    .where('booking_tables.status', 'in', ['confirmed', 'arrived'])
    .where('booking_tables.ends_ms', '>', fromMs)
    .where('booking_tables.starts_ms', '<', toMs);
  if (except !== undefined) query = query.where('booking_tables.booking_id', '!=', except);
  const next = await query.orderBy('booking_tables.starts_ms').executeTakeFirst();
  if (!next) return null;
  const table = next.table_number;
  const at = (ms: number) => wallTime(wallClock(ms, timeZone).minute);
  const who = `${next.name || t('guest')}, ${tn('1 person', '{count} people', next.party)}`;
  const startsMs = Number(next.starts_ms);
  if (startsMs <= fromMs) return { words: t('Table {table} is taken now ({who}, until {time})', { table, who, time: at(Number(next.ends_ms)) }), minutes: 0 };
  return { words: t('Table {table} is booked at {time} ({who})', { table, time: at(startsMs), who }), minutes: Math.floor((startsMs - fromMs) / 60_000) };
}

/** Seats a party that came without a booking now, at a free table, for its stay: the table is held from now, so the free times online see it taken. `within` runs in the same transaction, after it. */
export async function seatWalkIn(booker: Booker, fields: WalkIn, phoneRegion: string, actor: Actor, within?: (trx: Kysely<Database>, row: BookingRow, now: number) => Promise<void>, offerSameGuests = true): Promise<StaffBooking> {
  const phone = fields.phone ? internationalPhone(fields.phone, phoneRegion) : null;
  const row = await bookingWrite(booker, async (trx, now, aim) => {
    const date = today(now, booker.timeZone);
    const time = wallTime(wallClock(now, booker.timeZone).minute);
    const context = await readContext(trx, date, date, booker.timeZone, now);
    checkSeatable(context, fields.party, { staff: true });
    const minutes = fields.minutes ?? context.settings.stayMinutes;
    const slot = { startsMs: now, endsMs: now + minutes * 60_000 };
    aim({ party: fields.party, date, time });
    const chosen = chosenTables(fields);
    let tables: number[];
    // Guests at a chosen table already: refused, or (the host says so) this party is them.
    const there = chosen && (await firstTaken(trx, chosen, now));
    if (there && (!offerSameGuests || !fields.sameGuests || !mayBeTheseGuests(there))) throw tableTaken(there, offerSameGuests);
    if (there?.stay) return seatAsThoseGuests(trx, there.stay, fields, phone, actor, now, within);
    if (chosen) {
      const { fit, table } = tablesFit(context.floor, chosen, fields.party, slot.startsMs, slot.endsMs);
      if (fit === 'taken') {
        const next = await inTheWay(trx, chosen, slot.startsMs, slot.endsMs, booker.timeZone);
        const words = next?.words ?? t('Table {table} is taken now', { table });
        const message = next && next.minutes >= 15 ? t('{words}: seat them for {minutes} minutes at most, or at another table.', { words, minutes: next.minutes }) : t('{words}: choose another table.', { words });
        throw new ApiError(409, 'table_unavailable', message, { field: 'table', more: { minutes: next && next.minutes >= 15 ? next.minutes : null } });
      }
      tables = checkTables(context, chosen, { party: fields.party, date, time }, { ...slot, time });
    } else {
      // Not a table where a party lingers past its time with its bill open.
      const lingering = await holdsOfWhatIsThere(trx, context.floor.tables.map((table) => table.number), now);
      const free = freeTables({ ...context.floor, holds: [...context.floor.holds, ...lingering] }, fields.party, slot.startsMs, slot.endsMs);
      if (free === null) throw new ApiError(409, 'no_table_free', t('No table for {party} is free for {minutes} minutes from now: choose a table and a shorter stay, or ask them to wait.', { party: fields.party, minutes }), { field: 'table' });
      tables = free;
    }
    const at = iso(now);
    const row = await insertBooking(
      trx,
      { keyHash: null, status: 'arrived', party: fields.party, date, time, startsMs: slot.startsMs, endsMs: slot.endsMs, tables, name: fields.name ?? '', phone, note: fields.note, source: 'staff', walkIn: true, seatedAt: at },
      now,
    );
    // The guests' bill open at the table with nobody there: theirs now.
    if (there?.bill) await handBillTo(trx, there.bill.id, row);
    await recordActivity(trx, { by: actor.user, at: now, action: 'booking.walk_in', subject: subject(row), before: null, after: recorded(row, tables) });
    // What else is written with the stay, or refuses it (a party seated from the waitlist).
    await within?.(trx, row, now);
    return row;
  });
  return (await views(booker.db, [row], booker.clock(), booker.mail.phoneRegion))[0]!;
}

/**
 * The party being seated are the guests already at the table (`sameGuests`): they take its
 * bill, and the stay their order opened gives way to theirs.
 */
async function takeOverFrom(trx: Kysely<Database>, there: AtTable, stay: Pick<BookingRow, 'id' | 'party' | 'table_number'>): Promise<void> {
  if (there.bill) await handBillTo(trx, there.bill.id, stay);
  if (there.stay) await dissolveOrderStay(trx, there.stay.id);
}

/** A party leaves: its bill must owe nothing (409 `bill_open` otherwise); one left open owing nothing (nothing ordered, or all of it taken off) closes with it. */
async function settleEmptyBill(trx: Kysely<Database>, stay: BookingRow, now: number): Promise<void> {
  const bill = (await openBillsOfStays(trx, [stay.id])).get(stay.id);
  if (!bill) return;
  if (bill.remainingCents > 0) {
    throw new ApiError(409, 'bill_open', t('Table {table}’s bill has {price} open: take the payment before the guests leave, or move the bill to another table.', { table: stay.table_number ?? 0, price: euros(bill.remainingCents) }), { field: 'finished', more: { bill: { id: bill.id, remainingCents: bill.remainingCents } } });
  }
  if (bill.bookingId !== stay.id) return; // joined to another table's bill, which closes when that is paid
  await trx.updateTable('bills').set((eb) => ({ status: 'paid', closed_ms: now, version: eb('version', '+', 1) })).where('id', '=', bill.id).execute();
  await keepPaidVat(trx, [bill.id]);
}

/** An arrival undone: a bill the party opened with nothing on it goes with it; one with orders or money on it refuses (409 `bill_open`). */
async function dropEmptyBill(trx: Kysely<Database>, stay: BookingRow): Promise<void> {
  const bill = await trx.selectFrom('bills').select('id').where('booking_id', '=', stay.id).where('status', '=', 'open').executeTakeFirst();
  if (!bill) return;
  const [order, payment] = await Promise.all([trx.selectFrom('orders').select('id').where('bill_id', '=', bill.id).executeTakeFirst(), trx.selectFrom('payments').select('id').where('bill_id', '=', bill.id).executeTakeFirst()]);
  if (order || payment) throw new ApiError(409, 'bill_open', t('Their bill at table {table} has orders on it: their arrival cannot be undone.', { table: stay.table_number ?? 0 }), { field: 'status' });
  await trx.deleteFrom('bills').where('id', '=', bill.id).execute();
}

/**
 * A walk-in who are the guests already eating at the table, with nobody having seated them:
 * their stay becomes the walk-in's (who, how many, a phone, a note), and their bill counts the
 * party's guests unless it counts some already.
 */
async function seatAsThoseGuests(trx: Kysely<Database>, stay: BookingRow, fields: WalkIn, phone: string | null, actor: Actor, now: number, within?: (trx: Kysely<Database>, row: BookingRow, now: number) => Promise<void>): Promise<BookingRow> {
  await trx
    .updateTable('bookings')
    .set({ party: fields.party, party_known: 1, opened_by_order: 0, name: fields.name ?? '', phone, note: fields.note || null, version: stay.version + 1, updated_at: iso(now) })
    .where('id', '=', stay.id)
    .execute();
  await trx.updateTable('bills').set((eb) => ({ covers: eb.fn.coalesce('covers', eb.val(fields.party)), version: eb('version', '+', 1) })).where('booking_id', '=', stay.id).where('status', '=', 'open').execute();
  const row = (await bookingById(trx, stay.id))!;
  await recordActivity(trx, { by: actor.user, at: now, action: 'booking.walk_in', subject: subject(row), before: recorded(stay), after: { ...recorded(row), sameGuests: true } });
  await within?.(trx, row, now);
  return row;
}

/**
 * A seated party moves to `table` with its bill (bills' "Move the bill"): it holds that table
 * from now until the end it had (a quarter of an hour at least), once nobody is there and no
 * party is booked there meanwhile (409 `table_taken` or `table_unavailable`, naming them).
 * Call it in a bookings transaction (bookingWrite's lock).
 */
export async function moveStay(trx: Kysely<Database>, timeZone: string, stay: BookingRow, table: number, actor: Actor): Promise<BookingRow> {
  const now = actor.now;
  const there = await firstTaken(trx, [table], now, stay.id);
  if (there) throw tableTaken(there);
  const slot = { startsMs: now, endsMs: Math.max(Number(stay.ends_ms), now + 15 * 60_000) };
  const next = await inTheWay(trx, [table], slot.startsMs, slot.endsMs, timeZone, stay.id);
  if (next) throw new ApiError(409, 'table_unavailable', t('{words}: choose another table.', { words: next.words }), { field: 'toTable' });
  const held = (await tablesOfBookings(trx, [stay])).get(stay.id) ?? [];
  await releaseTables(trx, stay.id);
  await trx.updateTable('bookings').set({ table_number: table, starts_ms: slot.startsMs, ends_ms: slot.endsMs, version: stay.version + 1, updated_at: iso(now) }).where('id', '=', stay.id).execute();
  await holdTables(trx, stay.id, [table]);
  const after = (await bookingById(trx, stay.id))!;
  await recordActivity(trx, { by: actor.user, at: now, action: 'booking.moved', subject: subject(after), before: recorded(stay, held), after: recorded(after, [table]) });
  return after;
}
