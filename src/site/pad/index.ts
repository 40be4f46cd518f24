// The waiter's pad (a table's order by course) and its calls: the bookings' file carries it, with the Tables page that opens it and fires held courses.
export { createPadApi, type PadApi } from './api.js';
export { padPage } from './pad-page.js';
