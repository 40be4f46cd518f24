// `/tables`, the waiter's Tables page: every table on the floor, what it is now (free,
// seated with its guest, ordered with the amount still open, asked for the bill from its
// QR code, or paid in the last half hour) in words and a mark as well as colour, each opening its bill. Pickup orders' open
// bills are listed after the tables. Read from the day of bookings (who is seated where) and
// the open bills, and read again whenever the bookings' stream says the floor changed (a
// table asking for its bill says so too); a table that asks is announced once.
import type { PageContext } from '../../../router/app.js';
import { h } from '../../../core/dom.js';
import { loadInto } from '../../../core/load.js';
import { t, tn } from '../../../core/words.js';
import type { Bill } from '../../../shared/bills.js';
import type { DayOfBookings, StaffBooking } from '../../../shared/booking-records.js';
import type { BillsApi } from '../../bills-api.js';
import { BOOKING_EVENTS, type BookingsApi } from '../../bookings-api.js';
import type { FollowOptions } from '../../../core/event-stream.js';
import { formatPrice } from '../../price.js';
import { adoptBillStyles } from './bill-styles.js';

type TableState = { kind: 'free' } | { kind: 'seated' | 'paid'; stay: StaffBooking } | { kind: 'ordered' | 'asked'; bill: Bill; stay?: StaffBooking };

/** A party that paid this recently shows on its table as paid (the table is free). */
const PAID_SHOWN_MS = 30 * 60_000;

/** What each table of the floor is now: its open bill first, then a party seated with nothing ordered yet, then one that paid in the last half hour. */
export function tableStates(day: DayOfBookings, bills: readonly Bill[], now: number): Map<number, TableState> {
  const seated = new Map<number, StaffBooking>();
  const paid = new Map<number, StaffBooking>();
  for (const stay of day.bookings) {
    if (stay.status === 'arrived' && stay.billPaidAt !== null && Date.parse(stay.billPaidAt) > now - PAID_SHOWN_MS) for (const table of stay.tables) paid.set(table, stay);
    if (stay.status !== 'arrived' || stay.finishedAt !== null) continue;
    if (Date.parse(stay.startsAt) > now || Date.parse(stay.endsAt) <= now) continue;
    for (const table of stay.tables) seated.set(table, stay);
  }
  const states = new Map<number, TableState>();
  for (const table of day.tables) {
    const stay = seated.get(table.number);
    // A bill is the table's when it is its stay's or, with no stay, the table's own; or when one of those was joined to it.
    const owns = (one: { table: number | null; bookingId: number | null }) => (stay !== undefined && one.bookingId === stay.id) || (one.table === table.number && one.bookingId === null);
    const bill = bills.find((one) => owns(one) || one.joined.some(owns));
    const left = paid.get(table.number);
    states.set(table.number, bill ? { kind: bill.askedAt ? 'asked' : 'ordered', bill, stay } : stay ? { kind: 'seated', stay } : left ? { kind: 'paid', stay: left } : { kind: 'free' });
  }
  return states;
}

/** A table card's state in words, and what it says beneath them (who, or how many orders). */
function cardWords(state: TableState): [string, string] {
  switch (state.kind) {
    case 'free':
      return [t('Free'), ''];
    case 'seated':
      return [t('Seated'), state.stay.name || t('guest')];
    case 'paid':
      return [t('Paid, free now'), state.stay.name || t('guest')];
    default: {
      const detail = state.bill.guest ?? tn('1 order', '{count} orders', state.bill.orders.length);
      const price = formatPrice(state.bill.remainingCents);
      return [state.kind === 'asked' ? t('Asks for the bill · {price}', { price }) : t('{price} open', { price }), detail];
    }
  }
}

export interface TablesFollow {
  follow(url: string, options: FollowOptions): void;
  token(): string | null | undefined;
  /** Says a sentence to screen readers (the site's live region). */
  announce(text: string): void;
}

export const tablesPage = (bills: BillsApi, bookings: Pick<BookingsApi, 'day'>, live: TablesFollow) => (ctx: PageContext<unknown>) => {
  adoptBillStyles();
  const region = h('div', { class: 'tables-now' });
  /** Tables already asking, so each is announced once. */
  let asking: Set<number> | null = null;
  const load = async () => {
    const [day, open] = await Promise.all([bookings.day(undefined, ctx.signal), bills.open(ctx.signal)]);
    return { day, open };
  };
  const draw = ({ day, open }: { day: DayOfBookings; open: Bill[] }) => {
    const states = tableStates(day, open, Date.parse(day.now));
    const now = new Set([...states].filter(([, state]) => state.kind === 'asked').map(([table]) => table));
    if (asking) for (const table of now) if (!asking.has(table)) live.announce(t('Table {table} asks for the bill.', { table }));
    asking = now;
    const card = (number: number, state: TableState) => {
      const [word, detail] = cardWords(state);
      const inner = [h('span', { class: 'table-number' }, t('Table {table}', { table: number })), h('span', { class: `table-state ${state.kind}` }, word), detail && h('span', { class: 'table-detail' }, detail)];
      return h('li', { class: `table-card ${state.kind}`, 'data-table': number }, state.kind === 'free' || state.kind === 'paid' ? h('div', { class: 'table-card-body' }, inner) : h('a', { class: 'table-card-body', href: `/tables/${number}` }, inner));
    };
    const pickups = open.filter((bill) => bill.table === null);
    return h(
      'div',
      null,
      h('ul', { class: 'table-grid', 'aria-label': t('Tables') }, day.tables.map((table) => card(table.number, states.get(table.number)!))),
      pickups.length > 0 && [
        h('h2', null, t('Pickup orders to pay')),
        h(
          'ul',
          { class: 'pickup-bills' },
          pickups.map((bill) => h('li', null, t('Order {number}', { number: bill.orders.join(', ') }), ' · ', formatPrice(bill.remainingCents))),
        ),
      ],
    );
  };
  const show = (keep: boolean) => loadInto(region, load, draw, { signal: ctx.signal, waiting: t('Loading the tables…'), keep });
  show(false);
  // The stream ends with the access token: reading the tables again renews it (the site's HTTP client does), then it is followed again.
  const listen = () =>
    live.follow(BOOKING_EVENTS, {
      signal: ctx.signal,
      token: live.token,
      onEvent: () => show(true),
      onStop: () => {
        if (ctx.signal.aborted) return;
        bills.open(ctx.signal).then(
          () => {
            show(true);
            listen();
          },
          () => {},
        );
      },
    });
  listen();
  return h('div', { class: 'tables-page' }, h('h1', null, t('Tables')), h('p', { class: 'hint' }, t('Open a table to see its bill and take payment.')), region);
};
