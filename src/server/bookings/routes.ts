// Table bookings. Everyone's: GET /bookings/rules, GET /bookings/times (the free times of a
// day for a party, and the days around it), POST /bookings (book; at most so many per client
// address, as sign-in is throttled). The guest's, with the manage link's secret in the
// `Booking-Key` header: GET /booking, PATCH /booking, POST /booking/cancel and
// GET /booking/calendar (an .ics file).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Throttle } from '../http/throttle.js';
import { hashSecret } from '../auth/index.js';
import { availability } from './availability.js';
import type { Booker } from './book.js';
import { bookingCalendar } from './calendar.js';
import { bookOnline, cancelOwnBooking, changeOwnBooking, checkOnlineParty, ownBooking } from './guest.js';
import { addDays, today } from './slots.js';
import { largestSeatingOnFloor, readBookingSettings } from './store.js';
import { readRestaurant } from '../restaurant/index.js';
import { phoneForReading } from '../http/phone.js';
import { telHref } from '../../shared/restaurant-records.js';
import { ApiError } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import { readableText } from '../http/readable-text.js';
import { AvailabilitySchema, DATE, GuestBookingSchema, PARTY, TIME, VERSION } from './schemas.js';
import { errors, json, jsonBody } from '../http/openapi.js';
import { wholeNumberQuery } from '../http/schemas.js';
import { t } from '../http/language.js';

const tags = ['Bookings'];
const KEY_HEADER = 'Booking-Key';
export const BOOKING_KEY = [{ BookingKey: [] }];

const rules = createRoute({
  method: 'get',
  path: '/bookings/rules',
  tags,
  summary: 'What the booking form needs: party sizes, the first and last day, the time zone',
  responses: {
    200: json(
      z.object({
        largestParty: z.number().int(),
        largestTable: z.number().int().openapi({ description: 'The most seats one party can have: the largest table on the floor, or the largest join of tables the owner allows. A larger party is booked by phone (0 while no table is on the floor).' }),
        phone: z.string().openapi({ description: 'The restaurant’s phone number, as people read it, for what is not booked online.', example: '06 1234 5678' }),
        phoneLink: z.string().openapi({ description: 'The same number to call from anywhere (a tel: address), or empty.', example: 'tel:+390612345678' }),
        firstDate: z.string().openapi({ description: "Today, in the restaurant's time zone." }),
        lastDate: z.string().openapi({ description: 'The last day bookings are open for.' }),
        intervalMinutes: z.number().int(),
        stayMinutes: z.number().int(),
        needsApproval: z.boolean(),
        timeZone: z.string(),
      }).openapi('BookingRules'),
      'The rules as they are now.',
    ),
  },
});

const times = createRoute({
  method: 'get',
  path: '/bookings/times',
  tags,
  summary: 'The free times of a day for a party, and the days around it',
  description: 'A time is free when a table on the floor seats the party for the whole stay and the quarter hour has room (pacing), at least the lead time ahead and within the horizon. Computed by the server, in the restaurant’s time zone. A party larger than online bookings take is a 400 `party_too_large`.',
  request: { query: z.object({ party: wholeNumberQuery(1, 99), date: DATE }) },
  responses: { 200: json(AvailabilitySchema, 'The day and the days around it.'), ...errors(400) },
});

const GuestFields = z
  .object({
    party: PARTY,
    date: DATE,
    time: TIME,
    name: readableText({ max: 80 }).openapi({ example: 'Giulia Rossi' }),
    phone: z.string().min(1).max(40).openapi({ description: 'Any common form; stored in international form (E.164). Without a country code it is read as one of the restaurant’s country (PHONE_REGION).', example: '347 123 4567' }),
    email: z.union([z.literal(''), z.string().max(200).email()]).optional(),
    note: readableText({ min: 0, max: 500, multiline: true }).optional().openapi({ example: 'A high chair, please' }),
    website: z.string().max(200).optional().openapi({ description: 'Leave out or empty: a field people do not see, that form-filling programs do.' }),
  })
  .strict()
  .openapi('NewBooking');

const book = createRoute({
  method: 'post',
  path: '/bookings',
  tags,
  summary: 'Book a table',
  description:
    'The server chooses the smallest free table that seats the party. The answer carries `key`, the secret of the private manage link (`/booking#<key>`): it is shown once and kept only as a hash. A time taken meanwhile is a 409 `time_taken` whose `times` are the nearest free ones; a phone number with 3 bookings to come already is a 409 `too_many_bookings`; with approval on, the booking is `requested` and holds nothing until the restaurant accepts it. At most 10 bookings per 15 minutes from one client address (429 with Retry-After).',
  request: { body: jsonBody(GuestFields) },
  responses: { 201: json(z.object({ booking: GuestBookingSchema, key: z.string() }).openapi('BookingMade'), 'Booked.'), ...errors(400, 409, 413, 415, 429) },
});

const KEY_DOC = `Send the manage link's secret in the \`${KEY_HEADER}\` header. An unknown one is a 404 \`booking_not_found\`.`;

const mine = createRoute({ method: 'get', path: '/booking', tags, summary: 'A booking, by its manage link', description: KEY_DOC, security: BOOKING_KEY, responses: { 200: json(GuestBookingSchema, 'The booking.'), ...errors(400, 404) } });

const change = createRoute({
  method: 'patch',
  path: '/booking',
  tags,
  summary: 'Change the party size, day or time',
  description: `${KEY_DOC} Until the cut-off before the booking (409 \`too_late_to_change\` after it), based on the \`version\` the guest saw (an older one is a 409 \`conflict\` with the booking as it is now).`,
  security: BOOKING_KEY,
  request: { body: jsonBody(z.object({ version: VERSION, party: PARTY.optional(), date: DATE.optional(), time: TIME.optional() }).strict().openapi('BookingChange')) },
  responses: { 200: json(GuestBookingSchema, 'The booking as it is now.'), ...errors(400, 404, 409, 413, 415) },
});

const cancel = createRoute({
  method: 'post',
  path: '/booking/cancel',
  tags,
  summary: 'Cancel the booking',
  description: `${KEY_DOC} Until the cut-off, based on the \`version\` the guest saw.`,
  security: BOOKING_KEY,
  request: { body: jsonBody(z.object({ version: VERSION }).strict().openapi('BookingCancel')) },
  responses: { 200: json(GuestBookingSchema, 'The booking, cancelled.'), ...errors(400, 404, 409, 413, 415) },
});

const calendar = createRoute({
  method: 'get',
  path: '/booking/calendar',
  tags,
  summary: 'The booking as an iCalendar file (RFC 5545), in the restaurant’s time zone',
  description: KEY_DOC,
  security: BOOKING_KEY,
  responses: { 200: { description: 'The .ics file.', content: { 'text/calendar': { schema: z.string() } } }, ...errors(400, 404) },
});

export interface BookingRouteDeps {
  booker: Booker;
  throttle: Throttle;
  clientAddress: (c: Context) => string;
  phoneRegion: string;
  publicOrigin: string;
}

/** The manage link's secret from its header: 22 base64url characters (128 bits). */
function keyOf(c: Context): string {
  const key = c.req.header(KEY_HEADER);
  if (!key) throw new ApiError(400, 'invalid_field', t('Send the booking\'s secret (the part of its link after #) in the {KEY_HEADER} header.', { KEY_HEADER }), { field: KEY_HEADER });
  return /^[A-Za-z0-9_-]{22}$/.test(key) ? key : '';
}

export function bookingRoutes({ booker, throttle, clientAddress, phoneRegion, publicOrigin }: BookingRouteDeps) {
  const { db, clock, timeZone } = booker;
  const app = new OpenAPIHono();
  // Free times and bookings change with every booking and with the clock: never cached.
  app.use('/booking/*', withHeaders(NO_STORE));
  app.use('/bookings/*', withHeaders(NO_STORE));

  app.openapi(rules, async (c) => {
    const [settings, tables, restaurant] = await Promise.all([readBookingSettings(db), largestSeatingOnFloor(db), readRestaurant(db)]);
    const first = today(clock(), timeZone);
    const { largestParty, intervalMinutes, stayMinutes, needsApproval, horizonDays } = settings;
    const phone = restaurant.phone ? phoneForReading(restaurant.phone, phoneRegion) : '';
    return c.json({ largestParty, largestTable: tables, phone, phoneLink: restaurant.phone ? telHref(restaurant.phone) : '', firstDate: first, lastDate: addDays(first, horizonDays), intervalMinutes, stayMinutes, needsApproval, timeZone }, 200);
  });

  app.openapi(times, async (c) => {
    const { party, date } = c.req.valid('query');
    checkOnlineParty({ settings: await readBookingSettings(db) }, party);
    return c.json(await availability(db, date, party, timeZone, clock()), 200);
  });

  app.openapi({ ...book, middleware: [readJsonBody] }, async (c) => {
    const { website, ...details } = c.req.valid('json');
    const wait = await throttle.take(clientAddress(c));
    if (wait) throw new ApiError(429, 'too_many_bookings', t('Too many bookings from this connection. Try again in {wait} seconds, or call us.', { wait }), { headers: { 'Retry-After': String(wait) } });
    if (website) throw new ApiError(400, 'invalid_field', t('This form was filled in by a program, not a person: nothing was booked. If you are a person, please call us.'), { field: 'website' });
    return c.json(await bookOnline(booker, details, phoneRegion), 201);
  });

  app.openapi(mine, async (c) => c.json(await ownBooking(db, keyOf(c), clock(), phoneRegion), 200));
  app.openapi({ ...change, middleware: [readJsonBody] }, async (c) => c.json(await changeOwnBooking(booker, keyOf(c), c.req.valid('json')), 200));
  app.openapi({ ...cancel, middleware: [readJsonBody] }, async (c) => c.json(await cancelOwnBooking(booker, keyOf(c), c.req.valid('json').version), 200));

  app.openapi(calendar, async (c) => {
    const key = keyOf(c);
    const booking = await ownBooking(db, key, clock(), phoneRegion);
    const origin = publicOrigin || new URL(c.req.url).origin;
    const body = bookingCalendar({ booking, uid: `booking-${hashSecret(key).slice(0, 16)}@tavola`, restaurant: 'Tavola', timeZone, manageUrl: `${origin}/booking#${key}`, now: clock() });
    return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="tavola-booking.ics"' }) as never;
  });
  return app;
}
