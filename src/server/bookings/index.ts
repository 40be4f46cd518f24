// Table bookings: free times from the hours, the floor and the owner's rules; a guest's
// booking and its private manage link; the staff's day of bookings; no table booked twice.
export { bookingRoutes } from './routes.js';
export { staffBookingRoutes } from './staff-routes.js';
export type { Booker } from './book.js';
export { sweepBookingDataHourly } from './data-sweep.js';
