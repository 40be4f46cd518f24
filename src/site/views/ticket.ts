// One order on the kitchen board: number, table or pickup name, age, state, dishes, note,
// and the moves the signed-in role may make. The API decides; these buttons only follow it.
import { h } from '../../core/dom.js';
import { movesFor, type OrderStatus } from '../../shared/order-states.js';
import type { Order } from '../api.js';
import { formatAge } from '../format.js';
import { destination, itemList, statusBadge } from './order-parts.js';

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  preparing: 'Start preparing',
  ready: 'Mark ready',
  served: 'Mark served',
  cancelled: 'Cancel order',
};

export interface TicketOptions {
  role: string;
  /** Shown as new (and labelled so) until someone acts on it. */
  fresh: boolean;
  /** What happened with the last move on this order, e.g. a conflict. */
  message?: string;
  move(order: Order, to: OrderStatus): void;
}

export function ticket(order: Order, { role, fresh, message, move }: TicketOptions): HTMLElement {
  const headingId = `ticket-${order.id}`;
  return h(
    'li',
    { class: `ticket${fresh ? ' fresh' : ''}`, 'data-order': order.id, 'aria-labelledby': headingId },
    h(
      'div',
      { class: 'ticket-head' },
      h('h3', { id: headingId, tabindex: -1 }, `No. ${order.number}`, h('span', { class: 'where' }, destination(order))),
      fresh ? h('span', { class: 'fresh-label' }, 'New') : null,
    ),
    h('p', { class: 'meta' }, statusBadge(order.status), ' ', h('time', { datetime: order.createdAt }, formatAge(order.createdAt))),
    itemList(order),
    order.takenBy ? h('p', { class: 'hint' }, `Taken by ${order.takenBy}`) : null,
    order.note ? h('p', { class: 'note' }, order.note) : null,
    message ? h('p', { class: 'ticket-message', role: 'status' }, message) : null,
    h(
      'div',
      { class: 'actions' },
      movesFor(order.status, role).map((to) =>
        h('button', { type: 'button', class: to === 'cancelled' ? 'button secondary' : 'button', 'data-move': to, onclick: () => move(order, to) }, MOVE_LABELS[to], h('span', { class: 'visually-hidden' }, ` (order ${order.number})`)),
      ),
    ),
  );
}
