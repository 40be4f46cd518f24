// The cart, in a modal dialog opened from the header: quantities, removal, total, and
// the form that places it as an order.
import { h } from '../../core/dom.js';
import { totalCents, MAX_QUANTITY, type CartItem } from '../cart.js';
import { formatPrice } from '../format.js';
import type { Services } from '../services.js';
import { checkoutForm } from './checkout.js';

export function cartDialog(services: Services) {
  const { cart, api } = services;
  const list = h('ul', { class: 'cart-items' });
  const total = h('p', { class: 'cart-total' });
  const note = h('p', { class: 'notice', role: 'status' });
  const checkout = checkoutForm(services, () => node.close());
  const close = h('button', { type: 'button', class: 'close-button', onclick: () => node.close() }, 'Close');
  const node = h('dialog', { class: 'cart', 'aria-labelledby': 'cart-title' }, h('div', { class: 'dialog-head' }, h('h2', { id: 'cart-title' }, 'Your order'), close), note, list, total, checkout);

  const row = (item: CartItem) =>
    h(
      'li',
      null,
      h('span', { class: 'name' }, item.name),
      h(
        'span',
        { class: 'stepper' },
        h('button', { type: 'button', 'aria-label': `One less ${item.name}`, onclick: () => cart.setQuantity(item.dishId, item.quantity - 1) }, '−'),
        h('output', { 'aria-label': `${item.name}: quantity` }, String(item.quantity)),
        h('button', { type: 'button', 'aria-label': `One more ${item.name}`, disabled: item.quantity >= MAX_QUANTITY, onclick: () => cart.setQuantity(item.dishId, item.quantity + 1) }, '+'),
      ),
      h('span', { class: 'price' }, formatPrice(item.priceCents * item.quantity)),
      h('button', { type: 'button', class: 'link-button', onclick: () => cart.setQuantity(item.dishId, 0) }, 'Remove', h('span', { class: 'visually-hidden' }, ` ${item.name}`)),
    );

  function show(items: CartItem[]) {
    list.replaceChildren(...(items.length ? items.map(row) : [h('li', { class: 'empty' }, 'Your cart is empty. Add dishes from the menu.')]));
    total.textContent = items.length ? `Total ${formatPrice(totalCents(items))}` : '';
    checkout.hidden = !items.length;
  }
  cart.subscribe(show);
  show(cart.get());

  return {
    node,
    open() {
      note.textContent = '';
      node.showModal();
      // Dishes taken off the menu since they were added are dropped, with a note.
      if (!cart.get().length) return;
      api.dishes({}).then(
        (menu) => {
          const dropped = cart.reconcile(menu);
          if (dropped.length) note.textContent = `No longer on the menu, so removed: ${dropped.join(', ')}.`;
        },
        () => {}, // offline: keep the cart as it is
      );
    },
  };
}
