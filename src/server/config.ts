// Configuration from the environment; every setting has a default that works on a
// fresh clone, so `npm start` needs none of them.
import { LOG_LEVELS, type LogLevel } from './logs/log.js';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { checkTimeZone } from './restaurant/index.js';
import { checkPhoneRegion } from './http/phone.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './http/open-streams.js';
import { CONNECTION_LIMITS } from './http/listen.js';

/** The project folder: two levels up from both src/server and dist/server. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL URL (`postgres://user:password@host:port/database`); empty uses the embedded SQLite in dataDir. */
  databaseUrl: string;
  /** Connections to PostgreSQL per process, at most. */
  poolSize: number;
  /** The site's public origin (e.g. https://tavola.example); empty means "the Host the request names". */
  publicOrigin: string;
  /** Create the test accounts (one per role) on a fresh database. */
  testAccounts: boolean;
  /** How many proxies in front append to X-Forwarded-For: the client is that many entries from the right (0: use the socket). */
  trustProxy: number;
  siteDir: string;
  /** Caps on open event streams (http/open-streams.ts). */
  streamLimits: StreamLimits;
  /** Seconds a request has to arrive whole (http/listen.ts). */
  requestSeconds: number;
  /** Connections at once from one address; 0 (the default behind a proxy, whose address every connection has) for none. */
  connectionsPerAddress: number;
  /** The restaurant's time zone: its opening hours and days are in it. */
  timeZone: string;
  /** A fresh database starts open every hour of every day instead of the sample week. */
  openAllHours: boolean;
  /** A fresh database starts with a service under way: guests eating at three tables, their orders on the kitchen's boards and their bills open (`npm start` and `npm run dev` ask for it; SAMPLE_SERVICE=on). */
  sampleService: boolean;
  /** Days after a booking's day its guest's details are removed. */
  bookingDataDays: number;
  /** The country of a phone number written without its country code. */
  phoneRegion: string;
  /** A clock that tests move (POST /api/test/clock): never in production. */
  testClock: boolean;
  /** Passwords hashed at a cost a thousandth of OWASP's, so that tests sign in quickly: never in production. */
  cheapPasswordHashes: boolean;
  /** Guests' e-mails: the mail server (`smtp://user:password@host:587`), or empty to keep them in the outbox unsent. */
  smtpUrl: string;
  /** The address guests' e-mails come from (the restaurant's name is shown with it). */
  mailFrom: string;
  /** How long to wait for the mail server's connection, greeting and each answer. */
  smtpTimeoutSeconds: number;
  /** Hours before a booking its reminder e-mail goes. */
  reminderHours: number;
  /** Where the embedded database's backups go (`BACKUP_DIR`; `<dataDir>/backups` unless set): backup/backup.ts. */
  backupDir: string;
  /** Minutes between backups (`BACKUP_MINUTES`, 60); one is also taken at shutdown. */
  backupMinutes: number;
  /** The Bearer token GET /metrics asks for (`METRICS_TOKEN`); empty: no metrics, /metrics is a 404. */
  metricsToken: string;
  /** The least level of a log line written (`LOG_LEVEL`, info): logs/log.ts. */
  logLevel: LogLevel;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || join(PROJECT_ROOT, 'data'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    poolSize: poolSize(env.DATABASE_POOL_SIZE),
    publicOrigin: (env.PUBLIC_ORIGIN ?? '').replace(/\/+$/, ''),
    testAccounts: env.TEST_ACCOUNTS ? env.TEST_ACCOUNTS === 'on' : !production,
    trustProxy: proxyHops(env.TRUST_PROXY),
    requestSeconds: count('REQUEST_SECONDS', env.REQUEST_SECONDS, CONNECTION_LIMITS.requestSeconds),
    connectionsPerAddress: env.CONNECTIONS_PER_ADDRESS === 'off' ? 0 : count('CONNECTIONS_PER_ADDRESS', env.CONNECTIONS_PER_ADDRESS, proxyHops(env.TRUST_PROXY) ? 0 : CONNECTION_LIMITS.connectionsPerAddress),
    siteDir: env.SITE_DIR || join(PROJECT_ROOT, 'dist', 'site'),
    streamLimits: {
      perClient: count('STREAMS_PER_CLIENT', env.STREAMS_PER_CLIENT, DEFAULT_STREAM_LIMITS.perClient),
      perAccount: count('STREAMS_PER_ACCOUNT', env.STREAMS_PER_ACCOUNT, DEFAULT_STREAM_LIMITS.perAccount),
      perProcess: count('STREAMS_PER_PROCESS', env.STREAMS_PER_PROCESS, DEFAULT_STREAM_LIMITS.perProcess),
    },
    timeZone: checkTimeZone(env.TIME_ZONE || 'Europe/Rome'),
    openAllHours: onOrOff('OPEN_ALL_HOURS', env.OPEN_ALL_HOURS),
    sampleService: onOrOff('SAMPLE_SERVICE', env.SAMPLE_SERVICE),
    bookingDataDays: count('BOOKING_DATA_DAYS', env.BOOKING_DATA_DAYS, 30),
    phoneRegion: checkPhoneRegion(env.PHONE_REGION || 'IT'),
    testClock: testClock(env.TEST_CLOCK, production),
    cheapPasswordHashes: cheapPasswordHashes(env.CHEAP_PASSWORD_HASHES, production),
    ...mail(env, production),
    backupDir: env.BACKUP_DIR || join(env.DATA_DIR || join(PROJECT_ROOT, 'data'), 'backups'),
    backupMinutes: count('BACKUP_MINUTES', env.BACKUP_MINUTES, 60),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    logLevel: logLevel(env.LOG_LEVEL),
  };
}

function mail(env: NodeJS.ProcessEnv, production: boolean) {
  const smtpUrl = env.SMTP_URL ?? '';
  // Without it the links in e-mails would name the address the server listens on, which a guest cannot reach.
  if (smtpUrl && production && !env.PUBLIC_ORIGIN) throw new Error("PUBLIC_ORIGIN must be set with SMTP_URL in production: the links in guests' e-mails start with it (https://your-restaurant.example).");
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// (or smtps://), e.g. smtp://user:password@mail.example:587.');
  const mailFrom = env.MAIL_FROM ?? '';
  if (smtpUrl && !/^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(mailFrom)) throw new Error('MAIL_FROM must be the address guests\' e-mails come from (bookings@your-restaurant.example) when SMTP_URL is set.');
  return {
    smtpUrl,
    mailFrom: mailFrom || 'bookings@localhost',
    smtpTimeoutSeconds: count('SMTP_TIMEOUT_SECONDS', env.SMTP_TIMEOUT_SECONDS, 30),
    reminderHours: count('MAIL_REMINDER_HOURS', env.MAIL_REMINDER_HOURS, 24),
  };
}

/** TEST_CLOCK=on lets anyone move the server's clock (and with it every token's expiry): tests only. */
function testClock(value: string | undefined, production: boolean): boolean {
  const on = onOrOff('TEST_CLOCK', value);
  if (on && production) throw new Error('TEST_CLOCK=on is for tests only (it lets anyone move the clock): a production start (NODE_ENV=production) refuses it.');
  return on;
}

/** CHEAP_PASSWORD_HASHES=on makes every password cheap to guess from its hash: tests only. */
function cheapPasswordHashes(value: string | undefined, production: boolean): boolean {
  const on = onOrOff('CHEAP_PASSWORD_HASHES', value);
  if (on && production) throw new Error('CHEAP_PASSWORD_HASHES=on is for tests only (a stolen database would give its passwords up): a production start (NODE_ENV=production) refuses it.');
  return on;
}

/** A whole number from 1 to 1,000,000, or `fallback` when unset. */
function logLevel(value = 'info'): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  return value as LogLevel;
}

function metricsToken(value = ''): string {
  if (value && value.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters: anyone who guesses it reads the metrics.');
  return value;
}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 1_000_000) throw new Error(`${name} must be a whole number from 1 to 1000000.`);
  return number;
}

function onOrOff(name: string, value = 'off'): boolean {
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off.`);
  return value === 'on';
}

function databaseUrl(value = ''): string {
  if (value && !/^postgres(ql)?:\/\//.test(value)) throw new Error('DATABASE_URL must start with postgres:// (or be unset for the embedded database).');
  return value;
}

function poolSize(value = '10'): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new Error('DATABASE_POOL_SIZE must be a whole number from 1 to 100.');
  return size;
}

/** `TRUST_PROXY`: `off` (or unset) is 0, `on` is one proxy, a number is that many. */
function proxyHops(value = 'off'): number {
  if (value === 'off') return 0;
  if (value === 'on') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error('TRUST_PROXY must be off, on, or the number of proxies in front (0 to 10).');
  return hops;
}

/**
 * The key that signs access tokens: JWT_SECRET when set (at least 32 characters), else
 * a random one made on first start and kept in the data folder, readable by us only.
 */
export function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (dataDir === ':memory:') return randomBytes(32);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
