// `/tables`, the waiter's Tables page: every table on the floor, what it is now (free,
// seated with its guest, ordered with the amount still open, asked for the bill from its
// QR code, or paid in the last half hour) in words and a mark as well as colour, each opening
// its bill. What is at each table is the API's one answer (GET /staff/tables/now): the page
// works nothing out from bookings or bills. A bill that counts no guests while the owner
// charges a cover is marked, so the waiter counts them on its page. Pickup orders' open bills
// are listed after the tables. Read again whenever the bookings' stream says the floor changed
// (an order at a table, or a table asking for its bill, says so too); a table that asks is
// announced once. Each table opens the waiter's pad (its order by course), and a course held
// there is fired from its card.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { t, tn } from '../../core/words.js';
import type { Bill, TableNow } from '../../shared/bills.js';
import type { BillsApi } from './api.js';
import { BOOKING_EVENTS } from '../common/live-events.js';
import type { FollowOptions } from '../../core/event-stream.js';
import { formatPrice } from '../common/price.js';
import { adoptBillStyles } from '../common/bill-styles.js';
import { courseWords } from '../common/course-words.js';
import { failureText } from '../common/failure-text.js';
import type { PadApi } from '../pad/index.js';

export type TableKind = 'free' | 'seated' | 'ordered' | 'asked' | 'paid';

/** A table's card: its state, in words and what it says beneath them, and whether its bill counts no guests while a cover is charged. */
export interface TableCard {
  kind: TableKind;
  words: string;
  detail: string;
  uncounted: boolean;
  /** Whether its page has anything to show: a party, a bill, or a bill paid there before. */
  opens: boolean;
}

/** A party that paid this recently shows on its table as paid (the table is free). */
const PAID_SHOWN_MS = 30 * 60_000;

/** What the card of `table` says, as the API answered the floor at `now`. */
export function tableCard(table: TableNow, now: number): TableCard {
  const { stay, bill, lastBill } = table;
  // Who is there: their name; or guests who ordered with nobody seating them.
  const who = stay?.name || (stay?.openedByOrder ? t('Ordered at the table') : '');
  const opens = Boolean(stay || bill || lastBill);
  if (bill) {
    const price = formatPrice(bill.remainingCents);
    return {
      kind: bill.askedAt ? 'asked' : 'ordered',
      words: bill.askedAt ? t('Asks for the bill · {price}', { price }) : t('{price} open', { price }),
      detail: who || tn('1 order', '{count} orders', bill.orders),
      uncounted: !bill.covers && bill.coverCents > 0,
      opens,
    };
  }
  if (stay) return { kind: 'seated', words: t('Seated'), detail: who || (stay.partyKnown ? tn('1 guest', '{count} guests', stay.party) : t('guest')), uncounted: false, opens };
  if (lastBill && Date.parse(lastBill.closedAt) > now - PAID_SHOWN_MS) return { kind: 'paid', words: t('Paid, free now'), detail: formatPrice(lastBill.totalCents), uncounted: false, opens };
  return { kind: 'free', words: t('Free'), detail: '', uncounted: false, opens };
}

export interface TablesFollow {
  follow(url: string, options: FollowOptions): void;
  token(): string | null | undefined;
  /** Says a sentence to screen readers (the site's live region). */
  announce(text: string): void;
}

export const tablesPage = (bills: BillsApi, pad: Pick<PadApi, 'fire'>, live: TablesFollow) => (ctx: PageContext<unknown>) => {
  adoptBillStyles();
  const region = h('div', { class: 'tables-now' });
  const said = h('p', { class: 'outcome', role: 'status' });
  const fire = (table: number, course: number) =>
    pad.fire(table, course).then(
      () => {
        said.textContent = t('Table {table}: {course} fired.', { table, course: courseWords(course) });
        show(true);
      },
      (error: unknown) => {
        said.textContent = failureText(error);
        show(true);
      },
    );
  /** Tables already asking, so each is announced once. */
  let asking: Set<number> | null = null;
  const load = async () => {
    const [floor, open] = await Promise.all([bills.now(ctx.signal), bills.open(ctx.signal)]);
    return { floor, open };
  };
  const draw = ({ floor, open }: { floor: { tables: TableNow[]; now: string }; open: Bill[] }) => {
    const now = Date.parse(floor.now);
    const cards = floor.tables.map((table) => [table.number, tableCard(table, now)] as const);
    const asked = new Set(cards.filter(([, card]) => card.kind === 'asked').map(([table]) => table));
    if (asking) for (const table of asked) if (!asking.has(table)) live.announce(t('Table {table} asks for the bill.', { table }));
    asking = asked;
    const card = (number: number, { kind, words, detail, uncounted, opens }: TableCard) => {
      const inner = [
        h('span', { class: 'table-number' }, t('Table {table}', { table: number })),
        h('span', { class: `table-state ${kind}` }, words),
        detail && h('span', { class: 'table-detail' }, detail),
        uncounted && h('span', { class: 'table-uncounted' }, t('Guests not counted: no cover charge')),
      ];
      const held = floor.tables.find((table) => table.number === number)?.bill?.held ?? [];
      return h(
        'li',
        { class: `table-card ${kind}`, 'data-table': number },
        opens ? h('a', { class: 'table-card-body', href: `/tables/${number}` }, inner) : h('div', { class: 'table-card-body' }, inner),
        h(
          'div',
          { class: 'table-card-acts' },
          h('a', { class: 'button secondary', href: `/tables/${number}/order` }, t('Take the order'), h('span', { class: 'visually-hidden' }, t(' (table {table})', { table: number }))),
          held.map((course) => h('button', { type: 'button', class: 'button', onclick: () => void fire(number, course) }, t('Fire: {course}', { course: courseWords(course) }), h('span', { class: 'visually-hidden' }, t(' (table {table})', { table: number })))),
        ),
      );
    };
    const pickups = open.filter((bill) => bill.table === null);
    return h(
      'div',
      null,
      h('ul', { class: 'table-grid', 'aria-label': t('Tables') }, cards.map(([number, state]) => card(number, state))),
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
  // One read at a time: events coming while the floor is read (every order at a table is one)
  // make one more read after it, so a busy floor is not read over and over, nor an older
  // answer drawn over a newer one.
  let reading = false;
  let again = false;
  const show = (keep: boolean) => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    const done = () => {
      reading = false;
      if (!again || ctx.signal.aborted) return;
      again = false;
      show(true);
    };
    loadInto(region, () => load().finally(done), draw, { signal: ctx.signal, waiting: t('Loading the tables…'), keep });
  };
  show(false);
  // The stream ends with the access token: reading the tables again renews it (the site's HTTP client does), then it is followed again.
  const listen = () =>
    live.follow(BOOKING_EVENTS, {
      signal: ctx.signal,
      token: live.token,
      onEvent: () => show(true),
      onStop: () => {
        if (ctx.signal.aborted) return;
        bills.now(ctx.signal).then(
          () => {
            show(true);
            listen();
          },
          () => {},
        );
      },
    });
  listen();
  return h('div', { class: 'tables-page' }, h('h1', null, t('Tables')), h('p', { class: 'hint' }, t('Open a table to see its bill and take payment, or take its order.')), said, region);
};
