// What the site fetches after the first page, in one piece: the cart dialog with its order
// form, the order page, and the staff pages; and the way to the files of their own that
// come later still (the owner's pages, the kitchen's screens, the pickup board). A diner
// browsing the menu never waits for it.
// They come with the calls they make (orders-api.ts), handed to them with the rest of the
// services: the first page's services are left as they were.
import type { Http } from '../core/http.js';
import { followEvents } from '../core/event-stream.js';
import { createOrdersApi } from './orders-api.js';
import type { View } from '../router/app.js';
import type { ConnectKitchen, KitchenPages } from './kitchen.js';
import type { LaterServices, Services } from './services.js';
import { tableVisit } from './table-visit.js';
import { accountPage } from './views/account.js';
import { cartDialog } from './views/cart-dialog.js';
import { forbiddenPage } from './views/forbidden.js';
import { loginPage } from './views/login.js';
import { orderPage } from './views/order.js';
import { setPasswordPage } from './views/set-password.js';
import { staffMenu } from './views/staff-menu.js';

/** This part's pages and pieces, made for `services` with the order and staff calls added. */
export function laterPart(firstPage: Services, http: Http) {
  const services: LaterServices = { ...firstPage, api: { ...firstPage.api, ...createOrdersApi(http) } };
  return laterPages(services);
}

/** The files fetched later still, each the first time one of its pages is shown. */
const FILES = { kitchen: () => import('./kitchen.js'), board: () => import('./board.js') };

/**
 * The pages and pieces for services that already have every call (a test's fake API); a
 * test also hands in a fake kitchen API (`connectKitchen`) and the files already loaded.
 */
export function laterPages(services: LaterServices, { connectKitchen, files = FILES }: { connectKitchen?: ConnectKitchen; files?: typeof FILES } = {}) {
  let admin: Promise<ReturnType<typeof import('./admin.js').adminPages>> | undefined;
  let kitchen: Promise<KitchenPages> | undefined;
  let board: Promise<View<unknown>> | undefined;
  return {
    accountPage: accountPage(services),
    forbiddenPage,
    loginPage: loginPage(services),
    orderPage: orderPage(services),
    setPasswordPage: setPasswordPage(services),
    cartDialog: () => cartDialog(services),
    follow: followEvents,
    /** The owner's pages: a file of their own, fetched the first time an Admin opens one. */
    adminPages: () => (admin ??= import('./admin.js').then((module) => module.adminPages(services))),
    /** One of the kitchen's screens (a person's board, a paired display's, pairing): a file of their own. */
    kitchenPage: (page: keyof KitchenPages) => (kitchen ??= files.kitchen().then((module) => module.kitchenPages(services, connectKitchen))).then((pages) => pages[page] as View<unknown>),
    /** The pickup board: a file of its own. */
    pickupBoard: () => (board ??= files.board().then((module) => module.pickupBoard(services))),
    /** What the header gains after the first page: the staff menu once someone signs in, and the visit's table. */
    headerExtras(header: HTMLElement, staffCorner: HTMLElement): void {
      if (services.session.get() && staffCorner.isConnected) staffCorner.replaceWith(staffMenu(services));
      tableVisit(services, header);
    },
  };
}

export type LaterPart = ReturnType<typeof laterPages>;
/** How the first page asks for this part: once, when a page or the header first needs it. */
export type LoadLater = () => Promise<LaterPart>;
