// Start-up shared by `npm start` and `npm run dev`: open and migrate the database (waiting
// for it when it is not answering yet), seed a fresh one, and build the app with the
// configured secret, origin and stream caps. What a shutdown needs comes back with it.
import { sweepPickupPhonesHourly } from './orders/index.js';
import { createApp } from './app.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { CHEAP_COST, createPasswords } from './auth/index.js';
import { sweepRefreshTokensHourly } from './auth/index.js';
import { startBookingReminders, sweepBookingDataHourly } from './bookings/index.js';
import { createMailer } from './mail/index.js';
import { movableClock } from './clock.js';
import { loadSecret, type Config } from './config.js';
import { openConfiguredDatabase, type Db } from './db/database.js';
import { prepareDatabase } from './seed/seed.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { createOpenStreams, type OpenStreams } from './http/open-streams.js';
import { backupsEvery, type Backups } from './backup/schedule.js';

const RETRY_MS = 2000;

export interface Booted {
  app: ReturnType<typeof createApp>;
  db: Db;
  streams: OpenStreams;
  /** From now on /readyz answers 503 and every answer closes its connection. */
  startDraining(): void;
  /** Stops the chores (the token sweep, the bookings' data sweep, the reminders) and the mailer, which finishes the sends under way. */
  stopChores(): Promise<void>;
  /** The embedded database's backups (none for PostgreSQL): the last is taken at shutdown, after the last request. */
  backups: Backups;
  /** The metrics, with METRICS_TOKEN: the HTTP server counts every answer with them (listen.ts). */
  metrics?: Metrics;
}

export async function bootApp(config: Config, { siteDir, publicOrigin = config.publicOrigin }: { siteDir?: string; publicOrigin?: string } = {}): Promise<Booted> {
  const db = openConfiguredDatabase(config);
  const passwords = createPasswords(config.cheapPasswordHashes ? { cost: CHEAP_COST } : {});
  await whenDatabaseAnswers(() => prepareDatabase(db, { passwords, testAccounts: config.testAccounts, openAllHours: config.openAllHours, sampleService: config.sampleService, timeZone: config.timeZone }));
  const backups = backupsEvery(db, { dataDir: config.dataDir, backupDir: config.backupDir, minutes: config.backupMinutes });
  const streams = createOpenStreams(config.streamLimits);
  const metrics = config.metricsToken ? createMetrics({ db, streams, backups: () => backups }) : undefined;
  let draining = false;
  const testClock = config.testClock ? movableClock() : undefined;
  const clock = testClock?.now ?? Date.now;
  const secret = loadSecret(process.env, config.dataDir);
  const timeoutMs = config.smtpTimeoutSeconds * 1000;
  // A message taken by a process killed mid-send is taken again once its lease ends: longer than a send can take.
  const mailer = createMailer({ db, clock, smtp: config.smtpUrl ? { url: config.smtpUrl, from: config.mailFrom, timeoutMs } : undefined, from: config.mailFrom, leaseMs: 4 * timeoutMs });
  const mailOrigin = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const reminderMs = config.reminderHours * 3_600_000;
  const app = createApp({ metrics: metrics && { metrics, token: config.metricsToken }, testClock, db, passwords, secret, publicOrigin, trustProxy: config.trustProxy, timeZone: config.timeZone, phoneRegion: config.phoneRegion, guestDataDays: config.bookingDataDays, siteDir, streams, isDraining: () => draining, mailer, mailOrigin, reminderMs });
  const chores = [
    sweepRefreshTokensHourly(db, clock),
    sweepBookingDataHourly(db, config.bookingDataDays, config.timeZone, clock),
    sweepPickupPhonesHourly(db, config.bookingDataDays, clock),
    startBookingReminders({ db, clock, timeZone: config.timeZone, phoneRegion: config.phoneRegion, secret, mailer, mailOrigin: publicOrigin || mailOrigin, reminderMs }),
  ];
  const stopChores = () => {
    for (const stop of chores) stop();
    return mailer.stop();
  };
  const startDraining = () => {
    draining = true;
  };
  return { app, db, streams, startDraining, stopChores, backups, metrics };
}

// A platform may start us while the database is still starting, failing over or being
// maintained: wait for it (saying so) rather than exit and be restarted in a loop.
async function whenDatabaseAnswers(work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      console.error(`The database is not answering (${(error as Error).message}); trying again in ${RETRY_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
