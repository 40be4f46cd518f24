// A table with nothing open, on the waiter's bill page: "Nothing open at table 5." and the
// last bill paid there, read-only (when it was paid, its lines, its payments), to reprint
// its pre-bill. The Admin also gives money back on it (an amount, why and how, each refusal
// under its box; asked first, since it cannot be undone) and reopens it (a dialog asking
// why); the API enforces both as the Admin's.
import { h } from '../../core/dom.js';
import { LOCALE, t, tn } from '../../core/words.js';
import type { Bill, PaymentMethod } from '../../shared/bills.js';
import type { BillsApi } from './api.js';
import { failureText } from '../common/failure-text.js';
import { centsOf } from '../common/money-input.js';
import { formatPrice } from '../common/price.js';
import { clockIn, dateIn } from '../common/zone-time.js';
import { ask, askWhy } from '../common/ask.js';
import { billLines, METHODS, paymentsList } from '../common/bill-lines.js';
import { changesList } from './line-changes.js';

/** "Paid at 21:40" today on the restaurant's clock, "Paid on 20 November at 21:40" before. */
function paidWords(closedAt: string, timeZone: string, now = Date.now()): string {
  const at = Date.parse(closedAt);
  const time = clockIn(timeZone, at);
  if (dateIn(timeZone, at) === dateIn(timeZone, now)) return t('Paid at {time}', { time });
  return t('Paid on {date} at {time}', { date: new Intl.DateTimeFormat(LOCALE, { timeZone, day: 'numeric', month: 'long' }).format(at), time });
}

export interface LastBillOptions {
  api: Pick<BillsApi, 'refund' | 'reopen'>;
  table: number;
  /** The last bill paid at the table, or null: none ever was. */
  bill: Bill | null;
  /** The session's role is the Admin's: Refund and Reopen are offered. */
  admin: boolean;
  /** The restaurant's time zone, for when it was paid. */
  timeZone: string;
  /** The bill open again: the page draws it as an open bill, saying `words`. */
  reopened: (bill: Bill, words: string) => void;
}

export function lastBillView({ api, table, bill: first, admin, timeZone, reopened }: LastBillOptions): Node {
  const nothing = h('p', { class: 'nothing-open' }, t('Nothing open at table {table}.', { table }));
  if (!first) return h('div', null, nothing);
  let bill = first;
  const summary = h('div', { class: 'bill-summary' });
  const said = h('p', { class: 'outcome', role: 'status' });
  const error = h('div', { class: 'form-error', role: 'alert' });
  const draw = () =>
    summary.replaceChildren(
      h('p', { class: 'bill-who' }, [paidWords(bill.closedAt ?? bill.openedAt, timeZone), bill.guest, tn('1 order', '{count} orders', bill.orders.length)].filter(Boolean).join(' · ')),
      billLines(bill, t('What table {table} ordered', { table })),
      changesList(bill) ?? '',
      paymentsList(bill),
      h('p', { class: 'remaining paid' }, t('Paid in full: {price}', { price: formatPrice(bill.paidCents) })),
    );
  const clear = () => {
    error.textContent = '';
    said.textContent = '';
  };
  /** A refusal in the API's words at the top; the bill as the API has it now, when it sent it (changed meanwhile). */
  const refused = (failure: unknown) => {
    error.textContent = failureText(failure);
    // A table taken (reopening where others sit now) names their bill, not this one.
    const { code, bill: now } = (failure as { body?: { code?: string; bill?: Bill } }).body ?? {};
    if (!now || code === 'table_taken') return;
    bill = now;
    draw();
  };
  draw();

  const reprint = h('button', { type: 'button', class: 'button secondary', onclick: () => window.print() }, t('Reprint the pre-bill'));
  const actions = h('div', { class: 'last-bill-actions' }, reprint);
  const parts: Node[] = [nothing, h('h2', { class: 'last-bill-title' }, t('Last bill paid here')), summary, h('p', { class: 'print-only receipt-foot' }, t('Pre-bill, not a fiscal receipt')), error, said, actions];
  if (admin) {
    const reopen = h(
      'button',
      {
        type: 'button',
        class: 'button secondary',
        onclick: async () => {
          clear();
          const reason = await askWhy({
            title: t('Reopen table {table}’s last bill?', { table }),
            text: t('It is open again at the table, to take more or to put it right; its payments stay as they were.'),
            label: t('Why it is reopened'),
            empty: t('Say why the bill is reopened: the activity log keeps it.'),
            act: t('Reopen the bill'),
            keep: t('Keep it paid'),
          });
          if (reason === null) return;
          reopen.disabled = true;
          try {
            reopened(await api.reopen(bill, reason), t('The bill is open again: {reason}', { reason }));
          } catch (failure) {
            refused(failure);
            reopen.disabled = false;
            reopen.focus();
          }
        },
      },
      t('Reopen the bill'),
    );
    actions.append(reopen);
    parts.push(refundPanel());
  }
  return h('section', { class: 'last-bill' }, parts);

  /** Money given back on the paid bill: how much, why and how, each refusal under its box. */
  function refundPanel(): HTMLDetailsElement {
    const amount = h('input', { id: 'refund-amount', inputmode: 'decimal', autocomplete: 'off', required: true, 'aria-describedby': 'refund-amount-error' });
    const reason = h('input', { id: 'refund-reason', maxlength: 200, autocomplete: 'off', required: true, 'aria-describedby': 'refund-reason-error' });
    const amountError = h('span', { id: 'refund-amount-error', class: 'field-error', role: 'alert' });
    const reasonError = h('span', { id: 'refund-reason-error', class: 'field-error', role: 'alert' });
    const methodError = h('span', { id: 'refund-method-error', class: 'field-error', role: 'alert' });
    const radios = METHODS.map(([method, word]) => h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'refund-method', value: method, checked: method === 'card' }), ' ', word()));
    const send = h('button', { type: 'submit', class: 'button secondary' }, t('Give it back'));
    const boxes = { amountCents: [amount, amountError], reason: [reason, reasonError] } as const;
    const wrong = (field: keyof typeof boxes, words: string) => {
      const [box, under] = boxes[field];
      under.textContent = words;
      box.setAttribute('aria-invalid', 'true');
      box.focus();
    };
    const form = h(
      'form',
      {
        novalidate: true,
        onsubmit: async (event: Event) => {
          event.preventDefault();
          clear();
          methodError.textContent = '';
          for (const [box, under] of Object.values(boxes)) {
            under.textContent = '';
            box.removeAttribute('aria-invalid');
          }
          const cents = centsOf(amount.value);
          if (Number.isNaN(cents) || cents <= 0) return wrong('amountCents', t('Write the amount in euros, as 12.50.'));
          if (reason.value.trim().length < 2) return wrong('reason', t('Say why the money is given back: the close of the day shows it.'));
          const method = (form.querySelector<HTMLInputElement>('input[name="refund-method"]:checked')?.value ?? 'card') as PaymentMethod;
          const price = formatPrice(cents);
          const methodWord = METHODS.find(([one]) => one === method)![1]();
          const sure = await ask({
            title: t('Give {price} back ({method})?', { price, method: methodWord }),
            text: t('The bill and the close of the day show it, with why. It cannot be undone.'),
            act: t('Give {price} back', { price }),
            keep: t('Give nothing back'),
          });
          if (!sure) return;
          send.disabled = true;
          try {
            bill = await api.refund(bill, { amountCents: cents, reason: reason.value.trim(), method });
            amount.value = '';
            reason.value = '';
            said.textContent = t('Given back: {price}.', { price });
            draw();
          } catch (failure) {
            const field = (failure as { body?: { field?: string } }).body?.field;
            if (field === 'amountCents' || field === 'reason') {
              wrong(field, failureText(failure));
              const now = (failure as { body?: { bill?: Bill } }).body?.bill;
              if (now) {
                bill = now;
                draw();
              }
            } else if (field === 'method') methodError.textContent = failureText(failure);
            else refused(failure);
          } finally {
            send.disabled = false;
          }
        },
      },
      h('p', { class: 'field' }, h('label', { for: 'refund-amount' }, t('Amount to give back (€)')), amount, amountError),
      h('p', { class: 'field' }, h('label', { for: 'refund-reason' }, t('Why it is given back')), reason, reasonError),
      h('fieldset', { class: 'methods' }, h('legend', null, t('Given back by')), radios, methodError),
      send,
    );
    return h('details', { class: 'bill-panel refund-panel' }, h('summary', null, t('Give money back')), form);
  }
}
