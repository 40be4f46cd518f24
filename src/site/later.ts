import type { Services } from './services.js';
import { staffMenu } from './views/staff-menu.js';
import { tableVisit } from './table-visit.js';

// What the site fetches after the first page, in one piece: the cart dialog with its order
// form, the order page, and the staff pages. A diner browsing the menu never waits for it.
export { accountPage } from './views/account.js';
export { cartDialog } from './views/cart-dialog.js';
export { forbiddenPage } from './views/forbidden.js';
export { kitchenPage } from './views/kitchen.js';
export { loginPage } from './views/login.js';
export { orderPage } from './views/order.js';
export { setPasswordPage } from './views/set-password.js';
export { staffMenu } from './views/staff-menu.js';
export { followEvents } from '../core/event-stream.js';
export { createOrdersApi } from './orders-api.js';

let admin: Promise<ReturnType<typeof import('./admin.js').adminPages>> | undefined;
/** The owner's pages: a file of their own, fetched the first time an Admin opens one. */
export const adminPages = (services: Services) => (admin ??= import('./admin.js').then((module) => module.adminPages(services)));

/** What the header gains after the first page: the staff menu once someone signs in, and the visit's table. */
export function headerExtras(services: Services, header: HTMLElement, staffCorner: HTMLElement): void {
  if (services.session.get() && staffCorner.isConnected) staffCorner.replaceWith(staffMenu(services));
  tableVisit(services, header);
}
