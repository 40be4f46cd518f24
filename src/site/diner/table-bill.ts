// `/bill`, the table's bill as its guests see it, from the table's QR code (the visit keeps
// its code, table-visit.ts): every dish ordered at the table, the cover charge, the total
// with its VAT, what is paid and what remains; "Ask for the bill" tells the waiters once
// ("Asked at 20:15: a waiter is coming."), and once it is paid, "Paid, thank you". The bill
// is read again every 15 seconds while the page is shown, so payments and new orders appear
// by themselves. Without a table's code there is nothing to show but how to get one.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { t } from '../../core/words.js';
import type { GuestBill } from '../../shared/bills.js';
import { failureText } from '../common/failure-text.js';
import { formatPrice } from '../common/price.js';
import type { LaterServices } from '../shell/services.js';
import { labelOf, visitTable } from './table-visit.js';
import { clockIn, deviceZone } from '../common/zone-time.js';
import { billLines } from '../common/bill-lines.js';
import { adoptBillStyles } from '../common/bill-styles.js';

const EVERY_MS = 15_000;

export const tableBillPage = ({ api }: LaterServices) => (ctx: PageContext<unknown>) => {
  adoptBillStyles();
  const table = visitTable.get();
  const frame = h('div', { class: 'bill-page' }, h('h1', null, t('Your bill')));
  if (!table) {
    frame.append(h('p', null, t('Scan the QR code on your table to see its bill here.')), h('p', null, h('a', { href: '/menu' }, t('See the menu'))));
    return frame;
  }
  ctx.retitle(t('Your bill · {table}', { table: labelOf(table) }));
  const region = h('div');
  const said = h('p', { class: 'outcome', role: 'status' });
  let shown: GuestBill | null = null;
  /** "20:15" on the restaurant's clock (the opening hours say its time zone). */
  let zone = deviceZone();
  const clock = (iso: string) => clockIn(zone, Date.parse(iso));
  api.hours().then(
    ({ timeZone }) => {
      if (timeZone) zone = timeZone;
    },
    () => {},
  );

  const draw = (bill: GuestBill): Node => {
    shown = bill;
    const paid = bill.status === 'paid';
    const asking = h('button', { type: 'button', class: 'button large', onclick: askNow }, t('Ask for the bill'));
    return h(
      'div',
      null,
      h('p', { class: 'bill-who' }, labelOf(table)),
      billLines(bill, t('What {table} ordered', { table: labelOf(table) })),
      h('p', { class: `remaining${paid ? ' paid' : ''}` }, paid ? t('Paid, thank you!') : bill.paidCents > 0 ? t('Paid {paid} · {remaining} to pay', { paid: formatPrice(bill.paidCents), remaining: formatPrice(bill.remainingCents) }) : t('To pay: {price}', { price: formatPrice(bill.remainingCents) })),
      !paid && (bill.askedAt ? h('p', { class: 'asked' }, t('Asked at {time}: a waiter is coming.', { time: clock(bill.askedAt) })) : asking),
      said,
    );
  };

  async function askNow(event: Event) {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    try {
      const bill = await api.askForBill(table!.code);
      region.replaceChildren(draw(bill));
      said.textContent = bill.askedAt ? t('Asked at {time}: a waiter is coming.', { time: clock(bill.askedAt) }) : '';
    } catch (error) {
      button.disabled = false;
      said.textContent = failureText(error);
    }
  }

  loadInto(region, () => api.tableBill(table.code, ctx.signal), draw, { signal: ctx.signal, waiting: t('Loading your bill…') });
  // Followed while shown: a payment or another order appears by itself; a failed read keeps what is shown.
  const timer = setInterval(() => {
    if (document.hidden || !shown || shown.status === 'paid') return;
    api.tableBill(table.code, ctx.signal).then(
      (bill) => region.replaceChildren(draw(bill)),
      () => {},
    );
  }, EVERY_MS);
  ctx.signal.addEventListener('abort', () => clearInterval(timer));
  frame.append(region);
  return frame;
};
