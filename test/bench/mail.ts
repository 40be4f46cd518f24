// Guests' confirmations through a real mail server: 1,000 bookings made through the API of a
// server as `npm start` runs it (SQLite, SMTP_URL to an SMTP server in this process), 10 at a
// time. For each: the time from the booking's answer to its confirmation received, and
// whether it came once. Three runs: all well; the mail server stopped for 30 s from the
// 300th booking; the server process killed (-9) at the 500th booking and started again on
// the same data (a message it had taken goes once its lease ends: SMTP_TIMEOUT_SECONDS=2,
// so 8 s). "Lost" is a booking made (201) without its confirmation after the last wait;
// "twice" counts a Message-ID received more than once (a retry after an unknown result).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { serverBuilt } from '../helpers/built.js';
import { newPhone } from '../helpers/phones.js';
import { startServer } from '../helpers/server-process.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

export interface MailRun {
  bookings: number;
  received: number;
  p50: number;
  p99: number;
  /** From the fault's end (mail server back, server started again) to the last confirmation (s). */
  recoveredIn: number | null;
  lost: number;
  twice: number;
}

const TIMES = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00'];
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0;

async function run(fault: 'none' | 'smtp-stopped' | 'kill-9', count: number): Promise<MailRun> {
  const smtp: TestSmtp = await startTestSmtp({ acceptFirst: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-mail-bench-'));
  const env = { PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', DATA_DIR: dataDir, SITE_DIR: join(dataDir, 'no-site'), TRUST_PROXY: '1', JWT_SECRET: 'mail-bench-secret-mail-bench-secret', SMTP_URL: smtp.url, MAIL_FROM: 'bookings@tavola.test', SMTP_TIMEOUT_SECONDS: '2' };
  let server: { base: string; child: ChildProcess } = await startServer([process.execPath, 'dist/server/main.mjs'], env);
  const answeredAt = new Map<string, number>();
  let faultEnded: number | null = null;
  let next = 0;
  try {
    const firstDate = ((await (await fetch(`${server.base}/api/v1/bookings/rules`)).json()) as { firstDate: string }).firstDate;
    const book = async (i: number) => {
      const email = `guest${i}@bench.test`;
      const body = { party: 2, date: plusDays(firstDate, 2 + (i % 40)), time: TIMES[Math.floor(i / 40) % TIMES.length], name: `Guest ${i}`, phone: newPhone(), email };
      for (;;) {
        try {
          const answer = await fetch(`${server.base}/api/v1/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.7.${i >> 8}.${i & 255}` }, body: JSON.stringify(body) });
          await answer.body?.cancel();
          if (answer.status === 201) answeredAt.set(email, Date.now());
          else if (answer.status !== 409) throw new Error(`a booking answered ${answer.status}`);
          return;
        } catch (error) {
          if ((error as Error).message.startsWith('a booking answered')) throw error;
          await sleep(100); // no answer: the server is being started again
        }
      }
    };
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < count) {
          const i = next++;
          if (fault === 'smtp-stopped' && i === 300) {
            await smtp.stop();
            setTimeout(() => void smtp.start().then(() => (faultEnded = Date.now())), 30_000);
          }
          if (fault === 'kill-9' && i === 500) {
            server.child.kill('SIGKILL');
            server = await startServer([process.execPath, 'dist/server/main.mjs'], env);
            faultEnded = Date.now();
          }
          await book(i);
        }
      }),
    );
    // Every confirmation, or give up 3 minutes after the last booking (growing retries after a long stop take a while).
    const until = Date.now() + 180_000;
    const confirmations = () => smtp.received.filter(({ mail }) => mail.subject?.startsWith('Your table at'));
    while (new Set(confirmations().map(({ envelopeTo }) => envelopeTo[0])).size < answeredAt.size && Date.now() < until) await sleep(100);
    const got = confirmations();
    const firstArrival = new Map<string, number>();
    for (const { envelopeTo, at } of got) if (!firstArrival.has(envelopeTo[0]!)) firstArrival.set(envelopeTo[0]!, at);
    const delays = [...answeredAt].filter(([email]) => firstArrival.has(email)).map(([email, at]) => Math.max(0, firstArrival.get(email)! - at)).sort((a, b) => a - b);
    const ids = got.map(({ mail }) => mail.messageId);
    return {
      bookings: answeredAt.size,
      received: got.length,
      p50: percentile(delays, 0.5),
      p99: percentile(delays, 0.99),
      recoveredIn: faultEnded === null ? null : Math.round((Math.max(...got.map(({ at }) => at)) - faultEnded) / 100) / 10,
      lost: [...answeredAt.keys()].filter((email) => !firstArrival.has(email)).length,
      twice: ids.length - new Set(ids).size,
    };
  } finally {
    server.child.kill('SIGKILL');
    await smtp.stop().catch(() => {});
    if (process.env.KEEP_MAIL_BENCH) console.error(dataDir);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureMail({ count = 1000 } = {}): Promise<Record<'none' | 'smtp-stopped' | 'kill-9', MailRun>> {
  await serverBuilt();
  return { none: await run('none', count), 'smtp-stopped': await run('smtp-stopped', count), 'kill-9': await run('kill-9', count) };
}

if (process.argv[1]?.endsWith('mail.ts')) console.log(JSON.stringify(await measureMail({ count: Number(process.argv[2] ?? 1000) }), null, 1));
