import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverBuilt } from '../helpers/built.js';
import { newPostgresDatabase, POSTGRES_URL } from '../helpers/database.js';
import { checkDrillData, makeDrillData } from '../helpers/restore-drill.js';
import { backupCommand, exited, startServer, stopServer } from '../helpers/server-process.js';
import { startTestSmtp } from '../helpers/smtp.js';

// The restore drill on PostgreSQL, as the one who runs Tavola would do it: data made through
// a server's API (a booking with its manage link, a pickup order, a dish's photo, the
// Admin's passkey, the guest's e-mail in the outbox: helpers/restore-drill.ts), `npm run
// backup` while it runs, kill -9, the database dropped, `npm run restore -- <dump>` into a
// new empty database, and a server started on it that has it all: the manage link opens the
// booking, the passkey signs in, and with a mail server now, the outbox sends what it had
// not sent, each message once. (On the embedded SQLite: test/reliability/restore-drill.test.ts.)
const SERVER = [process.execPath, 'dist/server/main.mjs'];
const Drill = suite('PostgreSQL: a backup restored after the database is lost');
let dir: string;

Drill.before(async () => {
  if (!POSTGRES_URL) throw new Error('These tests need TEST_DATABASE_URL: run them with `npm test` (it starts a PostgreSQL server).');
  await serverBuilt();
  await serverBuilt('backup-main');
  dir = mkdtempSync(join(tmpdir(), 'tavola-pg-drill-'));
});
Drill.after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client(POSTGRES_URL);
  await admin.connect();
  try {
    await admin.query(`drop database ${new URL(url).pathname.slice(1)} with (force)`);
  } finally {
    await admin.end();
  }
}

Drill('make data, back up, kill -9, drop the database, restore into a new one, start: everything is there', async () => {
  const source = await newPostgresDatabase();
  const backupDir = join(dir, 'backups');
  // The secret is the setting every server process of one restaurant shares (no data folder holds it).
  const env = { PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', JWT_SECRET: 'restore-drill-secret-restore-drill-secret', DATA_DIR: join(dir, 'data'), SITE_DIR: join(dir, 'no-site'), BACKUP_DIR: backupDir };
  const first = await startServer(SERVER, { ...env, DATABASE_URL: source });
  let made: Awaited<ReturnType<typeof makeDrillData>>;
  let dump: string;
  try {
    made = await makeDrillData(first.base);
    const backedUp = await backupCommand(['backup'], { DATABASE_URL: source, BACKUP_DIR: backupDir });
    assert.is(backedUp.code, 0, backedUp.out);
    dump = /Backed up to (\S+\.dump) /.exec(backedUp.out)![1]!;
  } finally {
    first.child.kill('SIGKILL');
    await exited(first.child);
  }
  await dropDatabase(source);

  const target = await newPostgresDatabase();
  const restored = await backupCommand(['restore', dump], { DATABASE_URL: target, BACKUP_DIR: backupDir });
  assert.is(restored.code, 0, restored.out);
  assert.match(restored.out, /^Restored tavola-\d{8}-\d{6}Z \(taken [^)]+\) into the database DATABASE_URL names\. Start the servers\.$/);

  const smtp = await startTestSmtp();
  const second = await startServer(SERVER, { ...env, DATABASE_URL: target, SMTP_URL: smtp.url, MAIL_FROM: 'bookings@tavola.example' });
  try {
    await checkDrillData(second.base, made, smtp);
  } finally {
    await stopServer(second.child);
    await smtp.stop();
  }
});

Drill.run();
