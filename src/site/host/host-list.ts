// The day as a list by time, for a waiter's phone (the host view below 36rem, where the
// timeline's table labels wrapped to four lines and three tables showed): each booking a
// line with its time, name and party, its table, state and note, and the actions it offers
// now as buttons under the thumb. Its name opens the booking's panel (moves, cancel).
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import type { StaffChange } from '../bookings/index.js';
import { actionsOf } from './booking-panel.js';
import { partyWords, shown, stateClasses, stateOf, whoOf, type Span } from './host-timeline.js';

export interface ListOptions {
  select(id: number): void;
  change(booking: StaffBooking, wanted: StaffChange, done: string): Promise<boolean>;
  /** The answer to the last action on a line, shown under that line's buttons: the booking's id and the node that says it. */
  said?: { id: number; node: HTMLElement } | null;
}

const stateLine = (booking: StaffBooking, words: string) => [t('Table {number}', { number: booking.table ?? '–' }), words, booking.note ? `✎ ${booking.note}` : ''].filter(Boolean).join(' · ');

/** The day's bookings with a table, by time, as list items. */
export function dayList(day: DayOfBookings, span: Span, now: number, { select, change, said }: ListOptions): HTMLElement[] {
  return shown(day).map((booking) => {
    const state = stateOf(booking, day.lateMinutes, now, span);
    return h(
      'li',
      { class: `host-list-item ${stateClasses(booking, state)}`, 'data-booking': booking.id },
      h('button', { type: 'button', class: 'link-button', onclick: () => select(booking.id) }, `${booking.time} · ${whoOf(booking)} · ${partyWords(booking)}`),
      h('p', null, stateLine(booking, state.words)),
      h(
        'div',
        { class: 'row' },
        actionsOf(booking).map(([label, wanted, done]) => h('button', { type: 'button', class: 'button secondary', onclick: () => void change(booking, wanted, done) }, label)),
      ),
      said?.id === booking.id ? said.node : null,
    );
  });
}

/** Time moved on: each line's state (late now, and by how much) said again in place, focus and buttons kept. */
export function refreshList(list: Element, day: DayOfBookings, span: Span, now: number): void {
  for (const booking of shown(day)) {
    const item = list.querySelector<HTMLElement>(`.host-list-item[data-booking="${booking.id}"]`);
    if (!item) continue;
    const state = stateOf(booking, day.lateMinutes, now, span);
    item.className = `host-list-item ${stateClasses(booking, state)}`;
    const line = item.querySelector('p')!;
    const text = stateLine(booking, state.words);
    if (line.textContent !== text) line.textContent = text;
  }
}
