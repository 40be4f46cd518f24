import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { serverBuilt } from '../helpers/built.js';
import { expectError } from '../helpers/api.js';
import { newPhone } from '../helpers/phones.js';
import { backupCommand, exited, startServer } from '../helpers/server-process.js';

// A real full disk: the data folder on a small filesystem of its own (a 48 MiB tmpfs, mounted
// for the test), its backups beside it as `npm start` keeps them, then every byte of it
// taken by another file. The server goes on: reads answer, an order answers 503 and leaves
// nothing half-written, `npm run backup` fails with why and leaves no part behind, the
// shutdown's backup fails in the log and the process still ends cleanly. With the room given
// back, orders and backups work again without a restart, and after one every acknowledged
// order is there.
const SERVER = [process.execPath, 'dist/server/main.mjs'];
const Full = suite('reliability: the disk that holds the data fills up');
let mount: string;

Full.before(async () => {
  await serverBuilt();
  await serverBuilt('backup-main');
  mount = mkdtempSync(join(tmpdir(), 'tavola-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mount], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`This test fills a filesystem of its own: mounting a 48 MiB tmpfs on ${mount} needs root with CAP_SYS_ADMIN, as .ci/run has (it installs with apt-get). ${(error as { stderr?: Buffer }).stderr ?? error}`);
  }
});
Full.after(() => {
  if (!mount) return;
  try {
    execFileSync('umount', ['--lazy', mount], { stdio: 'ignore' });
  } catch {
    // it was never mounted: the start said why
  }
  rmSync(mount, { recursive: true, force: true });
});

/** Writes zeros into `path` until the filesystem has no room left (ENOSPC): a MiB, then a page, then a byte at a time. */
function fill(path: string): number {
  const fd = openSync(path, 'w');
  let written = 0;
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          written += writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

Full('orders answer 503 and backups fail with why while the disk is full; both work again once there is room, and nothing acknowledged is lost', async () => {
  const dataDir = join(mount, 'data');
  const backupDir = join(dataDir, 'backups');
  const env = { PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', DATA_DIR: dataDir };
  const order = (base: string) =>
    fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pickupName: 'Ada', pickupPhone: newPhone(), items: [{ dishId: 6, quantity: 2 }], note: 'x'.repeat(200) }) });
  const placed: string[] = [];
  const place = async (base: string) => {
    const answer = await order(base);
    assert.is(answer.status, 201, await answer.clone().text());
    placed.push((await answer.json()).id);
  };

  // Orders and their dishes in the file, read beside the server (or after it).
  const counts = () => {
    const file = new SQLite(join(dataDir, 'tavola.db'), { readonly: true });
    try {
      return ['orders', 'order_items'].map((table) => (file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
    } finally {
      file.close();
    }
  };
  let server = await startServer(SERVER, env);
  const before = counts();
  let log = '';
  server.child.stdout?.on('data', (chunk) => (log += chunk));
  try {
    await place(server.base);
    const filler = join(mount, 'filler');
    assert.ok(fill(filler) > 0);

    // Full: an order (a few pages for its rows and events) cannot be written.
    let refused = 0;
    for (let attempt = 0; attempt < 100 && !refused; attempt++) {
      const answer = await order(server.base);
      if (answer.status === 201) placed.push((await answer.json()).id);
      else {
        await expectError(answer, 503, 'database_unavailable', 'The database is not answering right now. Please try again in a moment.');
        assert.is(answer.headers.get('Retry-After'), '2');
        refused++;
      }
    }
    assert.is(refused, 1, 'an order was refused once the last free pages were used');
    // Reads go on.
    assert.is((await fetch(`${server.base}/api/v1/dishes/6`)).status, 200);
    assert.is((await fetch(`${server.base}/healthz`)).status, 200);
    for (const id of placed) assert.is((await fetch(`${server.base}/api/v1/orders/${id}`)).status, 200, `order ${id} is there`);

    // A backup now fails with why, and leaves nothing behind.
    const failed = await backupCommand(['backup'], env);
    assert.is(failed.code, 1, failed.out);
    assert.match(failed.out, /^Failed: .*(full|space)/i);
    assert.equal(readdirSync(backupDir).filter((file) => !file.endsWith('.db') && !file.endsWith('.json')), [], 'no part of a backup left');
    assert.equal(readdirSync(backupDir).length, 0);

    // Room again: orders and backups work, without a restart.
    rmSync(filler);
    await place(server.base);
    const backedUp = await backupCommand(['backup'], env);
    assert.is(backedUp.code, 0, backedUp.out);

    // Full again as it stops: its shutdown backup fails in the log, and it still ends well.
    fill(filler);
    server.child.kill('SIGTERM');
    await exited(server.child);
    assert.is(server.child.exitCode, 0, log);
    assert.match(log, new RegExp(`The backup into ${backupDir} failed: .*(full|space).*\\. The next one is in 60 minutes\\.`, 'i'));
    assert.equal(readdirSync(backupDir).filter((file) => file.endsWith('.partial')), []);
    rmSync(filler);

    // A new start has every order that was acknowledged.
    server = await startServer(SERVER, env);
    for (const id of placed) assert.is((await fetch(`${server.base}/api/v1/orders/${id}`)).status, 200, `order ${id} is there after a restart`);
    await place(server.base);
  } finally {
    server.child.kill('SIGKILL');
    await exited(server.child);
  }
  // Nothing half-written: each acknowledged order with its one line, and no more.
  assert.equal(counts(), [before[0]! + placed.length, before[1]! + placed.length]);
});

Full.run();
