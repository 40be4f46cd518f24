// The layout route: header (brand, menu link, cart, the quiet staff corner), the outlet,
// footer. Built once; it follows the session, the cart and the address by itself.
import { h } from '../../core/dom.js';
import { splitPath } from '../../router/location.js';
import { countItems } from '../cart.js';
import type { LoadLater } from '../later.js';
import type { Services } from '../services.js';
import { signInLink } from '../../core/account-area.js';
import type { SiteApi } from '../api.js';

/** Where the restaurant is: the home page shows it too. */
export const ADDRESS = 'Via dei Serpenti 42, Rome';
export const MAP = 'https://www.openstreetmap.org/search?query=Via%20dei%20Serpenti%2042%20Rome';

/** When the restaurant is open, from the API: "Open now · until 23:00 · Tuesday to Sunday, …". */
export function hoursText(api: SiteApi, tag: 'p' | 'dd'): HTMLElement {
  const text = h(tag, { class: 'hours' });
  api.hours().then(
    (hours) => (text.textContent = `${hours.summary} · ${hours.weekText}`),
    () => {}, // the footer is not worth an error message
  );
  return text;
}

export function layout(services: Services, later: LoadLater) {
  const { cart, navigation } = services;
  const outlet = h('main', { id: 'main', tabindex: '-1' });
  // The cart dialog and its order form are fetched and built on first use (fetched as
  // soon as the cart has a dish, so opening it does not wait).
  let dialog: Promise<{ node: HTMLDialogElement; open(): void }> | undefined;
  const loadDialog = () =>
    (dialog ??= later().then((part) => {
      const made = part.cartDialog();
      shell.append(made.node);
      return made;
    }));
  const openCart = () => void loadDialog().then((made) => made.open());
  // The visible words are part of the name ("Cart 2 dishes" holds "Cart 2").
  const count = h('span', { class: 'count' });
  const unit = h('span', { class: 'visually-hidden' });
  const cartButton = h('button', { type: 'button', class: 'cart-button', 'aria-haspopup': 'dialog', onclick: openCart }, 'Cart ', count, unit);

  function showCart() {
    const dishes = countItems(cart.get());
    count.textContent = String(dishes);
    unit.textContent = dishes === 1 ? ' dish' : ' dishes';
  }
  // The kitchen's and the counter's screens are not a diner's: no cart there.
  const showTools = () => (cartButton.hidden = /^\/(kitchen|display|pair|board)\/*$/i.test(splitPath(navigation.current().path).pathname));

  // Diners see a quiet "Staff" link; the staff menu comes (with later.ts) once someone signs
  // in. A table's QR code opens `/menu#table=<code>`: the visit then knows its table (also with later.ts).
  const staffCorner = h('div', { class: 'staff' }, signInLink(navigation, 'Staff', 'staff-link'));
  const extras = () => (services.session.get() || location.hash || sessionStorage['tavola.table']) && void later().then((part) => part.headerExtras(header, staffCorner));
  services.session.subscribe(extras);

  cart.subscribe(showCart);
  cart.subscribe((items) => items.length && void loadDialog());
  navigation.subscribe(showTools);
  showCart();
  showTools();

  const header = h(
    'header',
    { class: 'site-header' },
    h(
      'div',
      { class: 'bar' },
      h('a', { href: '/', class: 'brand', 'data-nav': true }, 'Tavola'),
      h('nav', { 'aria-label': 'Main' }, h('ul', { class: 'nav-links' }, h('li', null, h('a', { href: '/menu', 'data-nav': true }, 'Menu')), h('li', null, h('a', { href: '/book', 'data-nav': true }, 'Book')))),
      h('div', { class: 'tools' }, cartButton, staffCorner),
    ),
  );
  const footer = h(
    'footer',
    { class: 'site-footer' },
    h('p', { class: 'footer-name' }, 'Tavola · Roman trattoria'),
    h('p', null, ADDRESS, ' · ', h('a', { href: MAP }, 'Find us on OpenStreetMap')),
    hoursText(services.api, 'p'),
    h('p', { class: 'developers' }, 'For developers: ', h('a', { href: '/api/docs', rel: 'external' }, 'the API')),
  );
  extras();
  const shell = h('div', { class: 'shell' }, header, outlet, footer);
  return { node: shell, outlet };
}
