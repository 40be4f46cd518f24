// The layout route: header (brand, links, cart, who is signed in), the outlet, footer.
// Built once; it follows the session and the cart by itself.
import { h, nodes } from '../../core/dom.js';
import { hasRole } from '../../core/guard.js';
import { markCurrentLinks } from '../../core/links.js';
import { accountArea } from '../../core/account-area.js';
import { countItems } from '../cart.js';
import type { Services } from '../services.js';
import { QUEUE_ROLES } from '../user.js';
import { cartDialog } from './cart-dialog.js';

export function layout(services: Services) {
  const { session, cart, navigation } = services;
  const outlet = h('main', { id: 'main', tabindex: '-1' });
  const nav = h('ul', { class: 'nav-links' });
  const account = accountArea({ session, navigation, nameOf: (user) => user.name, announce: services.announce });
  const dialog = cartDialog(services);
  const cartButton = h('button', { type: 'button', class: 'cart-button', 'aria-haspopup': 'dialog', onclick: () => dialog.open() });

  const pathname = () => new URL(navigation.current().path, location.origin).pathname;
  const link = (href: string, text: string) => h('li', null, h('a', { href, 'data-nav': true }, text));

  function showSession() {
    const user = session.get()?.user;
    nav.replaceChildren(
      ...nodes([
        link('/', 'Home'),
        link('/menu', 'Menu'),
        user && hasRole(user.role, QUEUE_ROLES) && link('/kitchen', 'Kitchen'),
        user && link('/account', 'My account'),
      ]),
    );
    markCurrentLinks(nav, pathname());
  }

  function showCart() {
    const count = countItems(cart.get());
    cartButton.replaceChildren('Cart', h('span', { class: 'count', 'aria-hidden': 'true' }, String(count)));
    cartButton.setAttribute('aria-label', `Cart, ${count} ${count === 1 ? 'dish' : 'dishes'}`);
  }

  session.subscribe(showSession);
  cart.subscribe(showCart);
  showSession();
  showCart();

  const header = h(
    'header',
    { class: 'site-header' },
    h('div', { class: 'bar' }, h('a', { href: '/', class: 'brand' }, 'Tavola'), h('nav', { 'aria-label': 'Main' }, nav), h('div', { class: 'tools' }, cartButton, account)),
  );
  const footer = h(
    'footer',
    { class: 'site-footer' },
    h('p', null, 'Tavola · Via dei Serpenti 42, Rome · Open Tuesday to Sunday, 12:00–15:00 and 19:00–23:00'),
    h(
      'p',
      null,
      h('a', { href: 'https://www.openstreetmap.org/search?query=Via%20dei%20Serpenti%2042%20Rome' }, 'Find us on OpenStreetMap'),
      ' · ',
      h('a', { href: '/api/docs', rel: 'external' }, 'API for developers'),
    ),
  );
  return { node: h('div', { class: 'shell' }, header, outlet, footer, dialog.node), outlet };
}
