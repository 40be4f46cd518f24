// Wires the restaurant site: address, session, cart, API, routes, links. Nothing else lives here.
import { mountApp } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { createHttp, NETWORK_FAILED } from '../../core/http.js';
import { failureNotice } from '../../core/load.js';
import { interceptLinks } from '../../router/links.js';
import { browserLocation } from '../../router/location.js';
import { createNavigation } from '../../router/navigation.js';
import { createPageChange } from '../../router/page-change.js';
import { createSessionStore } from '../../core/session.js';
import { API_BASE, createSiteApi, MENU_CHANGED } from '../common/api.js';
import { createCart } from '../diner/cart.js';
import { createMyOrders } from '../diner/my-orders.js';
import { siteRoutes } from './routes.js';
import type { LaterPart } from './later.js';
import type { Services } from './services.js';
import { parseStaffUser } from '../common/user.js';
import { t } from '../../core/words.js';
import { inBase, withBase } from '../../router/base.js';

/** Starts the site in this document (main.ts calls it once). */
export function startSite() {
  const announcer = document.getElementById('announcer')!;
  // An Italian page's addresses are under /it: the app reads and writes them without it (base.ts).
  const navigation = createNavigation(typeof __BASE__ === 'string' && __BASE__ ? withBase(browserLocation(), __BASE__) : browserLocation());
  const session = createSessionStore('tavola.session', parseStaffUser);
  const http = createHttp({ base: API_BASE, token: () => session.get()?.token });
  // The menu's calls now; those of the order and staff pages arrive with later.ts, handed to
  // its pages with the rest of the services.
  const api = createSiteApi(http);
  let part: LaterPart | undefined;
  const later = () => import('./later.js').then((module) => (part ??= module.laterPart(services, http)));

  const services: Services = {
    api,
    cart: createCart(),
    myOrders: createMyOrders(),
    // Only the order and kitchen pages follow streams: the reader comes with them.
    follow: (url, options) => void later().then((part) => part.follow(url, options)),
    session,
    navigation,
    announce: (text) => (announcer.textContent = text),
  };

  // A link outside the base (the other language's page) is left to the browser: a new page.
  interceptLinks(
    document,
    typeof __BASE__ === 'string' && __BASE__
      ? (to) => {
          const inApp = inBase(to, __BASE__ as string);
          if (inApp) navigation.navigate(inApp);
          else location.assign(to);
        }
      : navigation.navigate,
  );
  // Sold out or a new price reaches an open menu within seconds: the watcher comes after the page.
  addEventListener('load', () => void import('./after-load.js').then((part) => part.afterLoad(navigation, `${API_BASE}/categories`, MENU_CHANGED)));
  mountApp({
    routes: siteRoutes(services, later),
    navigation,
    session,
    root: document.getElementById('app')!,
    pageChange: createPageChange(announcer),
    forbidden: '/forbidden',
    base: typeof __BASE__ === 'string' ? __BASE__ : '',
    title: (page) => (page ? `${page} · Tavola` : t('Tavola · Roman trattoria')),
    // A page whose file is on its way: its heading and "Loading…"; if the file cannot come, why, and Try again.
    placeholder: (title, retry) => h('div', null, h('h1', null, title || 'Tavola'), retry ? failureNotice(NETWORK_FAILED, retry) : h('p', { class: 'status', role: 'status' }, t('Loading…'))),
  });
}
