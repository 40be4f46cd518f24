// The waitlist at the door, for Waiter and Admin staff and paired host stands (as the
// bookings are): GET /staff/waitlist (today's, in order of arrival, with when a table
// should free for each and how the day's quotes held), POST /staff/waitlist (a party added
// and quoted), PATCH /staff/waitlist/{id} (told their table is ready, back to waiting, gone,
// back) and POST /staff/waitlist/{id}/seat (seated now: the walk-in and the entry's end in
// one act). Every change is recorded with who made it and tells the stands to read again.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Actor } from '../activity/index.js';
import type { AuthEnv } from '../auth/index.js';
import { callerOf, HOST_DISPLAY, requireCaller, whoOf, type CallerEnv } from '../displays/index.js';
import { readJsonBody } from '../http/json-body.js';
import { readableText } from '../http/readable-text.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import type { Booker } from './book.js';
import { MOST_JOINED } from './floor.js';
import { PARTY, StaffBookingSchema } from './schemas.js';
import { STAFF_ONLY } from './staff-routes.js';
import { addToWaitlist, changeWaitlist, readWaitlist, seatFromWaitlist } from './waitlist.js';

const tags = ['Waitlist'];
const STATUS = z.enum(['waiting', 'notified', 'seated', 'left']);
const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the entry as it is now.' });

const EntrySchema = z
  .object({
    id: z.number().int(),
    party: z.number().int(),
    name: z.string(),
    phone: z.string(),
    phoneText: z.string(),
    email: z.string(),
    note: z.string(),
    status: STATUS,
    addedAt: z.string(),
    quotedMinutes: z.number().int().nullable().openapi({ description: 'The wait quoted when it was added; null when no table that seats it freed within six hours.' }),
    expectedAt: z.string().nullable().openapi({ description: 'When a table should be free for it now, the parties ahead of it seated first (null once seated or gone, or when none frees within six hours).' }),
    notifiedAt: z.string().nullable(),
    doneAt: z.string().nullable().openapi({ description: 'When it was seated or left.' }),
    bookingId: z.number().int().nullable().openapi({ description: 'The stay it became, once seated.' }),
    version: z.number().int(),
  })
  .openapi('WaitlistEntry');

const list = createRoute({
  method: 'get',
  path: '/staff/waitlist',
  tags,
  summary: "Today's waitlist in order of arrival, and how the day's quotes held",
  security: BEARER_AUTH,
  responses: {
    200: json(
      z
        .object({
          date: z.string(),
          entries: z.array(EntrySchema),
          accuracy: z.object({ seated: z.number().int(), quotedMinutes: z.number().int().nullable(), waitedMinutes: z.number().int().nullable() }).openapi({ description: 'Of the parties seated from the list today: how many, the average wait quoted and the average real wait (minutes).' }),
        })
        .openapi('Waitlist'),
      'The list.',
    ),
    ...errors(401, 403),
  },
});

const add = createRoute({
  method: 'post',
  path: '/staff/waitlist',
  tags,
  summary: 'Add a party to the waitlist, quoted a wait from the timeline',
  description: 'A phone number or an e-mail address is needed (400 `contact_needed`). The quote is the first moment a table that seats the party frees for the owner’s stay, each party ahead of it seated first, in steps of five minutes.',
  security: BEARER_AUTH,
  request: {
    body: jsonBody(
      z
        .object({ party: PARTY, name: readableText({ max: 80 }), phone: z.string().max(40).optional(), email: z.union([z.literal(''), z.string().max(200).email()]).optional(), note: readableText({ min: 0, max: 500, multiline: true }).optional() })
        .strict()
        .openapi('NewWaiting'),
    ),
  },
  responses: { 201: json(EntrySchema, 'Added at the end of the list.'), ...errors(400, 401, 403, 413, 415) },
});

const IdParam = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be an entry number').openapi({ param: { name: 'id', in: 'path' }, example: '3' }) });

const change = createRoute({
  method: 'patch',
  path: '/staff/waitlist/{id}',
  tags,
  summary: 'Told their table is ready, back to waiting, gone, or back',
  description: '`notified` writes "your table is ready" to the outbox when the party gave an e-mail address (the phone is on the entry to call); `waiting` from `notified` undoes it; `left`, and `waiting` from `left`, bring it back. 409 `conflict` with `entry` for an older version, `invalid_transition` otherwise.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, status: z.enum(['waiting', 'notified', 'left']) }).strict().openapi('WaitlistChange')) },
  responses: { 200: json(EntrySchema, 'The entry as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const seat = createRoute({
  method: 'post',
  path: '/staff/waitlist/{id}/seat',
  tags,
  summary: 'Seat a party from the waitlist now: its walk-in and the entry’s end in one act',
  description: 'As a walk-in (`/staff/bookings/walk-ins`): the table given, joined tables, or the smallest free; `minutes` shorter than the usual stay. A refusal writes nothing.',
  security: BEARER_AUTH,
  request: {
    params: IdParam,
    body: jsonBody(
      z
        .object({ version: VERSION, table: z.number().int().min(1).max(9999).optional(), tables: z.array(z.number().int().min(1).max(9999)).min(2).max(MOST_JOINED).optional(), minutes: z.number().int().min(15).max(360).optional() })
        .strict()
        .openapi('WaitlistSeat'),
    ),
  },
  responses: { 201: json(z.object({ entry: EntrySchema, booking: StaffBookingSchema }).openapi('WaitlistSeated'), 'Seated.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

export function waitlistRoutes({ booker, tokens, phoneRegion }: { booker: Booker; tokens: Tokens; phoneRegion: string }) {
  const { db, clock, timeZone } = booker;
  const app = new OpenAPIHono<AuthEnv & CallerEnv>();
  const staff = [requireCaller(callerOf({ tokens, db, clock }), ['Waiter', 'Admin'], HOST_DISPLAY, STAFF_ONLY)];
  const actor = (c: { var: CallerEnv['Variables'] }): Actor => ({ user: whoOf(c.var.caller), now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);
  app.use('/staff/waitlist', withHeaders(NO_STORE));
  app.openapi({ ...list, middleware: staff }, async (c) => c.json(await readWaitlist(db, timeZone, clock(), phoneRegion), 200));
  app.openapi({ ...add, middleware: [...staff, readJsonBody] }, async (c) => c.json(await addToWaitlist(booker, c.req.valid('json'), phoneRegion, actor(c)), 201));
  app.openapi({ ...change, middleware: [...staff, readJsonBody] }, async (c) => c.json(await changeWaitlist(booker, id(c), c.req.valid('json'), phoneRegion, actor(c)), 200));
  app.openapi({ ...seat, middleware: [...staff, readJsonBody] }, async (c) => c.json(await seatFromWaitlist(booker, id(c), c.req.valid('json'), phoneRegion, actor(c)), 201));
  return app;
}
