// A bill's lines as a table (quantity, dish, each, amount; the cover charge; the total) and
// the VAT inside it by rate: the waiter's bill and the table's own page draw the same.
import { h } from '../../../core/dom.js';
import { t } from '../../../core/words.js';
import type { Bill, GuestBill } from '../../../shared/bills.js';
import { formatPrice } from '../../price.js';

const percent = (bp: number) => `${bp / 100} %`;

/** The lines of `bill`; a staff bill (with `discounts`) shows each discount and why, a guest's the amount off. */
export function billLines(bill: GuestBill & { discounts?: Bill['discounts'] }, caption: string): HTMLElement {
  const rows = bill.lines.map((line) => h('tr', null, h('td', { class: 'qty' }, `${line.quantity} ×`), h('th', { scope: 'row' }, line.name), h('td', { class: 'money' }, formatPrice(line.unitCents)), h('td', { class: 'money' }, formatPrice(line.totalCents))));
  const covers = bill.coverCents > 0 && h('tr', { class: 'cover' }, h('td', { class: 'qty' }, `${bill.covers ?? 0} ×`), h('th', { scope: 'row' }, t('Cover charge')), h('td', { class: 'money' }, formatPrice(bill.coverCents)), h('td', { class: 'money' }, formatPrice(bill.coverTotalCents)));
  return h(
    'div',
    null,
    h(
      'table',
      { class: 'bill-lines' },
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, t('Qty')), h('th', { scope: 'col' }, t('Dish')), h('th', { scope: 'col', class: 'money' }, t('Each')), h('th', { scope: 'col', class: 'money' }, t('Amount')))),
      h('tbody', null, rows, covers, discountRows(bill)),
      h('tfoot', null, h('tr', { class: 'total' }, h('th', { scope: 'row', colspan: 3 }, t('Total')), h('td', { class: 'money' }, formatPrice(bill.totalCents)))),
    ),
    h('p', { class: 'vat' }, bill.vat.map((rate) => t('VAT {rate} included: {price}', { rate: percent(rate.rateBp), price: formatPrice(rate.vatCents) })).join(' · ')),
  );
}

const discountRow = (words: string, cents: number) => h('tr', { class: 'discount' }, h('td', { class: 'qty' }), h('th', { scope: 'row' }, words), h('td', { class: 'money' }), h('td', { class: 'money' }, formatPrice(-cents)));

function discountRows(bill: GuestBill & { discounts?: Bill['discounts'] }) {
  if (!bill.discountCents) return null;
  if (!bill.discounts) return discountRow(t('Discount'), bill.discountCents);
  return bill.discounts.map((discount) => discountRow(t('Discount: {reason} ({name})', { reason: discount.reason, name: discount.by }), discount.amountCents));
}
