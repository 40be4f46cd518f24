// `/admin`: today at a glance. Each figure is a card that links to the page where it is
// worked on: the guests booked and arrived, the orders open by state, the takings so far
// beside the same weekday a week before until the same time, the dishes sold out, the
// screens (online, and those gone quiet), the next bookings. Live: a booking's or an order's
// change reads the figures again (the bookings' stream, as the host view hears it, and the
// orders', as the boards do); a screen going quiet has no event, so the figures are also read
// every 20 seconds while the page is shown. When the session ends, nothing opens by itself:
// the figures stay, a line says since when they are paused, and its Sign in again button
// (the person's own act) brings them back to life. Below the cards, the orders of each hour so far
// beside the same hours a week before (the chart of the day's page).
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { LOCALE, t, tn } from '../../core/words.js';
import type { AdminApi, DayWithWeekBefore, Overview } from './api.js';
import { hourChart } from './admin-day.js';
import { BOARD_EVENTS, BOOKING_EVENTS } from '../common/live-events.js';
import type { LaterServices } from '../shell/services.js';
import { formatPrice } from '../common/price.js';
import { dayWords } from '../common/format.js';
import { adminNav } from './admin-nav.js';

const REFRESH_MS = 20_000;
const SETTLE_MS = 500;

/** 20:31 on the restaurant's wall clock (the browser's, until the figures say which). */
const clock = (iso: string, timeZone?: string) => new Date(iso).toLocaleTimeString(LOCALE, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A figure: its title, the number that matters, what it is made of, and the page it comes from. */
function card(id: string, title: string, figure: string, details: Node | string | null, link: [href: string, text: string]): Node {
  return h(
    'section',
    { class: 'overview-card', 'aria-labelledby': `overview-${id}` },
    h('h2', { id: `overview-${id}` }, title),
    h('p', { class: 'overview-figure' }, figure),
    details,
    h('p', { class: 'more' }, h('a', { href: link[0] }, link[1])),
  );
}

const list = (items: Node[]) => (items.length ? h('ul', { class: 'overview-list' }, items.map((item) => h('li', null, item))) : null);

/** The six cards of `now`; with the day's numbers (`day`), the takings card also has the average ticket and the best-selling dishes. */
export function overviewCards(now: Overview, day?: DayWithWeekBefore): HTMLElement {
  const { covers, openOrders, takings, soldOut, screens, nextBookings } = now;
  const open = openOrders.received + openOrders.preparing + openOrders.ready;
  const difference = takings.takenCents - takings.weekBeforeTakenCents;
  return h(
    'div',
    { class: 'overview' },
    card('covers', t('Guests today'), String(covers.booked + covers.walkIns), h('p', null, t('{booked} booked, {arrived} of them arrived · {walkIns} at the door', { booked: covers.booked, arrived: covers.arrived, walkIns: covers.walkIns })), ['/admin/bookings', t('Bookings')]),
    card(
      'orders',
      t('Orders open'),
      String(open),
      h('p', null, [tn('1 received', '{count} received', openOrders.received), tn('1 preparing', '{count} preparing', openOrders.preparing), tn('1 ready', '{count} ready', openOrders.ready)].join(' · ')),
      ['/admin/day', t('The day\'s numbers')],
    ),
    card(
      'takings',
      t('Money taken so far'),
      formatPrice(takings.takenCents),
      h(
        'div',
        null,
        h('p', null, t('A week ago by this time: {amount}', { amount: formatPrice(takings.weekBeforeTakenCents) }), ' ', h('span', { class: difference < 0 ? 'down' : 'up' }, `(${difference < 0 ? '−' : '+'}${formatPrice(Math.abs(difference))})`)),
        h('p', null, t('Orders served: {amount} (a week ago: {before})', { amount: formatPrice(takings.cents), before: formatPrice(takings.weekBeforeCents) })),
        day ? ticketLines(day) : null,
      ),
      ['/admin/day', t('The day\'s numbers')],
    ),
    card(
      'sold-out',
      t('Sold out'),
      String(soldOut.count),
      list(soldOut.dishes.map((dish) => h('a', { href: `/admin/dishes/${dish.id}` }, dish.name))) ?? h('p', null, t('Everything on the menu can be ordered.')),
      ['/admin/menu', t('Menu')],
    ),
    card(
      'screens',
      t('Screens'),
      screens.paired ? t('{online} of {paired} online', { online: screens.online, paired: screens.paired }) : t('None paired'),
      list(screens.quiet.map((screen) => h('span', null, screen.lastSeenAt ? t('{name}: quiet since {time}', { name: screen.name, time: clock(screen.lastSeenAt) }) : t('{name}: not seen yet', { name: screen.name })))) ??
        h('p', null, screens.paired ? t('Every paired screen is online.') : t('No screen is paired yet.')),
      ['/admin/displays', t('Displays')],
    ),
    card(
      'next',
      t('Next bookings'),
      String(nextBookings.length),
      list(nextBookings.map((booking) => h('span', null, t('{time} · {name} · {people}', { time: booking.time, name: booking.name || t('Guest'), people: tn('1 person', '{count} people', booking.party) })))) ?? h('p', null, t('No more bookings today.')),
      ['/admin/bookings', t('Bookings')],
    ),
  );
}

/** From the day's numbers: the average ticket so far beside a week before's, and the three best-selling dishes. */
export function ticketLines(day: DayWithWeekBefore): Node {
  const money = (cents: number | null) => (cents === null ? '–' : formatPrice(cents));
  const top = day.topDishes.slice(0, 3);
  return h(
    'div',
    { class: 'overview-ticket' },
    h('p', null, t('Average ticket: {amount} (a week before: {before})', { amount: money(day.averageTicketCents), before: money(day.weekBefore.averageTicketCents) })),
    h('p', null, top.length ? t('Best-selling: {dishes}', { dishes: top.map((dish) => `${dish.name} · ${dish.quantity}`).join(', ') }) : t('Nothing ordered yet today.')),
  );
}

/** The orders of each hour so far, beside the same hours a week before (the day's page draws the same chart). */
function daySoFar(day: DayWithWeekBefore): Node {
  return h(
    'section',
    { class: 'day-so-far', 'aria-labelledby': 'overview-hours' },
    h('h2', { id: 'overview-hours' }, t('Orders per hour so far')),
    h('p', { class: 'legend', 'aria-hidden': 'true' }, h('span', { class: 'key this-day' }), ` ${dayWords(day.date)} `, h('span', { class: 'key week-before' }), ` ${dayWords(day.weekBefore.date)}`),
    hourChart(day.perHour, day.weekBefore.perHour, 'overview-hours'),
    h('p', { class: 'more' }, h('a', { href: '/admin/day' }, t('Every hour in numbers, and the best-selling dishes'))),
  );
}

export const adminOverviewPage = (admin: AdminApi, services: Pick<LaterServices, 'follow' | 'session' | 'signInAgain'>) => (ctx: PageContext<unknown>) => {
  const area = h('div');
  const updated = h('p', { class: 'hint' });
  let first = true;
  let timeZone: string | undefined;
  // A read the page makes by itself meets an ended session: the figures stay, marked as of
  // their time, until the person chooses to sign in again (nothing opens by itself).
  let paused = false;
  const pause = () => {
    if (paused) return;
    paused = true;
    const since = clock(new Date().toISOString(), timeZone);
    const again = async () => {
      if (!(await services.signInAgain())) return;
      paused = false;
      read();
      listen();
    };
    updated.replaceChildren(h('span', { role: 'status' }, t('Live figures paused at {time}: your session has ended.', { time: since })), ' ', h('button', { type: 'button', class: 'button secondary', onclick: () => void again() }, t('Sign in again')));
  };
  const read = () => {
    if (paused) return;
    const quiet = !first;
    loadInto(
      area,
      () => Promise.all([admin.overview(ctx.signal, quiet), admin.day(undefined, ctx.signal, quiet)]),
      ([now, day]) => {
        timeZone = now.timeZone;
        updated.textContent = t('As of {time}; it updates by itself.', { time: clock(now.at, timeZone) });
        return h('div', null, overviewCards(now, day), daySoFar(day));
      },
      // After the first time, the figures on screen stay while they are read again.
      { signal: ctx.signal, waiting: t('Loading today…'), keep: !first, onExpired: quiet ? pause : undefined },
    );
  };
  read();
  first = false;
  // A booking's or an order's change: read once more, half a second on (a busy pass sends
  // events in bursts; one read answers them all).
  let pending: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      read();
    }, SETTLE_MS);
  };
  // What has no event of its own (a screen gone quiet) is read every 20 s while the page is shown.
  const timer = setInterval(() => document.visibilityState === 'visible' && read(), REFRESH_MS);
  ctx.signal.addEventListener('abort', () => {
    clearInterval(timer);
    clearTimeout(pending);
  });
  // The streams end with the session (the server closes them at the token's expiry).
  const token = () => services.session.get()?.token;
  let streams: AbortController | undefined;
  const listen = () => {
    streams?.abort();
    streams = new AbortController();
    for (const events of [BOOKING_EVENTS, BOARD_EVENTS]) services.follow(events, { signal: streams.signal, token, onEvent: soon, onStop: (error) => error.expired && pause() });
  };
  ctx.signal.addEventListener('abort', () => streams?.abort());
  listen();
  return h('div', { class: 'admin with-nav' }, h('h1', null, t('Today')), adminNav(), updated, area);
};
