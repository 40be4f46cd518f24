// The restaurant itself: its details (the imprint, the footer) and its opening hours, with
// the calendar arithmetic in its time zone (opening-hours.ts) that orders and bookings use.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { hoursRoutes } from './hours-routes.js';
import { restaurantRoutes } from './routes.js';

export { readHours, writeHours } from './hours-store.js';
export { readRestaurant } from './store.js';
export { ALL_DAY_WEEK, checkTimeZone, clock, dateOf, dayName, dayOf, instantOf, openingStatus, SAMPLE_WEEK, servicesOn, wallClock, type OpeningHours } from './opening-hours.js';

export interface RestaurantDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  timeZone: string;
  /** Days guests' details are kept: the privacy notice says so. */
  guestDataDays: number;
  phoneRegion: string;
}

/** The opening hours and the restaurant's details. */
export function restaurantFeature({ db, tokens, clock, timeZone, guestDataDays, phoneRegion }: RestaurantDeps): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', hoursRoutes(db, tokens, { clock, timeZone }));
  app.route('/', restaurantRoutes(db, tokens, { clock, guestDataDays, phoneRegion }));
  return app;
}
