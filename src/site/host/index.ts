// The host's pages: the staff's day of bookings and the paired host stand, carried by the
// bookings' file (bookings/bookings.ts).
export { staffDayPage } from './staff-day.js';
export { hostStand } from './host-stand.js';
