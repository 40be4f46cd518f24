// Counts attempts per key (an account, a client address) in a fixed window, in the
// database, so every server process behind one address shares the same counts. An
// attempt takes its slot when it starts, before the password is checked, so guesses sent
// all at once are counted all at once: at most `limit` are ever checked per window. A
// sign-in that succeeds gives its slot back. Past the limit the answer is 429 with
// Retry-After. Each take is one atomic statement (an upsert); windows that have ended
// are deleted now and then, so the table stays as small as the traffic of one window.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export interface Throttle {
  /** Takes one attempt for `key`: 0 when it may go ahead, else the seconds to wait. */
  take(key: string): Promise<number>;
  /** Gives back an attempt that turned out not to be a failed guess. */
  refund(key: string): Promise<void>;
  /** Forgets every attempt of `key` (a success for an account). */
  reset(key: string): Promise<void>;
}

export interface ThrottleOptions {
  /** Keeps this throttle's keys apart from the others' in the shared table. */
  name: string;
  limit: number;
  windowMs: number;
  clock: () => number;
}

export function createThrottle(db: Db, { name, limit, windowMs, clock }: ThrottleOptions): Throttle {
  const keyOf = (key: string) => `${name}:${key}`;
  let nextSweep = 0;

  // Ended windows (of any throttle: an ended window counts for nothing) are dropped at
  // most once per window length, by whichever take comes first.
  async function sweep(now: number) {
    if (now < nextSweep) return;
    nextSweep = now + windowMs;
    await db.deleteFrom('throttles').where('ends_at', '<=', now).execute();
  }

  return {
    async take(key) {
      const now = clock();
      await sweep(now);
      // A new window, the next attempt of this one, or (at the limit) a refusal that changes nothing.
      // In DO UPDATE, `throttles.` is the row as it was and `excluded.` the row offered.
      const { allowed, ends_at } = await db
        .insertInto('throttles')
        .values({ key: keyOf(key), attempts: 1, allowed: 1, ends_at: now + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            allowed: sql`case when throttles.ends_at <= ${now} or throttles.attempts < ${limit} then 1 else 0 end`,
            attempts: sql`case when throttles.ends_at <= ${now} then 1 when throttles.attempts < ${limit} then throttles.attempts + 1 else throttles.attempts end`,
            ends_at: sql`case when throttles.ends_at <= ${now} then excluded.ends_at else throttles.ends_at end`,
          }),
        )
        .returning(['allowed', 'ends_at'])
        .executeTakeFirstOrThrow();
      return allowed ? 0 : Math.ceil((Number(ends_at) - now) / 1000);
    },
    async refund(key) {
      await db
        .updateTable('throttles')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('key', '=', keyOf(key))
        .where('attempts', '>', 0)
        .where('ends_at', '>', clock())
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('throttles').where('key', '=', keyOf(key)).execute();
    },
  };
}
