// `/admin/day` (today) and `/admin/day/2026-11-21`: the day's numbers, each beside the same
// weekday a week before; orders per hour as a bar chart with its axis' values, each hour's bar
// beside the week before's, with the same numbers in a table for screen readers (and anyone
// who wants them); the ten best-selling dishes; and a CSV of
// the day's orders. Choosing another date is a new history entry, so Back returns to the last.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, DayWithWeekBefore } from './api.js';
import { formatPrice } from '../common/price.js';
import { dayWords } from '../common/format.js';
import { adminNav, failureText } from './admin-nav.js';
import { LOCALE, t } from '../../core/words.js';

const SVG = 'http://www.w3.org/2000/svg';
const svg = (tag: string, attributes: Record<string, string | number>, ...children: Node[]) => {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
};

const money = (cents: number | null) => (cents === null ? '–' : formatPrice(cents));
const minutes = (value: number | null) => (value === null ? '–' : `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }).format(value)} min`);
/** A day (YYYY-MM-DD) as the page's language writes it: "Friday 27 November", "venerdì 27 novembre". */

/** The axis' top: the most orders in an hour, up to a round number (1, 2 or 5 times a power of ten). */
export function axisTop(most: number): number {
  if (most <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(most));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= most)!;
}

/**
 * The bars: per hour of the wall clock, this day's beside the same hour a week before, as tall
 * as their orders against an axis with its values (0, half, top) and lines across; hours
 * labelled every third. A day of 23 or 25 hours is set against the week before hour by hour.
 * Named by the element `labelledBy` (this page's heading; the overview's).
 */
export function hourChart(perHour: DayWithWeekBefore['perHour'], before: DayWithWeekBefore['perHour'], labelledBy: string): SVGElement {
  const top = axisTop(Math.max(0, ...perHour.map((hour) => hour.orders), ...before.map((hour) => hour.orders)));
  const [left, slot, height, bottom] = [30, 22, 140, 18];
  const plot = height - bottom - 8;
  const y = (orders: number) => height - bottom - Math.round((orders / top) * plot);
  const ticks = [0, top / 2, top].filter((tick, i) => i !== 1 || Number.isInteger(tick));
  const axis = ticks.map((tick) =>
    svg(
      'g',
      {},
      svg('line', { x1: left, x2: left + perHour.length * slot, y1: y(tick), y2: y(tick), class: 'grid' }),
      svg('text', { x: left - 6, y: y(tick) + 3, 'text-anchor': 'end', class: 'axis' }, document.createTextNode(String(tick))),
    ),
  );
  const bars = perHour.map((hour, i) => {
    const x = left + i * slot;
    const then = before[i]?.orders ?? 0;
    return svg(
      'g',
      {},
      svg('rect', { x: x + 3, y: y(hour.orders), width: 8, height: height - bottom - y(hour.orders), class: 'hour-bar' }),
      svg('rect', { x: x + 11, y: y(then), width: 8, height: height - bottom - y(then), class: 'hour-bar-before' }),
      ...(i % 3 === 0 ? [svg('text', { x: x + slot / 2, y: height - 4, 'text-anchor': 'middle', class: 'axis' }, document.createTextNode(hour.hour))] : []),
    );
  });
  return svg('svg', { viewBox: `0 0 ${left + perHour.length * slot} ${height}`, class: 'day-chart', role: 'img', 'aria-labelledby': labelledBy, focusable: 'false' }, ...axis, ...bars);
}

export const adminDayPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const date = ctx.params.id;
  const area = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });
  const picker = h('input', { id: 'day-date', type: 'date', value: date ?? '' });
  picker.addEventListener('change', () => picker.value && ctx.navigate(`/admin/day/${picker.value}`));

  function show(day: DayWithWeekBefore): Node {
    picker.value = day.date;
    ctx.retitle(t('The day\'s numbers, {date}', { date: dayWords(day.date) }));
    const before = day.weekBefore;
    const figure = (label: string, value: string, then: string) => h('div', { class: 'figure' }, h('dt', null, label), h('dd', null, h('strong', null, value), h('span', { class: 'hint' }, t('A week before: {then}', { then }))));
    const csv = async () => {
      try {
        const url = URL.createObjectURL(await admin.dayCsv(day.date));
        h('a', { href: url, download: `tavola-orders-${day.date}.csv` }).click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch (error) {
        status.textContent = failureText(error);
      }
    };
    return h(
      'div',
      null,
      h('p', { class: 'hint' }, t('{date}, compared with {date2} (times in {timeZone}).', { date: dayWords(day.date), timeZone: day.timeZone, date2: dayWords(before.date) })),
      h(
        'dl',
        { class: 'figures' },
        figure(t('Orders placed'), String(day.placed), String(before.placed)),
        figure(t('[orders] Served'), String(day.served), String(before.served)),
        figure(t('[orders] Cancelled'), String(day.cancelled), String(before.cancelled)),
        figure(t('Takings (served orders)'), money(day.takingsCents), money(before.takingsCents)),
        figure(t('Money taken (payments)'), money(day.takenCents), money(before.takenCents)),
        figure(t('Average ticket'), money(day.averageTicketCents), money(before.averageTicketCents)),
        figure(t('Received to ready, median'), minutes(day.medianMinutes.receivedToReady), minutes(before.medianMinutes.receivedToReady)),
        figure(t('Ready to served, median'), minutes(day.medianMinutes.readyToServed), minutes(before.medianMinutes.readyToServed)),
        figure(t('Guests booked'), String(day.covers.booked), String(before.covers.booked)),
        figure(t('Booked guests who came'), String(day.covers.arrived), String(before.covers.arrived)),
        figure(t('Booked guests who did not come'), String(day.covers.noShow), String(before.covers.noShow)),
        figure(t('Guests seated at the door'), String(day.covers.walkIns), String(before.covers.walkIns)),
      ),
      h('h2', { id: 'per-hour-title' }, t('Orders per hour')),
      h('p', { class: 'legend', 'aria-hidden': 'true' }, h('span', { class: 'key this-day' }), ` ${dayWords(day.date)} `, h('span', { class: 'key week-before' }), ` ${dayWords(before.date)}`),
      hourChart(day.perHour, before.perHour, 'per-hour-title'),
      h(
        'details',
        null,
        h('summary', null, t('The numbers per hour')),
        h(
          'table',
          { class: 'per-hour' },
          h('caption', { class: 'visually-hidden' }, t('Orders per hour')),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('Hour')), h('th', { scope: 'col' }, dayWords(day.date)), h('th', { scope: 'col' }, t('A week before ({date})', { date: dayWords(before.date) })))),
          h('tbody', null, day.perHour.map((hour, i) => h('tr', null, h('th', { scope: 'row' }, `${hour.hour}:00`), h('td', null, String(hour.orders)), h('td', null, String(before.perHour[i]?.orders ?? 0))))),
        ),
      ),
      h('h2', null, t('Best-selling dishes')),
      day.topDishes.length ? h('ol', { class: 'top-dishes' }, day.topDishes.map((dish) => h('li', null, `${dish.name} · ${dish.quantity}`))) : h('p', null, t('Nothing was ordered this day.')),
      h('p', null, h('button', { type: 'button', class: 'button secondary', onclick: csv }, t('Download the day\'s orders (CSV)'))),
      status,
    );
  }

  loadInto(area, () => admin.day(date, ctx.signal), show, { signal: ctx.signal, waiting: t('Loading the day\'s numbers…') });
  return h('div', { class: 'admin with-nav' }, h('h1', null, t('The day\'s numbers')), adminNav(), h('p', { class: 'form inline' }, h('label', { for: 'day-date' }, t('Day')), picker), area);
};
