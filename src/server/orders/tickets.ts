// What a paired display is sent of an order: everything but the prices. A screen on a wall
// has no business with the takings, and a credential that leaves the restaurant on a
// stolen tablet shows none. A station's screen is not sent a pickup order's phone number
// either: the diner is called from the pass, not from every station.
import type { Order, Ticket } from '../../shared/order-states.js';
import type { OrderEventData } from './store.js';

export interface TicketFor {
  /** A station's screen: no phone number. */
  station: boolean;
}

export function ticketOf({ totalCents: _, items, ...rest }: Order, { station }: TicketFor): Ticket {
  const ticket: Ticket = { ...rest, items: items.map(({ priceCents: __, choices, ...item }) => (choices ? { ...item, choices: choices.map(({ priceCents: ___, ...choice }) => choice) } : item)) };
  if (station && ticket.pickupPhone !== undefined) {
    ticket.pickupPhone = null;
    ticket.pickupPhoneText = null;
  }
  return ticket;
}

/** An event's data (JSON of `{type, order}`) with the order as a ticket. */
export function ticketEventData(data: string, to: TicketFor): string {
  const { type, order } = JSON.parse(data) as OrderEventData;
  return JSON.stringify({ type, order: ticketOf(order, to) });
}
