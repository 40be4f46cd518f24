// A pickup order's phone number is for calling the diner while the order waits. It is kept
// as long as a booking's details are (BOOKING_DATA_DAYS after its day, 30 unless set), then
// removed; the order stays, with its name, dishes and times, for the day's numbers.
import type { Db } from '../db/schema.js';
import { hourly } from '../hourly.js';

const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the phone numbers of orders placed more than `days` days ago; answers how many. */
export async function sweepPickupPhones(db: Db, now: number, days: number, { batch = BATCH } = {}): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db
      .updateTable('orders')
      .set({ pickup_phone: null })
      .where('id', 'in', (eb) => eb.selectFrom('orders').select('id').where('pickup_phone', 'is not', null).where('placed_ms', '<', now - days * DAY_MS).limit(batch))
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    removed += count;
    if (count < batch) return removed;
    await new Promise((resolve) => setImmediate(resolve)); // let requests in between batches
  }
}

/** Sweeps now and then every hour, until the returned function is called. */
export const sweepPickupPhonesHourly = (db: Db, days: number, clock: () => number = Date.now) =>
  hourly(() => sweepPickupPhones(db, clock(), days), "remove old pickup orders' phone numbers");
