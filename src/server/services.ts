// What the features share, built once per app from its options: the database, the clock,
// the restaurant's place (time zone, phone region, origin), signing in, the open streams
// and the limits. Each feature takes the part it needs (its own Deps type); this object is
// all of them.
import type { Metrics } from './metrics/metrics.js';
import type { Context } from 'hono';
import { createPasswords, createRefreshTokens, createTokens, type Passwords, type RefreshTokens, type Tokens } from './auth/index.js';
import type { MovableClock } from './clock.js';
import type { Db } from './db/schema.js';
import { BOOKINGS_CHANNEL, createNotifications, type Notifications } from './db/notifications.js';
import { clientAddress } from './http/client-address.js';
import { createOpenStreams, type OpenStreams } from './http/open-streams.js';
import { createThrottle, type Throttle } from './http/throttle.js';
import type { WatchTimes } from './displays/index.js';
import { createMailer, DAY_MS, type Mailer } from './mail/index.js';
import { DEFAULT_ORDER_LIMITS, type OrderEvents, type OrderLimits } from './orders/index.js';
import { createMenuCache, type MenuCache } from './menu/index.js';

export interface AppOptions {
  db: Db;
  /** The metrics (metrics/metrics.ts) and the token GET /metrics asks for; none: /metrics is a 404. */
  metrics?: { metrics: Metrics; token: string };
  secret: Uint8Array;
  clock?: () => number;
  passwords?: Passwords;
  publicOrigin?: string;
  /** How many proxies in front of the server append to X-Forwarded-For (0: none). */
  trustProxy?: number;
  /** The built site to serve for non-API addresses; absent serves the API only. */
  siteDir?: string;
  /** Sign-in attempts allowed per account and per client in `windowMs`. */
  loginLimits?: Limits;
  /** Diners' orders counted per table code, phone and client address in `windowMs`; each count left out keeps its default. */
  orderLimits?: Partial<OrderLimits>;
  /** Where committed order events go and streams read them; one per app unless given. */
  events?: OrderEvents;
  /** How often an event stream says it is still there. */
  heartbeatMs?: number;
  /** At most this many bytes of menu answers are kept (0 keeps none: every read goes to the database). */
  menuCacheBytes?: number;
  /** The open event streams and their caps; one per app unless given. */
  streams?: OpenStreams;
  /** True once the process is shutting down: /readyz says 503 and every answer closes its connection. */
  isDraining?: () => boolean;
  /** The restaurant's time zone (IANA), for its opening hours; Europe/Rome unless given. */
  timeZone?: string;
  /** How often paired displays' streams are checked (unpaired ones end) and marked as open. */
  watchTimes?: WatchTimes;
  /** Online bookings per client address in `windowMs`. */
  bookingLimits?: { client: number; windowMs: number };
  /** The country a phone number without its country code belongs to (ISO 3166 code); IT unless given. */
  phoneRegion?: string;
  /** Days a booking's or a pickup order's personal details are kept (BOOKING_DATA_DAYS); 30 unless given. */
  guestDataDays?: number;
  /** The clock the app runs on, when tests move it over HTTP (TEST_CLOCK=on): POST /api/test/clock. `clock` is then its `now`. */
  testClock?: MovableClock;
  /** Sends guests' e-mails from the outbox (mail/); none keeps them there, unsent. */
  mailer?: Mailer;
  /** Where e-mails' links point when `publicOrigin` is not set (the address the server listens on). */
  mailOrigin?: string;
  /** How long before a booking its reminder goes (ms); 24 hours unless given. */
  reminderMs?: number;
}

interface Limits {
  account: number;
  client: number;
  windowMs: number;
}

export interface Services {
  db: Db;
  clock: () => number;
  timeZone: string;
  phoneRegion: string;
  publicOrigin: string;
  guestDataDays: number;
  heartbeatMs: number;
  isDraining: () => boolean;
  clientAddress: (c: Context) => string;
  passwords: Passwords;
  tokens: Tokens;
  refreshTokens: RefreshTokens;
  /** Failed sign-ins per account and per client address. */
  loginThrottles: { account: Throttle; client: Throttle };
  loginLimits: Limits;
  orderLimits: OrderLimits;
  bookingLimits: { client: number; windowMs: number };
  streams: OpenStreams;
  events?: OrderEvents;
  menuCache: MenuCache;
  watchTimes?: WatchTimes;
  secret: Uint8Array;
  mailer: Mailer;
  mailOrigin: string;
  reminderMs: number;
  /** "A booking changed": wakes every process's bookings pages and host stands (the bookings' and the bills' writes send it). */
  bookingNotices: Notifications;
}

const DEFAULT_LOGIN_LIMITS: Limits = { account: 5, client: 20, windowMs: 15 * 60 * 1000 };
const DEFAULT_BOOKING_LIMITS = { client: 10, windowMs: 15 * 60 * 1000 };

export function createServices(options: AppOptions): Services {
  const { db } = options;
  const clock = options.testClock?.now ?? options.clock ?? Date.now;
  const loginLimits = options.loginLimits ?? DEFAULT_LOGIN_LIMITS;
  const throttle = (name: string, limit: number) => createThrottle(db, { name, limit, windowMs: loginLimits.windowMs, clock });
  return {
    db,
    clock,
    timeZone: options.timeZone ?? 'Europe/Rome',
    phoneRegion: options.phoneRegion ?? 'IT',
    publicOrigin: options.publicOrigin ?? '',
    guestDataDays: options.guestDataDays ?? 30,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    isDraining: options.isDraining ?? (() => false),
    clientAddress: (c) => clientAddress(c, options.trustProxy ?? 0),
    passwords: options.passwords ?? createPasswords(),
    tokens: createTokens(options.secret, clock),
    refreshTokens: createRefreshTokens(db, clock, options.secret),
    loginThrottles: { account: throttle('login-account', loginLimits.account), client: throttle('login-client', loginLimits.client) },
    loginLimits,
    orderLimits: { ...DEFAULT_ORDER_LIMITS, ...options.orderLimits },
    bookingLimits: options.bookingLimits ?? DEFAULT_BOOKING_LIMITS,
    streams: options.streams ?? createOpenStreams(),
    events: options.events,
    menuCache: createMenuCache(db, { maxBytes: options.menuCacheBytes }),
    watchTimes: options.watchTimes,
    secret: options.secret,
    mailer: options.mailer ?? createMailer({ db, clock }),
    mailOrigin: options.publicOrigin || options.mailOrigin || 'http://localhost:8080',
    reminderMs: options.reminderMs ?? DAY_MS,
    bookingNotices: createNotifications(db, BOOKINGS_CHANNEL),
  };
}
