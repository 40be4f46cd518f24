// Recall, on a paired screen: the tickets it took off its board in the last 10 minutes
// (its last ten), each with Bring back, for the tap that was a mistake. The API keeps the
// list and decides (on the order's version): a ticket someone else moved meanwhile says so.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { loadInto } from '../../core/load.js';
import { failureText } from '../common/failure-text.js';
import type { Recall } from '../../shared/kitchen-records.js';
import type { Ticket } from '../../shared/order-states.js';
import type { KitchenApi } from './api.js';
import { destination } from '../common/order-parts.js';
import { LOCALE, t } from '../../core/words.js';

/** The Recall button and the panel it opens; `take` puts a ticket brought back on the board. */
export function recallPanel(api: KitchenApi, signal: AbortSignal, take: (order: Ticket) => void, ended: (error: unknown) => boolean) {
  const status = h('p', { class: 'hint', role: 'status' });
  const list = h('div');
  const panel = h('section', { class: 'recall-panel', id: 'recall-panel', 'aria-labelledby': 'recall-title', hidden: true }, h('h2', { id: 'recall-title', tabindex: -1 }, t('Bring a ticket back')), list, status);
  const toggle = h('button', { type: 'button', class: 'button secondary', 'aria-expanded': 'false', 'aria-controls': 'recall-panel' }, t('Recall'));

  const row = (recall: Recall) =>
    h(
      'li',
      null,
      h('span', null, h('strong', null, t('No. {number}', { number: recall.ticket.number })), t(' · {destination} · taken off at {toLocaleTimeString}', { destination: destination(recall.ticket), toLocaleTimeString: new Date(recall.bumpedAt).toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' }) })),
      h('button', { type: 'button', class: 'button', onclick: () => bringBack(recall.ticket) }, t('Bring back'), h('span', { class: 'visually-hidden' }, t(' order {number}', { number: recall.ticket.number }))),
    );

  const show = () =>
    loadInto(list, () => api.recalls(signal), (recalls) => (recalls.length ? h('ul', { class: 'recall-list' }, recalls.map(row)) : h('p', null, t('Nothing was taken off this screen in the last 10 minutes.'))), {
      signal,
      waiting: t('Loading what this screen took off…'),
    });

  function bringBack(order: Ticket) {
    api.recall(order).then(
      (back) => {
        take(back);
        status.textContent = t('Order {number} is back on the board.', { number: back.number });
        show();
      },
      (error: unknown) => {
        if (ended(error)) return;
        const now = error instanceof RequestError ? (error.body?.order as Ticket | undefined) : undefined;
        if (now) take(now);
        status.textContent = failureText(error);
        show();
      },
    );
  }

  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    status.textContent = '';
    if (open) show();
  });
  return { toggle, panel };
}
