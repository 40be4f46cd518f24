// The bench's table-stays row (test/bench/table-stays.ts) runs end to end on a small scale, on
// both databases as the bench runs it (SQLite with one server process, then PostgreSQL with two
// on a throwaway server): 2 rounds, a phone a table, two hosts and two waiters. No timing is
// asserted (that is the bench's job): that the row comes back with every promise kept (its
// zeros) and every figure a number.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureTableStays, NONE } from '../bench/table-stays.js';

test('the table-stays row: both databases, every promise kept, every figure a number', async () => {
  const figures = await measureTableStays({ tables: 20, rounds: 2, hosts: 2, phonesPerTable: 1, waiters: 2, ordersPerRound: 2, actsPerRound: 3, deadlineSeconds: 90 });
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const race = figures[dialect];
    assert.equal(race.zeros, NONE, `${dialect}:\n${race.evidence.join('\n')}`);
    assert.is(race.servers, dialect === 'sqlite' ? 1 : 2);
    assert.ok(race.orders.placed > 0 && race.payments.taken > 0, `${dialect}: ${JSON.stringify(race)}`);
    for (const [kind, latency] of Object.entries(race.latency)) assert.ok(Number.isFinite(latency.p50) && Number.isFinite(latency.p99) && latency.p99 >= latency.p50, `${dialect} ${kind}: ${JSON.stringify(latency)}`);
  }
});

test.run();
