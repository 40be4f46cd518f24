// The layout route: header (brand, menu link, cart, the quiet staff corner), the outlet,
// footer. index.html holds the shell, painted before any script runs; the layout takes it
// as it is, once, adds what depends on who is here (the cart, the staff corner) and the
// opening hours, and follows the session, the cart and the address by itself.
import { h } from '../../core/dom.js';
import { splitPath } from '../../router/location.js';
import { countItems } from '../diner/cart.js';
import type { LoadLater } from './later.js';
import type { Services } from './services.js';
import { showHours, showPlace } from '../common/place-and-hours.js';
import { t, tn } from '../../core/words.js';

export function layout(services: Services, later: LoadLater) {
  const { cart, navigation } = services;
  const shell = document.querySelector('#app > .shell')!;
  const header = shell.querySelector('header')!;
  const outlet = shell.querySelector('main')!;
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
  const cartButton = h('button', { type: 'button', class: 'cart-button', 'aria-haspopup': 'dialog', onclick: openCart }, t('Cart'), ' ', count, unit);

  function showCart() {
    const dishes = countItems(cart.get());
    count.textContent = String(dishes);
    unit.textContent = ` ${tn('dish', 'dishes', dishes)}`;
  }
  // The kitchen's board is not a diner's: no cart there.
  const showTools = () => (cartButton.hidden = /^\/kitchen\/*$/i.test(splitPath(navigation.current().path).pathname));

  // Diners see a quiet "Staff" link to sign in, after which each lands where they work; the
  // staff menu comes (with later.ts) once someone signs in. A table's QR code opens
  // `/menu#table=<code>`: the visit then knows its table (also with later.ts).
  const staffCorner = h('div', { class: 'staff' }, h('a', { href: '/login', class: 'staff-link' }, t('Staff')));
  const extras = () => (services.session.get() || location.hash || sessionStorage['tavola.table']) && void later().then((part) => part.headerExtras(header, staffCorner));
  services.session.subscribe(extras);

  cart.subscribe(showCart);
  cart.subscribe((items) => items.length && void loadDialog());
  navigation.subscribe(showTools);
  showCart();
  showTools();

  // The tools go before the switch to the other language (index.html), which stays last.
  const bar = header.firstElementChild!;
  bar.insertBefore(h('div', { class: 'tools' }, cartButton, staffCorner), bar.querySelector('.language'));
  showHours(services.api, shell.querySelector('footer .hours')!);
  showPlace(services.api, shell.querySelector('footer .place')!);
  services.api.restaurant().then(({ name }) => (shell.querySelector('footer .footer-name')!.textContent = t('{name} · Roman trattoria', { name })), () => {});
  extras();
  return { node: shell, outlet };
}
