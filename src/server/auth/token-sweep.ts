// Refresh tokens pile up: every sign-in and every refresh adds a row, and a kitchen
// screen signs in every two minutes. A token is kept while it can still mean something:
// until it expires (a used one is what reveals a replay), or, in a revoked family, until
// the revocation is old news. After that, plus KEEP_MS to be safe, it is deleted.
// Deletes go in small batches through an index (expires_at, revoked_at: migration 005),
// so a sweep never holds the write lock for long nor reads the whole table, and any
// number of processes may sweep at once (a row deleted twice is deleted once).
import type { Db } from '../db/schema.js';
import { hourly } from '../hourly.js';

const KEEP_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** Deletes tokens expired, or revoked, more than a day before `now`; answers how many. */
export async function sweepRefreshTokens(db: Db, now: number, { batch = BATCH } = {}): Promise<number> {
  const before = now - KEEP_MS;
  let deleted = 0;
  for (const column of ['expires_at', 'revoked_at'] as const) {
    for (;;) {
      const result = await db
        .deleteFrom('refresh_tokens')
        .where('id', 'in', (eb) => eb.selectFrom('refresh_tokens').select('id').where(column, '<', before).limit(batch))
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < batch) break;
      await new Promise((resolve) => setImmediate(resolve)); // let requests in between batches
    }
  }
  return deleted;
}

/** Sweeps now and then every hour, until the returned function is called. */
export const sweepRefreshTokensHourly = (db: Db, clock: () => number = Date.now) => hourly(() => sweepRefreshTokens(db, clock()), 'delete old refresh tokens');
