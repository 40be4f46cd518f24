// The live streams of the staff's pages, which several rooms follow: every order (the kitchen's
// boards, the owner's overview) and every booking (the host's pages, the Tables page, the
// overview). Apart from api.ts, which the diner's first page carries.
import { API_BASE } from './api.js';

export const BOARD_EVENTS = `${API_BASE}/orders/events`;
export const BOOKING_EVENTS = `${API_BASE}/staff/bookings/events`;
