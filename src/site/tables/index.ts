// The waiters' Tables page and a table's bill, with the calls they make: the bookings' file
// (bookings/bookings.ts) carries them, as the host's pages.
export { createBillsApi } from './api.js';
export { tablesPage } from './tables-page.js';
export { billPage } from './bill-page.js';
