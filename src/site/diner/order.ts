// `/orders/:id`: the diner's order, and its state as it changes, live. The address holds
// the order's public id, so a reload (or another device) shows it again.
import type { PageContext } from '../../router/app.js';
import { h, nodes } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, messageOf } from '../../core/load.js';
import { notFoundContent } from '../../core/not-found.js';
import { BOARD_STATUSES, type OrderStatus } from '../../shared/order-states.js';
import { orderEvents, type Order } from '../common/api.js';
import { formatDateTime } from '../common/format.js';
import { isOrderId } from './my-orders.js';
import type { LaterServices } from '../shell/services.js';
import { destination, itemList, orderTotal, STATUS_LABELS, statusBadge } from '../common/order-parts.js';
import { t } from '../../core/words.js';

const MENU_LINK = { href: '/menu', text: t('See the menu') };
const STEPS = [...BOARD_STATUSES, 'served'] as const;

/** What the diner is told at each state; a pickup order is told where to collect it and what to say. */
const SAYS: Record<OrderStatus, string> = {
  held: t('Your next course waits until you are ready for it.'),
  received: t('The kitchen has your order.'),
  preparing: t('Your order is being prepared.'),
  ready: t('Your order is ready.'),
  served: t('Your order has been served. Buon appetito!'),
  cancelled: t('Your order was cancelled. Please ask a member of staff.'),
};
const says = (order: Order) =>
  order.table !== null ? SAYS[order.status]
  : order.status === 'ready' ? t('Your order is ready: collect it at the counter and say “order {number}”.', { number: order.number })
  : order.status === 'served' ? t('Collected. Buon appetito!')
  : SAYS[order.status];
/** The steps' names: a pickup order's last step is Collected. */
const labelOf = (status: OrderStatus, order: Order) => (status === 'served' && order.table === null ? t('Collected') : STATUS_LABELS[status]);

// The steps, the one reached marked as the current step (in words for screen readers too).
function progress(order: Order) {
  const { status } = order;
  const reached = STEPS.indexOf(status as (typeof STEPS)[number]);
  return h(
    'ol',
    { class: 'progress', 'aria-label': t('Progress') },
    STEPS.map((step, i) =>
      h('li', { class: i < reached ? 'done' : i === reached ? 'current' : '', 'aria-current': i === reached ? 'step' : false }, labelOf(step, order), i < reached ? h('span', { class: 'visually-hidden' }, t(' (done)')) : null),
    ),
  );
}

export const orderPage = ({ api, follow, announce }: LaterServices) => (ctx: PageContext<unknown>) => {
  const id = ctx.params.id ?? '';
  if (!isOrderId(id)) return notFoundContent(ctx.here, MENU_LINK);
  // The heading stays the same element (the router focused it on arrival, so focus stays
  // there) and takes the order's number when it comes; retitle announces it.
  const heading = h('h1', null, t('Your order'));
  const page = h('div', { class: 'order-page' }, heading, h('p', { class: 'status', role: 'status' }, t('Loading your order…')));
  const state = h('div', { class: 'order-state', role: 'status' });
  const live = h('p', { class: 'live hint' });
  let shown: Order | null = null;

  function showState(order: Order) {
    state.replaceChildren(...nodes([statusBadge(order.status, labelOf(order.status, order)), ' ', h('span', null, says(order)), order.status !== 'cancelled' && progress(order)]));
  }

  function show(order: Order) {
    shown = order;
    ctx.retitle(t('Order {number}', { number: order.number }));
    showState(order);
    heading.textContent = t('Order {number}', { number: order.number });
    while (heading.nextSibling) heading.nextSibling.remove();
    page.append(
      h('p', { class: 'lead' }, destination(order), t(' · placed '), h('time', { datetime: order.createdAt }, formatDateTime(order.createdAt))),
      state,
      live,
      h('section', { 'aria-labelledby': 'order-dishes' }, h('h2', { id: 'order-dishes' }, t('Your dishes')), itemList(order.items), orderTotal(order), order.note ? h('p', { class: 'note' }, t('Note: {note}', { note: order.note })) : null),
      h('p', null, h('a', { href: '/menu', class: 'button secondary' }, t('Back to the menu'))),
    );
  }

  function followChanges() {
    follow(orderEvents(id), {
      signal: ctx.signal,
      onState: (now) => (live.textContent = now === 'open' ? t('Updates live.') : t('Reconnecting… the page updates again once it is back.')),
      onEvent: (event) => {
        const { order } = JSON.parse(event.data) as { order: Order };
        if (shown && order.version <= shown.version) return; // older than what is shown
        const changed = shown?.status !== order.status;
        shown = order;
        showState(order);
        if (changed) announce(t('Order {number}: {labelOf}. {says}', { number: order.number, labelOf: labelOf(order.status, order), says: says(order) }));
      },
      onStop: () => (live.textContent = t('Live updates stopped. Reload the page to see the latest.')),
    });
  }

  function load() {
    api.order(id, ctx.signal).then(
      (order) => {
        show(order);
        followChanges();
      },
      (error: unknown) => {
        if (ctx.signal.aborted) return;
        if (error instanceof RequestError && error.status === 404) {
          ctx.retitle(t('Page not found'));
          return page.replaceChildren(notFoundContent(ctx.here, MENU_LINK));
        }
        while (heading.nextSibling) heading.nextSibling.remove();
        page.append(failureNotice(messageOf(error), load));
      },
    );
  }
  load();
  return page;
};
