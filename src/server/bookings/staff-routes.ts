// The bookings as the staff run them (Waiter and Admin): GET /staff/bookings?date= (the
// day's, by time, with its covers), POST /staff/bookings (one taken by phone), PATCH
// /staff/bookings/{id} (accept, decline, arrived, no-show, cancel, move), and
// GET /staff/bookings/events (a notice each time any booking changes, so the page reads
// the day again). The Admin's: GET/PUT /admin/booking-settings and
// GET /admin/bookings/off-floor (bookings to come on a table taken off the floor).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import type { Booker } from './book.js';
import { bookForGuest, changeBooking, dayOfBookings, offFloorBookings } from './staff.js';
import { today } from './slots.js';
import { recordActivity, type Actor } from '../activity/index.js';
import { readBookingSettings, writeBookingSettings } from './store.js';
import { ApiError } from '../http/errors.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { readJsonBody } from '../http/json-body.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import type { Notifications } from '../db/notifications.js';
import type { OpenStreams } from '../http/open-streams.js';
import { readableText } from '../http/readable-text.js';
import { BOOKING_STATUSES } from '../../shared/booking-records.js';
import { BookingSettingsSchema, DATE, PARTY, StaffBookingSchema, TIME, VERSION } from './schemas.js';
import { notice, streamNotices } from '../http/event-stream.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';

const tags = ['Bookings'];
const STAFF_ONLY = 'Only Waiter and Admin staff can see and change bookings.';
const ADMIN_ONLY = 'Only the Admin can change how bookings are taken.';
const TABLE = z.number().int().min(1).max(9999).openapi({ description: 'A table on the floor that seats the party and is free then; the smallest free one when absent.' });

const DaySchema = z
  .object({
    date: z.string(),
    label: z.string(),
    bookings: z.array(StaffBookingSchema),
    covers: z.object({ booked: z.number().int(), arrived: z.number().int(), noShow: z.number().int() }).openapi({ description: 'Guests booked (confirmed, arrived or no-show), arrived, and not come.' }),
  })
  .openapi('BookingsOfDay');

const day = createRoute({
  method: 'get',
  path: '/staff/bookings',
  tags,
  summary: "A day's bookings by time",
  security: BEARER_AUTH,
  request: { query: z.object({ date: DATE.optional() }) },
  responses: { 200: json(DaySchema, 'The day.'), ...errors(400, 401, 403) },
});

const add = createRoute({
  method: 'post',
  path: '/staff/bookings',
  tags,
  summary: 'A booking taken by phone or at the door',
  description: 'Any time of the day’s services that is not over; no lead time, horizon or pacing (the staff decide). Confirmed at once.',
  security: BEARER_AUTH,
  request: {
    body: jsonBody(
      z
        .object({
          party: PARTY,
          date: DATE,
          time: TIME,
          name: readableText({ max: 80 }),
          phone: z.string().max(40).optional(),
          email: z.union([z.literal(''), z.string().max(200).email()]).optional(),
          note: readableText({ min: 0, max: 500, multiline: true }).optional(),
          table: TABLE.optional(),
        })
        .strict()
        .openapi('PhoneBooking'),
    ),
  },
  responses: { 201: json(StaffBookingSchema, 'Booked.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const change = createRoute({
  method: 'patch',
  path: '/staff/bookings/{id}',
  tags,
  summary: 'Accept, decline, arrived, no-show, cancel; or move to another table, time or party size',
  description:
    'Statuses go requested → confirmed (accept: it gets a table), declined or cancelled; confirmed → arrived, no_show or cancelled; arrived or no_show → confirmed (undo). Based on the `version` the page showed: an older one is a 409 `conflict` that says what the booking is now, with `booking`.',
  security: BEARER_AUTH,
  request: {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a booking id').openapi({ param: { name: 'id', in: 'path' }, example: '12' }) }),
    body: jsonBody(
      z
        .object({ version: VERSION, status: z.enum(BOOKING_STATUSES).optional(), table: TABLE.optional(), party: PARTY.optional(), date: DATE.optional(), time: TIME.optional(), note: readableText({ min: 0, max: 500, multiline: true }).optional() })
        .strict()
        .openapi('BookingStaffChange'),
    ),
  },
  responses: { 200: json(StaffBookingSchema, 'The booking as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const events = createRoute({
  method: 'get',
  path: '/staff/bookings/events',
  tags,
  summary: 'A notice each time a booking changes (text/event-stream)',
  description: `${STAFF_ONLY} Events \`bookings\` (data \`{}\`, no id): read the day again. Ends when the access token expires, as the order stream does.`,
  security: BEARER_AUTH,
  responses: { 200: { description: 'The stream.', content: { 'text/event-stream': { schema: z.string() } } }, ...errors(401, 403) },
});

const offFloor = createRoute({
  method: 'get',
  path: '/admin/bookings/off-floor',
  tags,
  summary: 'Bookings to come whose table was taken off the floor (move them)',
  security: BEARER_AUTH,
  responses: { 200: json(z.object({ bookings: z.array(StaffBookingSchema) }).openapi('BookingsOffFloor'), 'Those bookings, by time.'), ...errors(401, 403) },
});

const settings = createRoute({ method: 'get', path: '/admin/booking-settings', tags, summary: 'How bookings are taken', security: BEARER_AUTH, responses: { 200: json(BookingSettingsSchema, 'The settings.'), ...errors(401, 403) } });

const saveSettings = createRoute({
  method: 'put',
  path: '/admin/booking-settings',
  tags,
  summary: 'Change how bookings are taken',
  description: 'Every setting, with the `version` it was based on (an older one is a 409 `conflict` with `settings` as they are now). Bookings already made keep their times and tables.',
  security: BEARER_AUTH,
  request: { body: jsonBody(BookingSettingsSchema.strict()) },
  responses: { 200: json(BookingSettingsSchema, 'As saved.'), ...errors(400, 401, 403, 409, 413, 415) },
});

export interface StaffBookingDeps {
  booker: Booker;
  tokens: Tokens;
  notices: Notifications;
  streams: OpenStreams;
  heartbeatMs: number;
  phoneRegion: string;
}

const CHANGED = notice('bookings', {});

export function staffBookingRoutes({ booker, tokens, notices, streams, heartbeatMs, phoneRegion }: StaffBookingDeps) {
  const { db, clock, timeZone } = booker;
  const app = new OpenAPIHono<AuthEnv>();
  const staff = [requireUser(tokens, db), requireRole(['Waiter', 'Admin'], STAFF_ONLY)];
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: Context<AuthEnv>): Actor => ({ user: c.var.user, now: clock() });
  app.use('/staff/bookings', withHeaders(NO_STORE));

  app.openapi({ ...day, middleware: staff }, async (c) => {
    const now = clock();
    return c.json(await dayOfBookings(db, c.req.valid('query').date ?? today(now, timeZone), now), 200);
  });
  app.openapi({ ...add, middleware: [...staff, readJsonBody] }, async (c) => c.json(await bookForGuest(booker, c.req.valid('json'), phoneRegion, actor(c)), 201));
  app.openapi({ ...change, middleware: [...staff, readJsonBody] }, async (c) => c.json(await changeBooking(booker, Number(c.req.valid('param').id), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...events, middleware: staff }, (c) => {
    const slot = streams.admitStaff(c.var.user.id);
    return streamNotices(c, notices.listen, CHANGED, { heartbeatMs, endsAt: c.var.tokenExpiresAt, clock, slot }) as never;
  });
  app.openapi({ ...offFloor, middleware: admin }, async (c) => c.json({ bookings: await offFloorBookings(db, clock()) }, 200));
  app.openapi({ ...settings, middleware: admin }, async (c) => c.json(await readBookingSettings(db), 200));
  app.openapi({ ...saveSettings, middleware: [...admin, readJsonBody] }, async (c) => {
    const wanted = c.req.valid('json');
    const saved = await db.transaction().execute(async (trx) => {
      const before = await readBookingSettings(trx);
      if (before.version !== wanted.version) throw new ApiError(409, 'conflict', 'The booking settings were changed by someone else meanwhile. Here they are as they are now.', { more: { settings: before } });
      const after = { ...wanted, version: before.version + 1 };
      await writeBookingSettings(trx, after);
      await recordActivity(trx, { by: c.var.user, at: clock(), action: 'booking_settings.updated', subject: 'Booking settings', before, after });
      return after;
    });
    return c.json(saved, 200);
  });
  return app;
}
