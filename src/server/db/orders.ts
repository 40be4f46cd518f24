// The kitchen's queue: orders not yet served, oldest first, with their dishes.
import type { Db } from './database.js';

export const OPEN_STATUSES = ['received', 'preparing', 'ready'] as const;
type OpenStatus = (typeof OPEN_STATUSES)[number];

export async function listOpenOrders(db: Db) {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'table_number', 'status', 'note', 'created_at'])
    .where('status', 'in', [...OPEN_STATUSES])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (!orders.length) return [];
  const items = await db
    .selectFrom('order_items')
    .innerJoin('dishes', 'dishes.id', 'order_items.dish_id')
    .select(['order_items.order_id', 'order_items.dish_id', 'order_items.quantity', 'dishes.name'])
    .where(
      'order_items.order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('order_items.id')
    .execute();
  return orders.map((order) => ({
    id: order.id,
    table: order.table_number,
    status: order.status as OpenStatus,
    note: order.note,
    createdAt: order.created_at,
    items: items.filter((item) => item.order_id === order.id).map((item) => ({ dishId: item.dish_id, name: item.name, quantity: item.quantity })),
  }));
}
