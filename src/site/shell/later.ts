// What the site fetches after the first page, in one piece: the cart dialog with its order
// form, a dish's choices, the order page, and the staff pages; and the way to the files of their own that
// come later still (the owner's pages, the kitchen's screens, the pickup board). A diner
// browsing the menu never waits for it.
// They come with the calls they make (orders-api.ts), handed to them with the rest of the
// services: the first page's services are left as they were.
import type { Http } from '../../core/http.js';
import { followEvents } from '../../core/event-stream.js';
import { createOrdersApi } from '../common/orders-api.js';
import type { View } from '../../router/app.js';
import type { ConnectKitchen, KitchenPages } from '../kitchen/kitchen.js';
import type { BookingPages } from '../bookings/bookings.js';
import type { StaffSession } from '../common/user.js';
import type { LaterServices, Services } from './services.js';
import { endSession } from '../../core/login-state.js';
import { tableVisit } from '../diner/table-visit.js';
import { lazyPage } from './lazy-page.js';
import { accountPage } from '../account/account.js';
import { cartDialog } from '../diner/cart-dialog.js';
import { dishOrder, type DishOrderParts } from '../diner/dish-order.js';
import { forbiddenPage } from './forbidden.js';
import { loginPage } from '../account/login.js';
import { orderPage } from '../diner/order.js';
import { tableBillPage } from '../diner/table-bill.js';
import { setPasswordPage } from '../account/set-password.js';
import { imprintPage } from '../diner/imprint.js';
import { privacyPage } from '../diner/privacy.js';
import { staffMenu } from './staff-menu.js';
import { oneAtATime, retrying } from '../common/sign-in-again.js';
import { signInDialog } from '../account/sign-in-dialog.js';
import { t } from '../../core/words.js';

/** This part's pages and pieces, made for `services` with the order and staff calls added. */
export function laterPart(firstPage: Services, http: Http) {
  const signInAgain = oneAtATime(() => signInDialog(services));
  const services: LaterServices = {
    ...firstPage,
    api: { ...firstPage.api, ...createOrdersApi(retrying(http, signInAgain)) },
    endSession: (here) => endSession(firstPage.navigation, firstPage.session, here),
    signInAgain,
  };
  return laterPages(services);
}

/** The files fetched later still, each the first time one of its pages is shown. */
const FILES = { kitchen: () => import('../kitchen/kitchen.js'), board: () => import('../board/board.js'), bookings: () => import('../bookings/bookings.js') };

/**
 * The pages and pieces for services that already have every call (a test's fake API); a
 * test also hands in a fake kitchen API (`connectKitchen`) and the files already loaded.
 */
export function laterPages(services: LaterServices, { connectKitchen, files = FILES }: { connectKitchen?: ConnectKitchen; files?: typeof FILES } = {}) {
  let admin: Promise<View<unknown>> | undefined;
  let kitchen: Promise<KitchenPages> | undefined;
  let board: Promise<View<unknown>> | undefined;
  let bookings: Promise<BookingPages> | undefined;
  const bookingFile = () => (bookings ??= files.bookings().then((module) => module.bookingPages(services)));
  /** The Admin's bookings page, for admin.ts: in the bookings file, fetched the first time it is shown. */
  const adminBookings = (nav: () => Node) => lazyPage(t('Bookings'), () => bookingFile().then((pages) => pages.adminBookings(nav)));
  // A paired host stand's screen is a kitchen page (/display) drawn by the bookings file.
  const kitchenFile = () => (kitchen ??= files.kitchen().then((module) => module.kitchenPages(services, connectKitchen, () => bookingFile().then((pages) => pages.hostStand))));
  const boardFile = () => (board ??= files.board().then((module) => module.pickupBoard(services)));
  // The pages by their path in the route table (routes.ts): this part's own, and those of
  // the files fetched later still (the owner's pages, the kitchen's screens, the pickup
  // board, the bookings), each file the first time one of its pages is shown.
  const pages: Record<LaterPath, () => View<StaffSession> | Promise<View<StaffSession>>> = {
    'orders/:id': () => orderPage(services),
    bill: () => tableBillPage(services),
    login: () => loginPage(services),
    'set-password': () => setPasswordPage(services),
    account: () => accountPage(services),
    forbidden: () => forbiddenPage,
    privacy: () => privacyPage(services),
    imprint: () => imprintPage(services),
    admin: () => (admin ??= import('../admin/admin.js').then((module) => module.adminPages(services, adminBookings))),
    kitchen: () => kitchenFile().then((found) => found.kitchen),
    display: () => kitchenFile().then((found) => found.display),
    pair: () => kitchenFile().then((found) => found.pair),
    board: boardFile,
    book: () => bookingFile().then((found) => found.book),
    booking: () => bookingFile().then((found) => found.booking),
    bookings: () => bookingFile().then((found) => found.bookings),
    tables: () => bookingFile().then((found) => found.tables),
    'tables/:table': () => bookingFile().then((found) => found.bill),
    'tables/:table/order': () => bookingFile().then((found) => found.pad),
  };
  return {
    page: (path: LaterPath) => pages[path](),
    cartDialog: () => cartDialog(services),
    /** A dish's order form on its page, once it has choices, a note or a cart line to change (dish.ts). */
    dishOrder: (parts: DishOrderParts) => dishOrder(services.cart, parts),
    follow: followEvents,
    /** What the header gains after the first page: the staff menu once someone signs in, and the visit's table. */
    headerExtras(header: HTMLElement, staffCorner: HTMLElement): void {
      if (services.session.get() && staffCorner.isConnected) staffCorner.replaceWith(staffMenu(services));
      tableVisit(services, header);
    },
  };
}

/** The route table's paths whose pages come later (routes.ts names each once). */
export type LaterPath = 'orders/:id' | 'bill' | 'login' | 'set-password' | 'account' | 'forbidden' | 'privacy' | 'imprint' | 'admin' | 'kitchen' | 'display' | 'pair' | 'board' | 'book' | 'booking' | 'bookings' | 'tables' | 'tables/:table' | 'tables/:table/order';

export type LaterPart = ReturnType<typeof laterPages>;
/** How the first page asks for this part: once, when a page or the header first needs it. */
export type LoadLater = () => Promise<LaterPart>;
