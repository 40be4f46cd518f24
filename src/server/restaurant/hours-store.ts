// The opening hours as stored: one row holding the week and the closed dates as JSON,
// with a version. A row that does not parse (edited by hand, say) reads as the sample
// week, and says so in the log once: the restaurant keeps taking orders meanwhile.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SAMPLE_WEEK, WEEKDAYS, type OpeningHours } from './opening-hours.js';
import type { Database } from '../db/schema.js';

export interface StoredHours extends OpeningHours {
  version: number;
}

const TIME = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const STORED = z.object({
  week: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(z.object({ opens: TIME, closes: TIME.or(z.literal('24:00')) })).max(2)]))),
  closedDates: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), note: z.string() })),
});

let warned = false;

export async function readHours(db: Kysely<Database>): Promise<StoredHours> {
  const row = await db.selectFrom('opening_hours').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { week: SAMPLE_WEEK, closedDates: [], version: 0 };
  try {
    const hours = STORED.parse({ week: JSON.parse(row.week), closedDates: JSON.parse(row.closed_dates) }) as OpeningHours;
    return { ...hours, version: row.version };
  } catch {
    if (!warned) console.error('The stored opening hours do not parse: using the sample week until the Admin saves them again.');
    warned = true;
    return { week: SAMPLE_WEEK, closedDates: [], version: row.version };
  }
}

/** Writes the hours as the next version (the caller checked the one it was based on). */
export async function writeHours(trx: Kysely<Database>, hours: OpeningHours, version: number): Promise<void> {
  const values = { week: JSON.stringify(hours.week), closed_dates: JSON.stringify(hours.closedDates), version };
  if (version === 1) await trx.insertInto('opening_hours').values({ id: 1, ...values }).execute();
  else await trx.updateTable('opening_hours').set(values).where('id', '=', 1).execute();
}
