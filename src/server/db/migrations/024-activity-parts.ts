// An activity entry's subject stored as parts, so that it is said in the language asked
// without reading a sentence back. The entries recorded before are parsed into parts where
// their shape is known ("Dish 6 · Carbonara", "Booking 4 · Neri · Friday 27 November 19:30",
// the fixed titles, "Ada Conti · Laptop"); any other stays null and reads as recorded.
// A booking's day had no year: it is the year, of the one before and the one after the
// change, whose date falls on that weekday, the nearest to the change.
import type { Kysely } from 'kysely';

const KINDS = ['Dish', 'Category', 'Table', 'Staff', 'Display', 'Station', 'Order', 'Message'];
const TITLES: Record<string, string> = { "The restaurant's details": 'restaurant', 'Opening hours': 'hours', "The kitchen board's late times": 'board', 'Booking settings': 'booking-settings' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The date a booking's "Friday 27 November" named, near `at`; undefined when none fits. */
function dateOf(weekday: string, day: number, month: string, at: string): string | undefined {
  const changed = Date.parse(at);
  const m = MONTHS.indexOf(month);
  const fits = [-1, 0, 1]
    .map((offset) => Date.UTC(new Date(changed).getUTCFullYear() + offset, m, day))
    .filter((ms) => m >= 0 && new Date(ms).getUTCDate() === day && WEEKDAYS[new Date(ms).getUTCDay()] === weekday)
    .sort((a, b) => Math.abs(a - changed) - Math.abs(b - changed));
  return fits[0] === undefined ? undefined : new Date(fits[0]).toISOString().slice(0, 10);
}

export function partsOf(subject: string, at: string): object | null {
  if (TITLES[subject]) return { title: TITLES[subject] };
  const booking = /^Booking (\d+) · (.*) · ([A-Z][a-z]+) (\d{1,2}) ([A-Z][a-z]+) (\d\d:\d\d)$/.exec(subject);
  if (booking) {
    const date = dateOf(booking[3]!, Number(booking[4]), booking[5]!, at);
    return date ? { kind: 'Booking', id: Number(booking[1]), name: booking[2] === 'guest' ? null : booking[2], date, time: booking[6] } : null;
  }
  const record = /^([A-Z][a-z]+) (\d+)(?: · (.*))?$/.exec(subject);
  if (record && KINDS.includes(record[1]!)) return { kind: record[1], id: Number(record[2]), names: record[3] === undefined ? [] : [record[3]] };
  // Names alone: a passkey's owner and its name.
  if (/^[^·]+ · [^·]+$/.test(subject) && !/^[A-Z][a-z]+ \d/.test(subject)) return { names: subject.split(' · ') };
  return null;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity').addColumn('subject_parts', 'text').execute();
  const rows: { id: number; at: string; subject: string }[] = await db.selectFrom('activity').select(['id', 'at', 'subject']).execute();
  for (const row of rows) {
    const parts = partsOf(row.subject, row.at);
    if (parts) await db.updateTable('activity').set({ subject_parts: JSON.stringify(parts) }).where('id', '=', row.id).execute();
  }
}
