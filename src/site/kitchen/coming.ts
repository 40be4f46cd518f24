// What is coming: the courses a waiter took and holds until the table is ready ("3 Mains held,
// table 5"), apart from the tickets and without a timer (nobody is late on a dish not asked for
// yet). A station's screen lists its own dishes of them; the pass and a waiter may fire them.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Ticket } from '../../shared/order-states.js';
import { courseWords } from '../common/course-words.js';
import { itemList } from '../common/order-parts.js';

export interface ComingOptions {
  /** A station's screen: its dishes only. */
  station: number | null;
  /** Whoever looks may fire (the pass, a waiter). */
  canFire: boolean;
  fire(order: Ticket): void;
  /** What the last fire of a course said (a refusal), by "table/course". */
  said: ReadonlyMap<string, string>;
}

/** A table's held course, one line per table and course, its dishes under it. */
export function comingList(held: readonly Ticket[], { station, canFire, fire, said }: ComingOptions): HTMLElement | null {
  const byCourse = new Map<string, Ticket[]>();
  for (const order of [...held].sort((a, b) => a.table! - b.table! || a.course! - b.course! || a.number - b.number)) {
    const items = order.items.filter((item) => station === null || item.station === station);
    if (!items.length) continue;
    const key = `${order.table}/${order.course}`;
    byCourse.set(key, [...(byCourse.get(key) ?? []), { ...order, items }]);
  }
  if (!byCourse.size) return null;
  return h(
    'section',
    { class: 'coming', 'aria-labelledby': 'coming-title' },
    h('h2', { id: 'coming-title' }, t('[orders] Coming')),
    h(
      'ul',
      { class: 'coming-list' },
      [...byCourse].map(([key, orders]) => {
        const first = orders[0]!;
        const count = orders.reduce((sum, order) => sum + order.items.reduce((dishes, item) => dishes + item.quantity, 0), 0);
        const course = courseWords(first.course!);
        return h(
          'li',
          { class: 'coming-course', 'data-coming': key },
          h('p', { class: 'coming-what' }, t('{count} {course} held, table {table}', { count, course, table: first.table! })),
          itemList(orders.flatMap((order) => order.items)),
          canFire ? h('button', { type: 'button', class: 'button secondary', onclick: () => fire(first) }, t('Fire'), h('span', { class: 'visually-hidden' }, t(' ({course}, table {table})', { course, table: first.table! }))) : null,
          said.get(key) ? h('p', { class: 'ticket-message', role: 'status' }, said.get(key)!) : null,
        );
      }),
    ),
  );
}
