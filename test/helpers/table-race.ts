// The table-stays race as a test on either database (test/reliability/, test/postgres/): run on
// `servers`, its figures printed, every row of 0s asserted, and the acts it is about reached.
import * as assert from 'uvu/assert';
import { describeRace, NONE, raceTableStays, TEST_SIZES, type serveForRace } from '../bench/table-stays.js';

const seed = process.env.TABLE_RACE_SEED ? Number(process.env.TABLE_RACE_SEED) : undefined;

export async function raceHolds(database: string, servers: Awaited<ReturnType<typeof serveForRace>>): Promise<void> {
  try {
    const figures = await raceTableStays(servers, { ...TEST_SIZES, seed });
    console.log(describeRace(database, figures));
    assert.equal(figures.zeros, NONE, figures.evidence.join('\n'));
    // The race reached what it is about.
    const { orders, seatings, payments, samples } = figures;
    assert.ok(orders.placed > 0 && seatings.seated > 0 && payments.inFull > 0 && payments.inParts > 0 && payments.keyRetries > 0, JSON.stringify(figures));
    assert.ok(samples.tablesNow > 0 && samples.bookings > 0 && samples.openBills > 0, JSON.stringify(samples));
  } finally {
    await servers.stop();
  }
}
