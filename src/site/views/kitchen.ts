// `/kitchen` (Kitchen and Waiter): the open orders, oldest first, refreshed every 30 s.
// The guard only hides the page: the API decides, and a 403 is shown as it comes.
import { guardedPage } from '../../core/app.js';
import { h } from '../../core/dom.js';
import type { Order } from '../api.js';
import { formatAge } from '../format.js';
import type { Services } from '../services.js';
import type { StaffSession } from '../user.js';
import { loadInto } from '../../core/load.js';

const REFRESH_MS = 30_000;

const orderCard = (order: Order) =>
  h(
    'li',
    { class: `order ${order.status}` },
    h('h2', null, `Table ${order.table}`),
    h('p', { class: 'meta' }, h('span', { class: 'badge' }, order.status), ' ', h('time', { datetime: order.createdAt }, formatAge(order.createdAt))),
    h('ul', null, order.items.map((item) => h('li', null, `${item.quantity} × ${item.name}`))),
    order.note ? h('p', { class: 'note' }, order.note) : null,
  );

export const kitchenPage = ({ api, endSession }: Services) =>
  guardedPage<StaffSession>((ctx) => {
    const queue = h('div', { class: 'queue' });
    const load = (keep = false) =>
      loadInto(
        queue,
        () => api.orderQueue(ctx.signal),
        (orders) => (orders.length ? h('ol', { class: 'orders' }, orders.map(orderCard)) : h('p', { class: 'notice' }, 'No open orders. The kitchen is quiet.')),
        { signal: ctx.signal, waiting: 'Loading the order queue…', onExpired: () => endSession(ctx.here), keep },
      );
    load();
    const timer = setInterval(() => load(true), REFRESH_MS);
    ctx.signal.addEventListener('abort', () => clearInterval(timer));
    return h(
      'div',
      { class: 'kitchen' },
      h('h1', null, 'Order queue'),
      h('p', null, 'Open orders, oldest first. ', h('button', { type: 'button', class: 'link-button', onclick: () => load(true) }, 'Refresh now')),
      queue,
    );
  });
