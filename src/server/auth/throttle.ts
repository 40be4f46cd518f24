// Counts failed sign-ins per key (an account, a client address) in a fixed window.
// Past `limit` failures the key must wait until its window ends: the answer is 429
// with Retry-After. Memory stays bounded: old windows are dropped as new keys come.

export interface Throttle {
  /** Seconds the key must still wait; 0 when it may try. */
  wait(key: string): number;
  fail(key: string): void;
  reset(key: string): void;
}

export function createThrottle({ limit, windowMs, clock, maxKeys = 10_000 }: { limit: number; windowMs: number; clock: () => number; maxKeys?: number }): Throttle {
  const windows = new Map<string, { failures: number; endsAt: number }>();

  function prune(now: number) {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    // Still too many live keys: forget the oldest (a Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    wait(key) {
      const window = windows.get(key);
      const now = clock();
      if (!window || window.endsAt <= now || window.failures < limit) return 0;
      return Math.ceil((window.endsAt - now) / 1000);
    },
    fail(key) {
      const now = clock();
      const window = windows.get(key);
      if (window && window.endsAt > now) window.failures++;
      else {
        if (windows.size >= maxKeys) prune(now);
        windows.set(key, { failures: 1, endsAt: now + windowMs });
      }
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
