// What a paired display is sent of an order: everything but the prices. A screen on a wall
// has no business with the takings, and a credential that leaves the restaurant on a
// stolen tablet shows none.
import type { Order, Ticket } from '../../shared/order-states.js';
import type { OrderEventData } from './store.js';

export function ticketOf({ totalCents: _, items, ...rest }: Order): Ticket {
  return { ...rest, items: items.map(({ priceCents: __, ...item }) => item) };
}

/** An event's data (JSON of `{type, order}`) with the order as a ticket. */
export function ticketEventData(data: string): string {
  const { type, order } = JSON.parse(data) as OrderEventData;
  return JSON.stringify({ type, order: ticketOf(order) });
}
