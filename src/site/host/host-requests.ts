// The requests waiting for a table (accept or decline) over the day, and the cancelled and declined listed apart under it, each one click from its booking.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import { people } from '../bookings/index.js';

/** Draws the day's requests into `waiting` and its cancelled or declined into `over`; a line's button selects its booking. */
export function drawRequests(day: DayOfBookings, { waiting, over }: { waiting: HTMLElement; over: HTMLElement }, select: (id: number) => void): void {
  const requested = day.bookings.filter((booking) => booking.status === 'requested');
  const gone = day.bookings.filter((booking) => booking.status === 'cancelled' || booking.status === 'declined');
  const line = (booking: StaffBooking) =>
    h('li', null, h('button', { type: 'button', class: 'link-button', 'data-booking': booking.id, onclick: () => select(booking.id) }, `${booking.time} · ${booking.name || t('Guest')} · ${people(booking.party)}`), booking.status === 'requested' ? '' : ` (${booking.status})`);
  waiting.replaceChildren(
    requested.length ? h('section', { class: 'notice', 'aria-labelledby': 'requests-title' }, h('h3', { id: 'requests-title' }, t('Waiting to be accepted ({length})', { length: requested.length })), h('ul', null, requested.map(line))) : '',
  );
  over.replaceChildren(gone.length ? h('details', null, h('summary', null, t('Cancelled or declined ({length})', { length: gone.length })), h('ul', null, gone.map(line))) : '');
}
