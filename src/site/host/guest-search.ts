// "Find a guest": a name, or a few digits of a phone number. The bars of the day that match
// are marked on the timeline (the others fade), and listed under the box, each one tap (or
// Enter) from its booking.
import { h } from '../../core/dom.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import { people } from '../bookings/index.js';
import { t } from '../../core/words.js';

export interface SearchOptions {
  bookings(): StaffBooking[];
  /** The bars by booking id. */
  marks(): Map<number, HTMLElement>;
  timeline: HTMLElement;
  choose(booking: StaffBooking): void;
}

const MAX_LISTED = 8;
const digits = (text: string) => text.replace(/\D/g, '');
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The bookings `query` finds: by name (any part, accents aside), or by 3 digits or more of the phone. */
export function findGuests(bookings: StaffBooking[], query: string): StaffBooking[] {
  const words = folded(query.trim());
  if (!words) return [];
  const number = digits(query);
  return bookings.filter((booking) => (booking.name && folded(booking.name).includes(words)) || (number.length >= 3 && digits(booking.phone).includes(number)));
}

export function guestSearch({ bookings, marks, timeline, choose }: SearchOptions) {
  const input = h('input', { id: 'find-guest', type: 'search', autocomplete: 'off', placeholder: t('Name or phone') });
  const found = h('p', { class: 'search-count', role: 'status' });
  const list = h('ul', { class: 'search-results' });

  function refresh() {
    const query = input.value;
    const hits = findGuests(bookings(), query);
    const ids = new Set(hits.map((booking) => booking.id));
    timeline.classList.toggle('searching', query.trim() !== '');
    for (const [id, node] of marks()) node.classList.toggle('match', ids.has(id));
    found.textContent = !query.trim() ? '' : hits.length ? t('{length} found', { length: hits.length }) : t('No booking for “{trim}” on this day.', { trim: query.trim() });
    list.replaceChildren(
      ...hits.slice(0, MAX_LISTED).map((booking) =>
        h('li', null, h('button', { type: 'button', class: 'link-button', onclick: () => choose(booking) }, `${booking.name || t('Guest')} · ${people(booking.party)} · ${booking.time}${booking.table ? ` · table ${booking.table}` : ''}`)),
      ),
    );
  }
  input.addEventListener('input', refresh);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = findGuests(bookings(), input.value)[0];
    if (first) choose(first);
  });
  const node = h('div', { class: 'guest-search', role: 'search' }, h('label', { for: 'find-guest' }, t('Find a guest')), input, found, list);
  return { node, refresh };
}
