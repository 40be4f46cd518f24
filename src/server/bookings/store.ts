// Bookings as stored: the owner's rules (one row, versioned), the holds on the floor
// around a time, a day's bookings, and the rows as the guest and the staff see them.
import type { Kysely } from 'kysely';
import { phoneForReading } from '../http/phone.js';
import { HOLDING_STATUSES, type BookingSettings, type BookingStatus, type GuestBooking, type StaffBooking } from '../../shared/booking-records.js';
import { dateLabel } from './slots.js';
import type { BookingRow, Database, Db } from '../db/schema.js';
import { language, t } from '../http/language.js';
import { joinsOf, largestSeating, type Floor, type Hold } from './floor.js';

export async function readBookingSettings(db: Kysely<Database>): Promise<BookingSettings> {
  const row = await db.selectFrom('booking_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    intervalMinutes: row.interval_minutes,
    stayMinutes: row.stay_minutes,
    leadMinutes: row.lead_minutes,
    horizonDays: row.horizon_days,
    cancelCutoffMinutes: row.cancel_cutoff_minutes,
    largestParty: row.largest_party,
    pacingParties: row.pacing_parties,
    pacingSeats: row.pacing_seats,
    needsApproval: row.needs_approval === 1,
    lateMinutes: row.late_minutes,
    version: row.version,
  };
}

export async function writeBookingSettings(trx: Kysely<Database>, settings: BookingSettings): Promise<void> {
  await trx
    .updateTable('booking_settings')
    .set({
      interval_minutes: settings.intervalMinutes,
      stay_minutes: settings.stayMinutes,
      lead_minutes: settings.leadMinutes,
      horizon_days: settings.horizonDays,
      cancel_cutoff_minutes: settings.cancelCutoffMinutes,
      largest_party: settings.largestParty,
      pacing_parties: settings.pacingParties,
      pacing_seats: settings.pacingSeats,
      needs_approval: settings.needsApproval ? 1 : 0,
      late_minutes: settings.lateMinutes,
      version: settings.version,
    })
    .where('id', '=', 1)
    .execute();
}

/** The longest stay the settings allow: holds that start earlier than this before a time cannot reach it. */
export const LONGEST_STAY_MS = 6 * 60 * 60_000;

/** Every table a booking holds at some moment of [fromMs, toMs): a joined stay is one hold per table. */
export async function holdsBetween(db: Kysely<Database>, fromMs: number, toMs: number): Promise<Hold[]> {
  const rows = await db
    .selectFrom('booking_tables')
    .innerJoin('bookings', 'bookings.id', 'booking_tables.booking_id')
    .select(['booking_tables.booking_id as id', 'booking_tables.table_number', 'booking_tables.starts_ms', 'booking_tables.ends_ms', 'bookings.party'])
    .where('booking_tables.starts_ms', '>', fromMs - LONGEST_STAY_MS)
    .where('booking_tables.starts_ms', '<', toMs)
    .where('booking_tables.ends_ms', '>', fromMs)
    .where('booking_tables.status', 'in', [...HOLDING_STATUSES])
    .execute();
  return rows.map((row) => ({ id: row.id, table: row.table_number, startsMs: Number(row.starts_ms), endsMs: Number(row.ends_ms), party: row.party }));
}

/** The tables on the floor, smallest first (then by number): the first that fits is the one a booking gets; and the joins the owner allows among them. */
export async function readFloor(db: Kysely<Database>): Promise<Omit<Floor, 'holds'>> {
  // A floor is tens of tables: read in number order (the primary key), sorted here.
  const [tables, pairs] = await Promise.all([db.selectFrom('dining_tables').select(['number', 'seats']).where('active', '=', 1).orderBy('number').execute(), db.selectFrom('table_joins').select(['a', 'b']).execute()]);
  return { tables: tables.sort((a, b) => a.seats - b.seats || a.number - b.number), joins: joinsOf(tables, pairs) };
}

/** The tables each booking holds (its first table first, then by number); a booking with none is absent. */
export async function tablesOfBookings(db: Kysely<Database>, rows: readonly Pick<BookingRow, 'id' | 'table_number'>[]): Promise<Map<number, number[]>> {
  const joined = new Map<number, number[]>();
  const ids = rows.map((row) => row.id);
  const extra = ids.length ? await db.selectFrom('booking_tables').select(['booking_id', 'table_number']).where('booking_id', 'in', ids).orderBy('table_number').execute() : [];
  for (const { booking_id, table_number } of extra) joined.set(booking_id, [...(joined.get(booking_id) ?? []), table_number]);
  const tables = new Map<number, number[]>();
  for (const row of rows) {
    if (row.table_number === null) continue;
    const others = (joined.get(row.id) ?? []).filter((number) => number !== row.table_number);
    tables.set(row.id, [row.table_number, ...others]);
  }
  return tables;
}

/** Lets go of every table a booking holds (its `booking_tables` rows), before it is held again at other times or tables. */
export async function releaseTables(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('booking_tables').where('booking_id', '=', id).execute();
}

/**
 * Holds `tables` for a booking whose row says its status, times and first table already
 * (`table_number`, written with them): one `booking_tables` row each, whose times and status a
 * trigger keeps from then on. The database refuses a table another holding stay has then
 * (migration 025).
 */
export async function holdTables(trx: Kysely<Database>, id: number, tables: readonly number[]): Promise<void> {
  if (!tables.length) return;
  const row = await trx.selectFrom('bookings').select(['status', 'starts_ms', 'ends_ms']).where('id', '=', id).executeTakeFirstOrThrow();
  await trx
    .insertInto('booking_tables')
    .values(tables.map((table_number) => ({ booking_id: id, table_number, status: row.status, starts_ms: row.starts_ms, ends_ms: row.ends_ms })))
    .execute();
}

/** How many bookings to come (requested or holding a table) carry this phone number. */
export async function openBookingsOf(db: Kysely<Database>, phone: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('phone', '=', phone)
    .where('starts_ms', '>', now)
    .where('status', 'in', ['requested', ...HOLDING_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What a new booking is made of; its times as the slot it takes. */
export interface NewBooking {
  keyHash: string | null;
  /** The salt the manage link is made from (manage-link.ts), with keyHash. */
  keySalt?: string;
  /** No reminder is due: the booking starts within the reminder's lead already. */
  noReminder?: boolean;
  status: 'requested' | 'confirmed' | 'arrived';
  party: number;
  date: string;
  time: string;
  startsMs: number;
  endsMs: number;
  /** The tables it holds (none while requested); the first is its `table_number`. */
  tables: readonly number[];
  name: string;
  phone: string | null;
  email?: string;
  note?: string;
  source: 'online' | 'staff';
  /** A walk-in: seated at once (then `seatedAt` is now). */
  walkIn?: boolean;
  seatedAt?: string;
  /** A stay opened by an order at its table (order-stay.ts), whose party may not be known yet. */
  openedByOrder?: boolean;
  partyKnown?: boolean;
}

/** Writes a new booking (the database refuses it if it overlaps another on its table) and reads it back. */
export async function insertBooking(trx: Kysely<Database>, booking: NewBooking, now: number): Promise<BookingRow> {
  const at = new Date(now).toISOString();
  const { id } = await trx
    .insertInto('bookings')
    .values({
      // The language it is made in (the request's): its e-mails are written in it.
      lang: language(),
      key_hash: booking.keyHash,
      key_salt: booking.keySalt ?? null,
      reminder_written: booking.noReminder ? 1 : 0,
      status: booking.status,
      party: booking.party,
      date: booking.date,
      time: booking.time,
      starts_ms: booking.startsMs,
      ends_ms: booking.endsMs,
      table_number: booking.tables[0] ?? null,
      name: booking.name,
      phone: booking.phone,
      email: booking.email || null,
      note: booking.note || null,
      source: booking.source,
      walk_in: booking.walkIn ? 1 : 0,
      seated_at: booking.seatedAt ?? null,
      opened_by_order: booking.openedByOrder ? 1 : 0,
      party_known: booking.partyKnown === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await holdTables(trx, id, booking.tables);
  return (await bookingById(trx, id))!;
}

export const bookingById = (db: Kysely<Database>, id: number) => db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
export const bookingByKey = (db: Kysely<Database>, keyHash: string) => db.selectFrom('bookings').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();

/** A day's bookings (any status) by time. */
export async function bookingsOfDay(db: Db, date: string): Promise<BookingRow[]> {
  return db.selectFrom('bookings').selectAll().where('date', '=', date).orderBy('starts_ms').orderBy('id').execute();
}

/** Bookings to come that hold a table taken off the floor: the Admin moves them. */
export async function bookingsOffFloor(db: Db, now: number): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll('bookings')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('booking_tables')
          .innerJoin('dining_tables', 'dining_tables.number', 'booking_tables.table_number')
          .select('booking_tables.booking_id')
          .whereRef('booking_tables.booking_id', '=', 'bookings.id')
          .where('dining_tables.active', '=', 0),
      ),
    )
    .where('bookings.starts_ms', '>', now - LONGEST_STAY_MS)
    .where('bookings.ends_ms', '>', now)
    .where('bookings.status', 'in', [...HOLDING_STATUSES])
    .orderBy('bookings.starts_ms')
    .execute();
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The booking as its guest sees it; `cutoffMs` is how long before its start it may still be changed online; `region` the restaurant's country, whose numbers are shown as its people write them. */
export function guestBooking(row: BookingRow, cutoffMs: number, now: number, region: string): GuestBooking {
  const changeable = (row.status === 'requested' || row.status === 'confirmed') && Number(row.starts_ms) - cutoffMs > now;
  return {
    status: row.status as BookingStatus,
    party: row.party,
    date: row.date,
    time: row.time,
    when: t('{date} at {time}', { date: dateLabel(row.date), time: row.time }),
    startsAt: iso(row.starts_ms),
    endsAt: iso(row.ends_ms),
    name: row.name,
    phone: row.phone ?? '',
    phoneText: row.phone ? phoneForReading(row.phone, region) : '',
    email: row.email ?? '',
    note: row.note ?? '',
    changeableUntil: changeable ? iso(Number(row.starts_ms) - cutoffMs) : null,
    version: row.version,
  };
}

export function staffBooking(row: BookingRow, tables: readonly number[], cutoffMs: number, now: number, offFloor: ReadonlySet<number>, region: string, bill: { askedAt?: string; paidAt?: string; openCents?: number } = {}): StaffBooking {
  return {
    ...guestBooking(row, cutoffMs, now, region),
    id: row.id,
    table: row.table_number,
    tables: [...tables],
    source: row.source,
    createdAt: row.created_at,
    tableOffFloor: HOLDING_STATUSES.includes(row.status as BookingStatus) && tables.some((table) => offFloor.has(table)),
    seatedAt: row.seated_at,
    finishedAt: row.finished_at,
    walkIn: row.walk_in === 1,
    billAskedAt: bill.askedAt ?? null,
    billPaidAt: bill.paidAt ?? null,
    billOpenCents: bill.openCents ?? null,
    partyKnown: row.party_known === 1,
    openedByOrder: row.opened_by_order === 1,
  };
}

/** For each of these stays whose bill was paid in full (its own, or the bill it was joined to), when it was. */
export async function billsPaidFor(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('bills')
    .leftJoin('bills as into', 'into.id', 'bills.joined_into')
    .select(['bills.booking_id', 'bills.status', 'bills.closed_ms', 'into.status as into_status', 'into.closed_ms as into_closed_ms'])
    .where('bills.booking_id', 'in', [...ids])
    .where((eb) => eb.or([eb('bills.status', '=', 'paid'), eb.and([eb('bills.status', '=', 'joined'), eb('into.status', '=', 'paid')])]))
    .execute();
  return new Map(rows.map((row) => [row.booking_id!, new Date(Number(row.status === 'paid' ? row.closed_ms : row.into_closed_ms)).toISOString()]));
}

/** For each of these stays whose bill is open and was asked for, when it was (the bills' table, migration 028). */
export async function billsAskedFor(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('bills').select(['booking_id', 'asked_ms']).where('booking_id', 'in', [...ids]).where('status', '=', 'open').where('asked_ms', 'is not', null).execute();
  return new Map(rows.map((row) => [row.booking_id!, new Date(Number(row.asked_ms)).toISOString()]));
}

/** The numbers of the tables off the floor. */
export async function tablesOffFloor(db: Kysely<Database>): Promise<Set<number>> {
  return new Set((await db.selectFrom('dining_tables').select('number').where('active', '=', 0).execute()).map((row) => row.number));
}

/** The most seats one party can have on the floor: the largest table, or the largest join the owner allows (0 with no table on it). */
export async function largestSeatingOnFloor(db: Kysely<Database>): Promise<number> {
  return largestSeating({ ...(await readFloor(db)), holds: [] });
}
