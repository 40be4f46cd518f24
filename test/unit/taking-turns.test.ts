// The embedded database's connection handed out in turns (db/taking-turns.ts): in the order
// asked for; at once while this turn of the event loop has time left; once its BUDGET_MS is
// spent, in the next turn, after what the loop took in meanwhile (a socket's data, here a
// setImmediate queued before). A clock the test moves stands for the time spent.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DatabaseConnection, Driver } from 'kysely';
import { BUDGET_MS, TurnTakingDriver } from '../../src/server/db/taking-turns.js';

const Turns = suite('the embedded database taken in turns');

const CONNECTION = {} as DatabaseConnection;
const inner = { acquireConnection: async () => CONNECTION, releaseConnection: async () => {} } as unknown as Driver;

/** A driver on the test's clock, and a log of who got the connection, and when. */
function turns() {
  let now = 1_000;
  const driver = new TurnTakingDriver(inner, () => now);
  const log: string[] = [];
  const take = async (who: string) => {
    await driver.acquireConnection();
    log.push(who);
  };
  const spend = (ms: number) => {
    now += ms;
  };
  /** The first ask after a quiet spell waits for a turn of its own: `who` holds the connection after it. */
  const hold = async (who: string) => {
    const taken = take(who);
    await nextTurn();
    await taken;
  };
  return { driver, log, take, hold, spend };
}

const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => new Promise<void>((resolve) => process.nextTick(resolve)));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

Turns('in the order asked for, at once while the turn has time left', async () => {
  const { driver, log, take, hold } = turns();
  await hold('A');
  const waiting = [take('B'), take('C')];
  await settled();
  assert.equal(log, ['A'], 'B and C wait while A holds it');
  await driver.releaseConnection(CONNECTION);
  await settled();
  assert.equal(log, ['A', 'B'], 'handed on at once: the turn has time left');
  await driver.releaseConnection(CONNECTION);
  await settled();
  assert.equal(log, ['A', 'B', 'C']);
  await Promise.all(waiting);
});

Turns(`past ${BUDGET_MS} ms in one turn, the next in line waits for the next turn of the event loop, after what arrived meanwhile`, async () => {
  const { driver, log, take, hold, spend } = turns();
  await hold('A');
  const second = take('B');
  spend(BUDGET_MS + 1);
  setImmediate(() => log.push('a socket read'));
  await driver.releaseConnection(CONNECTION);
  await settled();
  assert.equal(log, ['A'], 'B waits: the turn’s time is spent');
  await nextTurn();
  await second;
  assert.equal(log, ['A', 'a socket read', 'B']);
  // The new turn has its own time: C is handed the connection at once.
  const third = take('C');
  await driver.releaseConnection(CONNECTION);
  await settled();
  await third;
  assert.equal(log, ['A', 'a socket read', 'B', 'C']);
});

Turns('a free connection is still taken in line: no one passes those waiting', async () => {
  const { driver, log, take, hold, spend } = turns();
  await hold('A');
  const second = take('B');
  spend(BUDGET_MS + 1);
  await driver.releaseConnection(CONNECTION); // free, but B waits for the next turn
  const late = take('C'); // asks now: behind B, though the connection is free
  await nextTurn();
  await second;
  await settled();
  assert.equal(log, ['A', 'B'], 'C waits for B to give it back');
  await driver.releaseConnection(CONNECTION);
  await late;
  assert.equal(log, ['A', 'B', 'C']);
});

Turns.run();
