// The days the host can go to: yesterday, today and tomorrow on a host stand; on a person's pages the day before and after, today, or any date.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { DayOfBookings } from '../../shared/booking-records.js';

export interface DayNavOptions {
  /** The address of another day. */
  dayAddress(date: string): string;
  /** A person's pages go to any day; a host stand to yesterday, today and tomorrow. */
  days: 'any' | 'three';
  navigate(to: string): void;
}

const shift = (day: string, by: number) => new Date(Date.parse(`${day}T12:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** Fills `nav` with the links from `shownDay` (`today`: the date it is now where it is). */
export function drawDayNav(nav: HTMLElement, shownDay: DayOfBookings, today: string, options: DayNavOptions): void {
  const link = (date: string, label: string) => h('a', { class: 'button secondary', href: options.dayAddress(date), ...(date === shownDay.date && { 'aria-current': 'date' }) }, label);
  if (options.days === 'three') {
    nav.replaceChildren(link(shift(today, -1), t('Yesterday')), link(today, t('Today')), link(shift(today, 1), t('Tomorrow')));
    return;
  }
  const picker = h('input', { id: 'bookings-day', name: 'day', type: 'date', required: true, value: shownDay.date });
  const showDay = (event: Event) => {
    event.preventDefault();
    options.navigate(options.dayAddress(picker.value));
  };
  nav.replaceChildren(
    link(shift(shownDay.date, -1), t('Previous day')),
    link(today, t('Today')),
    link(shift(shownDay.date, 1), t('Next day')),
    h('form', { class: 'inline', onsubmit: showDay }, h('label', { for: 'bookings-day' }, t('Day')), picker, h('button', { type: 'submit', class: 'button secondary' }, t('Show'))),
  );
}
