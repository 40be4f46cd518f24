// `/kitchen` (Kitchen and Waiter): the open orders in three columns by state, kept live by
// the staff event stream (no polling). A new order appears at once, is announced and
// marked new; the buttons move orders as the role may, and Kitchen has the Sold out panel.
// The guard only hides the page: the API decides, and a 403 is shown as it comes.
import { guardedPage } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { loadInto, messageOf } from '../../core/load.js';
import { OPEN_STATUSES, type OrderStatus } from '../../shared/order-states.js';
import { STAFF_EVENTS, type Order } from '../api.js';
import { formatAge } from '../format.js';
import type { LaterServices } from '../services.js';
import type { StaffSession } from '../user.js';
import { destination, STATUS_LABELS } from './order-parts.js';
import { soldOutPanel } from './sold-out-panel.js';
import { ticket } from './ticket.js';

const AGE_REFRESH_MS = 30_000;

export const kitchenPage = ({ api, follow, session, announce, endSession }: LaterServices) =>
  guardedPage<StaffSession>((ctx) => {
    const role = ctx.session.user.role;
    const orders = new Map<string, Order>();
    const fresh = new Set<string>();
    const messages = new Map<string, string>();
    const lists = Object.fromEntries(OPEN_STATUSES.map((status) => [status, h('ol', { class: 'tickets' })])) as Record<string, HTMLOListElement>;
    const counts = Object.fromEntries(OPEN_STATUSES.map((status) => [status, h('span', { class: 'count' })])) as Record<string, HTMLSpanElement>;
    const title = h('h1', { tabindex: -1 }, 'Order queue');
    const live = h('p', { class: 'live hint', role: 'status' });
    const quiet = h('p', { class: 'notice' }, 'No open orders. The kitchen is quiet.');
    const board = h('div', { class: 'board' }, OPEN_STATUSES.map((status) => h('section', { class: `column column-${status}`, 'aria-label': STATUS_LABELS[status] }, h('h2', null, STATUS_LABELS[status], ' ', counts[status]!), lists[status]!)));

    const ended = (error: unknown) => error instanceof RequestError && error.expired && (endSession(ctx.here), true);

    function card(id: string) {
      return board.querySelector<HTMLElement>(`[data-order="${CSS.escape(id)}"]`);
    }

    // Draws one order where its state puts it (or takes it off the board), keeping focus on it.
    function draw(order: Order) {
      const old = card(order.id);
      const hadFocus = old?.contains(document.activeElement) ?? false;
      old?.remove();
      if ((OPEN_STATUSES as readonly string[]).includes(order.status)) {
        const node = ticket(order, { role, fresh: fresh.has(order.id), message: messages.get(order.id), move });
        const list = lists[order.status]!;
        const after = [...list.children].find((other) => orders.get((other as HTMLElement).dataset.order!)!.number > order.number);
        list.insertBefore(node, after ?? null);
        if (hadFocus) (node.querySelector<HTMLElement>('button') ?? node.querySelector<HTMLElement>('h3'))!.focus();
      } else if (hadFocus) title.focus(); // served or cancelled: it left the board
      for (const status of OPEN_STATUSES) counts[status]!.textContent = String(lists[status]!.children.length);
      quiet.hidden = orders.size > 0;
    }

    // Takes an order as the API now has it; an older version than the one shown changes nothing.
    function take(order: Order) {
      const known = orders.get(order.id);
      if (known && known.version >= order.version) return;
      if (known) fresh.delete(order.id); // it has moved on: no longer new
      if ((OPEN_STATUSES as readonly string[]).includes(order.status)) orders.set(order.id, order);
      else orders.delete(order.id);
      draw(order);
    }

    function move(order: Order, to: OrderStatus) {
      fresh.delete(order.id);
      messages.delete(order.id);
      for (const button of card(order.id)?.querySelectorAll('button') ?? []) button.disabled = true;
      api.moveOrder(order, to).then(take, (error: unknown) => {
        if (ctx.signal.aborted || ended(error)) return;
        // A 409 carries the order as it is now and says what changed: show both.
        const body = error instanceof RequestError ? error.body : undefined;
        const now = body?.order as Order | undefined;
        messages.set(order.id, now && typeof body?.message === 'string' ? body.message : messageOf(error));
        if (now && now.version > order.version) take(now);
        else draw(order); // the same order again, with the message and its buttons back
      });
    }

    function followOrders(lastEventId: number) {
      follow(STAFF_EVENTS, {
        signal: ctx.signal,
        token: () => session.get()?.token,
        lastEventId: String(lastEventId),
        onState: (state) => (live.textContent = state === 'open' ? 'Live: new orders appear by themselves.' : 'Reconnecting… orders will catch up once it is back.'),
        onEvent: (event) => {
          const { type, order } = JSON.parse(event.data) as { type: string; order: Order };
          if (type === 'placed' && !orders.has(order.id)) {
            fresh.add(order.id);
            announce(`New order ${order.number}, ${destination(order).toLowerCase()}`);
          }
          take(order);
        },
        onStop: (error) => {
          if (!ended(error)) live.textContent = `Live updates stopped: ${error.message}. Reload the page to try again.`;
        },
      });
    }

    const area = h('div');
    loadInto(
      area,
      () => api.orderQueue(ctx.signal),
      ({ orders: open, lastEventId }) => {
        for (const order of open) take(order);
        quiet.hidden = open.length > 0;
        followOrders(lastEventId);
        return h('div', null, live, quiet, board);
      },
      { signal: ctx.signal, waiting: 'Loading the orders…', onExpired: () => endSession(ctx.here) },
    );

    const ages = setInterval(() => {
      for (const time of board.querySelectorAll('time')) time.textContent = formatAge(time.dateTime);
    }, AGE_REFRESH_MS);
    ctx.signal.addEventListener('abort', () => clearInterval(ages));

    // Kitchen may mark dishes sold out (the Admin does it in the menu editor); a Waiter only sees the orders.
    const panel = role === 'Kitchen' ? soldOutPanel(api, ctx.signal, ended) : null;
    return h('div', { class: 'kitchen' }, title, h('p', { class: 'hint' }, `Signed in as ${ctx.session.user.name} (${role}).`), panel, area);
  });
