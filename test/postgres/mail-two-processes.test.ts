import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../../src/server/db/database.js';
import { newPostgresDatabase, POSTGRES_URL } from '../helpers/database.js';
import { startServer } from '../helpers/server-process.js';
import { newPhone } from '../helpers/phones.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

// Guests' e-mails with two server processes on one PostgreSQL database, both sending from
// the one outbox: 30 bookings through both while the mail server asks to try later, so
// every message waits for a retry that either process may take (FOR UPDATE SKIP LOCKED).
// Then the mail server takes them: each of the 30 arrives once.
let servers: ChildProcess[] = [];
let bases: [string, string];
let db: Db;
let dataDir: string;
let smtp: TestSmtp;

const Mail = suite('guests’ e-mails from two server processes, one PostgreSQL database');

Mail.before(async () => {
  if (!POSTGRES_URL) throw new Error('These tests need TEST_DATABASE_URL: run them with `npm test` (it starts a PostgreSQL server).');
  smtp = await startTestSmtp();
  const url = await newPostgresDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'tavola-mail-two-'));
  const env = { DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', TRUST_PROXY: 'on', JWT_SECRET: 'mail-two-secret-mail-two-secret-mail', DATA_DIR: dataDir, SITE_DIR: join(dataDir, 'no-site'), SMTP_URL: smtp.url, MAIL_FROM: 'bookings@tavola.test', SMTP_TIMEOUT_SECONDS: '2' };
  const started = await Promise.all([0, 1].map(() => startServer([process.execPath, '--import', 'tsx', 'src/server/main.ts'], env)));
  servers = started.map((each) => each.child);
  bases = [started[0]!.base, started[1]!.base];
  db = openPostgres(url, { poolSize: 2 });
});

Mail.after(async () => {
  for (const server of servers) server.kill();
  await db?.destroy();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

Mail('30 bookings through both, retried by either: 30 confirmations, each received once', async () => {
  smtp.behave('later');
  const rules = await (await fetch(`${bases[0]}/api/v1/bookings/rules`)).json();
  const date = (days: number) => new Date(Date.parse(`${rules.firstDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const response = await fetch(`${bases[i % 2]}/api/v1/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.6.0.${i + 1}` },
        body: JSON.stringify({ party: 2, date: date(2 + (i % 10)), time: ['19:00', '20:00', '21:00'][Math.floor(i / 10)], name: `Guest ${i}`, phone: newPhone(), email: `guest${i}@example.com` }),
      });
      assert.is(response.status, 201, await response.text());
    }),
  );
  const waiting = async () => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('state', '=', 'waiting').where('tries', '>=', 1).executeTakeFirstOrThrow()).n);
  for (let waited = 0; (await waiting()) < 30; waited += 50) {
    assert.ok(waited < 10_000, 'each tried once and waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  smtp.behave('accept');
  await smtp.waitFor(30, 30_000);
  // The server has the 30th message before its sender hears the 250 and writes "sent": until then it is "sending".
  const unfinished = async () => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('state', '!=', 'sent').executeTakeFirstOrThrow()).n);
  for (let waited = 0; (await unfinished()) > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const rows = await db.selectFrom('outbox').select(['message_id', 'state', 'tries']).execute();
  assert.equal(rows.map((row) => row.state), Array(30).fill('sent'));
  const received = smtp.received.map(({ mail }) => mail.messageId).sort();
  assert.equal(received, rows.map((row) => row.message_id).sort(), 'each once');
  assert.equal(new Set(smtp.received.map(({ envelopeTo }) => envelopeTo[0])).size, 30);
});

Mail.run();
