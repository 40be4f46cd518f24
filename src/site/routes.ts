// The site's route table, as in the spec: a pathless layout wraps every page; child
// paths have no leading slash; two pathless guards protect My account and the kitchen.
// The diner's pages are in the first download; the order page and the staff pages are
// fetched the first time they are shown (lazyPage).
import type { AppRoute } from '../router/app.js';
import type { LoadLater } from './later.js';
import type { Services } from './services.js';
import { QUEUE_ROLES, type StaffSession } from './user.js';
import { lazyPage } from './lazy-page.js';
import { dishPage } from './views/dish.js';
import { homePage } from './views/home.js';
import { layout } from './views/layout.js';
import { menuPage } from './views/menu.js';
import { notFoundContent } from '../core/not-found.js';

export function siteRoutes(services: Services, later: LoadLater): AppRoute<StaffSession>[] {
  // The admin pages are a file of their own, asked for through later.ts (which holds what
  // they share); admin.ts finds the page for the section and id, so the pages it has cost
  // the diner's first download nothing.
  const adminPage = (title: string) => lazyPage(title, () => later().then((part) => part.adminPages()));
  return [
    {
      layout: () => layout(services, later),
      children: [
        { index: true, title: '', page: homePage(services) },
        { path: 'menu', title: 'Menu', page: menuPage(services) },
        { path: 'menu/:id', title: 'Dish', page: dishPage(services) },
        { path: 'orders/:id', title: 'Your order', page: lazyPage('Your order', () => later().then((part) => part.orderPage)) },
        { path: 'login', title: 'Sign in', page: lazyPage('Staff sign-in', () => later().then((part) => part.loginPage)) },
        { path: 'set-password', title: 'Set your password', page: lazyPage('Set your password', () => later().then((part) => part.setPasswordPage)) },
        { guard: {}, children: [{ path: 'account', title: 'My account', page: lazyPage('My account', () => later().then((part) => part.accountPage)) }] },
        {
          guard: { roles: QUEUE_ROLES },
          children: [{ path: 'kitchen', title: 'Order queue', page: lazyPage('Order queue', () => later().then((part) => part.kitchenPage)) }],
        },
        {
          // The owner's area: Admins only (other staff go to /forbidden, guests to /login).
          path: 'admin',
          guard: { roles: ['admin'] },
          children: [
            { index: true, title: 'Menu editor', page: adminPage('Menu editor') },
            { path: ':section', title: 'Admin', page: adminPage('Admin') },
            { path: ':section/:id', title: 'Admin', page: adminPage('Admin') },
          ],
        },
        { path: 'forbidden', title: 'Staff only', page: lazyPage('Staff only', () => later().then((part) => part.forbiddenPage)) },
        { path: '*', title: 'Page not found', page: (ctx) => notFoundContent(ctx.here, { href: '/menu', text: 'See the menu' }) },
      ],
    },
  ];
}
