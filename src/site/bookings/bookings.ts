// The bookings pages, fetched the first time one is shown: `/book` and `/booking` for
// guests, `/bookings` for Waiter and Admin staff, the Admin's `/admin/bookings`, and a
// paired host stand's screen. A diner who only reads the menu never loads them.
import { createHttp } from '../../core/http.js';
import type { View } from '../../router/app.js';
import { API_BASE } from '../common/api.js';
import { siteBlocker } from '../common/blocking.js';
import { retrying } from '../common/sign-in-again.js';
import { createBookingsApi } from './api.js';
import type { LaterServices } from '../shell/services.js';
import { bookPage } from './book.js';
import { managePage } from './manage.js';
import { hostStand, staffDayPage } from '../host/index.js';
import type { HostStandRequest } from '../kitchen/index.js';
import { billPage, createBillsApi, tablesPage } from '../tables/index.js';
import { deviceZone } from '../common/zone-time.js';
import { createPadApi, padPage } from '../pad/index.js';

export function bookingPages(services: LaterServices) {
  const staffHttp = retrying(createHttp({ base: API_BASE, token: () => services.session.get()?.token }), services.signInAgain);
  const bookings = createBookingsApi(staffHttp);
  const bills = createBillsApi(staffHttp);
  const pad = createPadApi(staffHttp);
  // By their address (routes.ts).
  return {
    book: bookPage(bookings, services.navigation, siteBlocker(services.navigation)),
    booking: managePage(bookings),
    bookings: staffDayPage(bookings, services),
    /** The waiter's Tables page and a table's bill (the bills live with the stays they close). */
    tables: tablesPage(bills, pad, { follow: services.follow, token: () => services.session.get()?.token, announce: services.announce }),
    /** The waiter's pad: a table's order by course. */
    pad: padPage({ pad, menu: services.api, floor: (signal) => bills.now(signal) }),
    bill: billPage(
      bills,
      () => services.api.restaurant(),
      () => services.api.hours().then(({ timeZone }) => timeZone ?? deviceZone()),
    ),
    /** The Admin's, with the owner's nav and the bookings on a table taken off the floor. */
    adminBookings: (nav: () => Node): View<unknown> => staffDayPage(bookings, services, { admin: true, nav }),
    /** A paired host stand's screen, its calls made with the display credential (which does not end: nothing to sign in again for). */
    hostStand: (options: HostStandRequest) => hostStand(services, { ...options, api: createBookingsApi(createHttp({ base: API_BASE, token: options.token })) }),
  };
}

export type BookingPages = ReturnType<typeof bookingPages>;
