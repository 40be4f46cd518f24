// "Add to calendar": a booking as an iCalendar file (RFC 5545) in the restaurant's time
// zone. Its times are written as the wall clock there (DTSTART;TZID=Europe/Rome:...), so
// a calendar in any zone shows the right moment, and the zone is described in the file
// itself (VTIMEZONE, from this runtime's time zone data: every change of its offset in
// the year before the booking and the booking's year), as the RFC asks.
import type { GuestBooking } from '../../shared/booking-records.js';
import { wallClock } from '../restaurant/index.js';
import { t, tn } from '../http/language.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const { day, minute } = wallClock(instant, timeZone);
  return Math.round((day * DAY + minute * MINUTE - Math.floor(instant / MINUTE) * MINUTE) / MINUTE);
}

/** The instants the offset changes, from `fromMs` to `toMs`, found day by day, then to the minute. */
function changes(fromMs: number, toMs: number, timeZone: string): { at: number; from: number; to: number }[] {
  const found = [];
  for (let day = fromMs; day < toMs; day += DAY) {
    const from = offsetAt(day, timeZone);
    const to = offsetAt(day + DAY, timeZone);
    if (from === to) continue;
    let [low, high] = [day, day + DAY];
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(middle, timeZone) === from) low = middle;
      else high = middle;
    }
    found.push({ at: high, from, to });
  }
  return found;
}

const two = (n: number) => String(n).padStart(2, '0');
const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}${two(Math.abs(minutes) % 60)}`;
/** `20261204T193000`: the instant as the wall clock `offset` minutes ahead of UTC shows it. */
const local = (instant: number, offset: number) => new Date(instant + offset * MINUTE).toISOString().replace(/[-:]/g, '').slice(0, 15);
const utc = (instant: number) => `${new Date(instant).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

// Finding the changes reads the zone's offset a day at a time over two years: done once per zone and year.
const blocks = new Map<string, string[]>();

function timeZoneBlock(timeZone: string, instant: number): string[] {
  const year = new Date(instant).getUTCFullYear();
  const key = `${timeZone} ${year}`;
  const block = blocks.get(key) ?? zoneOfYear(timeZone, year, instant);
  blocks.set(key, block);
  return block;
}

function zoneOfYear(timeZone: string, year: number, instant: number): string[] {
  const found = changes(Date.UTC(year - 1, 0, 1), Date.UTC(year + 1, 0, 1), timeZone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (!found.length) {
    const offset = offsetText(offsetAt(instant, timeZone));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  }
  const standard = Math.min(...found.map((change) => Math.min(change.from, change.to)));
  for (const change of found) {
    const kind = change.to > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(`BEGIN:${kind}`, `DTSTART:${local(change.at, change.from)}`, `TZOFFSETFROM:${offsetText(change.from)}`, `TZOFFSETTO:${offsetText(change.to)}`, `END:${kind}`);
  }
  return [...lines, 'END:VTIMEZONE'];
}

/** TEXT values escape backslashes, semicolons, commas and line ends (RFC 5545, 3.3.11). */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets continue on the next line after a space (3.1), never inside a character. */
function fold(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (bytes.encode(current + char).length > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface CalendarEvent {
  booking: GuestBooking;
  /** Unique for the booking, forever (a later file for it replaces the earlier event). */
  uid: string;
  restaurant: string;
  timeZone: string;
  /** The manage link, for the description. */
  manageUrl: string;
  now: number;
}

export function bookingCalendar({ booking, uid, restaurant, timeZone, manageUrl, now }: CalendarEvent): string {
  const starts = Date.parse(booking.startsAt);
  const ends = Date.parse(booking.endsAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tavola//Table bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...timeZoneBlock(timeZone, starts),
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART;TZID=${timeZone}:${local(starts, offsetAt(starts, timeZone))}`,
    `DTEND;TZID=${timeZone}:${local(ends, offsetAt(ends, timeZone))}`,
    `SUMMARY:${text(t('Table for {party} at {restaurant}', { party: booking.party, restaurant }))}`,
    `DESCRIPTION:${text(`${booking.status === 'requested' ? t('Booked for {name}, {people} (requested: we confirm it soon).', { name: booking.name, people: tn('1 person', '{count} people', booking.party) }) : t('Booked for {name}, {people}.', { name: booking.name, people: tn('1 person', '{count} people', booking.party) })}\n${t('Change or cancel: {url}', { url: manageUrl })}`)}`,
    `STATUS:${booking.status === 'requested' ? 'TENTATIVE' : 'CONFIRMED'}`,
    `URL:${manageUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
