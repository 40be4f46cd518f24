// Placing the cart as an order: at a table or for pickup, with a note. One Idempotency-Key
// per cart, so a double click or a retry after a lost answer places one order. On success
// the cart empties and the diner follows the order at /orders/:id; on failure the cart
// stays and the form says what went wrong.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import type { Services } from '../services.js';

/** A random key (crypto.randomUUID needs a secure context; this works on any origin). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

function failureMessage(error: unknown): string {
  if (error instanceof RequestError && error.body?.message && (error.status === 400 || error.status === 409)) return error.body.message;
  if (error instanceof RequestError && error.status === 429) return 'Too many orders from this connection. Please wait a few minutes and try again.';
  // The database is away for a moment: the cart and its Idempotency-Key are kept, so trying again places one order.
  if (error instanceof RequestError && error.status === 503) return 'We could not take your order just now. Your cart is kept: please try again in a moment.';
  return messageOf(error);
}

/** The form; `placed` runs after the order is placed (the dialog closes). */
export function checkoutForm({ api, cart, myOrders, navigation }: Services, placed: () => void): HTMLFormElement {
  let key: string | null = null;
  cart.subscribe(() => (key = null)); // another cart is another order
  const choice = (value: string, label: string, checked: boolean) =>
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'where', value, checked, onchange: toggle }), ' ', label);
  const table = h('input', { id: 'order-table', name: 'table', type: 'number', inputmode: 'numeric', min: 1, step: 1, required: true, autocomplete: 'off' });
  const name = h('input', { id: 'order-name', name: 'pickupName', maxlength: 60, autocomplete: 'given-name' });
  const tableField = h('p', { class: 'field' }, h('label', { for: 'order-table' }, 'Table number'), table);
  const nameField = h('p', { class: 'field', hidden: true }, h('label', { for: 'order-name' }, 'Name to call out'), name);
  const note = h('textarea', { id: 'order-note', name: 'note', maxlength: 200, rows: 2 });
  const error = h('div', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'button large' }, 'Place order');
  let pending = false;

  function toggle() {
    const pickup = (form.elements.namedItem('where') as RadioNodeList).value === 'pickup';
    tableField.hidden = pickup;
    nameField.hidden = !pickup;
    table.required = !pickup;
    name.required = pickup;
  }

  async function send(event: Event) {
    event.preventDefault();
    const items = cart.get();
    if (pending || !items.length) return;
    pending = true;
    submit.disabled = true;
    submit.textContent = 'Placing your order…';
    error.textContent = '';
    key ??= newKey();
    const where = table.required ? { table: Number(table.value) } : { pickupName: name.value.trim() };
    try {
      const order = await api.placeOrder({ ...where, items: items.map(({ dishId, quantity }) => ({ dishId, quantity })), note: note.value.trim() || undefined }, key);
      myOrders.remember(order.id);
      cart.set([]);
      form.reset();
      toggle();
      placed();
      navigation.navigate(`/orders/${order.id}`);
    } catch (failure) {
      error.textContent = failureMessage(failure);
    } finally {
      pending = false;
      submit.disabled = false;
      submit.textContent = 'Place order';
    }
  }

  const form = h(
    'form',
    { class: 'form checkout', onsubmit: send, 'aria-labelledby': 'checkout-title' },
    h('h3', { id: 'checkout-title' }, 'Place your order'),
    h('fieldset', null, h('legend', null, 'Where shall we bring it?'), choice('table', 'To my table', true), choice('pickup', 'I will pick it up', false)),
    tableField,
    nameField,
    h('label', { for: 'order-note' }, 'Note for the kitchen (optional)'),
    note,
    error,
    submit,
  );
  return form;
}
