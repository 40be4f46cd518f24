// Table bookings: free times from the hours, the floor and the owner's rules; a guest's
// booking and its private manage link; the staff's and the host stand's day of bookings,
// walk-ins included; no table booked twice.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import type { Notifications } from '../db/notifications.js';
import type { Db } from '../db/schema.js';
import type { OpenStreams } from '../http/open-streams.js';
import { createThrottle } from '../http/throttle.js';
import { createDisplayWatch, type WatchTimes } from '../displays/index.js';
import type { Booker } from './book.js';
import { bookingRoutes } from './routes.js';
import { staffBookingRoutes } from './staff-routes.js';
import { waitlistRoutes } from './waitlist-routes.js';
import { createBookingEvents } from './events.js';
import type { Mailer } from '../mail/index.js';
import { writeRemindersEveryMinute } from './reminders.js';

export type { Booker } from './book.js';
export { sweepBookingDataHourly } from './data-sweep.js';
export { writeDueReminders } from './reminders.js';
export { coversOf, CoversSchema } from './covers.js';

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
  /** The key manage links are made with (the server's secret). */
  secret: Uint8Array;
  mailer: Mailer;
  /** Where e-mails' links point: PUBLIC_ORIGIN, or the address the server listens on. */
  mailOrigin: string;
  /** How long before a booking its reminder goes (ms). */
  reminderMs: number;
  /** Wakes every process's bookings pages and host stands (services.ts). */
  bookingNotices: Notifications;
}

type BookerDeps = Pick<BookingsDeps, 'db' | 'clock' | 'timeZone' | 'phoneRegion' | 'secret' | 'mailer' | 'mailOrigin' | 'reminderMs'>;

/** What every booking write needs (and writeDueReminders); `changed` tells every process's bookings pages. */
export function createBooker({ db, clock, timeZone, phoneRegion, secret, mailer, mailOrigin, reminderMs }: BookerDeps, changed: (id?: number) => void = () => {}): Booker {
  return { db, clock, timeZone, changed, mailWritten: mailer.poke, mail: { origin: mailOrigin, secret, timeZone, phoneRegion, domain: mailer.domain }, reminderMs };
}

/** A booker's `changed`: tells every process's bookings pages that booking `id` (none: any) changed, after the commit. */
export const tellStands = (notices: Notifications) => (id?: number) => void notices.notify(id === undefined ? undefined : String(id)).catch(() => {});

export { finishStay, moveStay } from './staff.js';
export { firstTaken, tableTaken } from './table-taken.js';
export { bookingWrite } from './book.js';
export { bookingById } from './store.js';
export { openStayForOrder, tellParty } from './order-stay.js';
export { escapeHtml } from './messages.js';

/** Writes the reminders that fall due, every minute, until the returned function is called (the server's start runs it). */
export const startBookingReminders = (deps: BookerDeps) => writeRemindersEveryMinute(createBooker(deps));

/** The guests' bookings and the staff's: every change reaches the staff's pages and the host stands (events.ts). */
export function bookingsFeature(deps: BookingsDeps): OpenAPIHono {
  const { db, tokens, clock, phoneRegion, publicOrigin, clientAddress, bookingLimits, heartbeatMs, streams, watchTimes, bookingNotices: notices } = deps;
  const booker = createBooker(deps, tellStands(notices));
  const throttle = createThrottle(db, { name: 'bookings-client', limit: bookingLimits.client, windowMs: bookingLimits.windowMs, clock });
  const app = new OpenAPIHono();
  app.route('/', bookingRoutes({ booker, clientAddress, phoneRegion, publicOrigin, throttle }));
  const bookingEvents = createBookingEvents(db, notices, clock, phoneRegion);
  app.route('/', staffBookingRoutes({ booker, tokens, bookingEvents, streams, displayWatch: createDisplayWatch(db, clock, watchTimes), heartbeatMs, phoneRegion }));
  app.route('/', waitlistRoutes({ booker, tokens, phoneRegion }));
  return app;
}
