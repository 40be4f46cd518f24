import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBuilt } from '../helpers/built.js';
import { ADMIN, WAITER } from '../helpers/api.js';
import { exited, startServer } from '../helpers/server-process.js';

// What happens when things arrive at once, against the server `npm start` runs (the
// OWASP scrypt cost, a data folder on disk), on loopback.
const SERVER = [process.execPath, 'dist/server/main.mjs'];
const ENV = { PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', JWT_SECRET: 'reliability-secret-reliability-secret' };

let dir: string;
let base: string;
let child: ChildProcess;

const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const Concurrency = suite('reliability: concurrency');

Concurrency.before(async () => {
  await serverBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tavola-concurrency-'));
  ({ base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: join(dir, 'one') }));
});
Concurrency.after(async () => {
  // Also when `before` failed: let its own error be the one reported.
  if (child) {
    child.kill();
    await exited(child);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

Concurrency('30 parallel wrong passwords for one account: 5 are checked (401), 25 get 429, then the right one gets 429', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/api/v1/auth/login', { email: WAITER.email, password: `g${i}` })));
  const statuses = answers.map((response) => response.status).sort();
  assert.equal(statuses, [...Array(5).fill(401), ...Array(25).fill(429)]);
  assert.is((await post('/api/v1/auth/login', WAITER)).status, 429);
});

Concurrency('two refreshes of one token at the same instant, 20 times: both get the same successor, which still works', async () => {
  for (let i = 0; i < 20; i++) {
    const { refreshToken } = await (await post('/api/v1/auth/login', ADMIN)).json();
    const answers = await Promise.all([post('/api/v1/auth/refresh', { refreshToken }), post('/api/v1/auth/refresh', { refreshToken })]);
    assert.equal(answers.map((response) => response.status), [200, 200]);
    const [a, b] = await Promise.all(answers.map((response) => response.json()));
    assert.is(a.refreshToken, b.refreshToken);
    assert.is((await post('/api/v1/auth/refresh', { refreshToken: a.refreshToken })).status, 200, `round ${i}: the successor was not revoked`);
  }
});

Concurrency('four servers started at once on one fresh data folder: all start, and the data is seeded once (the sample service of npm start too: one bill and one stay for each of its orders)', async () => {
  const data = join(dir, 'shared');
  const started = await Promise.allSettled(Array.from({ length: 4 }, () => startServer(SERVER, { ...ENV, SAMPLE_SERVICE: 'on', DATA_DIR: data })));
  const children = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.child] : []));
  try {
    assert.equal(
      started.map((result) => (result.status === 'fulfilled' ? 'ready' : String(result.reason).slice(0, 300))),
      ['ready', 'ready', 'ready', 'ready'],
    );
    const db = new SQLite(join(data, 'tavola.db'), { readonly: true });
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    assert.equal(
      { users: count('users'), categories: count('categories'), dishes: count('dishes'), orders: count('orders'), bills: count('bills'), bookings: count('bookings') },
      { users: 4, categories: 6, dishes: 27, orders: 4, bills: 4, bookings: 4 },
    );
    db.close();
  } finally {
    for (const started of children) started.kill();
    await Promise.all(children.map(exited));
  }
});

Concurrency.run();
