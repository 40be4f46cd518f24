// What the diner's order page and the kitchen board both show of an order: where it goes,
// its state (in words and a shape, never colour alone), its dishes and its total.
import { h } from '../../core/dom.js';
import type { OrderStatus } from '../../shared/order-states.js';
import type { Order } from '../api.js';
import { formatPrice } from '../price.js';
import { t } from '../../core/words.js';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  received: t('Received'),
  preparing: t('Preparing'),
  ready: t('Ready'),
  served: t('Served'),
  cancelled: t('[order] Cancelled'),
};

/** A column of a board, over several orders ("Pronti 5", where one order is "Pronto"). */
export const COLUMN_LABELS: Record<OrderStatus, string> = {
  received: t('[orders] Received'),
  preparing: t('[orders] Preparing'),
  ready: t('[orders] Ready'),
  served: t('[orders] Served'),
  cancelled: t('[orders] Cancelled'),
};

/** "Table 7" or "Pickup for Ada". */
export const destination = (order: Pick<Order, 'table' | 'pickupName'>) => (order.table !== null ? t('Table {table}', { table: order.table }) : t('Pickup for {pickupName}', { pickupName: order.pickupName ?? '' }));

export const statusBadge = (status: OrderStatus, label = STATUS_LABELS[status]) => h('span', { class: `badge status-${status}` }, label);

export const itemList = (order: Order) =>
  h('ul', { class: 'order-items' }, order.items.map((item) => h('li', null, h('span', { class: 'quantity' }, `${item.quantity} ×`), ' ', item.name)));

export const orderTotal = (order: Order) => h('p', { class: 'order-total' }, t('Total {price}', { price: formatPrice(order.totalCents) }));
