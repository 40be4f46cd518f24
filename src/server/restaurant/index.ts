// The restaurant itself: its details (the imprint, the footer) and its opening hours, with
// the calendar arithmetic in its time zone (opening-hours.ts) that orders and bookings use.
export { restaurantRoutes } from './routes.js';
export { hoursRoutes } from './hours-routes.js';
export { readHours, writeHours } from './hours-store.js';
export { ALL_DAY_WEEK, checkTimeZone, clock, dateOf, dayName, dayOf, instantOf, openingStatus, SAMPLE_WEEK, servicesOn, wallClock, type OpeningHours } from './opening-hours.js';
