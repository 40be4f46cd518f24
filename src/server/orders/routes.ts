// Orders: guests place and follow them; Kitchen and Waiter staff, and paired displays, see
// the open ones, move them along and follow every change live. Admin and Student get 403,
// as on the queue. A display is sent tickets (orders without prices); the pass moves whole
// orders (a station's part, and recall, are order-parts.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ORDER_STAFF, type Order } from '../../shared/order-states.js';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import type { Notifications } from '../db/notifications.js';
import { findOrder, latestEventId, listOpenOrders, orderIdOf } from './store.js';
import { ApiError } from '../http/errors.js';
import { userOf } from '../auth/index.js';
import { displayStream, KITCHEN_DISPLAY, callerOf, moverOf, requireCaller, whoOf, type Caller, type CallerEnv } from '../displays/index.js';
import { readJsonBody } from '../http/json-body.js';
import type { DisplayWatch } from '../displays/index.js';
import type { OrderEvents } from './events.js';
import type { OpenStreams } from '../http/open-streams.js';
import { moveOrder } from './move.js';
import { placeOrder } from './place.js';
import type { OrderCounter } from './order-limits.js';
import { dinerEventData, dinerOrder } from './diner-view.js';
import { internationalPhone } from '../http/phone.js';
import { ticketEventData, ticketOf } from './tickets.js';
import { MoveOrderSchema, OrderIdSchema, OrderQueueSchema, OrderSchema, PlaceOrderSchema, TicketSchema } from './schemas.js';
import { pageOf, PageQuerySchema } from '../http/schemas.js';
import { eventForm, lastEventId, notice } from '../http/event-stream.js';
import type { StoredEvent } from './store.js';
import { streamOrderEvents } from './stream.js';
import { describe } from '../displays/index.js';
import { readBoardSettings } from '../displays/index.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

export interface OrderDeps {
  db: Db;
  tokens: Tokens;
  events: OrderEvents;
  /** Wakes the host stands and the Tables pages (ordersFeature's deps). */
  bookingNotices: Notifications;
  /** Counts diners' orders by address, table code and phone number. */
  limits: OrderCounter;
  /** Where a phone number written without its country code is from. */
  phoneRegion: string;
  clientAddress: (c: Context) => string;
  clock: () => number;
  /** The restaurant's time zone: orders are refused outside its opening hours. */
  timeZone: string;
  heartbeatMs: number;
  /** The open streams and their caps. */
  streams: OpenStreams;
  /** Ends a display's stream when it is unpaired, and marks it as seen. */
  displayWatch: DisplayWatch;
}

/** Said in the request's language, when refused. */
const STAFF_ONLY = () => t('Only Kitchen and Waiter staff, and paired kitchen screens, can see and move orders.');
/** Said in the request's language, when refused. */
const STREAM_ONLY = () => t('Only Kitchen, Waiter and Admin staff, and paired kitchen screens, can follow the orders.');
/** Said in the request's language, when refused. */
const WHOLE_ORDERS = () => t('Only Kitchen and Waiter staff and the pass move whole orders: a station\'s screen marks its part done.');
const EVENT_STREAM = { 'text/event-stream': { schema: z.string().openapi({ description: 'Events `order` with an `id`; the data is `{type: "placed" | "moved", order: Order}`. A comment line every 15 s keeps the connection open.' }) } };

const place = createRoute({
  method: 'post',
  path: '/orders',
  tags: ['Orders'],
  summary: 'Place an order (no sign-in needed)',
  description:
    "An order to a table names the table's code (`tableCode`, from the QR code on the table): without it 403 `table_code_required`, with a wrong or renewed one 403 `table_code_wrong`. Once the party seated at the table has paid its bill, its code places nothing more for that stay (409 `bill_paid` for half an hour, until another party is seated there). Waiter or Kitchen staff taking the order at the table send their Bearer token instead, and the order names them (`takenBy`). A pickup order needs `pickupName` and `pickupPhone` (read as a number of the restaurant's country unless it starts with +; kept in international form and shown to staff only: the diner's copy of the order leaves it out). Prices and the total come from the menu. With an `Idempotency-Key` header (1 to 100 visible characters), sending the same request again answers the same order instead of placing a second one; the same key with another request is a 409. Diners' orders are counted per 10 minutes: at most 20 to one table (by its code), 5 pickup orders for one phone number, and 300 from one client address, which a full dining room on one Wi-Fi does not reach; staff orders are not counted (429 `too_many_orders` with Retry-After).",
  request: {
    body: jsonBody(PlaceOrderSchema),
    headers: z.object({ 'idempotency-key': z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/).optional().openapi({ description: 'Any unique string the client makes up per order, e.g. a UUID.' }) }),
  },
  responses: {
    201: { ...json(OrderSchema, 'Placed (or, for a repeated Idempotency-Key, placed before). `Location` names it.'), headers: z.object({ Location: z.string() }) },
    ...errors(400, 401, 403, 409, 413, 415, 429, 503),
  },
});

const one = createRoute({
  method: 'get',
  path: '/orders/{id}',
  tags: ['Orders'],
  summary: 'One order, by its public id (no sign-in needed)',
  request: { params: OrderIdSchema },
  responses: { 200: json(OrderSchema, 'The order as it is now.'), ...errors(404) },
});

const follow = createRoute({
  method: 'get',
  path: '/orders/{id}/events',
  tags: ['Orders'],
  summary: "A diner's live stream of one order (no sign-in needed)",
  description:
    'Every event of the order from the start, or after `Last-Event-ID`, then each change as it happens. One client address may hold 100 diner streams at once by default (STREAMS_PER_CLIENT; 429 `too_many_streams` past that, unless the new stream follows an order that address already follows: it then replaces the older stream); a process full of streams answers 503 `server_busy`. Both come with Retry-After.',
  request: { params: OrderIdSchema },
  responses: { 200: { description: 'The stream.', content: EVENT_STREAM }, ...errors(400, 404, 429, 503) },
});

const queue = createRoute({
  method: 'get',
  path: '/orders/queue',
  tags: ['Orders'],
  summary: 'The open orders (received, preparing, ready), oldest first, a page at a time',
  description: `${STAFF_ONLY()} \`lastEventId\` is where /orders/events follows on from: take it from the first page, since later pages may already show changes made after it.`,
  security: BEARER_AUTH,
  request: { query: PageQuerySchema },
  responses: { 200: json(OrderQueueSchema, 'Orders not yet served or cancelled.'), ...errors(401, 403) },
});

const staffStream = createRoute({
  method: 'get',
  path: '/orders/events',
  tags: ['Orders'],
  summary: 'Every order event, live',
  description: `${STREAM_ONLY()} (The Admin follows it for the overview; moving orders stays Kitchen's and Waiter's.) Send \`Last-Event-ID\` to get every event after that one first (none missed, none twice); without it the stream starts now. The stream ends when the access token expires: reconnecting then answers 401 with \`X-Token-Expired: true\`. One account may hold 20 streams at once by default (STREAMS_PER_ACCOUNT): one more is taken and the account's oldest stream is ended (its screen reconnects); a staff stream is never refused for being one too many. A paired display's stream sends Tickets (no prices), does not end with a token (it ends within 2 s of the display being unpaired), and also has events \`display\` (what the display is: at the start, and when the owner changes it) and \`settings\` (the board's late times and stations: at the start, and when they change), without an id.`,
  security: BEARER_AUTH,
  responses: { 200: { description: 'The stream.', content: EVENT_STREAM }, ...errors(400, 401, 403) },
});

const move = createRoute({
  method: 'patch',
  path: '/orders/{id}',
  tags: ['Orders'],
  summary: 'Move an order to another state',
  description:
    'Kitchen: received → preparing → ready, and received → cancelled. Waiter: ready → served, and received or preparing → cancelled. A move based on an old `version` is 409 `conflict` with the order as it is now; a move that does not exist from the current state is 409 `invalid_transition`; a move of another role is 403.',
  security: BEARER_AUTH,
  request: { params: OrderIdSchema, body: jsonBody(MoveOrderSchema) },
  responses: { 200: json(z.union([OrderSchema, TicketSchema]), 'The order after the move (a Ticket, without prices, when a paired display moved it).'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

// The order is committed whatever happens here: a failed announcement does not make the
// request fail (the streams read the table, and catch up at the next one).
export const announce = (events: OrderEvents) => events.publish().catch((error: unknown) => console.error('Could not announce order events:', error));

/** Orders for people; tickets (no prices) for a display. */
const forCaller = (caller: Caller) => (caller.kind === 'display' ? (order: Order) => ticketOf(order, { station: caller.display.kind === 'station' }) : <T>(order: T) => order);
const passTickets = eventForm<StoredEvent>('order', (event) => ticketEventData(event.data, { station: false }));
const stationTickets = eventForm<StoredEvent>('order', (event) => ticketEventData(event.data, { station: true }));
const dinerEvents = eventForm<StoredEvent>('order', (event) => dinerEventData(event.data));

export function orderRoutes(deps: OrderDeps) {
  const { db, events, clock, heartbeatMs } = deps;
  const app = new OpenAPIHono<CallerEnv>();
  const read = callerOf({ tokens: deps.tokens, db, clock });
  const staff = [requireCaller(read, ORDER_STAFF, KITCHEN_DISPLAY, STAFF_ONLY)];
  const notFound = () => new ApiError(404, 'not_found', t('There is no such order.'));

  app.openapi({ ...place, middleware: [readJsonBody] }, async (c) => {
    // Waiter or Kitchen staff taking the order at the table send their token: no table code then.
    const signedIn = await userOf(c, deps.tokens, db);
    const takenBy = signedIn && (ORDER_STAFF as readonly string[]).includes(signedIn.user.role) ? { id: signedIn.user.id, name: signedIn.user.name } : null;
    const request = c.req.valid('json');
    const pickupPhone = request.pickupPhone === undefined ? undefined : internationalPhone(request.pickupPhone, deps.phoneRegion, 'pickupPhone');
    const giveBack = takenBy ? null : await deps.limits.take({ client: deps.clientAddress(c), tableCode: request.table === undefined ? undefined : request.tableCode, phone: pickupPhone });
    const placed = await placeOrder(db, { ...request, pickupPhone }, { key: c.req.valid('header')['idempotency-key'] ?? null, now: clock(), timeZone: deps.timeZone, takenBy });
    if (placed.replayed) await giveBack?.();
    else {
      await announce(events);
      // What the table owes changed, or a stay opened there: the stands and the Tables pages read the floor again.
      if (request.table !== undefined) void deps.bookingNotices.notify(undefined).catch(() => {});
    }
    c.header('Location', `/api/v1/orders/${placed.order.id}`);
    return c.json(takenBy ? placed.order : dinerOrder(placed.order), 201);
  });

  // The fixed paths first: `queue` and `events` are not order ids.
  app.openapi({ ...queue, middleware: staff }, async (c) => {
    const last = await latestEventId(db); // read first: an event after it is in the stream, not lost
    const page = await listOpenOrders(db, pageOf(c.req.valid('query')));
    return c.json({ ...page, orders: page.orders.map(forCaller(c.var.caller)), lastEventId: last }, 200);
  });

  // The Admin follows it too (the overview's open orders), reading only.
  app.openapi({ ...staffStream, middleware: [requireCaller(read, [...ORDER_STAFF, 'Admin'], KITCHEN_DISPLAY, STREAM_ONLY)] }, async (c) => {
    const after = lastEventId(c, await latestEventId(db));
    const caller = c.var.caller;
    if (caller.kind === 'person') {
      const slot = deps.streams.admitStaff(caller.user.id);
      return streamOrderEvents(c, events, { after, heartbeatMs, endsAt: caller.expiresAt, clock, slot }) as never;
    }
    // A display's stream lasts until the display is unpaired (display-watch.ts ends it then).
    // It opens with what the display is and the board's settings, and is told when either changes.
    const { display } = caller;
    const [described, settings] = await Promise.all([describe(db, display), readBoardSettings(db)]);
    const { slot, attach } = displayStream(deps.streams, deps.displayWatch, display, settings.version);
    const greeting = [notice('display', described), notice('settings', settings)];
    return streamOrderEvents(c, events, { after, heartbeatMs, clock, slot, render: display.kind === 'station' ? stationTickets : passTickets, greeting, attach }) as never;
  });

  app.openapi(one, async (c) => {
    const order = await findOrder(db, c.req.valid('param').id);
    if (!order) throw notFound();
    return c.json(dinerOrder(order), 200);
  });

  app.openapi(follow, async (c) => {
    const orderId = await orderIdOf(db, c.req.valid('param').id);
    if (orderId === undefined) throw notFound();
    const after = lastEventId(c, 0);
    const slot = deps.streams.admitDiner(deps.clientAddress(c), orderId);
    return streamOrderEvents(c, events, { after, orderId, heartbeatMs, clock, slot, render: dinerEvents }) as never;
  });

  const wholeOrders = requireCaller(read, ORDER_STAFF, (display) => display.kind === 'pass', (caller) => (caller.kind === 'display' ? WHOLE_ORDERS() : STAFF_ONLY()));
  app.openapi({ ...move, middleware: [wholeOrders, readJsonBody] }, async (c) => {
    const caller = c.var.caller;
    const moved = await moveOrder(db, c.req.valid('param').id, c.req.valid('json'), { mover: moverOf(caller), who: whoOf(caller) }, clock());
    await announce(events);
    return c.json(forCaller(caller)(moved.order) as never, 200);
  });

  return app;
}
