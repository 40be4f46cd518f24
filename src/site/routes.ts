// The site's route table, as in the spec: a pathless layout wraps every page; child
// paths have no leading slash; two pathless guards protect My account and the kitchen.
import type { AppRoute } from '../core/app.js';
import type { Services } from './services.js';
import { QUEUE_ROLES, type StaffSession } from './user.js';
import { accountPage } from './views/account.js';
import { dishPage } from './views/dish.js';
import { forbiddenPage } from './views/forbidden.js';
import { homePage } from './views/home.js';
import { kitchenPage } from './views/kitchen.js';
import { layout } from './views/layout.js';
import { loginPage } from './views/login.js';
import { menuPage } from './views/menu.js';
import { orderPage } from './views/order.js';
import { notFoundContent } from '../core/not-found.js';

export function siteRoutes(services: Services): AppRoute<StaffSession>[] {
  return [
    {
      layout: () => layout(services),
      children: [
        { index: true, title: '', page: homePage(services) },
        { path: 'menu', title: 'Menu', page: menuPage(services) },
        { path: 'menu/:id', title: 'Dish', page: dishPage(services) },
        { path: 'orders/:id', title: 'Your order', page: orderPage(services) },
        { path: 'login', title: 'Sign in', page: loginPage(services) },
        { guard: {}, children: [{ path: 'account', title: 'My account', page: accountPage(services) }] },
        { guard: { roles: QUEUE_ROLES }, children: [{ path: 'kitchen', title: 'Order queue', page: kitchenPage(services) }] },
        { path: 'forbidden', title: 'Staff only', page: forbiddenPage },
        { path: '*', title: 'Page not found', page: (ctx) => notFoundContent(ctx.here, { href: '/menu', text: 'See the menu' }) },
      ],
    },
  ];
}
