// The site's route table, as in the spec: a pathless layout wraps every page; child
// paths have no leading slash; two pathless guards protect My account and the kitchen.
// The screens on the walls (a paired display, the pickup board, pairing a tablet) have a
// pathless layout of their own: no site header or footer, nothing to wander off to.
// Every page is fetched (`lazy`), so that a landing downloads the site's chunk and its own
// page only. The diner's three pages are a small file each: the host preloads the landing's
// (build.mjs), and the other two come once the page has loaded. The order page, the staff
// pages, the kitchen's screens, the pickup board and the bookings come with later.ts (or a
// file it fetches in turn), the first time one of them is shown.
import type { AppRoute } from '../../router/app.js';
import type { LaterPath, LoadLater } from './later.js';
import type { Services } from './services.js';
import { QUEUE_ROLES, type StaffSession } from '../common/user.js';
import { h } from '../../core/dom.js';
import { layout } from './layout.js';
import { t } from '../../core/words.js';

/**
 * The diner's pages' files, and the 404's (a test hands in the modules it has loaded). How
 * they are cut from the first page's chunk is build.mjs's business (BUILD_IMPORTS).
 */
const DINER_FILES = { home: () => import('../diner/home.js'), menu: () => import('../diner/menu.js'), dish: () => import('../diner/dish.js'), notFound: () => import('./not-found.js') };

/** A screen's frame: its page alone, which draws its own bar (views/screen-bar.ts). */
function screenLayout() {
  const outlet = h('main', { id: 'main', class: 'screen', tabindex: -1 });
  return { node: outlet, outlet };
}

export function siteRoutes(services: Services, later: LoadLater, files = DINER_FILES): AppRoute<StaffSession>[] {
  // Each layout is built once: going from a screen to a diner's page puts the same frame back.
  let site: ReturnType<typeof layout> | undefined;
  let screen: ReturnType<typeof screenLayout> | undefined;
  // A page that comes with later.ts, or with a file it fetches in turn (the owner's pages,
  // the kitchen's screens, the pickup board, the bookings).
  const fetched = (path: LaterPath, title: string, at: string = path) => ({ path: at, title, lazy: () => later().then((part) => part.page(path)) });
  // admin.ts finds the page for the section and id, so the pages it has cost the diner's first download nothing.
  const admin = (path: string, title: string) => fetched('admin', title, path);
  return [
    {
      layout: () => (site ??= layout(services, later)),
      children: [
        { index: true, title: '', prefetch: true, lazy: () => files.home().then((file) => file.homePage(services)) },
        { path: 'menu', title: t('Menu'), prefetch: true, lazy: () => files.menu().then((file) => file.menuPage(services)) },
        { path: 'menu/:id', title: t('Dish'), prefetch: true, lazy: () => files.dish().then((file) => file.dishPage(services, later)) },
        fetched('orders/:id', t('Your order')),
        fetched('bill', t('Your bill')),
        fetched('login', t('Staff sign-in')),
        fetched('set-password', t('Set your password')),
        { guard: {}, children: [fetched('account', t('My account'))] },
        { guard: { roles: QUEUE_ROLES }, children: [fetched('kitchen', t('Order queue'))] },
        fetched('book', t('Book a table')),
        fetched('booking', t('Your booking')),
        { guard: { roles: ['waiter', 'admin'] }, children: [fetched('bookings', t('Bookings')), fetched('tables', t('Tables')), fetched('tables/:table', t('Bill'))] },
        // The waiter's pad: the API takes a table's order by course from Waiter and Kitchen staff.
        { guard: { roles: ['waiter', 'kitchen'] }, children: [fetched('tables/:table/order', t('Take the order'))] },
        {
          // The owner's area: Admins only (other staff go to /forbidden, guests to /login).
          path: 'admin',
          guard: { roles: ['admin'] },
          children: [{ ...admin('', t('Today')), index: true }, admin(':section', t('Admin')), admin(':section/:id', t('Admin'))],
        },
        fetched('forbidden', t('Staff only')),
        fetched('privacy', t('Privacy notice')),
        fetched('imprint', t('Imprint')),
        { path: '*', title: t('Page not found'), lazy: () => files.notFound().then((file) => file.notFoundPage) },
      ],
    },
    {
      layout: () => (screen ??= screenLayout()),
      // A paired screen, and the page that pairs one: a device, not a person, so no guard (the API checks its credential).
      children: [fetched('display', t('Kitchen display')), fetched('pair', t('Pair this screen')), fetched('board', t('Pickup'))],
    },
  ];
}
