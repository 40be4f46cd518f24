// `/admin/close` (today) and `/admin/close/2026-11-21`: closing the day's money. What the
// day took by method (cash, card, and each other method by its name: Satispay, Buoni pasto)
// with the tips apart, the bills paid with their guests and the average per guest, the VAT inside by rate, the bills still open (each a
// link to its table's bill, to settle before closing), the cash the drawer should hold, and
// the discounts, dishes taken off and refunds with who and why, and the cash counted: Close the day keeps the difference and stops payments on that day;
// Reopen the day undoes it. Both are in the activity list.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { DayClose } from '../../shared/bills.js';
import type { AdminApi } from './api.js';
import { formatPrice } from '../common/price.js';
import { dayWords } from '../common/format.js';
import { centsOf } from '../common/money-input.js';
import { adminNav, failureText } from './admin-nav.js';
import { adoptBillStyles } from '../common/bill-styles.js';
import { t } from '../../core/words.js';

const METHOD_WORDS: Record<DayClose['methods'][number]['method'], () => string> = { card: () => t('Card'), cash: () => t('Cash'), other: () => t('Other') };
/** A row's method: an other method by the name it was written with ("Satispay"), else its word. */
const methodWords = (row: DayClose['methods'][number]) => row.methodName ?? METHOD_WORDS[row.method]();
const percent = (bp: number) => `${bp / 100} %`;

/** Where a change of the day's money was: a table, or a pickup order's bill. */
const where = (row: { table: number | null; billId: number }) => (row.table === null ? t('Pickup, bill {id}', { id: row.billId }) : t('Table {table}', { table: row.table }));

/** The day's discounts, dishes taken off and money given back: each with who and why. */
function changedMoney(day: DayClose): HTMLElement {
  const items = [
    ...day.discounts.map((row) => t('{where}: {price} off, {reason} ({name})', { where: where(row), price: formatPrice(row.amountCents), reason: row.reason, name: row.by })),
    ...day.removed.map((row) =>
      (row.started ? t('{where}: {dishes} taken off ({price}) once the kitchen had started, {reason} ({name})', { where: where(row), dishes: `${row.quantity} × ${row.name}`, price: formatPrice(row.amountCents), reason: row.reason, name: row.by }) : t('{where}: {dishes} taken off ({price}), {reason} ({name})', { where: where(row), dishes: `${row.quantity} × ${row.name}`, price: formatPrice(row.amountCents), reason: row.reason, name: row.by })),
    ),
    ...day.refunds.map((row) => t('{where}: {price} given back, {reason} ({name})', { where: where(row), price: formatPrice(-row.amountCents), reason: row.reason, name: row.by })),
  ];
  return items.length ? h('ul', { class: 'money-changes' }, items.map((item) => h('li', null, item))) : h('p', null, t('No discount, dish taken off or refund that day.'));
}

export const adminClosePage = (admin: Pick<AdminApi, 'dayClose' | 'closeDay' | 'reopenDay' | 'paymentsCsv'>) => (ctx: PageContext<unknown>) => {
  adoptBillStyles();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(ctx.params.id ?? '') ? ctx.params.id : undefined;
  const region = h('div', { class: 'day-close' });
  const heading = h('h1', null, t('Close the day'));

  const draw = (day: DayClose): Node => {
    ctx.retitle(t('Close the day · {day}', { day: dayWords(day.date, { year: true }) }));
    heading.textContent = t('Close the day · {day}', { day: dayWords(day.date, { year: true }) });
    const said = h('p', { class: 'outcome', role: 'status' });
    const error = h('p', { class: 'form-error', role: 'alert' });
    const counted = h('input', { id: 'close-counted', inputmode: 'decimal', required: true, autocomplete: 'off', 'aria-describedby': 'close-expected' });
    const redraw = (next: DayClose, words: string) => {
      region.replaceChildren(draw(next));
      region.querySelector('.outcome')!.textContent = words;
    };
    const closeIt = async (event: Event) => {
      event.preventDefault();
      const cents = centsOf(counted.value);
      if (Number.isNaN(cents)) {
        error.textContent = t('Write the amount in euros, as 12.50.');
        counted.focus();
        return;
      }
      try {
        const closed = await admin.closeDay(day.date, cents);
        redraw(closed, t('The day is closed.'));
      } catch (failure) {
        error.textContent = failureText(failure);
      }
    };
    const reopenIt = async () => {
      try {
        redraw(await admin.reopenDay(day.date), t('The day is open again: payments can be taken on it.'));
      } catch (failure) {
        error.textContent = failureText(failure);
      }
    };
    const csv = async () => {
      try {
        const url = URL.createObjectURL(await admin.paymentsCsv(day.date));
        h('a', { href: url, download: `tavola-payments-${day.date}.csv` }).click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch (failure) {
        error.textContent = failureText(failure);
      }
    };
    const figure = (label: string, value: string) => h('div', { class: 'figure' }, h('dt', null, label), h('dd', null, h('strong', null, value)));
    return h(
      'div',
      null,
      h('dl', { class: 'figures' }, figure(t('Money taken'), formatPrice(day.takenCents)), figure(t('Tips'), formatPrice(day.tipsCents)), figure(t('Bills paid'), String(day.bills)), figure(t('Guests'), String(day.covers)), figure(t('Average per guest'), day.averagePerCoverCents === null ? '–' : formatPrice(day.averagePerCoverCents))),
      h('h2', null, t('By method')),
      day.methods.length
        ? h(
            'table',
            { class: 'bill-lines' },
            h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('Method')), h('th', { scope: 'col', class: 'money' }, t('Payments')), h('th', { scope: 'col', class: 'money' }, t('Amount')), h('th', { scope: 'col', class: 'money' }, t('Tips')))),
            h('tbody', null, day.methods.map((row) => h('tr', null, h('th', { scope: 'row' }, methodWords(row)), h('td', { class: 'money' }, String(row.count)), h('td', { class: 'money' }, formatPrice(row.amountCents)), h('td', { class: 'money' }, formatPrice(row.tipsCents))))),
          )
        : h('p', null, t('No payment was taken that day.')),
      h('p', null, h('button', { type: 'button', class: 'button secondary', onclick: csv }, t('Download the payments (CSV)'))),
      h('h2', null, t('Discounts, dishes taken off and refunds')),
      changedMoney(day),
      h('h2', null, t('VAT included')),
      day.vat.length ? h('ul', null, day.vat.map((rate) => h('li', null, t('{rate}: {vat} in {gross}', { rate: percent(rate.rateBp), vat: formatPrice(rate.vatCents), gross: formatPrice(rate.grossCents) })))) : h('p', null, t('No bill was paid that day.')),
      h('h2', null, t('Bills still open')),
      day.openBills.length
        ? h('ul', { class: 'open-bills' }, day.openBills.map((bill) => h('li', null, bill.table === null ? t('Pickup, bill {id}', { id: bill.id }) : h('a', { href: `/tables/${bill.table}` }, t('Table {table}', { table: bill.table })), ` · ${t('{price} to pay', { price: formatPrice(bill.remainingCents) })}`)))
        : h('p', null, t('None: every bill is paid.')),
      h('h2', null, t('Cash')),
      day.closed
        ? h(
            'div',
            null,
            h('p', { class: 'remaining paid' }, t('Closed by {name}: {counted} counted, {expected} expected, difference {difference}.', { name: day.closed.by, counted: formatPrice(day.closed.countedCashCents), expected: formatPrice(day.closed.expectedCashCents), difference: formatPrice(day.closed.differenceCents) })),
            h('button', { type: 'button', class: 'button secondary', onclick: reopenIt }, t('Reopen the day')),
          )
        : h(
            'form',
            { class: 'form close-form', onsubmit: closeIt, novalidate: true },
            h('p', { id: 'close-expected' }, t('The drawer should hold {price} (cash payments and their tips).', { price: formatPrice(day.expectedCashCents) })),
            h('label', { for: 'close-counted' }, t('Cash counted (€)')),
            counted,
            h('button', { type: 'submit', class: 'button large' }, t('Close the day')),
          ),
      error,
      said,
    );
  };
  loadInto(region, () => admin.dayClose(date, ctx.signal), draw, { signal: ctx.signal, waiting: t('Loading the day’s money…') });
  return h('div', { class: 'admin with-nav' }, heading, adminNav(), region);
};
