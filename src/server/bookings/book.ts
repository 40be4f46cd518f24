// Booking a table, changing and cancelling a booking: the guest's through the manage link,
// the staff's from the bookings page. Every write is one transaction that reads the floor
// and writes the booking (serializeBookings: one booking writer at a time on PostgreSQL,
// as SQLite has anyway), and the database refuses an overlap on a table whatever happens
// (migration 011), which is answered like a time just taken.
import type { Kysely } from 'kysely';
import type { BookingStatus, DayAvailability } from '../../shared/booking-records.js';
import { HOLDING_STATUSES } from '../../shared/booking-records.js';
import { hashSecret } from '../auth/index.js';
import type { BookingMail } from './messages.js';
import { bookingByKey, openBookingsOf } from './store.js';
import { isBookingOverlap, serializeBookings } from '../db/dialect.js';
import type { BookingRow, Database, Db } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { dayAvailability, nearest, readContext, type Context } from './availability.js';
import { freeTables, largestSeating, paced, tablesFit, type Hold } from './floor.js';
import { dateLabel, dayWindow, duration, farEnoughAhead, slotsOfDay, type Slot } from './slots.js';
import { t, tn } from '../http/language.js';

/** Bookings to come one phone number may hold at once (requested or confirmed). */
export const OPEN_BOOKINGS_PER_PHONE = 3;

export interface Booker {
  db: Db;
  clock: () => number;
  timeZone: string;
  /** Tells every process's bookings pages that a booking changed (after the commit): `id`'s, or (none) any; and the mailer to look at the outbox. */
  changed(id?: number): void;
  /** A guest's e-mail was written to the outbox (after the commit): the mailer sends it now. */
  mailWritten(): void;
  /** What guests' e-mails need (messages.ts). */
  mail: BookingMail;
  /** How long before a booking its reminder is sent (ms). */
  reminderMs: number;
}

/** What a write needs of a booking: who, how many, when. */
export interface Wanted {
  party: number;
  date: string;
  time: string;
}

/** A reminder is sent for a booking made (or moved) before its reminder's time, not after it. */
export const reminderDue = (booker: Pick<Booker, 'reminderMs'>, startsMs: number, now: number) => startsMs - booker.reminderMs > now;

export const isHolding = (status: string) => HOLDING_STATUSES.includes(status as BookingStatus);

/**
 * Runs `write` as one booking transaction, which answers the booking it wrote (or `{row}`),
 * and tells the pages it changed. `aim` tells what it books (the party, day and time): an
 * overlap the database refused is then answered as that time taken, with others.
 */
export async function bookingWrite<T extends { id: number } | { row: { id: number } }>(booker: Booker, write: (trx: Kysely<Database>, now: number, aim: (wanted: Wanted) => void) => Promise<T>): Promise<T> {
  let wanted: Wanted | undefined;
  const result = await booker.db
    .transaction()
    .execute(async (trx) => {
      await serializeBookings(trx);
      return write(trx, booker.clock(), (aimed) => {
        wanted = aimed;
      });
    })
    .catch(async (error: unknown) => {
      if (!isBookingOverlap(error) || !wanted) throw error;
      const context = await readContext(booker.db, wanted.date, wanted.date, booker.timeZone, booker.clock());
      throw timeTaken(dayAvailability(context, wanted.date, wanted.party), wanted.time);
    });
  booker.changed('row' in result ? result.row.id : result.id);
  booker.mailWritten();
  return result;
}

/** 409 `time_taken`: "19:30 was just booked; 19:45 and 20:15 are free." with those times. */
export function timeTaken(day: DayAvailability, time: string): ApiError {
  const others = nearest(day, time);
  const message =
    others.length === 2
      ? t('{time} was just booked; {first} and {second} are free.', { time, first: others[0]!, second: others[1]! })
      : others.length === 1
        ? t('{time} was just booked; {first} is free.', { time, first: others[0]! })
        : t('{time} was just booked, and no other time is free on {label}.', { time, label: day.label });
  return new ApiError(409, 'time_taken', message, { more: { times: others } });
}

/** The slot of `date` at `time` a guest may book online now, or a 400 that says why not. */
export function onlineSlot(context: Context, wanted: Wanted): Slot {
  const { settings, now, timeZone } = context;
  const label = dateLabel(wanted.date);
  const outside = dayWindow(wanted.date, now, settings, timeZone);
  if (outside === 'past') throw new ApiError(400, 'time_not_offered', t('{label} has passed: choose a day from today on.', { label }), { field: 'date' });
  if (outside === 'too_far') throw new ApiError(400, 'time_not_offered', t('Bookings open {horizonDays} days ahead: {label} is further away than that.', { horizonDays: settings.horizonDays, label }), { field: 'date' });
  const slot = daySlot(context, wanted);
  if (slot.startsMs <= now) throw new ApiError(400, 'time_not_offered', t('{time} on {label} has passed.', { time: wanted.time, label }), { field: 'time' });
  if (!farEnoughAhead(slot, now, settings)) {
    throw new ApiError(400, 'time_not_offered', t('Online bookings are taken at least {duration} ahead: for {time} today, please call us.', { duration: duration(settings.leadMinutes), time: wanted.time }), { field: 'time' });
  }
  return slot;
}

/** The slot of `date` at `time` in the opening hours (any time of the day, for the staff), or a 400. */
export function daySlot(context: Context, wanted: Wanted): Slot {
  const label = dateLabel(wanted.date);
  const slots = slotsOfDay(context.hours, context.settings, wanted.date, context.timeZone);
  if (!slots.length) throw new ApiError(400, 'closed', t('We are closed on {label}: choose another day.', { label }), { field: 'date' });
  const slot = slots.find((each) => each.time === wanted.time);
  if (!slot) throw new ApiError(400, 'time_not_offered', t('{time} is not a time we take bookings for on {label}: the times are {time2} to {time3}, every {intervalMinutes} minutes.', { time: wanted.time, label, time2: slots[0]!.time, time3: slots.at(-1)!.time, intervalMinutes: context.settings.intervalMinutes }), { field: 'time' });
  return slot;
}

/** A party no table can seat is a 400: a guest is told to call; the staff, who are the ones called, what they can do. */
export function checkSeatable(context: Context, party: number, { staff = false } = {}) {
  const largest = largestSeating(context.floor);
  if (party <= largest) return;
  if (staff) throw new ApiError(400, 'party_too_large', t('No table on the floor seats {party}: the largest seats {largest}. Book the party as two bookings, or add a table on the Tables page.', { party, largest }), { field: 'party' });
  throw new ApiError(400, 'party_too_large', t('No table of ours seats {party}: please call us, and we will see what we can do.', { party }), { field: 'party' });
}

/** The smallest free table for the party at the slot (joined tables for a party larger than any; within the pacing, unless the staff book it), or 409 `time_taken`. */
export function chooseTables(context: Context, wanted: Wanted, slot: Slot, { moving, pacing }: { moving?: number; pacing: boolean }): number[] {
  const tables = freeTables(context.floor, wanted.party, slot.startsMs, slot.endsMs, moving);
  if (tables !== null && (!pacing || paced(context.floor, context.settings, wanted.party, slot.startsMs, moving))) return tables;
  throw timeTaken(dayAvailability(withoutHold(context, moving), wanted.date, wanted.party), wanted.time);
}

/** The context as if the booking `moving` held nothing (its own table counts as free when it moves). */
const withoutHold = (context: Context, moving?: number): Context =>
  moving === undefined ? context : { ...context, floor: { ...context.floor, holds: context.floor.holds.filter((hold: Hold) => hold.id !== moving) } };

/** "1 + 2": joined tables as the host says them. */
export const joinedWords = (tables: readonly number[]) => tables.join(' + ');

/** The given tables (one, or a join the owner allows) for the party at the slot, or a 409 that says why they cannot be. */
export function checkTables(context: Context, tables: readonly number[], wanted: Wanted, slot: Slot, moving?: number): number[] {
  const { fit, table } = tablesFit(context.floor, tables, wanted.party, slot.startsMs, slot.endsMs, moving);
  if (fit === 'fits') return [...tables];
  const joined = joinedWords(tables);
  const words = {
    off_floor: () => t('Table {table} is not on the floor.', { table }),
    not_joined: () => t('Tables {tables} do not join: the owner says which tables may, on the Tables page.', { tables: joined }),
    too_small: () => (tables.length > 1 ? t('Tables {tables} together do not seat {party}.', { tables: joined, party: wanted.party }) : t('Table {table} does not seat {party}.', { table, party: wanted.party })),
    taken: () => t('Table {table} is booked at {time} on {dateLabel} already.', { table, time: wanted.time, dateLabel: dateLabel(wanted.date) }),
  };
  throw new ApiError(409, 'table_unavailable', words[fit](), { field: 'table' });
}

/** A phone number with as many bookings to come as it may hold is a 409. */
export async function checkPhoneCap(trx: Kysely<Database>, phone: string, now: number) {
  if ((await openBookingsOf(trx, phone, now)) >= OPEN_BOOKINGS_PER_PHONE) {
    throw new ApiError(409, 'too_many_bookings', t('This phone number has {OPEN_BOOKINGS_PER_PHONE} bookings to come already: change or cancel one of them (its link is in its confirmation), or call us.', { OPEN_BOOKINGS_PER_PHONE }), { field: 'phone' });
  }
}

/** The guest's booking by its manage link secret, or a 404 that says the link does not work. */
export async function bookingOfKey(db: Kysely<Database>, key: string): Promise<BookingRow> {
  const row = key ? await bookingByKey(db, hashSecret(key)) : undefined;
  if (!row) throw new ApiError(404, 'booking_not_found', t('This booking link does not work: check that it is complete, or call us.'));
  return row;
}

/** A booking's status in the words of a 409 ("it is now confirmed"). */
const statusWords = (status: string) =>
  ({
    requested: t('[booking-now] requested'),
    confirmed: t('[booking-now] confirmed'),
    arrived: t('[booking-now] arrived'),
    finished: t('[booking-now] finished'),
    cancelled: t('[booking-now] cancelled'),
    no_show: t('[booking-now] no-show'),
  })[status] ?? status;

/** "confirmed, 4 people at 20:00 on Friday 4 December, table 7": a booking as it is now, in words, for a 409. */
export function bookingInWords(row: BookingRow): string {
  const words = t('{status}, {people} at {time} on {date}', { status: statusWords(row.status), people: tn('1 person', '{count} people', row.party), time: row.time, date: dateLabel(row.date) });
  return row.table_number !== null && isHolding(row.status) ? t('{words}, table {table}', { words, table: row.table_number }) : words;
}
