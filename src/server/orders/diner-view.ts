// What a diner is sent of an order: everything but a pickup order's phone number, which is
// for the kitchen. Whoever has an order's link can follow it, and a link gets shared.
import type { Order } from '../../shared/order-states.js';
import type { OrderEventData } from './store.js';

export function dinerOrder({ pickupPhone: _, pickupPhoneText: __, ...order }: Order): Order {
  return order;
}

/** An event's data (JSON of `{type, order}`) without the phone number. */
export function dinerEventData(data: string): string {
  const { type, order } = JSON.parse(data) as OrderEventData;
  return JSON.stringify({ type, order: dinerOrder(order) });
}
