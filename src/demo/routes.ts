// The demo's route table, as in the spec. A signed-in user without the admin role is
// sent to `/` (the app passes `forbidden: '/'` to the guard).
import type { AppRoute } from '../router/app.js';
import { notFoundContent } from '../core/not-found.js';
import type { Services } from './services.js';
import type { DemoSession } from './user.js';
import { layout } from './views/layout.js';
import { adminPage, homePage, loginPage, profilePage } from './views/pages.js';
import { PRODUCTS_LINK, productPage, productsPage } from './views/products.js';

export function demoRoutes(services: Services): AppRoute<DemoSession>[] {
  return [
    {
      layout: () => layout(services),
      children: [
        { index: true, title: '', page: homePage },
        { path: 'products', title: 'Products', page: productsPage(services) },
        { path: 'products/:id', title: 'Product', page: productPage(services) },
        { path: 'login', title: 'Sign in', page: loginPage(services) },
        { guard: {}, children: [{ path: 'profile', title: 'Profile', page: profilePage(services) }] },
        { guard: { roles: ['admin'] }, children: [{ path: 'admin', title: 'Admin', page: adminPage(services) }] },
        { path: '*', title: 'Page not found', page: (ctx) => notFoundContent(ctx.here, PRODUCTS_LINK) },
      ],
    },
  ];
}
