// Paired displays. The Admin's: GET/POST /admin/displays, PATCH and DELETE
// /admin/displays/{id}, POST /admin/displays/{id}/pairing-code (a new one-time code) and
// /unpair. The tablet's: POST /displays/pair (a code for a credential, throttled like
// sign-in). A paired display's: GET /display (what it is; what it may bring back is
// orders/part-routes.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DISPLAY_KINDS } from '../../shared/order-states.js';
import type { Throttle } from '../http/throttle.js';
import type { Tokens } from '../auth/index.js';
import { createDisplay, deleteDisplay, describe, listDisplays, pairDisplay, renewPairingCode, unpairDisplay, updateDisplay } from './store.js';
import type { Actor } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { ANY_DISPLAY, callerOf, requireCaller, type Caller, type CallerEnv } from './caller.js';
import { readJsonBody } from '../http/json-body.js';
import { readableText } from '../http/readable-text.js';
import { pageOf, PageQuerySchema } from '../http/schemas.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can manage the displays.');
/** Said in the request's language, when refused. */
const DISPLAYS_ONLY = () => t('Only a paired display asks what it is.');
const tags = ['Displays'];

const KIND = z.enum(DISPLAY_KINDS).openapi({ description: "`station`: one station's dishes of each order; `pass`: whole orders, each station's part marked; `host`: the host stand, the bookings of yesterday, today and tomorrow (no orders)." });
const STATION = z.number().int().min(1).nullable().openapi({ description: "The station a station's screen shows; null (or absent) for the pass." });
const NAME = readableText({ max: 40 }).openapi({ example: 'Pizza oven' });
const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the display as it is now.' });
const LANG = z.enum(['en', 'it']).openapi({ description: 'The language its board speaks: `it` opens it under /it/ (the pairing code’s address too).' });

const DisplaySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: KIND,
    station: z.number().int().nullable(),
    paired: z.boolean(),
    pairedAt: z.string().nullable(),
    lastSeenAt: z.string().nullable().openapi({ description: 'When the device last asked for anything (to the nearest 30 s).' }),
    streamOpen: z.boolean().openapi({ description: 'Its event stream is open now, on any server process (checked every 10 s).' }),
    pairingExpiresAt: z.string().nullable().openapi({ description: 'While a pairing code waits to be used: when it stops working.' }),
    lang: LANG,
    version: z.number().int(),
  })
  .openapi('Display');

const PairingSchema = z
  .object({
    code: z.string().openapi({ example: '7QK2-M9XD', description: '8 characters (Crockford base32), shown only in this answer.' }),
    path: z.string().openapi({ example: '/pair#7QK2-M9XD', description: 'The address a QR code of it opens.' }),
    expiresAt: z.string(),
  })
  .openapi('PairingCode');

const WithCodeSchema = z.object({ display: DisplaySchema, pairing: PairingSchema }).openapi('DisplayWithCode');
const PairedSchema = z
  .object({ id: z.number().int(), name: z.string(), kind: KIND, station: z.object({ id: z.number().int(), name: z.string(), nameIt: z.string().nullable() }).nullable(), lang: LANG })
  .openapi('PairedDisplay');
const IdParam = z.object({ id: z.string().regex(/^[1-9]\d{0,8}$/, 'must be a display id').openapi({ param: { name: 'id', in: 'path' }, example: '3' }) });
const VersionBody = z.object({ version: VERSION }).strict().openapi('DisplayVersion');

const list = createRoute({
  method: 'get',
  path: '/admin/displays',
  tags,
  summary: 'The displays: name, kind, station, paired, last seen, stream open; a page at a time',
  security: BEARER_AUTH,
  request: { query: PageQuerySchema },
  responses: { 200: json(z.object({ displays: z.array(DisplaySchema), next: z.number().int().nullable() }).openapi('Displays'), 'The displays by id.'), ...errors(400, 401, 403) },
});

const add = createRoute({
  method: 'post',
  path: '/admin/displays',
  tags,
  summary: 'Add a display, with a one-time pairing code (10 minutes, once)',
  security: BEARER_AUTH,
  request: { body: jsonBody(z.object({ name: NAME, kind: KIND, station: STATION.optional(), lang: LANG.optional() }).strict().openapi('NewDisplay')) },
  responses: { 201: json(WithCodeSchema, 'Added; the code is shown only now.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const change = createRoute({
  method: 'patch',
  path: '/admin/displays/{id}',
  tags,
  summary: 'Rename a display, or change its kind or station',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, name: NAME.optional(), kind: KIND.optional(), station: STATION.optional(), lang: LANG.optional() }).strict().openapi('DisplayChange')) },
  responses: { 200: json(DisplaySchema, 'The display as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const code = createRoute({
  method: 'post',
  path: '/admin/displays/{id}/pairing-code',
  tags,
  summary: 'A new one-time pairing code (the earlier one stops working)',
  description: 'The device that uses it becomes this display; a device paired before stops being it.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(VersionBody) },
  responses: { 201: json(WithCodeSchema, 'The code, shown only now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const unpair = createRoute({
  method: 'post',
  path: '/admin/displays/{id}/unpair',
  tags,
  summary: 'Unpair: the device stops being this display at once',
  description: 'Its next request gets 401 `display_unpaired`, and its open event stream ends within 2 seconds (on any server process).',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(VersionBody) },
  responses: { 200: json(DisplaySchema, 'The display, unpaired.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/displays/{id}',
  tags,
  summary: 'Remove a display (unpairing it); what it did stays in the activity list',
  security: BEARER_AUTH,
  request: { params: IdParam, query: z.object({ version: z.string().regex(/^[1-9]\d{0,8}$/, 'must be the display’s version').openapi({ example: '2' }) }) },
  responses: { 204: { description: 'Removed.' }, ...errors(400, 401, 403, 404, 409) },
});

const pair = createRoute({
  method: 'post',
  path: '/displays/pair',
  tags,
  summary: 'Pair this device with a one-time code: answers its display credential',
  description:
    'No sign-in. The credential (`tvd_…`, 256 random bits; the database keeps its hash) is sent as `Authorization: Bearer <credential>` to the queue, the event stream, the moves of its kind, the Sold out panel (a station’s screen) and /display; everything else refuses it. A code that is wrong is 404 `pairing_code_unknown`; used 410 `pairing_code_used`; expired 410 `pairing_code_expired`. 20 attempts per client address in 15 minutes (429 `too_many_attempts`); a success gives its attempt back.',
  request: { body: jsonBody(z.object({ code: z.string().min(1).max(20).openapi({ example: '7QK2-M9XD' }) }).strict().openapi('PairRequest')) },
  responses: { 200: json(z.object({ credential: z.string(), display: PairedSchema }).openapi('Paired'), 'Paired.'), ...errors(400, 404, 410, 413, 415, 429) },
});

const me = createRoute({
  method: 'get',
  path: '/display',
  tags,
  summary: 'A paired display: what it is',
  security: BEARER_AUTH,
  responses: { 200: json(PairedSchema, 'This display.'), ...errors(401, 403) },
});


export interface DisplayDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  /** Pairing attempts per client address. */
  throttle: Throttle;
  clientAddress: (c: Context) => string;
}

export function displayRoutes({ db, tokens, clock, throttle, clientAddress }: DisplayDeps) {
  const app = new OpenAPIHono<AuthEnv & CallerEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const display = [requireCaller(callerOf({ tokens, db, clock }), [], ANY_DISPLAY, DISPLAYS_ONLY)];
  const actor = (c: { var: AuthEnv['Variables'] }): Actor => ({ user: c.var.user, now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);
  const paired = (c: { var: CallerEnv['Variables'] }) => (c.var.caller as Extract<Caller, { kind: 'display' }>).display;

  app.openapi({ ...list, middleware: admin }, async (c) => c.json(await listDisplays(db, pageOf(c.req.valid('query')), clock()), 200));
  app.openapi({ ...add, middleware: [...admin, readJsonBody] }, async (c) => c.json(await createDisplay(db, c.req.valid('json'), actor(c)), 201));
  app.openapi({ ...change, middleware: [...admin, readJsonBody] }, async (c) => c.json(await updateDisplay(db, id(c), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...code, middleware: [...admin, readJsonBody] }, async (c) => c.json(await renewPairingCode(db, id(c), c.req.valid('json').version, actor(c)), 201));
  app.openapi({ ...unpair, middleware: [...admin, readJsonBody] }, async (c) => c.json(await unpairDisplay(db, id(c), c.req.valid('json').version, actor(c)), 200));
  app.openapi({ ...remove, middleware: admin }, async (c) => {
    await deleteDisplay(db, id(c), Number(c.req.valid('query').version), actor(c));
    return c.body(null, 204);
  });

  app.openapi({ ...pair, middleware: [readJsonBody] }, async (c) => {
    const client = clientAddress(c);
    const wait = await throttle.take(client);
    if (wait > 0) throw new ApiError(429, 'too_many_attempts', t('Too many pairing attempts from this connection. Try again in {wait} seconds.', { wait }), { headers: { 'Retry-After': String(wait) } });
    const result = await pairDisplay(db, c.req.valid('json').code, clock());
    await throttle.refund(client);
    return c.json(result, 200);
  });

  app.openapi({ ...me, middleware: display }, async (c) => c.json(await describe(db, paired(c)), 200));
  return app;
}
