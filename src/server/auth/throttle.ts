// Counts sign-in attempts per key (an account, a client address) in a fixed window.
// An attempt takes its slot when it starts, before the password is checked, so guesses
// sent all at once are counted all at once: at most `limit` are ever checked per window.
// A sign-in that succeeds gives its slot back. Past the limit the answer is 429 with
// Retry-After. Memory stays bounded: old windows are dropped as new keys come.

export interface Throttle {
  /** Takes one attempt for `key`: 0 when it may go ahead, else the seconds to wait. */
  take(key: string): Promise<number>;
  /** Gives back an attempt that turned out not to be a failed guess. */
  refund(key: string): Promise<void>;
  /** Forgets every attempt of `key` (a success for an account). */
  reset(key: string): Promise<void>;
}

export function createThrottle({ limit, windowMs, clock, maxKeys = 10_000 }: { limit: number; windowMs: number; clock: () => number; maxKeys?: number }): Throttle {
  const windows = new Map<string, { attempts: number; endsAt: number }>();

  function prune(now: number) {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    // Still too many live keys: forget the oldest (a Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    async take(key) {
      const now = clock();
      const window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (windows.size >= maxKeys) prune(now);
        windows.set(key, { attempts: 1, endsAt: now + windowMs });
        return 0;
      }
      if (window.attempts >= limit) return Math.ceil((window.endsAt - now) / 1000);
      window.attempts++;
      return 0;
    },
    async refund(key) {
      const window = windows.get(key);
      if (window && window.attempts > 0) window.attempts--;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
