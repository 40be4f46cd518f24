// The embedded database's backups (src/server/backup/): one taken while orders are written is
// whole, checked and named in its manifest, the server's secret beside it; a backup cut
// short is never taken for one, and the next removes what it left; the newest of each of 48
// hours and 14 days are kept; a restore refuses a copy cut short, another program's file, a
// checksum that differs, a newer schema and a data folder a server uses, each with a
// sentence and the current database untouched; and puts a good one in place, keeping the
// replaced database aside. A backup a person asked for is kept through the server's own
// (its shutdown's too) until they take another. (The whole drill, kill -9 included, is test/reliability/restore-drill.test.ts.)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { BackupProblem, DAILY_KEPT, fileSha256, HOURLY_KEPT, listBackups, prune, takeBackup, type Backup } from '../../src/server/backup/backup.js';
import { PID_FILE, restoreBackup } from '../../src/server/backup/restore.js';
import { backupsEvery } from '../../src/server/backup/schedule.js';
import { embeddedHandle, waitingForTurns } from '../../src/server/db/embedded-handle.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrations } from '../../src/server/db/migrations/index.js';
import type { Db } from '../../src/server/db/schema.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';

const Backups = suite('backups of the embedded database');
const KNOWN = Object.keys(migrations);
let dir: string;
let dataDir: string;
let backupDir: string;
let db: Db;

Backups.before.each(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tavola-backup-'));
  dataDir = join(dir, 'data');
  backupDir = join(dir, 'backups');
  db = openDatabase(dataDir);
  // A database in use: the sample service's four orders on their open bills, beside the menu and the accounts.
  await prepareDatabase(db, { passwords: createPasswords({ cost: { N: 2 ** 10, r: 8, p: 1 } }), testAccounts: true, sampleService: true });
  writeFileSync(join(dataDir, 'jwt-secret'), 'a-secret-of-this-server', { mode: 0o600 });
});
Backups.after.each(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const sqliteOf = (database: Db) => embeddedHandle(database)!;
const countIn = (file: string, table: string) => {
  const copy = new SQLite(file, { readonly: true });
  try {
    return (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    copy.close();
  }
};
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

Backups('a backup taken while orders are written: whole, checked, its manifest names its checksum and schema; the secret beside it', async () => {
  // Rows written all through the backup (as orders would be): each lands, and the backup is whole.
  await sql`create table scratch (n integer)`.execute(db);
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) {
      await sql`insert into scratch (n) values (${written})`.execute(db);
      written++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const backup = await takeBackup(sqliteOf(db), { dataDir, backupDir, now: Date.UTC(2026, 10, 28, 3, 5, 12) });
  writing = false;
  await writer;
  assert.is(backup.name, 'tavola-20261128-030512Z');
  assert.equal(readdirSync(backupDir).sort(), ['tavola-20261128-030512Z.db', 'tavola-20261128-030512Z.json', 'tavola-20261128-030512Z.secret']);
  const file = join(backupDir, `${backup.name}.db`);
  assert.equal(JSON.parse(readFileSync(join(backupDir, `${backup.name}.json`), 'utf8')), { ...backup });
  assert.equal([backup.sha256, backup.bytes, backup.migrations], [fileSha256(file), statSync(file).size, KNOWN]);
  assert.is(readFileSync(join(backupDir, `${backup.name}.secret`), 'utf8'), 'a-secret-of-this-server');
  assert.equal([mode(file), mode(join(backupDir, `${backup.name}.secret`)), mode(join(backupDir, `${backup.name}.json`))], ['600', '600', '600']);
  assert.ok(written > 0, 'rows were written during the backup');
  assert.is(countIn(join(dataDir, 'tavola.db'), 'scratch'), written, 'every write landed');
  const copied = countIn(file, 'scratch');
  assert.ok(copied <= written, `the copy holds ${copied} rows: those written before its last step`);
  assert.is(countIn(file, 'orders'), 4);
  assert.equal(listBackups(backupDir).map((one) => one.name), [backup.name]);
});

Backups('the server’s own: one every BACKUP_MINUTES while it runs, one more as it stops, each counted for the metrics', async () => {
  // A tenth of a second between backups, and a clock an hour on at each (their names are by the second).
  let at = Date.UTC(2026, 10, 28, 0, 0, 0);
  const backups = backupsEvery(db, { dataDir, backupDir, minutes: 0.1 / 60 }, () => (at += 3_600_000));
  const started = Date.now();
  while (listBackups(backupDir).length < 2) {
    assert.ok(Date.now() - started < 5000, 'two backups within five seconds');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await backups.stop();
  const names = listBackups(backupDir).map((backup) => backup.name);
  assert.ok(names.length >= 3, names.join(' '));
  assert.is(names[0], `tavola-${new Date(at).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}Z`, 'the last, as it stopped');
  assert.equal(backups.stats(), { lastSuccessMs: at, lastBytes: listBackups(backupDir)[0]!.bytes, failures: 0 });
  const count = listBackups(backupDir).length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.is(listBackups(backupDir).length, count, 'stopped: no more');
});

Backups('the server’s own gives way while requests wait for the database: a page a step then, a hundred when none waits; the copy whole either way', async () => {
  const sqlite = embeddedHandle(db)!;
  sqlite.exec('create table filler (b blob); with recursive n(i) as (select 1 union all select i + 1 from n where i < 300) insert into filler select randomblob(3000) from n;');
  const pages = (sqlite.pragma('page_count', { simple: true }) as number) - (sqlite.pragma('freelist_count', { simple: true }) as number);
  const steps = async (waiting: boolean, at: number) => {
    let asked = 0;
    const busy = () => {
      asked++;
      return waiting;
    };
    const backup = await takeBackup(sqlite, { dataDir, backupDir, now: at, busy });
    assert.is(new SQLite(join(backupDir, `${backup.name}.db`), { readonly: true }).pragma('integrity_check', { simple: true }), 'ok');
    return asked;
  };
  const busySteps = await steps(true, Date.UTC(2026, 10, 28, 3));
  const quietSteps = await steps(false, Date.UTC(2026, 10, 28, 4));
  assert.ok(pages > 400, `${pages} pages`);
  assert.ok(busySteps >= pages - 100, `a page a step while busy: ${busySteps} steps for ${pages} pages`);
  assert.ok(quietSteps <= Math.ceil(pages / 100) + 1, `a hundred pages a step when quiet: ${quietSteps} steps for ${pages} pages`);
  // The server's backups ask its connection's line (db/taking-turns.ts): none waits between tests.
  assert.is(waitingForTurns(db), 0);
});

Backups('a backup cut short (kill -9) is never taken for one, and the next backup removes what it left', async () => {
  mkdirSync(backupDir);
  writeFileSync(join(backupDir, 'tavola-20261128-010000Z.db.partial'), 'half a database');
  writeFileSync(join(backupDir, 'tavola-20261128-020000Z.db'), 'a copy whose manifest was never written');
  assert.equal(listBackups(backupDir), []);
  assert.throws(() => restoreBackup(join(backupDir, 'tavola-20261128-020000Z.db'), dataDir, KNOWN), (error: Error) => error instanceof BackupProblem && error.message === 'tavola-20261128-020000Z.db has no manifest (tavola-20261128-020000Z.json): a backup cut short is never used.');
  const backup = await takeBackup(sqliteOf(db), { dataDir, backupDir, now: Date.UTC(2026, 10, 28, 3, 0, 0) });
  assert.equal(readdirSync(backupDir).sort(), [`${backup.name}.db`, `${backup.name}.json`, `${backup.name}.secret`]);
});

Backups('a folder that cannot be written fails the backup with why, and leaves nothing behind', async () => {
  writeFileSync(join(dir, 'a-file'), 'not a folder');
  try {
    await takeBackup(sqliteOf(db), { dataDir, backupDir: join(dir, 'a-file', 'backups') });
    assert.unreachable('a backup into a file');
  } catch (error) {
    assert.match((error as NodeJS.ErrnoException).code ?? '', /^(ENOTDIR|EEXIST)$/);
  }
  assert.is(countIn(join(dataDir, 'tavola.db'), 'orders'), 4, 'the database goes on');
  // The server's own backups: the failure said in the log, never thrown at the service.
  const said: string[] = [];
  const error = console.error;
  console.error = (line: string) => said.push(line);
  try {
    const backups = backupsEvery(db, { dataDir, backupDir: join(dir, 'a-file', 'backups'), minutes: 60 });
    assert.is(readFileSync(join(dataDir, PID_FILE), 'utf8'), `${process.pid}\n`, 'the data folder is this process’s while it runs');
    assert.is(await backups.now(), null);
    await backups.stop();
  } finally {
    console.error = error;
  }
  assert.is(said.length, 2);
  assert.match(said[0]!, `The backup into ${join(dir, 'a-file', 'backups')} failed: `);
  assert.match(said[0]!, /The next one is in 60 minutes\.$/);
  assert.is(existsSync(join(dataDir, PID_FILE)), false, 'stopped, it gives the folder up');
});

Backups('kept: the newest backup of each of the last 48 hours and of each of the last 14 days; the others are removed', () => {
  mkdirSync(backupDir);
  const now = Date.UTC(2026, 10, 28, 12, 10);
  const names: string[] = [];
  // Every 20 minutes for 30 days back.
  for (let at = now; at > now - 30 * 86_400_000; at -= 20 * 60_000) {
    const name = `tavola-${new Date(at).toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.\d+Z$/, 'Z')}`;
    const manifest: Backup = { name, at: new Date(at).toISOString(), bytes: 1, sha256: 'x', migrations: [] };
    writeFileSync(join(backupDir, `${name}.json`), JSON.stringify(manifest));
    writeFileSync(join(backupDir, `${name}.db`), 'x');
    names.push(name);
  }
  const removed = prune(backupDir, now);
  const kept = listBackups(backupDir).map((backup) => backup.at);
  // 48 hours (this one included), then one a day for the days before them, up to 14 days.
  assert.is(kept.length, HOURLY_KEPT + (DAILY_KEPT - 3));
  assert.equal(kept.slice(0, 3), ['2026-11-28T12:10:00.000Z', '2026-11-28T11:50:00.000Z', '2026-11-28T10:50:00.000Z']);
  assert.is(kept[HOURLY_KEPT - 1], '2026-11-26T13:50:00.000Z');
  assert.equal(kept.slice(HOURLY_KEPT), ['2026-11-25T23:50:00.000Z', '2026-11-24T23:50:00.000Z', '2026-11-23T23:50:00.000Z', '2026-11-22T23:50:00.000Z', '2026-11-21T23:50:00.000Z', '2026-11-20T23:50:00.000Z', '2026-11-19T23:50:00.000Z', '2026-11-18T23:50:00.000Z', '2026-11-17T23:50:00.000Z', '2026-11-16T23:50:00.000Z', '2026-11-15T23:50:00.000Z']);
  assert.is(removed.length + kept.length, names.length);
  assert.equal(readdirSync(backupDir).length, kept.length * 2, 'each removed backup’s files went with it');
});

Backups('a backup a person asked for (npm run backup) outlives the server’s own of the same hour, its shutdown’s included: restored after the stop, and replaced by their next', async () => {
  const hour = Date.UTC(2026, 10, 28, 10, 0, 0);
  // Theirs at 10:05, as npm run backup takes it: a snapshot from a connection of its own, named as theirs.
  const theirs = new SQLite(join(dataDir, 'tavola.db'), { fileMustExist: true });
  const asked = await takeBackup(theirs, { dataDir, backupDir, now: hour + 5 * 60_000, snapshot: true, manual: true }).finally(() => theirs.close());
  assert.is(asked.name, 'tavola-20261128-100500Z-manual');
  assert.equal(readdirSync(backupDir).sort(), ['tavola-20261128-100500Z-manual.db', 'tavola-20261128-100500Z-manual.json', 'tavola-20261128-100500Z-manual.secret']);
  await sql`update users set name = 'Renamed after their backup' where email = 'ada@tavola.test'`.execute(db);
  // The server's own in the same hour, at 10:30 and as it stops at 10:45: each the newest of the hour, and theirs stays.
  let at = hour + 30 * 60_000;
  const server = backupsEvery(db, { dataDir, backupDir, minutes: 60 }, () => at);
  assert.ok(await server.now());
  at = hour + 45 * 60_000;
  await server.stop();
  assert.equal(listBackups(backupDir).map((backup) => backup.name), ['tavola-20261128-104500Z', 'tavola-20261128-100500Z-manual']);
  // The server stopped, the file they were told about restores: what it held at 10:05.
  await db.destroy();
  const { backup } = restoreBackup(join(backupDir, `${asked.name}.db`), dataDir, KNOWN, hour + 50 * 60_000);
  assert.equal([backup.name, backup.sha256, fileSha256(join(dataDir, 'tavola.db'))], [asked.name, asked.sha256, asked.sha256]);
  db = openDatabase(dataDir);
  assert.is((await db.selectFrom('users').select('name').where('email', '=', 'ada@tavola.test').executeTakeFirstOrThrow()).name, 'Ada Conti');
  // Their next, at 11:20, replaces it; the server's 10:45 stays, the newest of its hour.
  const next = await takeBackup(sqliteOf(db), { dataDir, backupDir, now: hour + 80 * 60_000, manual: true });
  assert.equal(listBackups(backupDir).map((one) => one.name), [next.name, 'tavola-20261128-104500Z']);
  assert.equal(readdirSync(backupDir).filter((file) => file.startsWith(asked.name)), [], 'each of its files went with it');
});

/** A backup of the test's database, and a way to change its copy and keep the manifest's checksum true to it. */
async function aBackup() {
  const backup = await takeBackup(sqliteOf(db), { dataDir, backupDir });
  const file = join(backupDir, `${backup.name}.db`);
  const resign = () => writeFileSync(join(backupDir, `${backup.name}.json`), JSON.stringify({ ...backup, sha256: fileSha256(file) }));
  return { backup, file, resign };
}

Backups('a restore refuses a copy cut short, a changed one, another program’s file, another program’s database, a newer schema and a data folder in use; each with a sentence, the database untouched', async () => {
  const current = join(dataDir, 'tavola.db');
  const refused = (given: string, message: string) => {
    const before = fileSha256(current);
    try {
      restoreBackup(given, dataDir, KNOWN);
      assert.unreachable(`restored ${given}`);
    } catch (error) {
      assert.instance(error, BackupProblem);
      assert.is((error as Error).message, message);
    }
    assert.is(fileSha256(current), before, 'the current database is untouched');
    assert.is(existsSync(current), true);
  };
  const cut = await aBackup();
  truncateSync(cut.file, 4096);
  refused(cut.file, `${cut.backup.name}.db is not the file that was backed up: its checksum differs from the one written when it was taken (cut short, or changed since).`);
  const changed = await aBackup();
  appendFileSync(changed.file, 'more');
  refused(join(backupDir, `${changed.backup.name}.json`), `${changed.backup.name}.db is not the file that was backed up: its checksum differs from the one written when it was taken (cut short, or changed since).`);

  const other = await aBackup();
  writeFileSync(other.file, 'PK\u0003\u0004 a zip file, say');
  other.resign();
  refused(other.file, `${other.backup.name}.db is not a database: file is not a database.`);

  const foreign = await aBackup();
  rmSync(foreign.file);
  const another = new SQLite(foreign.file);
  another.exec('create table notes (text)');
  another.close();
  foreign.resign();
  refused(foreign.file, `${foreign.backup.name}.db is an SQLite database, but not Tavola's: it has no migrations.`);

  const newer = await aBackup();
  const copy = new SQLite(newer.file);
  copy.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('099-from-the-future', new Date().toISOString());
  copy.close();
  newer.resign();
  refused(newer.file, `${newer.backup.name}.db was made by a newer Tavola (its schema has 099-from-the-future): update Tavola, then restore it.`);

  const good = await aBackup();
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
  refused(good.file, `A Tavola server (process ${process.pid}) is using ${dataDir}: stop it, then restore.`);
  rmSync(join(dataDir, PID_FILE));
  refused(join(backupDir, 'tavola-20200101-000000Z'), `There is no backup at ${join(backupDir, 'tavola-20200101-000000Z')}: tavola-20200101-000000Z.db is not there.`);
});

Backups('a restore puts the backup in place with its secret, and keeps the database it replaces aside', async () => {
  const { backup, file } = await aBackup();
  await sql`update users set name = 'Renamed after the backup' where email = 'ada@tavola.test'`.execute(db);
  await db.destroy();
  writeFileSync(join(dataDir, 'jwt-secret'), 'a secret made later');
  const { keptAside } = restoreBackup(file, dataDir, KNOWN, Date.UTC(2026, 10, 28, 4, 0));
  assert.is(keptAside, join(dataDir, 'before-restore-2026-11-28T04-00-00-000Z'));
  const adaIn = (file: string) => {
    const copy = new SQLite(file, { readonly: true });
    try {
      return (copy.prepare("select name from users where email = 'ada@tavola.test'").get() as { name: string }).name;
    } finally {
      copy.close();
    }
  };
  assert.is(adaIn(join(keptAside!, 'tavola.db')), 'Renamed after the backup', 'the replaced database, with the change made after the backup');
  assert.is(adaIn(join(dataDir, 'tavola.db')), 'Ada Conti');
  assert.is(fileSha256(join(dataDir, 'tavola.db')), backup.sha256);
  assert.is(readFileSync(join(dataDir, 'jwt-secret'), 'utf8'), 'a-secret-of-this-server');
  assert.equal([mode(join(dataDir, 'tavola.db')), mode(join(dataDir, 'jwt-secret'))], ['600', '600']);
  db = openDatabase(dataDir); // for the after.each
});

Backups.run();
