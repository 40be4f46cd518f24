import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBuilt } from '../helpers/built.js';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { openPostgres } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { newPostgresDatabase, POSTGRES_URL } from '../helpers/database.js';
import { backupCommand } from '../helpers/server-process.js';

// `npm run backup` and `npm run restore` with DATABASE_URL: a pg_dump of a database in use,
// read back whole, beside its manifest; restored into a new, empty database with everything
// in it; refused into a database that is not empty, and for a dump cut short, each with a
// sentence and nothing written.
const Backup = suite('PostgreSQL backups: pg_dump and pg_restore');
let dir: string;

Backup.before(async () => {
  if (!POSTGRES_URL) throw new Error('These tests need TEST_DATABASE_URL: run them with `npm test` (it starts a PostgreSQL server).');
  await serverBuilt('backup-main');
  dir = mkdtempSync(join(tmpdir(), 'tavola-pg-backup-'));
});
Backup.after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

Backup('dumped while in use, restored into an empty database with all it held; refused into one that is not empty, and for a dump cut short', async () => {
  const source = await newPostgresDatabase();
  const db = openPostgres(source, { poolSize: 2 });
  // In use: the sample service's four orders on their open bills, beside the menu and the accounts.
  await prepareDatabase(db, { passwords: createPasswords({ cost: { N: 2 ** 10, r: 8, p: 1 } }), testAccounts: true, sampleService: true });
  await db.updateTable('users').set({ name: 'Ada before the backup' }).where('email', '=', 'ada@tavola.test').execute();
  const backupDir = join(dir, 'backups');
  const dumped = await backupCommand(['backup'], { DATABASE_URL: source, BACKUP_DIR: backupDir });
  assert.is(dumped.code, 0, dumped.out);
  assert.match(dumped.out, /^Backed up to \S+\/tavola-\d{8}-\d{6}Z\.dump \([\d,]+ bytes, read back whole; SHA-256 [0-9a-f]{64}\)\.$/);
  const dump = /Backed up to (\S+\.dump) /.exec(dumped.out)![1]!;
  assert.equal(readdirSync(backupDir).map((file) => file.replace(/^tavola-\d{8}-\d{6}Z/, '')).sort(), ['.dump', '.json']);
  await db.updateTable('users').set({ name: 'Ada after the backup' }).where('email', '=', 'ada@tavola.test').execute();

  // Into the database it came from (not empty): refused, nothing written.
  const refused = await backupCommand(['restore', dump], { DATABASE_URL: source, BACKUP_DIR: backupDir });
  assert.match(refused.out, /^The database DATABASE_URL names is not empty \(\d+ tables\): restore into a new, empty database \(createdb\), then point DATABASE_URL at it\.$/);
  assert.is(refused.code, 1);
  assert.is((await db.selectFrom('users').select('name').where('email', '=', 'ada@tavola.test').executeTakeFirstOrThrow()).name, 'Ada after the backup');
  await db.destroy();

  const target = await newPostgresDatabase();
  const restored = await backupCommand(['restore', dump], { DATABASE_URL: target, BACKUP_DIR: backupDir });
  assert.is(restored.code, 0, restored.out);
  assert.match(restored.out, /^Restored tavola-\d{8}-\d{6}Z \(taken [^)]+\) into the database DATABASE_URL names\. Start the servers\.$/);
  const back = openPostgres(target, { poolSize: 2 });
  try {
    assert.is((await back.selectFrom('users').select('name').where('email', '=', 'ada@tavola.test').executeTakeFirstOrThrow()).name, 'Ada before the backup');
    const count = async (table: 'dishes' | 'orders' | 'choice_groups') => Number((await back.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    assert.equal([await count('dishes'), await count('orders'), await count('choice_groups')], [27, 4, 5]);
  } finally {
    await back.destroy();
  }

  // A dump cut short: its checksum says so, and the empty database stays empty.
  appendFileSync(dump, 'x');
  const another = await newPostgresDatabase();
  const cut = await backupCommand(['restore', dump], { DATABASE_URL: another, BACKUP_DIR: backupDir });
  assert.equal([cut.code, cut.out], [1, `${dump.split('/').at(-1)} is not the file that was backed up: its checksum differs from the one written when it was taken (cut short, or changed since).`]);
});

Backup.run();
