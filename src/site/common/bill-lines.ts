// A bill's lines as a table (quantity, dish, each, amount; the cover charge; the total) and
// the VAT inside it by rate: the waiter's bill and the table's own page draw the same.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Bill, GuestBill, PaymentMethod } from '../../shared/bills.js';
import { formatPrice } from './price.js';

/** The payment methods in words, in the order the forms offer them. */
export const METHODS: [PaymentMethod, () => string][] = [
  ['card', () => t('Card')],
  ['cash', () => t('Cash')],
  ['other', () => t('Other')],
];

/** A staff bill's payments: amount, method, tip, why (money given back) and who; hidden while there are none. */
export function paymentsList(bill: Bill): HTMLElement {
  return h(
    'ul',
    { class: 'payments', 'aria-label': t('Payments'), hidden: bill.payments.length === 0 },
    bill.payments.map((payment) =>
      h(
        'li',
        null,
        `${formatPrice(payment.amountCents)} · ${payment.method === 'other' ? (payment.methodName ?? METHODS[2]![1]()) : METHODS.find(([method]) => method === payment.method)![1]()}`,
        payment.tipCents > 0 && ` · ${t('tip {price}', { price: formatPrice(payment.tipCents) })}`,
        payment.reason && ` · ${payment.reason}`,
        ` · ${payment.takenBy}`,
      ),
    ),
  );
}

const percent = (bp: number) => `${bp / 100} %`;
// The rows are laid out as a grid (bill-styles.ts), which takes a table's own roles away in
// some browsers: each element says its role, so a screen reader still reads a table.
const GROUP = { role: 'rowgroup' };
const ROW = { role: 'row' };
const CELL = { role: 'cell' };
const COLUMN = { scope: 'col', role: 'columnheader' };
const HEAD = { scope: 'row', role: 'rowheader' };
const MONEY = { class: 'money', role: 'cell' };

/** The lines of `bill`; a staff bill (with `discounts`) shows each discount and why, a guest's the amount off. */
export function billLines(bill: GuestBill & { discounts?: Bill['discounts'] }, caption: string): HTMLElement {
  const rows = bill.lines.map((line) => lineRow(`${line.quantity} ×`, line.name, formatPrice(line.unitCents), formatPrice(line.totalCents)));
  const covers = bill.coverCents > 0 && lineRow(`${bill.covers ?? 0} ×`, t('Cover charge'), formatPrice(bill.coverCents), formatPrice(bill.coverTotalCents), 'cover');
  return h(
    'div',
    null,
    h(
      'table',
      { class: 'bill-lines dish-lines', role: 'table' },
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', GROUP, h('tr', ROW, h('th', COLUMN, t('Qty')), h('th', COLUMN, t('Dish')), h('th', { ...COLUMN, class: 'money' }, t('Each')), h('th', { ...COLUMN, class: 'money' }, t('Amount')))),
      h('tbody', GROUP, rows, covers, discountRows(bill)),
      h('tfoot', GROUP, h('tr', { class: 'total', ...ROW }, h('th', { ...HEAD, colspan: 3 }, t('Total')), h('td', MONEY, formatPrice(bill.totalCents)))),
    ),
    h('p', { class: 'vat' }, bill.vat.map((rate) => t('VAT {rate} included: {price}', { rate: percent(rate.rateBp), price: formatPrice(rate.vatCents) })).join(' · ')),
  );
}

const discountRow = (words: string, cents: number) => lineRow('', words, '', formatPrice(-cents), 'discount');

let prototype: HTMLTableRowElement | undefined;
/** A row of the bill: a copy of one row made once (a long bill sets no attribute cell by cell), its four texts filled in. */
function lineRow(quantity: string, name: string, each: string, amount: string, kind?: string): HTMLTableRowElement {
  prototype ??= h('tr', ROW, h('td', { class: 'qty', ...CELL }), h('th', HEAD), h('td', MONEY), h('td', MONEY));
  const row = prototype.cloneNode(true) as HTMLTableRowElement;
  if (kind) row.className = kind;
  const [first, second, third, fourth] = row.children as unknown as HTMLElement[];
  first!.textContent = quantity;
  second!.textContent = name;
  third!.textContent = each;
  fourth!.textContent = amount;
  return row;
}

function discountRows(bill: GuestBill & { discounts?: Bill['discounts'] }) {
  if (!bill.discountCents) return null;
  if (!bill.discounts) return discountRow(t('Discount'), bill.discountCents);
  return bill.discounts.map((discount) => discountRow(t('Discount: {reason} ({name})', { reason: discount.reason, name: discount.by }), discount.amountCents));
}
