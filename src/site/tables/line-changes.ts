// A bill's lines changed by hand, on the waiter's bill page: what was moved or taken off
// (who, why), and the panel that does it: a dish of the bill, how many, then either another
// table (the guests moved; its bill takes them) or why it comes off. Taking off a dish the
// kitchen has started is the Admin's: the API says so, and the page shows its words.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Bill } from '../../shared/bills.js';
import type { BillsApi } from './api.js';
import { formatPrice } from '../common/price.js';

/** What was moved here or away and taken off, oldest first; nothing when none was. */
export function changesList(bill: Bill): HTMLElement | null {
  if (!bill.changes.length) return null;
  return h(
    'ul',
    { class: 'bill-changes', 'aria-label': t('Dishes moved or taken off') },
    bill.changes.map((change) => {
      const dishes = `${Math.abs(change.quantity)} × ${change.name}`;
      const words =
        change.kind === 'removed'
          ? t('Taken off: {dishes}, {price} ({reason})', { dishes, price: formatPrice(-change.quantity * change.unitCents), reason: change.reason ?? '' })
          : change.quantity < 0
            ? t('Moved to table {table}: {dishes}', { table: change.otherTable ?? '–', dishes })
            : t('Moved from table {table}: {dishes}', { table: change.otherTable ?? '–', dishes });
      return h('li', null, `${words} · ${change.by}`);
    }),
  );
}

export interface LineChangeOptions {
  api: BillsApi;
  bill: () => Bill;
  /** The bill after a change, and what to say of it. */
  changed: (bill: Bill, said: string) => void;
  /** A refusal: the page shows the API's words (and the bill as it is, when it came). */
  refused: (failure: unknown) => void;
  clear: () => void;
}

/** The panel: a dish, how many, and where it goes (another table, or off the bill with why). */
export function lineChangePanel({ api, bill, changed, refused, clear }: LineChangeOptions): HTMLDetailsElement & { redraw(): void } {
  const line = h('select', { id: 'change-line' });
  const quantity = h('input', { id: 'change-quantity', type: 'number', min: 1, value: '1', inputmode: 'numeric', required: true });
  const table = h('input', { id: 'change-table', type: 'number', min: 1, inputmode: 'numeric' });
  const reason = h('input', { id: 'change-reason', maxlength: 200, autocomplete: 'off' });
  const kinds = (['move', 'remove'] as const).map((kind) =>
    h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'change-kind', value: kind, checked: kind === 'move' }), ' ', kind === 'move' ? t('Move to another table') : t('Take off the bill')),
  );
  const kindOf = () => (kinds[1]!.querySelector('input')!.checked ? 'remove' : 'move');
  const tableRow = h('p', { class: 'field' }, h('label', { for: 'change-table' }, t('To table')), table);
  const reasonRow = h('p', { class: 'field', hidden: true }, h('label', { for: 'change-reason' }, t('Why it comes off')), reason);
  const submit = h('button', { type: 'submit', class: 'button secondary' }, t('Move'));
  const showKind = () => {
    const removing = kindOf() === 'remove';
    tableRow.hidden = removing;
    reasonRow.hidden = !removing;
    submit.textContent = removing ? t('Take off') : t('Move');
  };
  const showLine = () => {
    const chosen = bill().lines.find((one) => one.key === line.value);
    quantity.max = String(chosen?.quantity ?? 1);
    if (Number(quantity.value) > (chosen?.quantity ?? 1)) quantity.value = String(chosen?.quantity ?? 1);
  };
  const form = h(
    'form',
    {
      novalidate: true,
      onsubmit: async (event: Event) => {
        event.preventDefault();
        clear();
        const now = bill();
        const chosen = now.lines.find((one) => one.key === line.value);
        if (!chosen) return;
        const count = Number(quantity.value);
        // What the API would refuse naming a field's code is said here in the form's own words.
        const wrong = (words: string, field: HTMLElement) => {
          refused(new Error(words));
          field.focus();
        };
        if (!Number.isInteger(count) || count < 1 || count > chosen.quantity) return wrong(t('Write how many, from 1 to {most}.', { most: chosen.quantity }), quantity);
        if (kindOf() === 'move' && !/^\d{1,4}$/.test(table.value.trim())) return wrong(t('Write the number of the table they moved to.'), table);
        if (kindOf() === 'remove' && !reason.value.trim()) return wrong(t('Say why it comes off: the close of the day lists it.'), reason);
        try {
          if (kindOf() === 'move') {
            const { bill: after, to } = await api.moveLine(now, chosen.key, count, Number(table.value));
            changed(after, t('Moved to table {table}: {dishes}', { table: to.table ?? '–', dishes: `${count} × ${chosen.name}` }));
          } else {
            const after = await api.removeLine(now, chosen.key, count, reason.value.trim());
            reason.value = '';
            changed(after, t('Taken off: {dishes}', { dishes: `${count} × ${chosen.name}` }));
          }
          quantity.value = '1';
        } catch (failure) {
          refused(failure);
          const field = (failure as { body?: { field?: string } }).body?.field;
          ({ toTable: table, reason, quantity, line } as Record<string, HTMLElement>)[field ?? '']?.focus();
        }
      },
    },
    h('p', { class: 'field' }, h('label', { for: 'change-line' }, t('Dish')), line),
    h('p', { class: 'field' }, h('label', { for: 'change-quantity' }, t('How many')), quantity),
    h('fieldset', { class: 'methods' }, h('legend', null, t('What to do')), kinds),
    tableRow,
    reasonRow,
    submit,
  );
  const panel = h('details', { class: 'bill-panel line-panel' }, h('summary', null, t('Move or take off dishes')), form) as HTMLDetailsElement & { redraw(): void };
  // The dishes are listed when the panel is open (a bill of 60 lines draws no 60 options unseen).
  panel.redraw = () => {
    if (!panel.open) return;
    const before = line.value;
    line.replaceChildren(...bill().lines.map((one) => h('option', { value: one.key, selected: one.key === before }, `${one.quantity} × ${one.name}`)));
    showLine();
  };
  panel.addEventListener('toggle', () => panel.redraw());
  line.addEventListener('change', showLine);
  for (const kind of kinds) kind.querySelector('input')!.addEventListener('change', showKind);
  return panel;
}
