// The bookings as the staff run them (Waiter and Admin) and as a paired host stand does:
// GET /staff/bookings?date= (the day's, by time, with its covers, the floor's tables and
// the services), POST /staff/bookings (one taken by phone), POST /staff/bookings/walk-ins
// (a party seated at the door), PATCH /staff/bookings/{id} (accept, decline, arrived,
// no-show, finished, cancel, move), and GET /staff/bookings/events (a notice each time any
// booking changes, so the page reads the day again). A host stand reads and changes the
// bookings of yesterday, today and tomorrow only. The Admin's: GET/PUT
// /admin/booking-settings and GET /admin/bookings/off-floor (bookings to come on a table
// taken off the floor).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Booker } from './book.js';
import { CoversSchema } from './covers.js';
import { bookForGuest, changeBooking, checkDay, dayOfBookings, hostDays, offFloorBookings, seatWalkIn } from './staff.js';
import { today } from './slots.js';
import { recordActivity, type Actor } from '../activity/index.js';
import { readBookingSettings, writeBookingSettings } from './store.js';
import { ApiError } from '../http/errors.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { callerOf, describe, displayStream, HOST_DISPLAY, readBoardSettings, requireCaller, whoOf, type CallerEnv, type DisplayWatch } from '../displays/index.js';
import { readJsonBody } from '../http/json-body.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import type { OpenStreams } from '../http/open-streams.js';
import { readableText } from '../http/readable-text.js';
import { BOOKING_STATUSES } from '../../shared/booking-records.js';
import { BookingSettingsSchema, DATE, PARTY, StaffBookingSchema, TIME, VERSION } from './schemas.js';
import { eventStream, notice } from '../http/event-stream.js';
import type { BookingEvent, BookingEvents } from './events.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';
import { MOST_JOINED } from './floor.js';
import { TABLE_SHAPES } from '../../shared/floor-plan.js';

const tags = ['Bookings'];
/** Said in the request's language, when refused. */
export const STAFF_ONLY = () => t('Only Waiter and Admin staff, and paired host stands, can see and change bookings.');
/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can change how bookings are taken.');
const TABLE = z.number().int().min(1).max(9999).openapi({ description: 'A table on the floor that seats the party and is free then; the smallest free one when absent (joined ones for a party larger than any table).' });
const TABLES = z
  .array(z.number().int().min(1).max(9999))
  .min(2)
  .max(MOST_JOINED)
  .openapi({ description: 'Tables pushed together for the party, instead of `table`: a join the owner allows (`joins` of the day), free then, seating the party. The first is the booking’s `table`.', example: [1, 2] });

const DaySchema = z
  .object({
    date: z.string(),
    label: z.string(),
    bookings: z.array(StaffBookingSchema),
    covers: CoversSchema,
    tables: z
      .array(
        z.object({
          number: z.number().int(),
          seats: z.number().int(),
          joinsWith: z.array(z.number().int()).openapi({ description: 'The tables on the floor it may be joined to.' }),
          plan: z.object({ x: z.number().int(), y: z.number().int() }).nullable().openapi({ description: 'Its place on the floor plan; null until the owner places it.' }),
          shape: z.enum(TABLE_SHAPES),
        }),
      )
      .openapi({ description: 'The tables on the floor, by number.' }),
    joins: z.array(z.object({ tables: z.array(z.number().int()), seats: z.number().int() })).openapi({ description: 'Every join of tables the owner allows (two to four), fewest seats first.' }),
    services: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })).openapi({ description: "The day's services (none on a day the restaurant is closed)." }),
    lateMinutes: z.number().int().openapi({ description: 'A party not come this many minutes after its time is late (the owner sets it).' }),
    intervalMinutes: z.number().int().openapi({ description: 'Booking times are on this step from the start of each service.' }),
    timeZone: z.string().openapi({ example: 'Europe/Rome' }),
    now: z.string().openapi({ description: "The server's clock when it answered: a screen measures late and draws the time line on it." }),
  })
  .openapi('BookingsOfDay');

const day = createRoute({
  method: 'get',
  path: '/staff/bookings',
  tags,
  summary: "A day's bookings by time",
  description: 'For Waiter and Admin staff; a paired host stand (its display credential) reads yesterday, today and tomorrow only.',
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
          tables: TABLES.optional(),
        })
        .strict()
        .openapi('PhoneBooking'),
    ),
  },
  responses: { 201: json(StaffBookingSchema, 'Booked.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const walkIn = createRoute({
  method: 'post',
  path: '/staff/bookings/walk-ins',
  tags,
  summary: 'Seat a party that came without a booking, now',
  description:
    'It holds its table from now for `minutes` (the owner’s stay when absent), so the free times online see the table taken. A table where guests are already (a party seated, or guests who ordered there with nobody seating them, their bill open) is a 409 `table_taken` naming them and what their bill owes (`more`: `table`, `stay`, `bill`, and `sameGuests` true when they may be this party); with `sameGuests: true` the party takes the stay of guests who ordered there and its bill. A table that is not free for that long is a 409 `table_unavailable` that names the booking in the way and, when there is time before it, `minutes`: how long they could stay. With no table given, the smallest free one; none is a 409 `no_table_free`.',
  security: BEARER_AUTH,
  request: {
    body: jsonBody(
      z
        .object({
          party: PARTY,
          name: readableText({ min: 0, max: 80 }).optional(),
          phone: z.string().max(40).optional(),
          note: readableText({ min: 0, max: 500, multiline: true }).optional(),
          table: TABLE.optional(),
          tables: TABLES.optional(),
          minutes: z.number().int().min(15).max(360).optional().openapi({ description: 'How long they may stay; the owner’s stay when absent.' }),
          sameGuests: z.boolean().optional().openapi({ description: 'The party being seated are the guests already eating at the table (they sat down and ordered with nobody seating them): they take that stay and its bill instead of a 409 `table_taken`.' }),
        })
        .strict()
        .openapi('WalkIn'),
    ),
  },
  responses: { 201: json(StaffBookingSchema, 'Seated: an arrived booking, `walkIn` true.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const change = createRoute({
  method: 'patch',
  path: '/staff/bookings/{id}',
  tags,
  summary: 'Accept, decline, arrived, no-show, finished, cancel; or move to another table, time or party size',
  description:
    'Statuses go requested → confirmed (accept: it gets a table), declined or cancelled; confirmed → arrived (seated: `seatedAt`), no_show or cancelled; arrived or no_show → confirmed (undo). `finished: true` (alone) ends a seated party’s stay now: its table is free from then, and the booking changes no more but for `finished: false` (alone), which undoes it. Based on the `version` the page showed: an older one is a 409 `conflict` that says what the booking is now, with `booking`.',
  security: BEARER_AUTH,
  request: {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a booking id').openapi({ param: { name: 'id', in: 'path' }, example: '12' }) }),
    body: jsonBody(
      z
        .object({
          version: VERSION,
          status: z.enum(BOOKING_STATUSES).optional(),
          table: TABLE.optional(),
          tables: TABLES.optional(),
          party: PARTY.optional(),
          date: DATE.optional(),
          time: TIME.optional(),
          note: readableText({ min: 0, max: 500, multiline: true }).optional(),
          finished: z.boolean().optional().openapi({ description: 'true: the seated party has left, its table is free from now (409 `bill_open` while its bill owes anything). false: undo that (the table is theirs again until the end it had, unless another party has been seated there since: 409 `table_unavailable`).' }),
          sameGuests: z.boolean().optional().openapi({ description: 'The party being seated are the guests already eating at the table (they sat down and ordered with nobody seating them): they take that stay and its bill instead of a 409 `table_taken`.' }),
        })
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
  summary: 'Each booking that changes, as it is now (text/event-stream)',
  description: `${STAFF_ONLY()} Events (no ids): \`booking\`, a StaffBooking as it is after a change (a host stand hears of its three days only); \`bookings\` (data \`{}\`), read the day again (the owner's settings changed, or a change may have been missed). A person's stream ends when the access token expires, as the order stream does; a host stand's lasts until it is unpaired, and opens with a \`display\` event (what it is), sent again when the owner changes it.`,
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
  bookingEvents: BookingEvents;
  streams: OpenStreams;
  displayWatch: DisplayWatch;
  heartbeatMs: number;
  phoneRegion: string;
}

export function staffBookingRoutes({ booker, tokens, bookingEvents, streams, displayWatch, heartbeatMs, phoneRegion }: StaffBookingDeps) {
  const { db, clock, timeZone } = booker;
  const app = new OpenAPIHono<AuthEnv & CallerEnv>();
  const staff = [requireCaller(callerOf({ tokens, db, clock }), ['Waiter', 'Admin'], HOST_DISPLAY, STAFF_ONLY)];
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: { var: CallerEnv['Variables'] }): Actor => ({ user: whoOf(c.var.caller), now: clock() });
  /** A host stand's three days; a person's are any. */
  const days = (c: { var: CallerEnv['Variables'] }) => (c.var.caller.kind === 'display' ? hostDays(clock(), timeZone) : undefined);
  app.use('/staff/bookings', withHeaders(NO_STORE));

  app.openapi({ ...day, middleware: staff }, async (c) => {
    const now = clock();
    const date = c.req.valid('query').date ?? today(now, timeZone);
    checkDay(date, days(c));
    return c.json(await dayOfBookings(db, date, timeZone, now, phoneRegion), 200);
  });
  app.openapi({ ...add, middleware: [...staff, readJsonBody] }, async (c) => c.json(await bookForGuest(booker, c.req.valid('json'), phoneRegion, actor(c), days(c)), 201));
  app.openapi({ ...walkIn, middleware: [...staff, readJsonBody] }, async (c) => c.json(await seatWalkIn(booker, c.req.valid('json'), phoneRegion, actor(c)), 201));
  app.openapi({ ...change, middleware: [...staff, readJsonBody] }, async (c) => c.json(await changeBooking(booker, Number(c.req.valid('param').id), c.req.valid('json'), actor(c), days(c)), 200));
  app.openapi({ ...events, middleware: staff }, async (c) => {
    const caller = c.var.caller;
    const subscribe = bookingEvents.subscribe;
    if (caller.kind === 'person') {
      const slot = streams.admitStaff(caller.user.id);
      return eventStream<BookingEvent>(c, { subscribe, render: (event) => event.frame, heartbeatMs, endsAt: caller.expiresAt, clock, slot }) as never;
    }
    // A host stand's stream lasts until it is unpaired (the display watch ends it then), hears
    // what it is now, and is told of the bookings of its three days only.
    const [described, settings] = await Promise.all([describe(db, caller.display), readBoardSettings(db)]);
    const { slot, attach } = displayStream(streams, displayWatch, caller.display, settings.version);
    const render = (event: BookingEvent) => {
      if (event.date === null) return event.frame;
      const { from, to } = hostDays(clock(), timeZone);
      return event.date >= from && event.date <= to ? event.frame : null;
    };
    return eventStream<BookingEvent>(c, { subscribe, render, heartbeatMs, clock, slot, greeting: [notice('display', described)], attach }) as never;
  });
  app.openapi({ ...offFloor, middleware: admin }, async (c) => c.json({ bookings: await offFloorBookings(db, clock(), phoneRegion) }, 200));
  app.openapi({ ...settings, middleware: admin }, async (c) => c.json(await readBookingSettings(db), 200));
  app.openapi({ ...saveSettings, middleware: [...admin, readJsonBody] }, async (c) => {
    const wanted = c.req.valid('json');
    const saved = await db.transaction().execute(async (trx) => {
      const before = await readBookingSettings(trx);
      if (before.version !== wanted.version) throw new ApiError(409, 'conflict', t('The booking settings were changed by someone else meanwhile. Here they are as they are now.'), { more: { settings: before } });
      const after = { ...wanted, version: before.version + 1 };
      await writeBookingSettings(trx, after);
      await recordActivity(trx, { by: c.var.user, at: clock(), action: 'booking_settings.updated', subject: { title: 'booking-settings' }, before, after });
      return after;
    });
    booker.changed(); // the late threshold is the host stands' too
    return c.json(saved, 200);
  });
  return app;
}
