// Orders from cart to kitchen: placed by diners (a table's code or a pickup phone) and
// staff, moved along by staff and paired displays, followed live by everyone concerned
// (events.ts, stream.ts), and the pickup board by the counter.
export { orderRoutes } from './routes.js';
export { orderPartRoutes } from './part-routes.js';
export { pickupBoardRoutes } from './pickup-board-routes.js';
export { createOrderEvents, type OrderEvents } from './events.js';
export { createOrderCounter, DEFAULT_ORDER_LIMITS, type OrderLimits } from './order-limits.js';
export { insertOrder } from './store.js';
export { sweepPickupPhonesHourly } from './phone-sweep.js';
