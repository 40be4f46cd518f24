// What the host's pages use of the bookings: the calls' types, and how a party is said.
export type { BookingsApi, StaffChange, WalkIn } from './api.js';
export { people } from './time-choices.js';
