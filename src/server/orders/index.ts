// Orders from cart to kitchen: placed by diners (a table's code or a pickup phone) and
// staff, moved along by staff and paired displays, followed live by everyone concerned
// (events.ts, stream.ts), and the pickup board by the counter.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import { createNotifications, type Notifications } from '../db/notifications.js';
import type { Db } from '../db/schema.js';
import { createDisplayWatch, type WatchTimes } from '../displays/index.js';
import type { OpenStreams } from '../http/open-streams.js';
import { createOrderEvents, type OrderEvents } from './events.js';
import { createOrderCounter, type OrderLimits } from './order-limits.js';
import { courseRoutes } from './course-routes.js';
import { orderPartRoutes } from './part-routes.js';
import { pickupBoardRoutes } from './pickup-board-routes.js';
import { orderRoutes } from './routes.js';

export { createOrderEvents, type OrderEvents } from './events.js';
export { createOrderCounter, DEFAULT_ORDER_LIMITS, type OrderLimits } from './order-limits.js';
export { insertOrder } from './store.js';
export { sweepPickupPhonesHourly } from './phone-sweep.js';

export interface OrdersDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  timeZone: string;
  phoneRegion: string;
  clientAddress: (c: Context) => string;
  orderLimits: OrderLimits;
  heartbeatMs: number;
  streams: OpenStreams;
  /** Where committed order events go and streams read them; one of its own unless given. */
  events?: OrderEvents;
  watchTimes?: WatchTimes;
  /** "The floor changed": wakes the host stands and the Tables pages (a table's order changes what it owes, or opens a stay). */
  bookingNotices: Notifications;
}

/** Orders, their parts and recalls, and the pickup board: one stream of events for all of them. */
export function ordersFeature(deps: OrdersDeps): OpenAPIHono {
  const { db, clock } = deps;
  const events = deps.events ?? createOrderEvents(db, createNotifications(db));
  const app = new OpenAPIHono();
  app.route('/', orderRoutes({ ...deps, events, limits: createOrderCounter(db, deps.orderLimits, clock), displayWatch: createDisplayWatch(db, clock, deps.watchTimes) }));
  app.route('/', orderPartRoutes({ ...deps, events }));
  app.route('/', courseRoutes({ ...deps, events }));
  app.route('/', pickupBoardRoutes({ ...deps, events }));
  return app;
}
