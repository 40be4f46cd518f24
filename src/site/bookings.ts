// The bookings pages, fetched the first time one is shown: `/book` and `/booking` for
// guests, `/bookings` for Waiter and Admin staff, the Admin's `/admin/bookings`, and a
// paired host stand's screen. A diner who only reads the menu never loads them.
import { createHttp } from '../core/http.js';
import type { View } from '../router/app.js';
import { API_BASE } from './api.js';
import { siteBlocker } from './blocking.js';
import { retrying } from './sign-in-again.js';
import { createBookingsApi } from './bookings-api.js';
import type { LaterServices } from './services.js';
import { bookPage } from './views/bookings/book.js';
import { managePage } from './views/bookings/manage.js';
import { staffDayPage } from './views/bookings/staff-day.js';
import { hostStand } from './views/bookings/host-stand.js';
import type { HostStandRequest } from './views/kitchen/display-board.js';

export function bookingPages(services: LaterServices) {
  const bookings = createBookingsApi(retrying(createHttp({ base: API_BASE, token: () => services.session.get()?.token }), services.signInAgain));
  // By their address (routes.ts).
  return {
    book: bookPage(bookings, services.navigation, siteBlocker(services.navigation)),
    booking: managePage(bookings),
    bookings: staffDayPage(bookings, services),
    /** The Admin's, with the owner's nav and the bookings on a table taken off the floor. */
    adminBookings: (nav: () => Node): View<unknown> => staffDayPage(bookings, services, { admin: true, nav }),
    /** A paired host stand's screen, its calls made with the display credential (which does not end: nothing to sign in again for). */
    hostStand: (options: HostStandRequest) => hostStand(services, { ...options, api: createBookingsApi(createHttp({ base: API_BASE, token: options.token })) }),
  };
}

export type BookingPages = ReturnType<typeof bookingPages>;
