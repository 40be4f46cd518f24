// The site's route table, as in the spec: a pathless layout wraps every page; child
// paths have no leading slash; two pathless guards protect My account and the kitchen.
// The diner's pages are in the first download; the order page, the staff pages, the
// kitchen's screens, the pickup board and the bookings are fetched the first time they are
// shown (lazyPage).
import type { AppRoute } from '../router/app.js';
import type { LaterPath, LoadLater } from './later.js';
import type { Services } from './services.js';
import { QUEUE_ROLES, type StaffSession } from './user.js';
import { lazyPage } from './lazy-page.js';
import { dishPage } from './views/dish.js';
import { homePage } from './views/home.js';
import { layout } from './views/layout.js';
import { menuPage } from './views/menu.js';
import { notFoundContent } from '../core/not-found.js';

export function siteRoutes(services: Services, later: LoadLater): AppRoute<StaffSession>[] {
  // A page that comes later (later.ts, or a file it fetches in turn: the owner's pages, the
  // kitchen's screens, the pickup board, the bookings): its heading shows until it arrives.
  const fetched = (path: LaterPath, title: string, at: string = path) => ({ path: at, title, page: lazyPage(title, () => later().then((part) => part.page(path))) });
  // admin.ts finds the page for the section and id, so the pages it has cost the diner's first download nothing.
  const admin = (path: string, title: string) => fetched('admin', title, path);
  return [
    {
      layout: () => layout(services, later),
      children: [
        { index: true, title: '', page: homePage(services) },
        { path: 'menu', title: 'Menu', page: menuPage(services) },
        { path: 'menu/:id', title: 'Dish', page: dishPage(services) },
        fetched('orders/:id', 'Your order'),
        fetched('login', 'Staff sign-in'),
        fetched('set-password', 'Set your password'),
        { guard: {}, children: [fetched('account', 'My account')] },
        { guard: { roles: QUEUE_ROLES }, children: [fetched('kitchen', 'Order queue')] },
        // A paired screen, and the page that pairs one: a device, not a person, so no guard (the API checks its credential).
        fetched('display', 'Kitchen display'),
        fetched('pair', 'Pair this screen'),
        fetched('board', 'Pickup'),
        fetched('book', 'Book a table'),
        fetched('booking', 'Your booking'),
        { guard: { roles: ['waiter', 'admin'] }, children: [fetched('bookings', 'Bookings')] },
        {
          // The owner's area: Admins only (other staff go to /forbidden, guests to /login).
          path: 'admin',
          guard: { roles: ['admin'] },
          children: [{ ...admin('', 'Menu editor'), index: true }, admin(':section', 'Admin'), admin(':section/:id', 'Admin')],
        },
        fetched('forbidden', 'Staff only'),
        fetched('privacy', 'Privacy notice'),
        fetched('imprint', 'Imprint'),
        { path: '*', title: 'Page not found', page: (ctx) => notFoundContent(ctx.here, { href: '/menu', text: 'See the menu' }) },
      ],
    },
  ];
}
