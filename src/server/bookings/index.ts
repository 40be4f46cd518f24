// Table bookings: free times from the hours, the floor and the owner's rules; a guest's
// booking and its private manage link; the staff's and the host stand's day of bookings,
// walk-ins included; no table booked twice.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import { createNotifications } from '../db/notifications.js';
import type { Db } from '../db/schema.js';
import type { OpenStreams } from '../http/open-streams.js';
import { createThrottle } from '../http/throttle.js';
import { createDisplayWatch, type WatchTimes } from '../displays/index.js';
import type { Booker } from './book.js';
import { bookingRoutes } from './routes.js';
import { staffBookingRoutes } from './staff-routes.js';
import { createBookingEvents } from './events.js';

export type { Booker } from './book.js';
export { sweepBookingDataHourly } from './data-sweep.js';

export interface BookingsDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  timeZone: string;
  phoneRegion: string;
  publicOrigin: string;
  clientAddress: (c: Context) => string;
  /** Online bookings per client address in `windowMs`. */
  bookingLimits: { client: number; windowMs: number };
  heartbeatMs: number;
  streams: OpenStreams;
  watchTimes?: WatchTimes;
}

/** The guests' bookings and the staff's: every change reaches the staff's pages and the host stands (events.ts). */
export function bookingsFeature({ db, tokens, clock, timeZone, phoneRegion, publicOrigin, clientAddress, bookingLimits, heartbeatMs, streams, watchTimes }: BookingsDeps): OpenAPIHono {
  const notices = createNotifications(db, 'tavola_bookings');
  const booker: Booker = { db, clock, timeZone, changed: (id) => void notices.notify(id === undefined ? undefined : String(id)).catch(() => {}) };
  const throttle = createThrottle(db, { name: 'bookings-client', limit: bookingLimits.client, windowMs: bookingLimits.windowMs, clock });
  const app = new OpenAPIHono();
  app.route('/', bookingRoutes({ booker, clientAddress, phoneRegion, publicOrigin, throttle }));
  const bookingEvents = createBookingEvents(db, notices, clock);
  app.route('/', staffBookingRoutes({ booker, tokens, bookingEvents, streams, displayWatch: createDisplayWatch(db, clock, watchTimes), heartbeatMs, phoneRegion }));
  return app;
}
