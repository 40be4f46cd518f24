// The pickup board, for a TV by the counter: no sign-in, and nothing but order numbers of
// pickup orders (no names, no dishes, no tables). GET /pickup-board answers the open ones
// as "preparing" (received or preparing) and "ready"; GET /pickup-board/events follows
// them live, each event `pickup` with `{number, status}`; a served or cancelled order
// leaves the board. Its stream is capped like a diner's (open-streams.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { PickupBoard } from '../../shared/kitchen-records.js';
import { OPEN_ORDER } from '../db/dialect.js';
import { latestEventId, type OrderEventData } from './store.js';
import type { Db } from '../db/schema.js';
import type { OrderEvents } from './events.js';
import type { OpenStreams } from '../http/open-streams.js';
import { eventForm, lastEventId } from '../http/event-stream.js';
import type { StoredEvent } from './store.js';
import { streamOrderEvents } from './stream.js';
import { errors, json } from '../http/openapi.js';

const tags = ['Pickup board'];
/** More numbers than any counter's screen shows: the oldest come first. */
const SHOWN = 200;

const board = createRoute({
  method: 'get',
  path: '/pickup-board',
  tags,
  summary: 'Pickup orders still open: numbers only (no sign-in needed)',
  responses: {
    200: json(
      z.object({ preparing: z.array(z.number().int()), ready: z.array(z.number().int()), lastEventId: z.number().int().openapi({ description: 'Give it as Last-Event-ID to /pickup-board/events.' }) }).openapi('PickupBoard'),
      'Oldest first, at most 200 of each.',
    ),
    ...errors(503),
  },
});

const follow = createRoute({
  method: 'get',
  path: '/pickup-board/events',
  tags,
  summary: 'The pickup board, live (no sign-in needed)',
  description: 'Events `pickup` with `{number, status}` for pickup orders only, after `Last-Event-ID`. Capped per client address like an order stream (429 `too_many_streams`; a new stream from the same address replaces its older one).',
  responses: { 200: { description: 'The stream.', content: { 'text/event-stream': { schema: z.string() } } }, ...errors(400, 429, 503) },
});

/** A pickup order's number and state; nothing of an order to a table. */
const pickupEvents = eventForm<StoredEvent>('pickup', (event) => {
  const { order } = JSON.parse(event.data) as OrderEventData;
  return order.table === null ? JSON.stringify({ number: order.number, status: order.status }) : null;
});

export interface PickupBoardDeps {
  db: Db;
  events: OrderEvents;
  streams: OpenStreams;
  clientAddress: (c: Context) => string;
  clock: () => number;
  heartbeatMs: number;
}

export function pickupBoardRoutes({ db, events, streams, clientAddress, clock, heartbeatMs }: PickupBoardDeps) {
  const app = new OpenAPIHono();
  app.openapi(board, async (c) => c.json(await readPickupBoard(db), 200));
  app.openapi(follow, async (c) => {
    const after = lastEventId(c, await latestEventId(db));
    const slot = streams.admitBoard(clientAddress(c));
    return streamOrderEvents(c, events, { after, heartbeatMs, clock, slot, render: pickupEvents }) as never;
  });
  return app;
}

export async function readPickupBoard(db: Db): Promise<PickupBoard> {
  const last = await latestEventId(db); // first: what changes after it comes by the stream
  const rows = await db.selectFrom('orders').select(['id', 'status']).where(OPEN_ORDER).where('table_number', 'is', null).orderBy('id').limit(SHOWN * 2).execute();
  const numbers = (ready: boolean) => rows.filter((row) => (row.status === 'ready') === ready).map((row) => row.id).slice(0, SHOWN);
  return { preparing: numbers(false), ready: numbers(true), lastEventId: last };
}
