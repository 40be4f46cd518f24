// Moving the bill, on the waiter's bill page: the party moved to another table, and their
// bill and their stay go with them (POST /staff/bills/{id}/move). The new table's number is
// typed; what is wrong with it (not a number, no such table, a table taken) is said under the
// box in the API's words, the cursor put back in it. A bill changed meanwhile is drawn as it is.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Bill } from '../../shared/bills.js';
import type { BillsApi } from './api.js';
import { failureText } from '../common/failure-text.js';

export function movePanel({ api, bill, clear, refused, moved }: { api: Pick<BillsApi, 'move'>; bill: () => Bill; clear: () => void; refused: (failure: unknown) => boolean; moved: (after: Bill) => void }): HTMLDetailsElement {
  const to = h('input', { id: 'move-table', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', required: true, 'aria-describedby': 'move-table-error' });
  const said = h('span', { id: 'move-table-error', class: 'field-error', role: 'alert' });
  const send = h('button', { type: 'submit', class: 'button secondary' }, t('Move the bill'));
  const wrong = (words: string) => {
    said.textContent = words;
    to.setAttribute('aria-invalid', 'true');
    to.focus();
  };
  const form = h(
    'form',
    {
      novalidate: true,
      onsubmit: async (event: Event) => {
        event.preventDefault();
        clear();
        said.textContent = '';
        to.removeAttribute('aria-invalid');
        const number = to.value.trim();
        if (!/^[1-9]\d{0,3}$/.test(number)) return wrong(t('Write the number of the table they moved to.'));
        send.disabled = true;
        try {
          moved(await api.move(bill(), Number(number)));
        } catch (failure) {
          // Changed meanwhile: the bill as it is now, and why, at the top of the page. Anything else is about the table typed
          // (a table taken names the bill of the guests there, not this one).
          const body = (failure as { body?: { code?: string; bill?: Bill } }).body;
          if (body?.bill && body.code !== 'table_taken') refused(failure);
          else wrong(failureText(failure));
        } finally {
          send.disabled = false;
        }
      },
    },
    h('p', { class: 'hint' }, t('The guests moved: their bill and their stay go to the new table, and this one is free.')),
    h('p', { class: 'field' }, h('label', { for: 'move-table' }, t('New table')), to, said),
    send,
  );
  return h('details', { class: 'bill-panel move-panel' }, h('summary', null, t('Move the bill to another table')), form);
}
