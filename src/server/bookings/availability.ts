// The free times a party can book online: the day asked for, and the days around it for
// "Fully booked on Friday; Saturday has 19:30 and 21:00". Read in one go: the owner's
// rules, the hours, the tables on the floor and every hold over the week around the day.
import type { Kysely } from 'kysely';
import type { Availability, BookingSettings, DayAvailability, FreeTime } from '../../shared/booking-records.js';
import { holdsBetween, readBookingSettings, readFloor } from './store.js';
import { readHours } from '../restaurant/index.js';
import type { Database } from '../db/schema.js';
import type { OpeningHours } from '../restaurant/index.js';
import { freeTables, paced, type Floor } from './floor.js';
import { addDays, dateLabel, dayWindow, farEnoughAhead, slotsOfDay, today } from './slots.js';
import { t } from '../http/language.js';

const AROUND = 3;
/** Of each day around, its first free times: enough to name them ("19:30, 19:45, 20:00 and later"). */
const AROUND_TIMES = 4;

export interface Context {
  settings: BookingSettings;
  hours: OpeningHours;
  floor: Floor;
  timeZone: string;
  now: number;
}

/** The rules, the hours and the floor from `fromDate` to `toDate` (inclusive). */
export async function readContext(db: Kysely<Database>, fromDate: string, toDate: string, timeZone: string, now: number): Promise<Context> {
  const [settings, hours, floor] = await Promise.all([readBookingSettings(db), readHours(db), readFloor(db)]);
  // Wide enough for any time zone, a late service past midnight and the longest stay.
  const fromMs = Date.parse(`${fromDate}T00:00:00Z`) - 86_400_000;
  const toMs = Date.parse(`${toDate}T00:00:00Z`) + 3 * 86_400_000;
  return { settings, hours, floor: { ...floor, holds: await holdsBetween(db, fromMs, toMs) }, timeZone, now };
}

/** The times of `date` a party may book online now (every one, or the first `limit`), and why there is none if so. */
export function dayAvailability(context: Context, date: string, party: number, limit = Infinity): DayAvailability {
  const { settings, hours, floor, timeZone, now } = context;
  const label = dateLabel(date);
  const outside = dayWindow(date, now, settings, timeZone);
  if (outside) return { date, label, state: outside, times: [] };
  const slots = slotsOfDay(hours, settings, date, timeZone);
  if (!slots.length) return { date, label, state: 'closed', times: [] };
  const ahead = slots.filter((slot) => farEnoughAhead(slot, now, settings));
  if (!ahead.length) return { date, label, state: 'past', times: [] };
  const times: FreeTime[] = [];
  for (const slot of ahead) {
    if (times.length === limit) break;
    if (freeTables(floor, party, slot.startsMs, slot.endsMs) !== null && paced(floor, settings, party, slot.startsMs)) times.push({ time: slot.time, startsAt: new Date(slot.startsMs).toISOString() });
  }
  return { date, label, state: times.length ? 'free' : 'full', times };
}

export async function availability(db: Kysely<Database>, date: string, party: number, timeZone: string, now: number): Promise<Availability> {
  const first = today(now, timeZone);
  const from = [addDays(date, -AROUND), first].sort().at(-1)!;
  const context = await readContext(db, from, addDays(date, AROUND), timeZone, now);
  const last = addDays(first, context.settings.horizonDays);
  const day = dayAvailability(context, date, party);
  const around: DayAvailability[] = [];
  for (let offset = -AROUND; offset <= AROUND; offset++) {
    const other = addDays(date, offset);
    if (offset !== 0 && other >= first && other <= last) around.push(dayAvailability(context, other, party, AROUND_TIMES));
  }
  return { party, timeZone, day, around, note: day.state === 'free' ? null : noteFor(day, around) };
}

/** Why a day has no time, in the current language: "Fully booked on Friday 4 December". */
function why(day: DayAvailability): string {
  const label = day.label;
  if (day.state === 'full') return t('Fully booked on {label}', { label });
  if (day.state === 'closed') return t('We are closed on {label}', { label });
  if (day.state === 'past') return t('{label} has passed', { label });
  return t('Bookings are not open yet for {label}', { label });
}

/** "a, b and c" in the current language. */
export const listInWords = (items: string[]): string => (items.length > 1 ? t('{list} and {last}', { list: items.slice(0, -1).join(', '), last: items.at(-1)! }) : (items[0] ?? ''));

/** "Fully booked on Friday 4 December; Saturday 5 December has 19:30 and 21:00." */
function noteFor(day: DayAvailability, around: DayAvailability[]): string {
  const next = around.find((other) => other.date > day.date && other.state === 'free') ?? around.find((other) => other.state === 'free');
  if (!next) {
    // Said whole, per reason: Italian joins a "no" to the days around with "né", a "yes" with "e anche".
    const label = day.label;
    if (day.state === 'full') return t('Fully booked on {label}, and on the days around it too.', { label });
    if (day.state === 'closed') return t('We are closed on {label}, and on the days around it too.', { label });
    if (day.state === 'past') return t('{label} has passed, and the days around it have no tables online.', { label });
    return t('Bookings are not open yet for {label}, nor for the days around it.', { label });
  }
  const shown = next.times.slice(0, 3).map((time) => time.time);
  const times = next.times.length > 3 ? t('{list} and later', { list: shown.join(', ') }) : listInWords(shown);
  return t('{why}; {label} has {times}.', { why: why(day), label: next.label, times });
}

/** The two free times nearest to `time` on the day (for "19:30 was just booked; 19:45 and 20:15 are free"). */
export function nearest(day: DayAvailability, time: string): string[] {
  const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
  return day.times
    .map((free) => free.time)
    .filter((free) => free !== time)
    .sort((a, b) => Math.abs(minutes(a) - minutes(time)) - Math.abs(minutes(b) - minutes(time)) || a.localeCompare(b))
    .slice(0, 2)
    .sort();
}
