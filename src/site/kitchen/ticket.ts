// One order on a kitchen board: its number, where it goes, its timer and whether it is
// late (in words), its dishes, note, and the moves whoever looks at it may make. On a
// station's screen only that station's dishes, and one Done for its part; on the pass and
// for people, every dish under its station with the part marked done or not. The API
// decides; these buttons only follow it.
import { h } from '../../core/dom.js';
import { movesFor, type OrderStatus, type Ticket } from '../../shared/order-states.js';
import { destination, itemList, noteOf, statusBadge } from '../common/order-parts.js';
import { elapsed, LATENESS_WORDS, type Lateness } from './late.js';
import { t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';
import { courseWords } from '../common/course-words.js';

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  preparing: t('Start preparing'),
  ready: t('Mark ready'),
  served: t('Mark served'),
  cancelled: t('Cancel order'),
};

export interface TicketOptions {
  /** Who looks at it, as MOVES knows them: a role, `Pass`, or `Station`. */
  mover: string;
  /** A station's screen: its station. */
  station: number | null;
  now: number;
  lateness: Lateness;
  /** Shown as new (and labelled so) until someone acts on it. */
  fresh: boolean;
  /** What happened with the last move on this order, e.g. a conflict. */
  message?: string;
  move(order: Ticket, to: OrderStatus): void;
  /** A station's screen: its part is done. */
  done(order: Ticket): void;
  /** A paired screen on a wall: the phone is read, not a link to call (a tap would leave the board). */
  screen: boolean;
}

/** Every dish under its station's name, the part marked done or not (in words). */
function byStation(order: Ticket) {
  if (order.parts.length <= 1) return itemList(order.items);
  return h(
    'div',
    { class: 'parts' },
    order.parts.map((part) =>
      h(
        'section',
        { class: part.done ? 'part done' : 'part' },
        h('h4', null, shownName(part), ' ', h('span', { class: 'part-state' }, part.done ? t('✓ Done') : t('Cooking'))),
        itemList(order.items.filter((item) => item.station === part.station)),
      ),
    ),
  );
}

/** When its time in the kitchen started: when it was placed, or when its course was fired. */
export const startOf = (order: Ticket) => order.firedAt ?? order.createdAt;

export function ticket(order: Ticket, { mover, station, now, lateness, fresh, message, move, done, screen }: TicketOptions): HTMLElement {
  const headingId = `ticket-${order.id}`;
  const late = LATENESS_WORDS[lateness];
  const actions =
    station !== null
      ? [h('button', { type: 'button', class: 'button', 'data-done': true, onclick: () => done(order) }, t('Done'), h('span', { class: 'visually-hidden' }, t(' (order {number})', { number: order.number })))]
      : movesFor(order.status, mover).map((to) =>
          h('button', { type: 'button', class: to === 'cancelled' ? 'button secondary' : 'button', 'data-move': to, onclick: () => move(order, to) }, MOVE_LABELS[to], h('span', { class: 'visually-hidden' }, t(' (order {number})', { number: order.number }))),
        );
  return h(
    'li',
    { class: `ticket ${lateness}${fresh ? ' fresh' : ''}`, 'data-order': order.id, 'aria-labelledby': headingId },
    h(
      'div',
      { class: 'ticket-head' },
      h('h3', { id: headingId, tabindex: -1 }, t('No. {number}', { number: order.number }), h('span', { class: 'where' }, destination(order)), order.course === null ? null : h('span', { class: 'course' }, courseWords(order.course))),
      fresh ? h('span', { class: 'fresh-label' }, t('New')) : null,
    ),
    h(
      'p',
      { class: 'meta' },
      station === null ? statusBadge(order.status) : null,
      ' ',
      order.firedAt ? h('span', { class: 'fired' }, t('Fired'), ' ') : null,
      h('time', { class: 'timer', datetime: startOf(order), role: 'timer' }, elapsed(startOf(order), now)),
      ' ',
      h('span', { class: 'late-label', hidden: !late }, late),
    ),
    station === null ? byStation(order) : itemList(order.items.filter((item) => item.station === station)),
    order.takenBy ? h('p', { class: 'hint' }, t('Taken by {takenBy}', { takenBy: order.takenBy })) : null,
    // The phone is for whoever calls the diner (the pass), not for every station.
    order.pickupPhone && station === null ? h('p', { class: 'hint' }, t('Phone '), screen ? (order.pickupPhoneText ?? order.pickupPhone) : h('a', { href: `tel:${order.pickupPhone}` }, order.pickupPhoneText ?? order.pickupPhone)) : null,
    order.note ? noteOf(order.note) : null,
    message ? h('p', { class: 'ticket-message', role: 'status' }, message) : null,
    h('div', { class: 'actions' }, actions),
  );
}
