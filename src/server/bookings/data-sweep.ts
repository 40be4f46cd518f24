// A guest's name, phone, e-mail and note are kept while they are of use: until
// BOOKING_DATA_DAYS days (30 unless set) after the booking's day. Then they are removed
// (the manage link too, and the e-mails sent to them), and what stays is the booking without anyone in it: its day,
// time, party size, table and status, for the day's numbers. Batches through bookings_day,
// as the token sweep goes, so any number of processes may sweep at once.
import type { Db } from '../db/schema.js';
import { hourly } from '../hourly.js';
import { addDays, today } from './slots.js';

const BATCH = 500;

/** Removes the guests' details of bookings more than `days` days old; answers how many. */
export async function sweepBookingData(db: Db, now: number, days: number, timeZone: string, { batch = BATCH } = {}): Promise<number> {
  const before = addDays(today(now, timeZone), -days);
  const removedAt = new Date(now).toISOString();
  let removed = 0;
  for (;;) {
    const result = await db
      .updateTable('bookings')
      .set({ name: '', phone: null, email: null, note: null, key_hash: null, key_salt: null, data_removed_at: removedAt })
      .where('id', 'in', (eb) => eb.selectFrom('bookings').select('id').where('date', '<', before).where('data_removed_at', 'is', null).limit(batch))
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    removed += count;
    if (count < batch) break;
    await new Promise((resolve) => setImmediate(resolve)); // let requests in between batches
  }
  // The e-mails to those guests go with them: their addresses and words.
  await db.deleteFrom('outbox').where('booking_id', 'in', (eb) => eb.selectFrom('bookings').select('id').where('data_removed_at', 'is not', null)).execute();
  return removed;
}

/** Sweeps now and then every hour, until the returned function is called. */
export const sweepBookingDataHourly = (db: Db, days: number, timeZone: string, clock: () => number = Date.now) =>
  hourly(() => sweepBookingData(db, clock(), days, timeZone), "remove old bookings' guest details");
