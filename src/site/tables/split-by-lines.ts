// Splitting a bill by what each guest had, on the waiter's bill page: the number of guests,
// then for each dish how many of it each guest had (a bottle shared by two: 1 and 1; three
// carbonara, one for Ada and two for Bruno: 1 and 2). The API works out each guest's share to
// the cent, the cover charge evenly; each share is a button that puts its amount in the
// payment form. The shares add up to what remains: discounts and payments taken lighten each
// guest in proportion to what they had.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Bill } from '../../shared/bills.js';
import type { BillsApi } from './api.js';
import { failureText } from '../common/failure-text.js';
import { formatPrice } from '../common/price.js';

const MOST_GUESTS = 8;
// Its rows are a grid (bill-styles.ts): each element says its table role (see bill-lines.ts).
const GROUP = { role: 'rowgroup' };
const ROW = { role: 'row' };
const COLUMN = { scope: 'col', role: 'columnheader' };

let prototype: HTMLTableCellElement | undefined;
/**
 * Guest `guest`'s cell for line `line`: a copy of one cell made once (a column of 60 inputs sets
 * two attributes each, not eight). A text box with the phone's number keys, not `type=number`
 * (GOV.UK's advice: a wheel or an arrow key changes a number box by itself), and cheaper to
 * draw: a fourth guest's column of 60 in 112–152 ms at 4× CPU slowdown (p75, five runs)
 * against 168–192 with number boxes (four). `work` checks what is typed.
 */
function guestCell(guest: number, line: number, name: string): HTMLTableCellElement {
  prototype ??= h('td', { role: 'cell' }, h('input', { inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', value: 0 }));
  const cell = prototype.cloneNode(true) as HTMLTableCellElement;
  const input = cell.firstElementChild as HTMLInputElement;
  input.dataset.line = String(line);
  input.dataset.guest = String(guest);
  input.setAttribute('aria-label', t('Guest {number}: how many of {name}', { number: guest + 1, name }));
  return cell;
}

export function splitByLinesPanel({ api, bill, pay }: { api: Pick<BillsApi, 'splitByLines'>; bill: () => Bill; pay: (cents: number, guest: number) => void }): HTMLDetailsElement & { redraw(): void } {
  const guests = h('select', { id: 'split-guests' }, Array.from({ length: MOST_GUESTS - 1 }, (_, i) => h('option', { value: String(i + 2) }, String(i + 2))));
  const grid = h('div', { class: 'split-grid', role: 'region', 'aria-label': t('Who had what'), tabindex: 0 });
  const shares = h('div', { class: 'split-shares', 'aria-live': 'polite' });
  const error = h('p', { class: 'form-error', role: 'alert' });

  // The grid is kept while the bill's lines stay the same (a payment or a discount leaves what
  // was typed): a change in the number of guests adds or takes away their columns only,
  // instead of drawing every row again.
  let table: HTMLTableElement | null = null;
  let drawnFor = '';
  const drawGrid = () => {
    const count = Number(guests.value);
    const lines = bill().lines;
    const drawing = JSON.stringify(lines.map((line) => [line.key, line.quantity]));
    if (!table || drawnFor !== drawing) {
      drawnFor = drawing;
      table = h('table', { class: 'bill-lines split-table', role: 'table' }, h('thead', GROUP, h('tr', ROW, h('th', COLUMN, t('Dish')))), h('tbody', GROUP, lines.map((line) => h('tr', ROW, h('th', { scope: 'row', role: 'rowheader' }, `${line.quantity} × ${line.name}`)))));
      grid.replaceChildren(table);
    }
    table.style.setProperty('--guests', String(count));
    const [head, ...rows] = [...table.rows];
    for (let g = head!.cells.length - 1; g < count; g++) head!.append(h('th', COLUMN, t('Guest {number}', { number: g + 1 })));
    for (const [i, row] of rows.entries()) {
      for (let g = row.cells.length - 1; g < count; g++) row.append(guestCell(g, i, lines[i]!.name));
    }
    for (const row of [head!, ...rows]) while (row.cells.length - 1 > count) row.lastElementChild!.remove();
    shares.replaceChildren();
  };

  const work = async (event: Event) => {
    event.preventDefault();
    error.textContent = '';
    const count = Number(guests.value);
    const inputs = bill().lines.map((_, i) => Array.from({ length: count }, (_, g) => grid.querySelector<HTMLInputElement>(`input[data-line="${i}"][data-guest="${g}"]`)!));
    // How many: a whole number from 0 to 100, or nothing (none).
    const wrong = inputs.flat().find((input) => !/^\s*\d{0,3}\s*$/.test(input.value) || Number(input.value) > 100);
    if (wrong) {
      error.textContent = t('Write how many as a whole number from 0 to 100.');
      wrong.focus();
      return;
    }
    const lines = inputs.map((row) => row.map((input) => Number(input.value.trim() || 0)));
    try {
      const answer = await api.splitByLines(bill(), lines);
      shares.replaceChildren(
        h('p', null, t('Each guest’s share of what remains (the cover charge split evenly, discounts and payments shared in proportion): choose one to take it.')),
        h('ul', { class: 'share-list' }, answer.shares.map((cents, g) => h('li', null, h('button', { type: 'button', class: 'button secondary', onclick: () => pay(cents, g + 1) }, t('Guest {number}: {price}', { number: g + 1, price: formatPrice(cents) }))))),
      );
    } catch (failure) {
      error.textContent = failureText(failure);
    }
  };

  guests.addEventListener('change', drawGrid);
  const panel = h(
    'details',
    { class: 'split-lines' },
    h('summary', null, t('Split by dishes')),
    h('form', { onsubmit: work, novalidate: true }, h('p', { class: 'field' }, h('label', { for: 'split-guests' }, t('Guests')), guests), grid, error, h('button', { type: 'submit', class: 'button secondary' }, t('Work out the shares')), shares),
  ) as HTMLDetailsElement & { redraw(): void };
  // The bill changed (a payment taken, a discount): the shares worked out before are gone (they
  // shared another amount), what was typed stays while the lines do.
  panel.redraw = () => {
    error.textContent = '';
    shares.replaceChildren();
    if (panel.open) drawGrid();
  };
  panel.addEventListener('toggle', () => panel.open && drawGrid());
  return panel;
}
