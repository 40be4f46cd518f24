// "All day": how many of each dish are still to cook across the open tickets (received and
// preparing), as a line cook asks for them. A station's screen counts its own dishes.
import { h } from '../../core/dom.js';
import type { Ticket } from '../../shared/order-states.js';
import { t } from '../../core/words.js';

/** Dish name and count, most first (then by name), of the tickets still being cooked. */
export function allDay(tickets: Iterable<Ticket>, station: number | null): [name: string, count: number][] {
  const counts = new Map<string, number>();
  for (const ticket of tickets) {
    if (ticket.status !== 'received' && ticket.status !== 'preparing') continue;
    for (const item of ticket.items) {
      if (station !== null && item.station !== station) continue;
      if (station !== null && ticket.parts.some((part) => part.station === station && part.done)) continue;
      counts.set(item.name, (counts.get(item.name) ?? 0) + item.quantity);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function allDayList(counts: [string, number][]): HTMLElement {
  if (!counts.length) return h('p', { class: 'hint' }, t('Nothing waiting.'));
  return h('ul', { class: 'all-day-list' }, counts.map(([name, count]) => h('li', null, h('strong', null, String(count)), ' ', name)));
}
