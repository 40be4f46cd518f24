// The cart, in a modal dialog opened from the header: quantities, removal, total, and
// the form that places it as an order. Rows are kept per dish and updated in place, so a
// press on + or − keeps focus on that button; a removed row hands focus to its neighbour.
import { h } from '../../core/dom.js';
import { countItems, MAX_QUANTITY, type CartItem } from './cart.js';
import { checkChoices, lineKey, reconcileCart, setQuantity, totalCents } from './cart-menu.js';
import { formatPrice } from '../common/price.js';
import type { LaterServices } from '../shell/services.js';
import { checkoutForm } from './checkout.js';
import { t, tn } from '../../core/words.js';

interface Row {
  node: HTMLLIElement;
  quantity: HTMLOutputElement;
  more: HTMLButtonElement;
  price: HTMLElement;
  /** What the menu no longer has of its choices, said on the line. */
  problem: HTMLElement;
  /** The line's choices in words, as the menu names them now. */
  choices: HTMLElement | null;
}

export function cartDialog(services: LaterServices) {
  const { cart, api } = services;
  const title = h('h2', { id: 'cart-title', tabindex: -1 }, t('Your order'));
  const list = h('ul', { class: 'cart-items' });
  const empty = h('p', { class: 'empty' }, t('Your cart is empty. Add dishes from the menu.'));
  const total = h('p', { class: 'cart-total' });
  const note = h('p', { class: 'notice', role: 'status' });
  // Closed now, or dishes sold out since they were added: said before the form is filled.
  const closed = h('p', { class: 'notice closed', role: 'status' });
  const soldOut = h('div', { class: 'notice sold-out-note', role: 'status' });
  const checkout = checkoutForm(services, () => node.close());
  const close = h('button', { type: 'button', class: 'close-button', onclick: () => node.close() }, t('Close'));
  const node = h('dialog', { class: 'cart', 'aria-labelledby': 'cart-title' }, h('div', { class: 'dialog-head' }, title, close), note, closed, soldOut, empty, list, total, checkout);
  const submit = checkout.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  // By line (cart-menu.ts's lineKey): the same dish with other choices is another row.
  const rows = new Map<string, Row>();
  // Lines whose choices the menu no longer has as chosen (checkChoices, when the dialog opens).
  let problems = new Map<string, string>();

  const quantityOf = (key: string) => cart.get().find((item) => lineKey(item) === key)?.quantity ?? 0;
  const control = (key: string, which: string, label: string, text: string, change: number) =>
    h('button', { type: 'button', 'data-control': which, 'aria-label': label, onclick: () => setQuantity(cart, key, change && quantityOf(key) + change) }, text);

  function makeRow(item: CartItem): Row {
    const key = lineKey(item);
    // The line's name with its choices and note ("Bistecca · Medium · + Mushrooms", "Espresso · ✎ decaf"): the buttons say which line they change.
    const name = [item.name, item.choices?.text, item.note && `✎ ${item.note}`].filter(Boolean).join(' · ');
    const quantity = h('output', { 'aria-label': t('{name}: quantity', { name }) });
    const more = control(key, 'more', t('One more {name}', { name }), '+', 1);
    const price = h('span', { class: 'price' });
    const remove = h('button', { type: 'button', class: 'link-button', 'data-control': 'remove', onclick: () => setQuantity(cart, key, 0) }, t('Remove'), h('span', { class: 'visually-hidden' }, ` ${name}`));
    // A line with choices or a note can be changed on its dish's page (the dialog closes; the link is the router's).
    const change = item.choices || item.note ? h('a', { class: 'line-change', href: `/menu/${item.dishId}?line=${encodeURIComponent(key)}`, onclick: (event: Event) => (event.currentTarget as Element).closest('dialog')!.close() }, t('Change'), h('span', { class: 'visually-hidden' }, ` ${name}`)) : null;
    const choices = item.choices ? h('small', { class: 'line-choices' }, item.choices.text) : null;
    const words = h('span', { class: 'name' }, item.name, choices, item.note ? h('small', { class: 'line-note' }, `✎ ${item.note}`) : null, change);
    const problem = h('p', { class: 'line-problem' });
    const node = h('li', null, words, h('span', { class: 'stepper' }, control(key, 'less', t('One less {name}', { name }), '−', -1), quantity, more), price, remove, problem);
    return { node, quantity, more, price, problem, choices };
  }

  // A row that goes away takes focus with it: hand it to the same control in the next row
  // (or the one before), or to the dialog's title when the cart is empty.
  function drop(key: string, row: Row) {
    const focused = (row.node.contains(document.activeElement) && (document.activeElement as HTMLElement).dataset.control) || '';
    const neighbour = (row.node.nextElementSibling ?? row.node.previousElementSibling) as HTMLElement | null;
    row.node.remove();
    rows.delete(key);
    if (!focused) return;
    (neighbour?.querySelector<HTMLElement>(`[data-control="${focused}"]`) ?? title).focus();
  }

  function show(items: CartItem[]) {
    for (const [key, row] of rows) if (!items.some((item) => lineKey(item) === key)) drop(key, row);
    items.forEach((item, index) => {
      let row = rows.get(lineKey(item));
      if (!row) {
        row = makeRow(item);
        rows.set(lineKey(item), row);
      }
      if (list.children[index] !== row.node) list.insertBefore(row.node, list.children[index] ?? null);
      row.quantity.textContent = String(item.quantity);
      row.more.disabled = item.quantity >= MAX_QUANTITY;
      row.price.textContent = formatPrice(item.priceCents * item.quantity);
      row.problem.textContent = problems.get(lineKey(item)) ?? '';
      if (row.choices && item.choices) row.choices.textContent = item.choices.text;
    });
    empty.hidden = items.length > 0;
    total.textContent = items.length ? `${t('Total {price}', { price: formatPrice(totalCents(items)) })} · ${tn('1 dish', '{count} dishes', countItems(items))}` : '';
    checkout.hidden = !items.length;
  }
  cart.subscribe(show);
  show(cart.get());

  return {
    node,
    open() {
      checkout.refresh();
      note.textContent = '';
      closed.textContent = '';
      soldOut.replaceChildren();
      node.showModal();
      api.hoursNow().then(
        (hours) => {
          closed.textContent = hours.open ? '' : t('{summary}. We take orders while we are open; your cart is kept.', { summary: hours.summary });
          submit.disabled = !hours.open;
        },
        () => {}, // the order itself will say so
      );
      // Dishes taken off the menu since they were added are dropped, with a note.
      if (!cart.get().length) return;
      // A line's choices against its dish as the menu has it now: said on the line, never dropped.
      const chosen = [...new Set(cart.get().flatMap((item) => (item.choices ? [item.dishId] : [])))];
      problems = new Map();
      if (chosen.length)
        // Each dish on its own: one gone (a 404) leaves the others' lines checked.
        void Promise.allSettled(chosen.map((id) => api.dish(id))).then((answers) => {
          problems = checkChoices(cart, answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : [])));
          show(cart.get());
        });
      api.currentDishes(cart.get().map((item) => item.dishId)).then(
        (menu) => {
          const dropped = reconcileCart(cart, menu);
          if (dropped.length) note.textContent = t('No longer on the menu, so removed: {dropped}.', { dropped: dropped.join(', ') });
          const gone = menu.filter((dish) => !dish.available);
          if (!gone.length) return;
          const remove = () => {
            cart.set(cart.get().filter((item) => !gone.some((dish) => dish.id === item.dishId)));
            soldOut.replaceChildren();
            title.focus();
          };
          soldOut.replaceChildren(
            h('p', null, tn('Sold out now: {list}. Remove it to place your order.', 'Sold out now: {list}. Remove them to place your order.', gone.length, { list: gone.map((dish) => dish.name).join(', ') })),
            h('button', { type: 'button', class: 'button secondary', onclick: remove }, gone.length === 1 ? t('Remove the sold-out dish') : t('Remove the sold-out dishes')),
          );
        },
        () => {}, // offline: keep the cart as it is
      );
    },
  };
}
