// `/tables/:table`, a table's bill as the waiter takes it: the dishes (the same dish on one
// line), the cover charge with the guests it counts (changed in place), the total with the
// VAT inside by rate, what is paid and what remains; then a payment: the amount (what
// remains, or one share of an even split), card, cash (the change said) or another method
// named, and a tip. Every change names the bill's version: a bill changed meanwhile (another
// waiter took a payment) is shown as it is now, with the API's words. One payment keeps one
// Idempotency-Key through its retries, so a lost answer never charges twice. Paid in full,
// the page says so and the table is free again; a bill owing nothing (reopened and left as it
// was) is closed by a button. The party moved, the bill moves with them to another table, and
// the page is then that table's (the entry replaced). With nothing open at the table, the page
// says so and shows the last bill paid there (last-bill.ts).
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { t, tn } from '../../core/words.js';
import { RequestError } from '../../core/http.js';
import { MOST_SHARES, splitEvenly, type Bill, type PaymentMethod } from '../../shared/bills.js';
import type { BillsApi, NewPayment } from './api.js';
import { failureText, readFailureText } from '../common/failure-text.js';
import { formatPrice } from '../common/price.js';
import { centsOf, euros } from '../common/money-input.js';
import type { Restaurant } from '../../shared/restaurant-records.js';
import { deviceZone } from '../common/zone-time.js';
import { adoptBillStyles } from '../common/bill-styles.js';
import { billLines, METHODS, paymentsList } from '../common/bill-lines.js';
import { lastBillView } from './last-bill.js';
import { movePanel } from './move-panel.js';
import { splitByLinesPanel } from './split-by-lines.js';
import { changesList, lineChangePanel } from './line-changes.js';
import { emailPanel } from './email-panel.js';

/** The pre-bill's head on paper: who runs the restaurant, as the imprint says it. */
function receiptHead(restaurant: Restaurant | null): HTMLElement {
  return h(
    'div',
    { class: 'print-only receipt-head' },
    restaurant && [h('p', { class: 'receipt-name' }, restaurant.name), h('p', null, restaurant.legalName), h('p', null, restaurant.address), h('p', null, t('VAT number {number}', { number: restaurant.vatNumber }))],
  );
}

/** What the page shows: the table's open bill, or, with nothing open there, the last bill paid at it (or none). */
type Shown = { open: Bill } | { open: null; last: Bill | null; timeZone: string };

export const billPage = (api: BillsApi, restaurant: () => Promise<Restaurant>, zone: () => Promise<string>) => (ctx: PageContext<unknown>) => {
  adoptBillStyles();
  const table = Number(ctx.params.table);
  const admin = (ctx.session as { user?: { role?: string } } | null)?.user?.role === 'Admin';
  const region = h('div', { class: 'bill-region' });
  const head = receiptHead(null);
  restaurant().then(
    (found) => head.replaceWith(receiptHead(found)),
    () => {},
  );
  const frame = h('div', { class: 'bill-page' }, h('p', { class: 'back' }, h('a', { href: '/tables' }, t('← All tables'))), head, h('h1', null, t('Table {table}', { table })), region);
  ctx.retitle(t('Table {table} · Bill', { table }));
  /** Said once the page is drawn: the bill moved here from another table (the state of the entry it replaced). */
  const arrived = (ctx.state as { moved?: string } | undefined)?.moved;
  /** A failure in the API's words (a 503 says the database is not answering), not "Request failed (HTTP 503)". */
  const worded = (failure: unknown) => (failure instanceof RequestError ? new RequestError(failure.status, readFailureText(failure), failure.expired, failure.body) : failure);
  const read = async (): Promise<Shown> => {
    try {
      return { open: await api.ofTable(table, ctx.signal) };
    } catch (failure) {
      if (!(failure instanceof RequestError) || failure.body?.code !== 'no_bill') throw worded(failure);
      const last = failure.body.lastBill as { id: number } | null | undefined;
      const [bill, timeZone] = await Promise.all([last ? api.one(last.id, ctx.signal).catch((again: unknown) => Promise.reject(worded(again))) : null, zone().catch(deviceZone)]);
      return { open: null, last: bill, timeZone };
    }
  };
  const shown = (what: Shown): Node =>
    what.open
      ? billView(what.open, arrived)
      : lastBillView({ api, table, bill: what.last, admin, timeZone: what.timeZone, reopened: (bill, words) => region.replaceChildren(billView(bill, words)) });
  // From the Tables page: the bill as it listed it, drawn at once, then the API's answer drawn
  // over it if the bill changed meanwhile (nothing typed is lost when it did not), or was paid.
  const known = api.known(table);
  if (known) {
    region.replaceChildren(billView(known, arrived));
    read().then(
      (fresh) => {
        if (JSON.stringify(fresh.open) !== JSON.stringify(known)) region.replaceChildren(shown(fresh));
      },
      () => {}, // the bill shown stands; a payment on it is checked against its version
    );
  } else loadInto(region, read, shown, { signal: ctx.signal, waiting: t('Loading the bill…') });

  /** The open bill, to take its payment; `words` said first (it moved here). */
  function billView(first: Bill, words?: string): Node {
    let bill = first;
    let key = crypto.randomUUID();
    const summary = h('div', { class: 'bill-summary' });
    const said = h('p', { class: 'outcome', role: 'status' }, words ?? '');
    const error = h('div', { class: 'form-error', role: 'alert' });

    // The payment form.
    const amount = h('input', { id: 'pay-amount', inputmode: 'decimal', required: true, autocomplete: 'off', 'aria-describedby': 'pay-amount-hint pay-amount-error' });
    const tip = h('input', { id: 'pay-tip', inputmode: 'decimal', autocomplete: 'off', value: '', 'aria-describedby': 'pay-tip-error' });
    // What is wrong with what was typed, under its box, where the cursor is put (the page's alert is far above it).
    const amountError = h('span', { id: 'pay-amount-error', class: 'field-error', role: 'alert' });
    const tipError = h('span', { id: 'pay-tip-error', class: 'field-error', role: 'alert' });
    const wrong = (input: HTMLInputElement, said: HTMLElement, words: string) => {
      said.textContent = words;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    };
    const tendered = h('input', { id: 'pay-tendered', inputmode: 'decimal', autocomplete: 'off' });
    const methodName = h('input', { id: 'pay-method-name', maxlength: 40, autocomplete: 'off' });
    const ways = h('select', { id: 'pay-ways' }, h('option', { value: '1' }, t('Whole')), Array.from({ length: MOST_SHARES - 1 }, (_, i) => h('option', { value: String(i + 2) }, t('{count} ways', { count: i + 2 }))));
    const change = h('p', { class: 'change', 'aria-live': 'polite' });
    const radios = METHODS.map(([method, word]) => h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'pay-method', value: method, checked: method === 'card' }), ' ', word()));
    const methodOf = () => (frame.querySelector<HTMLInputElement>('input[name="pay-method"]:checked')?.value ?? 'card') as PaymentMethod;
    const cashRow = h('p', { class: 'field', hidden: true }, h('label', { for: 'pay-tendered' }, t('Cash handed over (€)')), tendered, change);
    const otherRow = h('p', { class: 'field', hidden: true }, h('label', { for: 'pay-method-name' }, t('Which method')), methodName);
    const submit = h('button', { type: 'submit', class: 'button large' }, t('Take payment'));

    const share = () => splitEvenly(Math.max(bill.remainingCents, 0), Number(ways.value))[0]!;
    const fillAmount = () => {
      amount.value = euros(share());
      showChange();
    };
    const showChange = () => {
      const handed = centsOf(tendered.value);
      const owed = centsOf(amount.value) + (centsOf(tip.value || '0') || 0);
      change.textContent = methodOf() === 'cash' && handed >= owed ? t('Change: {price}', { price: formatPrice(handed - owed) }) : '';
    };
    const showMethod = () => {
      cashRow.hidden = methodOf() !== 'cash';
      otherRow.hidden = methodOf() !== 'other';
      showChange();
    };

    const draw = () => {
      const paid = bill.status === 'paid';
      summary.replaceChildren(
        h('p', { class: 'bill-who' }, [bill.guest, tn('1 order', '{count} orders', bill.orders.length)].filter(Boolean).join(' · ')),
        billLines(bill, t('What table {table} ordered', { table })),
        changesList(bill) ?? '',
        paymentsList(bill),
        h('p', { class: `remaining${paid ? ' paid' : ''}` }, paid ? t('Paid, thank you: the table is free.') : t('Paid {paid} · {remaining} to pay', { paid: formatPrice(bill.paidCents), remaining: formatPrice(bill.remainingCents) })),
      );
      // Open and owing nothing (reopened and left as it was, every dish taken off): closed, not paid.
      const owed = bill.remainingCents > 0;
      form.hidden = paid || !owed;
      closeRow.hidden = paid || owed;
      moving.hidden = paid;
      byLines.hidden = paid || !owed || bill.lines.length === 0;
      byLines.redraw();
      discountPanel.hidden = paid;
      joinPanel.hidden = paid;
      linePanel.hidden = paid || bill.lines.length === 0;
      linePanel.redraw();
      coversForm.hidden = paid || bill.coverCents === 0;
      coversInput.value = String(bill.covers ?? 0);
      fillAmount();
    };

    const clear = () => {
      error.replaceChildren();
      said.textContent = '';
    };
    /** A refusal: the API's words, and the bill as the API answered it when it did (changed meanwhile). Answers whether it did. */
    const refused = (failure: unknown): boolean => {
      error.textContent = failureText(failure);
      const now = (failure as { body?: { bill?: Bill } }).body?.bill;
      if (!now) return false;
      bill = now;
      draw();
      return true;
    };

    const take = async (event: Event) => {
      event.preventDefault();
      error.replaceChildren();
      said.textContent = '';
      for (const [input, words] of [[amount, amountError], [tip, tipError]] as const) {
        words.textContent = '';
        input.removeAttribute('aria-invalid');
      }
      const payment: NewPayment = { amountCents: centsOf(amount.value), method: methodOf() };
      if (Number.isNaN(payment.amountCents)) return wrong(amount, amountError, t('Write the amount in euros, as 12.50.'));
      // A tip that is not an amount ("-2", "two") is said, not left out: the payment waits for it.
      const tipCents = tip.value.trim() ? centsOf(tip.value) : 0;
      if (Number.isNaN(tipCents)) return wrong(tip, tipError, t('Write the tip in euros, as 2.50, or leave the box empty.'));
      if (tipCents) payment.tipCents = tipCents;
      if (payment.method === 'cash' && tendered.value.trim()) payment.tenderedCents = centsOf(tendered.value);
      if (payment.method === 'other') payment.methodName = methodName.value.trim();
      submit.disabled = true;
      try {
        const taken = await api.pay(bill, payment, key);
        key = crypto.randomUUID();
        bill = taken.bill;
        const changeCents = taken.payment.changeCents;
        said.textContent = `${t('Taken: {price}.', { price: formatPrice(taken.payment.amountCents) })}${changeCents ? ` ${t('Change: {price}', { price: formatPrice(changeCents) })}` : ''}`;
        tip.value = '';
        tendered.value = '';
        // One share of a split paid: the next is one share of what remains among the others.
        if (Number(ways.value) > 1) ways.value = String(Number(ways.value) - 1);
        draw();
      } catch (failure) {
        // Refused on the bill as it is (changed meanwhile, or the amount): shown as it is now; a new try is a new payment.
        if (refused(failure)) key = crypto.randomUUID();
        const field = (failure as { body?: { field?: string } }).body?.field;
        ({ amountCents: amount, tipCents: tip, tenderedCents: tendered, methodName } as Record<string, HTMLInputElement>)[field ?? '']?.focus();
      } finally {
        submit.disabled = false;
      }
    };

    const coversInput = h('input', { id: 'bill-covers', type: 'number', min: 0, max: 500, inputmode: 'numeric' });
    const coversForm = h(
      'form',
      {
        class: 'covers-form',
        onsubmit: async (event: Event) => {
          event.preventDefault();
          error.replaceChildren();
          try {
            bill = await api.covers(bill, Number(coversInput.value));
            said.textContent = t('Guests counted: {count}.', { count: bill.covers ?? 0 });
            draw();
          } catch (failure) {
            refused(failure);
          }
        },
      },
      h('label', { for: 'bill-covers' }, t('Guests for the cover charge')),
      coversInput,
      h('button', { type: 'submit', class: 'button secondary' }, t('Count')),
    );

    const form = h(
      'form',
      { class: 'form pay-form', onsubmit: take, novalidate: true },
      h('h2', null, t('Take a payment')),
      h('p', { class: 'field' }, h('label', { for: 'pay-ways' }, t('Split evenly')), ways),
      h('p', { class: 'field' }, h('label', { for: 'pay-amount' }, t('Amount (€)')), amount, h('span', { id: 'pay-amount-hint', class: 'hint' }, t('What remains, or one share of the split.')), amountError),
      h('fieldset', { class: 'methods' }, h('legend', null, t('Method')), radios),
      cashRow,
      otherRow,
      h('p', { class: 'field' }, h('label', { for: 'pay-tip' }, t('Tip (€)')), tip, tipError),
      submit,
    );
    // By dishes: a guest's share, chosen, goes in the amount (the even split set back to Whole).
    const byLines = splitByLinesPanel({
      api,
      bill: () => bill,
      pay: (cents) => {
        ways.value = '1';
        amount.value = euros(cents);
        showChange();
        amount.focus();
      },
    });
    // A discount, with why: up to the owner's limit for a waiter (the API says when it is the Admin's).
    const offAmount = h('input', { id: 'discount-amount', inputmode: 'decimal', autocomplete: 'off', required: true });
    const offReason = h('input', { id: 'discount-reason', maxlength: 200, autocomplete: 'off', required: true });
    const discountPanel = h(
      'details',
      { class: 'bill-panel discount-panel' },
      h('summary', null, t('Give a discount')),
      h(
        'form',
        {
          novalidate: true,
          onsubmit: async (event: Event) => {
            event.preventDefault();
            error.replaceChildren();
            said.textContent = '';
            const cents = centsOf(offAmount.value);
            if (Number.isNaN(cents)) {
              error.textContent = t('Write the amount in euros, as 12.50.');
              offAmount.focus();
              return;
            }
            if (!offReason.value.trim()) {
              error.textContent = t('Say why the discount is given: the bill and the close of the day show it.');
              offReason.focus();
              return;
            }
            try {
              bill = await api.discount(bill, cents, offReason.value.trim());
              offAmount.value = '';
              offReason.value = '';
              said.textContent = t('Discount given: {price}.', { price: formatPrice(cents) });
              draw();
            } catch (failure) {
              refused(failure);
              ((failure as { body?: { field?: string } }).body?.field === 'reason' ? offReason : offAmount).focus();
            }
          },
        },
        h('p', { class: 'field' }, h('label', { for: 'discount-amount' }, t('Amount off (€)')), offAmount),
        h('p', { class: 'field' }, h('label', { for: 'discount-reason' }, t('Why the discount')), offReason),
        h('button', { type: 'submit', class: 'button secondary' }, t('Take it off')),
      ),
    );
    const linePanel = lineChangePanel({
      api,
      bill: () => bill,
      changed: (after, words) => {
        bill = after;
        said.textContent = words;
        draw();
      },
      refused,
      clear,
    });
    const mailPanel = emailPanel({
      api,
      bill: () => bill,
      said: (words) => {
        said.textContent = words;
      },
      refused,
      clear,
    });
    // Another table's bill joined to this one: the other open bills, read when the panel opens.
    const others = h('select', { id: 'join-other' });
    const joinForm = h(
      'form',
      {
        onsubmit: async (event: Event) => {
          event.preventDefault();
          error.replaceChildren();
          said.textContent = '';
          const other = choices.find((one) => String(one.id) === others.value);
          if (!other) return;
          try {
            bill = await api.join(bill, other);
            said.textContent = t('Table {table}’s bill is joined to this one.', { table: other.table ?? '–' });
            joinPanel.open = false;
            draw();
          } catch (failure) {
            error.textContent = failureText(failure);
          }
        },
      },
      h('p', { class: 'field' }, h('label', { for: 'join-other' }, t('Bill to join')), others),
      h('button', { type: 'submit', class: 'button secondary' }, t('Join it here')),
    );
    let choices: Bill[] = [];
    const joinPanel = h('details', { class: 'bill-panel join-panel' }, h('summary', null, t('Join another table’s bill')), joinForm);
    joinPanel.addEventListener('toggle', () => {
      if (!joinPanel.open) return;
      api.open(ctx.signal).then(
        (open) => {
          choices = open.filter((one) => one.id !== bill.id && one.table !== null);
          others.replaceChildren(...choices.map((one) => h('option', { value: one.id }, `${t('Table {table}', { table: one.table! })} · ${formatPrice(one.remainingCents)}`)));
          joinForm.hidden = choices.length === 0;
          said.textContent = choices.length ? '' : t('No other table has an open bill.');
        },
        (failure: unknown) => {
          error.textContent = failureText(failure);
        },
      );
    });
    // Nothing owed: the bill closes, and the table is free.
    const closeButton = h(
      'button',
      {
        type: 'button',
        class: 'button large',
        onclick: async () => {
          clear();
          closeButton.disabled = true;
          try {
            bill = await api.close(bill);
            said.textContent = t('The bill is closed.');
            draw();
          } catch (failure) {
            refused(failure);
          } finally {
            closeButton.disabled = false;
          }
        },
      },
      t('Close the bill'),
    );
    const closeRow = h('div', { class: 'close-row' }, h('p', null, t('Nothing is owed on this bill: close it to free the table.')), closeButton);
    // The party moved: the bill goes with them, and this page becomes the new table's (the entry replaced, so Back does not return to a table with nothing open).
    const moving = movePanel({
      api,
      bill: () => bill,
      clear,
      refused,
      moved: (after) => ctx.navigate(`/tables/${after.table}`, { replace: true, state: { moved: t('The bill moved here from table {table}.', { table }) } }),
    });
    ways.addEventListener('change', fillAmount);
    for (const input of [amount, tip, tendered]) input.addEventListener('input', showChange);
    for (const radio of radios) radio.addEventListener('change', showMethod);
    draw();
    const printed = h('p', { class: 'print-only receipt-foot' }, t('Pre-bill, not a fiscal receipt'));
    return h('div', null, summary, printed, coversForm, error, said, closeRow, byLines, discountPanel, linePanel, joinPanel, moving, form, mailPanel, h('p', null, h('button', { type: 'button', class: 'button secondary print-bill', onclick: () => window.print() }, t('Print the pre-bill'))));
  }
  return frame;
};
