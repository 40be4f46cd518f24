// The evening's guests by the half hour they arrive in: the booked (confirmed, seated or gone)
// and the walk-ins, each counted in the half hour of its time; what the kitchen and the floor
// staff for. Cancelled, declined, requested and no-show parties are not coming.
import { h } from '../../core/dom.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import { t, tn } from '../../core/words.js';

/** "19:30" → "19:30", "19:45" → "19:30": the half hour a time falls in. */
const halfHourOf = (time: string) => `${time.slice(0, 3)}${Number(time.slice(3, 5)) < 30 ? '00' : '30'}`;

/** Guests per half hour, in time order; a half hour with none is left out. */
export function coversByHalfHour(bookings: readonly StaffBooking[]): { time: string; guests: number }[] {
  const counts = new Map<string, number>();
  for (const booking of bookings) {
    if (booking.status !== 'confirmed' && booking.status !== 'arrived') continue;
    const half = halfHourOf(booking.time);
    counts.set(half, (counts.get(half) ?? 0) + booking.party);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([time, guests]) => ({ time, guests }));
}

/** The list under the day: "19:00 · 8 guests". */
export function coversList(bookings: readonly StaffBooking[]): HTMLElement {
  const halves = coversByHalfHour(bookings);
  return h(
    'section',
    { class: 'covers-by-time', 'aria-labelledby': 'covers-by-time-title' },
    h('h3', { id: 'covers-by-time-title' }, t('Guests by the half hour they come')),
    halves.length ? h('ul', null, halves.map((half) => h('li', null, h('strong', null, half.time), ` · ${tn('1 guest', '{count} guests', half.guests)}`))) : h('p', null, t('Nobody is expected.')),
  );
}
