// Bills: what a table's stay owes from its first order until it is paid, and the money
// taken for it. Orders go on their table's open bill as they are placed (openBillFor); a
// bill paid in full finishes its stay, so the table is free on the host stand and online.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import { createBooker, tellStands, type BookingsDeps } from '../bookings/index.js';
import { billRoutes } from './routes.js';
import { guestBillRoutes } from './guest-routes.js';
import { closeRoutes } from './close-routes.js';
import { tableBillRoutes } from './table-routes.js';

export { openBillFor, openPickupBill, paidStayAt } from './store.js';

export type BillsDeps = Pick<BookingsDeps, 'db' | 'clock' | 'timeZone' | 'phoneRegion' | 'secret' | 'mailer' | 'mailOrigin' | 'reminderMs' | 'bookingNotices'> & { tokens: Tokens };

export function billsFeature(deps: BillsDeps): OpenAPIHono {
  // The bookings' own notices: a stay finished by its payment reaches the stands as any finish does.
  const app = new OpenAPIHono();
  const booker = createBooker(deps, tellStands(deps.bookingNotices));
  app.route('/', tableBillRoutes({ booker, tokens: deps.tokens }));
  app.route('/', billRoutes({ booker, tokens: deps.tokens }));
  app.route('/', guestBillRoutes(booker));
  app.route('/', closeRoutes({ db: deps.db, tokens: deps.tokens, clock: deps.clock, timeZone: deps.timeZone }));
  return app;
}
