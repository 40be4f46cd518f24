import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../build.mjs';
import { TEST_ACCOUNTS } from '../../src/server/db/seed.js';
import { exited, startServer } from '../helpers/server-process.js';

// kill -9 in the middle of sign-ins and refreshes, then a restart on the same data folder:
// the database is whole, no token was used up without a successor, and every client's
// newest refresh token (whether or not its last request got an answer) still works.
const SERVER = [process.execPath, 'dist/server/main.mjs'];
const ENV = { PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', JWT_SECRET: 'reliability-secret-reliability-secret' };
const CHAINS = 8;
const ROUNDS = 3;

interface Chain {
  /** The newest refresh token this client holds: the last one an answer gave it. */
  token: string;
  refreshes: number;
}

let dir: string;

const Crash = suite('reliability: kill -9 and restart');
Crash.before(async () => {
  await buildServer();
  dir = mkdtempSync(join(tmpdir(), 'tavola-crash-'));
});
Crash.after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Refreshes the chain again and again until the server goes away. */
async function keepRefreshing(base: string, chain: Chain) {
  for (;;) {
    let answer: Response;
    try {
      answer = await post(base, '/api/v1/auth/refresh', { refreshToken: chain.token });
    } catch {
      return; // killed: this request may or may not have been applied
    }
    if (answer.status !== 200) throw new Error(`refresh answered ${answer.status}: ${await answer.text()}`);
    chain.token = (await answer.json()).refreshToken;
    chain.refreshes++;
  }
}

/** Signs in again and again; every sign-in that got an answer becomes one more chain. */
async function keepSigningIn(base: string, chains: Chain[]) {
  for (let i = 0; ; i++) {
    const account = TEST_ACCOUNTS[i % TEST_ACCOUNTS.length]!;
    try {
      const answer = await post(base, '/api/v1/auth/login', { email: account.email, password: account.password });
      if (answer.status === 200) chains.push({ token: (await answer.json()).refreshToken, refreshes: 0 });
    } catch {
      return;
    }
  }
}

function checkDatabase(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    assert.is((db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
    // In a family nobody revoked, every token but the newest was used: none used up without a successor.
    const broken = db
      .prepare('select family, count(*) as tokens, count(used_at) as used from refresh_tokens group by family having count(revoked_at) = 0 and count(used_at) <> count(*) - 1')
      .all();
    assert.equal(broken, []);
  } finally {
    db.close();
  }
}

Crash(`${ROUNDS} rounds of kill -9 during sign-ins and refreshes: the database is whole and every newest token still works`, async () => {
  const data = join(dir, 'data');
  let { base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data });
  const chains: Chain[] = [];
  for (const account of [...TEST_ACCOUNTS, ...TEST_ACCOUNTS]) {
    const answer = await post(base, '/api/v1/auth/login', { email: account.email, password: account.password });
    chains.push({ token: (await answer.json()).refreshToken, refreshes: 0 });
  }
  assert.is(chains.length, CHAINS);

  for (let round = 0; round < ROUNDS; round++) {
    const work = [...chains.map((chain) => keepRefreshing(base, chain)), keepSigningIn(base, chains)];
    await new Promise((resolve) => setTimeout(resolve, 300 + 100 * round));
    child.kill('SIGKILL');
    await exited(child);
    await Promise.all(work);
    checkDatabase(join(data, 'tavola.db'));

    ({ base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data }));
    for (const [i, chain] of chains.entries()) {
      const answer = await post(base, '/api/v1/auth/refresh', { refreshToken: chain.token });
      assert.is(answer.status, 200, `round ${round}, chain ${i} after ${chain.refreshes} refreshes: ${await answer.clone().text()}`);
      const successor = (await answer.json()).refreshToken;
      // Asked again at once, it is the same answer, not a second successor.
      assert.is((await (await post(base, '/api/v1/auth/refresh', { refreshToken: chain.token })).json()).refreshToken, successor);
      chain.token = successor;
    }
  }
  assert.ok(chains.reduce((sum, chain) => sum + chain.refreshes, 0) > 100, 'enough refreshes happened to be interrupted');
  child.kill();
  await exited(child);
  checkDatabase(join(data, 'tavola.db'));
});

Crash.run();
