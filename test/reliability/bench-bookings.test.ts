// The bench's bookings row runs end to end on a small scale, on both databases: a floor of
// 100 tables with 300 bookings, the free times asked, then 5 guests racing for one evening.
// No timing is asserted (that is the bench's job): that the row comes back, every racing
// answer was a booking or a 409, and no table was booked twice.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureBookings } from '../bench/bookings.js';

test('the bookings rows: both databases, every answer a booking or a 409, no double booking; two waiters paying one bill, never past its total', async () => {
  const figures = await measureBookings({ seconds: 0.5, clients: 5, perClient: 4, payRounds: 5 });
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const { availability, race } = figures[dialect];
    assert.ok(availability.rps > 0, `${dialect}: ${JSON.stringify(availability)}`);
    assert.is(race.made + race.refused, 20, `${dialect}: ${JSON.stringify(race)}`);
    assert.ok(race.made > 0, `${dialect}: nothing was booked`);
    assert.is(race.doubleBookings, 0);
    // Two waiters paying one bill at once, 5 rounds: one taken, the other told, nothing over.
    assert.equal(figures[dialect].pay, { ...figures[dialect].pay, rounds: 5, overpaid: 0, lost: 0, untold: 0 });
  }
});

test.run();
