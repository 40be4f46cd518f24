// POST /api/test/clock `{ "advanceMs": n }`: moves the server's clock forward, for browser
// tests of what time does (a person's 2-minute sign-in ending on an open board). Mounted
// only when TEST_CLOCK=on, which a production start refuses (config.ts). Every open event
// stream ends, as a restart would end it: each client connects again, against the new time.
import { Hono } from 'hono';
import type { MovableClock } from './clock.js';
import { ApiError } from './http/errors.js';
import type { OpenStreams } from './http/open-streams.js';
import { t } from './http/language.js';

const DAY_MS = 86_400_000;

export function testClockRoutes(clock: MovableClock, streams: OpenStreams): Hono {
  const app = new Hono();
  app.post('/api/test/clock', async (c) => {
    const { advanceMs } = (await c.req.json().catch(() => ({}))) as { advanceMs?: unknown };
    if (!Number.isInteger(advanceMs) || (advanceMs as number) < 0 || (advanceMs as number) > 366 * DAY_MS) {
      throw new ApiError(400, 'invalid_field', t('advanceMs must be a whole number of milliseconds from 0 to a year.'), { field: 'advanceMs' });
    }
    const now = clock.advance(advanceMs as number);
    streams.endAll();
    return c.json({ now: new Date(now).toISOString() });
  });
  return app;
}
