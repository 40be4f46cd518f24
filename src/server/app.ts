// Puts the server together: the API under /api/v1, its docs, and the built site for
// every other address. Everything it needs is passed in, so tests build one in process
// with an in-memory database and a clock they control.
import { restaurantRoutes } from './restaurant/index.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { createPasswords, type Passwords } from './auth/index.js';
import { createRefreshTokens } from './auth/index.js';
import { createThrottle } from './http/throttle.js';
import { createOrderCounter, DEFAULT_ORDER_LIMITS, type OrderLimits } from './orders/index.js';
import { createTokens } from './auth/index.js';
import type { Db } from './db/schema.js';
import { addOpenApiDocument, docsRoutes } from './docs.js';
import { ApiError, errorResponse, handleError } from './http/errors.js';
import { clientAddress } from './http/client-address.js';
import { compressJson } from './http/compress.js';
import { sameOrigin, securityHeaders, withHeaders } from './http/security.js';
import { authRoutes, type AuthDeps } from './auth/index.js';
import { menuRoutes } from './menu/index.js';
import { orderRoutes } from './orders/index.js';
import { orderPartRoutes } from './orders/index.js';
import { staffRoutes } from './staff/index.js';
import { staffAccountRoutes } from './staff/index.js';
import { tableRoutes } from './tables/index.js';
import { dayFigureRoutes } from './figures/index.js';
import { activityRoutes } from './activity/index.js';
import { hoursRoutes } from './restaurant/index.js';
import { displayRoutes } from './displays/index.js';
import { stationRoutes } from './displays/index.js';
import { pickupBoardRoutes } from './orders/index.js';
import { bookingRoutes } from './bookings/index.js';
import { staffBookingRoutes } from './bookings/index.js';
import type { Booker } from './bookings/index.js';
import { createDisplayWatch, type WatchTimes } from './displays/index.js';
import { menuAdminRoutes } from './menu/index.js';
import { pictureRoutes } from './pictures/index.js';
import { healthRoutes } from './health.js';
import { crawlerRoutes } from './menu/index.js';
import { createOrderEvents, type OrderEvents } from './orders/index.js';
import { createOpenStreams, type OpenStreams } from './http/open-streams.js';
import { createNotifications } from './db/notifications.js';
import { serveSite } from './site.js';

export interface AppOptions {
  db: Db;
  secret: Uint8Array;
  clock?: () => number;
  passwords?: Passwords;
  publicOrigin?: string;
  /** How many proxies in front of the server append to X-Forwarded-For (0: none). */
  trustProxy?: number;
  /** The built site to serve for non-API addresses; absent serves the API only. */
  siteDir?: string;
  /** Sign-in attempts allowed per account and per client in `windowMs`. */
  loginLimits?: { account: number; client: number; windowMs: number };
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
}

const DEFAULT_LOGIN_LIMITS = { account: 5, client: 20, windowMs: 15 * 60 * 1000 };
const DEFAULT_BOOKING_LIMITS = { client: 10, windowMs: 15 * 60 * 1000 };

export function createApp(options: AppOptions): Hono {
  const { db, clock = Date.now, timeZone = 'Europe/Rome' } = options;
  const tokens = createTokens(options.secret, clock);
  const limits = options.loginLimits ?? DEFAULT_LOGIN_LIMITS;
  const orderLimits = { ...DEFAULT_ORDER_LIMITS, ...options.orderLimits };
  const phoneRegion = options.phoneRegion ?? 'IT';
  const address = (c: Context) => clientAddress(c, options.trustProxy ?? 0);

  const v1 = new OpenAPIHono({ defaultHook: validationFailed });
  const auth: AuthDeps = {
    db,
    passwords: options.passwords ?? createPasswords(),
    tokens,
    refreshTokens: createRefreshTokens(db, clock, options.secret),
    throttles: {
      account: createThrottle(db, { name: 'login-account', limit: limits.account, windowMs: limits.windowMs, clock }),
      client: createThrottle(db, { name: 'login-client', limit: limits.client, windowMs: limits.windowMs, clock }),
    },
    clientAddress: address,
    clock,
  };
  v1.route('/', authRoutes(auth));
  v1.route('/', staffAccountRoutes(auth));
  v1.route('/', menuRoutes(db, { cacheBytes: options.menuCacheBytes }));
  v1.route('/', staffRoutes(db, tokens));
  v1.route('/', menuAdminRoutes(db, tokens, clock));
  v1.route('/', pictureRoutes(db));
  v1.route('/', hoursRoutes(db, tokens, { clock, timeZone }));
  v1.route('/', restaurantRoutes(db, tokens, { clock, guestDataDays: options.guestDataDays ?? 30, phoneRegion }));
  v1.route('/', activityRoutes(db, tokens));
  v1.route('/', tableRoutes(db, tokens, clock));
  v1.route('/', dayFigureRoutes(db, tokens, { clock, timeZone }));
  const events = options.events ?? createOrderEvents(db, createNotifications(db));
  const streams = options.streams ?? createOpenStreams();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  v1.route(
    '/',
    orderRoutes({
      db,
      tokens,
      events,
      limits: createOrderCounter(db, orderLimits, clock),
      phoneRegion,
      clientAddress: address,
      clock,
      timeZone,
      heartbeatMs,
      streams,
      displayWatch: createDisplayWatch(db, clock, options.watchTimes),
    }),
  );
  v1.route('/', orderPartRoutes({ db, tokens, events, clock }));
  v1.route('/', stationRoutes(db, tokens, clock));
  v1.route('/', displayRoutes({ db, tokens, clock, clientAddress: address, throttle: createThrottle(db, { name: 'pair-client', limit: limits.client, windowMs: limits.windowMs, clock }) }));
  v1.route('/', pickupBoardRoutes({ db, events, streams, clientAddress: address, clock, heartbeatMs }));
  const bookingNotices = createNotifications(db, 'tavola_bookings');
  const booker: Booker = { db, clock, timeZone, changed: () => void bookingNotices.notify().catch(() => {}) };
  const bookingLimits = options.bookingLimits ?? DEFAULT_BOOKING_LIMITS;
  v1.route('/', bookingRoutes({ booker, clientAddress: address, phoneRegion, publicOrigin: options.publicOrigin ?? '', throttle: createThrottle(db, { name: 'bookings-client', limit: bookingLimits.client, windowMs: bookingLimits.windowMs, clock }) }));
  v1.route('/', staffBookingRoutes({ booker, tokens, notices: bookingNotices, streams, heartbeatMs, phoneRegion }));
  addOpenApiDocument(v1, db);

  const app = new Hono();
  app.onError(handleError);
  // Every answer, whatever it is (a page, a file, an error), starts with these.
  app.use('*', withHeaders(securityHeaders({ https: options.publicOrigin?.startsWith('https://') ?? false })));
  const isDraining = options.isDraining ?? (() => false);
  app.use('*', async (c, next) => {
    await next();
    if (isDraining()) c.header('Connection', 'close'); // a client on a kept-alive connection moves on
  });
  app.route('/', healthRoutes(db, isDraining));
  app.route('/', crawlerRoutes(db, options.publicOrigin ?? ''));
  app.use('/api/*', sameOrigin(options.publicOrigin ?? ''), compressJson);
  app.route('/api/v1', v1);
  app.route('/api/docs', docsRoutes());
  const unmatched = unmatchedApiPath(app);
  app.all('/api/*', unmatched);
  if (options.siteDir) app.use('*', serveSite(options.siteDir));
  app.notFound((c) => errorResponse(c, new ApiError(404, 'not_found', `Nothing is at ${c.req.path}.`)));
  return app;
}

interface Issue {
  path: PropertyKey[];
  code: string;
  message: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: { followsFieldName?: boolean };
  keys?: string[];
}

// A zod failure becomes a 400 that names the first field at fault, in plain words.
function validationFailed(result: { success: boolean; error?: { issues: Issue[] } }) {
  if (result.success) return;
  const issue = result.error!.issues[0]!;
  const path = issue.path.map(String).join('.');
  const field = issue.code === 'unrecognized_keys' ? [path, issue.keys![0]].filter(Boolean).join('.') : path;
  throw new ApiError(400, 'invalid_field', describe(path, issue), { field: field || 'body' });
}

const TYPE_WORDS: Record<string, string> = { int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object' };

function describe(field: string, issue: Issue): string {
  if (issue.code === 'unrecognized_keys') return `${issue.keys!.map((key) => (field ? `${field}.${key}` : key)).join(', ')}: not a field this takes.`;
  if (!field) return 'The body must be a JSON object.';
  if (issue.params?.followsFieldName) return `${field} ${issue.message}.`; // readable-text.ts words it so
  if (issue.code === 'invalid_type') return /received undefined$/.test(issue.message) ? `${field} is required.` : `${field} must be ${TYPE_WORDS[issue.expected!] ?? `a ${issue.expected}`}.`;
  if (issue.origin === 'number' && issue.code === 'too_small') return `${field} must be at least ${issue.minimum}.`;
  if (issue.origin === 'number' && issue.code === 'too_big') return `${field} must be at most ${issue.maximum}.`;
  if (issue.origin === 'array' && issue.code === 'too_big') return `${field} may have at most ${issue.maximum} entries.`;
  if (issue.code === 'too_small') return `${field} must not be empty.`;
  if (issue.code === 'too_big') return `${field} is too long.`;
  return `${field}: ${issue.message}`;
}

// An API path that exists for other methods is a 405 with Allow; anything else a 404.
// The route table is fixed once the app is built: compile its patterns on first use.
function unmatchedApiPath(app: Hono) {
  let routes: { method: string; pattern: RegExp }[] | undefined;
  return (c: Context): Response => {
    routes ??= app.routes.filter((route) => route.method !== 'ALL').map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
    const allowed = routes.filter((route) => route.pattern.test(c.req.path)).map((route) => route.method);
    if (allowed.length) {
      const allow = [...new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])])].join(', ');
      return errorResponse(c, new ApiError(405, 'method_not_allowed', `${c.req.method} is not allowed here. Allowed: ${allow}.`, { headers: { Allow: allow } }));
    }
    // Paths are exact: `/dishes/` is not `/dishes`, but say which one was meant.
    const trimmed = c.req.path.replace(/\/+$/, '');
    const meant = trimmed !== c.req.path && routes.some((route) => route.pattern.test(trimmed)) ? ` Did you mean ${trimmed}?` : '';
    return errorResponse(c, new ApiError(404, 'not_found', `No API endpoint is at ${c.req.path}.${meant}`));
  };
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
