// Placing the cart as an order: at a table (the visit's, from its QR code, or the one staff
// are taking the order at) or for pickup, with a note. One Idempotency-Key
// per cart, so a double click or a retry after a lost answer places one order. On success
// the cart empties and the diner follows the order at /orders/:id; on failure the cart
// stays and the form says what went wrong.
// The first order of a table's visit asks how many they are (`guests`: the party, and the
// guests the cover charge counts, until a waiter or the host says otherwise); a later order of
// the visit does not ask again. Staff taking an order at a table are asked at their first
// order there in this tab's sign-in. A pickup order is never asked.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import type { LaterServices } from '../shell/services.js';
import { guestsOf, labelOf, MOST_GUESTS, orderedTables, visitTable } from './table-visit.js';
import { t } from '../../core/words.js';

/** A random key (crypto.randomUUID needs a secure context; this works on any origin). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

function failureMessage(error: unknown): string {
  if (error instanceof RequestError && error.body?.message && (error.status === 400 || error.status === 403 || error.status === 409)) return error.body.message;
  if (error instanceof RequestError && error.status === 429) return error.body?.message ?? t('Too many orders in a short time. Please wait a few minutes and try again.');
  // The database is away for a moment: the cart and its Idempotency-Key are kept, so trying again places one order.
  if (error instanceof RequestError && error.status === 503) return t('We could not take your order just now. Your cart is kept: please try again in a moment.');
  return messageOf(error);
}

/**
 * The form; `placed` runs after the order is placed (the dialog closes). Where it goes
 * depends on who orders: a diner whose visit began at a table's QR code orders to that
 * table (no number to type); Waiter or Kitchen staff type the table they are taking the
 * order at; anyone else orders for pickup. `refresh` (the dialog opening) looks again.
 */
export function checkoutForm({ api, cart, myOrders, navigation, session }: LaterServices, placed: () => void): HTMLFormElement & { refresh(): void } {
  let key: string | null = null;
  cart.subscribe(() => (key = null)); // another cart is another order
  const choice = (value: string, label: string, checked: boolean, disabled = false) =>
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'where', value, checked, disabled, onchange: toggle }), ' ', label);
  const table = h('input', { id: 'order-table', name: 'table', type: 'number', inputmode: 'numeric', min: 1, step: 1, autocomplete: 'off', oninput: () => toggle() });
  const name = h('input', { id: 'order-name', name: 'pickupName', maxlength: 60, autocomplete: 'given-name' });
  const phone = h('input', { id: 'order-phone', name: 'pickupPhone', type: 'tel', maxlength: 40, autocomplete: 'tel', 'aria-describedby': 'order-phone-hint' });
  const tableField = h('p', { class: 'field' }, h('label', { for: 'order-table' }, t('Table number')), table);
  const nameField = h('div', null, h('p', { class: 'field' }, h('label', { for: 'order-name' }, t('Name to call out')), name), h('p', { class: 'field' }, h('label', { for: 'order-phone' }, t('Phone number')), phone), h('p', { id: 'order-phone-hint', class: 'hint' }, t('We call it if your order waits, and for nothing else.')));
  // How many are at the table: a diner's visit or a staff member's table, at its first order. Its words are the diner's or the staff's (refresh).
  const guests = h('input', { id: 'order-guests', name: 'guests', inputmode: 'numeric', maxlength: 3, autocomplete: 'off', 'aria-describedby': 'order-guests-hint order-guests-error', oninput: () => sayGuests('') });
  const guestsLabel = h('label', { for: 'order-guests' });
  const guestsHint = h('p', { id: 'order-guests-hint', class: 'hint' });
  const guestsError = h('span', { id: 'order-guests-error', class: 'field-error', role: 'alert' });
  const guestsField = h('div', { class: 'field guests-field' }, guestsLabel, guestsHint, guests, guestsError);
  /** The field's refusal in its own words (or none): under the box, the cursor put in it. */
  function sayGuests(words: string) {
    guestsError.textContent = words;
    if (!words) return guests.removeAttribute('aria-invalid');
    guests.setAttribute('aria-invalid', 'true');
    guests.focus();
  }
  const choices = h('fieldset', null);
  const note = h('textarea', { id: 'order-note', name: 'note', maxlength: 200, rows: 2, 'aria-describedby': 'order-note-hint' });
  const error = h('div', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'button large' }, t('Place order'));
  let pending = false;
  const pickupDetails = () => ({ pickupName: name.value.trim(), pickupPhone: phone.value.trim() });
  let where: () => { table: number; tableCode?: string } | { pickupName: string; pickupPhone: string } = pickupDetails;

  const picked = () => (form.elements.namedItem('where') as RadioNodeList | null)?.value;
  const staffUser = () => {
    const user = session.get()?.user;
    return user && ['Kitchen', 'Waiter'].includes(user.role) ? user : undefined;
  };
  /** Whether this order is the first of the visit, or of the signed-in staff member at the table typed: then it asks how many are there. */
  function asksGuests(pickup: boolean): boolean {
    if (pickup) return false;
    const visit = visitTable.get();
    if (visit) return visit.guests === undefined;
    const user = staffUser();
    const ordered = orderedTables.get();
    return !!user && !(ordered?.user === user.id && ordered.tables.includes(Number(table.value)));
  }
  function toggle() {
    const pickup = picked() !== 'table';
    tableField.hidden = pickup || !!visitTable.get();
    nameField.hidden = !pickup;
    table.required = !tableField.hidden;
    name.required = phone.required = pickup;
    // Shown or hidden (the way changed, or the table typed): what it said before goes.
    const asks = asksGuests(pickup);
    if (guestsField.hidden !== asks) return;
    guestsField.hidden = !asks;
    sayGuests('');
  }

  function refresh() {
    const visit = visitTable.get();
    const staff = !!staffUser();
    const tableChoice = visit
      ? choice('table', t('To {label}', { label: labelOf(visit) }), true)
      : staff
        ? choice('table', t('To a table (you are taking the order)'), true)
        : choice('table', t('To my table: scan the QR code on it first'), false, true);
    choices.replaceChildren(h('legend', null, t('Where shall we bring it?')), tableChoice, choice('pickup', t('I will pick it up'), !visit && !staff));
    guestsLabel.textContent = visit ? t('How many are you?') : t('How many are at the table?');
    guestsHint.textContent = visit ? t('We ask once, at your first order from this table.') : t('Asked at your first order at each table; a party already counted keeps its number.');
    where = () => (picked() !== 'table' ? pickupDetails() : visit ? { table: visit.number, tableCode: visit.code } : { table: Number(table.value) });
    toggle();
  }

  async function send(event: Event) {
    event.preventDefault();
    const items = cart.get();
    if (pending || !items.length) return;
    // How many are at the table, when asked: refused in the field's own words, nothing sent.
    const count = guestsField.hidden ? undefined : guestsOf(guests.value);
    if (!guestsField.hidden && count === undefined)
      return sayGuests(visitTable.get() ? t('Type how many you are: a number from 1 to {most}.', { most: MOST_GUESTS }) : t('Type how many are at the table: a number from 1 to {most}.', { most: MOST_GUESTS }));
    const to = where();
    pending = true;
    submit.disabled = true;
    submit.textContent = t('Placing your order…');
    error.textContent = '';
    key ??= newKey();
    try {
      const order = await api.placeOrder({ ...to, ...(count !== undefined && { guests: count }), items: items.map(({ dishId, quantity, choices, note }) => ({ dishId, quantity, ...(choices && { choices: choices.ids }), ...(note && { note }) })), note: note.value.trim() || undefined }, key);
      myOrders.remember(order.id);
      // Asked once: the visit keeps what they said; a staff member's table is one they have ordered at.
      const visit = visitTable.get();
      if ('table' in to && visit && visit.guests === undefined && count !== undefined) visitTable.set({ ...visit, guests: count });
      const user = staffUser();
      if ('table' in to && !visit && user) {
        const ordered = orderedTables.get();
        const before = ordered?.user === user.id ? ordered.tables : [];
        if (!before.includes(to.table)) orderedTables.set({ user: user.id, tables: [...before, to.table] });
      }
      cart.set([]);
      form.reset();
      refresh();
      placed();
      navigation.navigate(`/orders/${order.id}`);
    } catch (failure) {
      error.textContent = failureMessage(failure);
      // The table's code no longer works (renewed): the visit forgets it; pickup is offered.
      if (failure instanceof RequestError && failure.body?.code?.startsWith('table_code')) {
        visitTable.set(null);
        key = null;
        refresh();
      }
    } finally {
      pending = false;
      submit.disabled = false;
      submit.textContent = t('Place order');
    }
  }

  const form = h(
    'form',
    { class: 'form checkout', onsubmit: send, 'aria-labelledby': 'checkout-title' },
    h('h3', { id: 'checkout-title' }, t('Place your order')),
    choices,
    tableField,
    guestsField,
    nameField,
    h('label', { for: 'order-note' }, t('Note for the kitchen (optional)')),
    h('p', { id: 'order-note-hint', class: 'hint' }, t('Allergic to something? Say so here: the kitchen sees it on your ticket.')),
    note,
    error,
    submit,
  );
  refresh();
  return Object.assign(form, { refresh });
}
