// What only paired screens do to an order: a station's screen marks its part done, and any
// paired screen brings back (recalls) a ticket it took off its board, from the list of what
// it may bring back. They answer tickets.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { callerOf, KITCHEN_DISPLAY, requireCaller, whoOf, type Caller, type CallerEnv } from '../displays/index.js';
import { readJsonBody } from '../http/json-body.js';
import { ApiError } from '../http/errors.js';
import { markPartDone, recall, recallList } from './parts.js';
import { ticketOf } from './tickets.js';
import { OrderIdSchema, TicketSchema, VersionSchema } from './schemas.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { announce, type OrderDeps } from './routes.js';
import { t } from '../http/language.js';

/** Said in the request's language, when refused. */
const PARTS = () => t("A station's part is marked done by that station's screen; a person marks the whole order ready.");
/** Said in the request's language, when refused. */
const RECALLS = () => t('Only a paired kitchen screen brings back what it took off its board.');

const StationParamSchema = OrderIdSchema.extend({
  station: z.string().regex(/^[1-9]\d{0,8}$/, 'must be a station id').openapi({ param: { name: 'station', in: 'path' }, example: '2' }),
});

const partDone = createRoute({
  method: 'post',
  path: '/orders/{id}/parts/{station}/done',
  tags: ['Orders'],
  summary: "A station's screen: its part of the order is done",
  description:
    "Only the paired display of that station. Based on the order's `version` the screen saw: a 409 `conflict` only when this part was marked meanwhile, or the order was served or cancelled (another station's part is not a conflict). The first part done moves a received order to preparing; the last makes it ready. Kept for the display's recall.",
  security: BEARER_AUTH,
  request: { params: StationParamSchema, body: jsonBody(VersionSchema) },
  responses: { 200: json(TicketSchema, 'The order after it, as a ticket.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const recallTicket = createRoute({
  method: 'post',
  path: '/orders/{id}/recall',
  tags: ['Orders'],
  summary: 'A paired screen brings back a ticket it took off its board',
  description:
    "One of the display's last 10 bumps of the last 10 minutes (else 409 `not_recallable`): a station's part is not done again (a ready order goes back to preparing); an order the pass served is ready again (on the order's exact `version`).",
  security: BEARER_AUTH,
  request: { params: OrderIdSchema, body: jsonBody(VersionSchema) },
  responses: { 200: json(TicketSchema, 'The order after it, as a ticket.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const recalls = createRoute({
  method: 'get',
  path: '/display/recalls',
  tags: ['Displays'],
  summary: 'A paired display: the tickets it may bring back',
  description: 'Its last 10 bumps of the last 10 minutes whose effect still stands, newest first.',
  security: BEARER_AUTH,
  responses: {
    200: json(z.object({ recalls: z.array(z.object({ ticket: TicketSchema, station: z.number().int().nullable(), bumpedAt: z.string() })) }).openapi('Recalls'), 'What it may bring back.'),
    ...errors(401, 403),
  },
});

export function orderPartRoutes(deps: Pick<OrderDeps, 'db' | 'tokens' | 'events' | 'clock'>) {
  const { db, events, clock } = deps;
  const app = new OpenAPIHono<CallerEnv>();
  const read = callerOf({ tokens: deps.tokens, db, clock });

  app.openapi({ ...partDone, middleware: [requireCaller(read, [], (display) => display.kind === 'station', PARTS), readJsonBody] }, async (c) => {
    const { display } = c.var.caller as Extract<Caller, { kind: 'display' }>;
    const station = Number(c.req.valid('param').station);
    if (display.station_id !== station) throw new ApiError(403, 'forbidden', t('This screen shows station {station_id}: it marks only that station\'s part.', { station_id: display.station_id ?? '' }));
    const changed = await markPartDone(db, c.req.valid('param').id, station, c.req.valid('json').version, whoOf(c.var.caller), clock());
    await announce(events);
    return c.json(ticketOf(changed.order, { station: true }), 200);
  });

  app.openapi({ ...recallTicket, middleware: [requireCaller(read, [], KITCHEN_DISPLAY, RECALLS), readJsonBody] }, async (c) => {
    const { display } = c.var.caller as Extract<Caller, { kind: 'display' }>;
    const changed = await recall(db, c.req.valid('param').id, c.req.valid('json').version, whoOf(c.var.caller), clock());
    await announce(events);
    return c.json(ticketOf(changed.order, { station: display.kind === 'station' }), 200);
  });

  app.openapi({ ...recalls, middleware: [requireCaller(read, [], KITCHEN_DISPLAY, RECALLS)] }, async (c) => {
    const { display } = c.var.caller as Extract<Caller, { kind: 'display' }>;
    const found = await recallList(db, display.id, clock());
    return c.json({ recalls: found.map(({ order, station, bumpedAt }) => ({ ticket: ticketOf(order, { station: display.kind === 'station' }), station, bumpedAt })) }, 200);
  });

  return app;
}
