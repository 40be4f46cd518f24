// The server's clock. In production it is Date.now. Tests of what happens with time (a
// 2-minute token, a booking's cut-off) move a clock instead of waiting: in process they
// pass their own, and a server started with TEST_CLOCK=on (never in production: config.ts)
// runs on a movable one that POST /api/test/clock moves forward (test-clock.ts).

/** Milliseconds since the epoch, now. */
export type Clock = () => number;

export interface MovableClock {
  now: Clock;
  /** Moves the clock `ms` forward; answers the new time. */
  advance(ms: number): number;
}

/** Real time plus however far it has been moved. */
export function movableClock(real: Clock = Date.now): MovableClock {
  let offset = 0;
  return {
    now: () => real() + offset,
    advance(ms) {
      offset += ms;
      return real() + offset;
    },
  };
}
