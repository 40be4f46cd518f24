// `/board`: the pickup board for a TV by the counter. Two halves, "Preparing" and "Ready",
// of order numbers only (pickup orders; no names, no dishes), in type readable across a
// room, kept live by the pickup stream for hours without a reload: an order moves to Ready
// when it is, and leaves when it is served. It says when it is offline, reconnects by
// itself from the last event, and keeps the screen on.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import type { FollowOptions } from '../../core/event-stream.js';
import { failureNotice, messageOf } from '../../core/load.js';
import type { PickupBoard } from '../../shared/kitchen-records.js';
import type { OrderStatus } from '../../shared/order-states.js';
import { PICKUP_EVENTS } from './api.js';
import { fullScreenButton } from '../common/full-screen.js';
import { screenBar } from '../common/screen-bar.js';
import { keepScreenOn } from '../common/screen-awake.js';
import { passing } from '../common/failure-text.js';
import { LOCALE, t } from '../../core/words.js';

export interface PickupBoardOptions {
  read(signal: AbortSignal): Promise<PickupBoard>;
  /** Whose counter this is: the board shows the restaurant's name above its heading. */
  restaurant(): Promise<{ name: string }>;
  follow(url: string, options: FollowOptions): void;
  announce(text: string): void;
}

const RETRY_MS = 10_000;

export const pickupBoardPage = ({ read, restaurant, follow, announce }: PickupBoardOptions) => (ctx: PageContext<unknown>) => {
  const preparing = new Set<number>();
  const ready = new Set<number>();
  const lists = { preparing: h('ul', { class: 'numbers' }), ready: h('ul', { class: 'numbers' }) };
  const connection = h('p', { class: 'connection', role: 'status' }, t('Connecting…'));
  const awake = h('p', { class: 'hint awake' });
  const halves = h(
    'div',
    { class: 'pickup-halves' },
    h('section', { class: 'pickup-half', 'aria-labelledby': 'preparing-title' }, h('h2', { id: 'preparing-title' }, t('Preparing')), lists.preparing),
    h('section', { class: 'pickup-half ready', 'aria-labelledby': 'ready-title' }, h('h2', { id: 'ready-title' }, t('[orders] Ready')), lists.ready),
  );
  const area = h('div', { 'aria-busy': 'true' }, h('p', { class: 'status', role: 'status' }, t('Loading the board…')));

  const draw = () => {
    for (const [list, numbers] of [[lists.preparing, preparing], [lists.ready, ready]] as const) {
      list.replaceChildren(...[...numbers].sort((a, b) => a - b).map((number) => h('li', null, String(number))));
    }
  };

  function place(number: number, status: OrderStatus) {
    const wasReady = ready.has(number);
    preparing.delete(number);
    ready.delete(number);
    if (status === 'received' || status === 'preparing') preparing.add(number);
    if (status === 'ready') ready.add(number);
    draw();
    if (status === 'ready' && !wasReady) announce(t('Order {number} is ready.', { number }));
  }

  function load() {
    read(ctx.signal).then(
      (board) => {
        if (ctx.signal.aborted) return;
        for (const number of board.preparing) preparing.add(number);
        for (const number of board.ready) ready.add(number);
        draw();
        area.removeAttribute('aria-busy');
        area.replaceChildren(halves);
        follow(PICKUP_EVENTS, {
          signal: ctx.signal,
          lastEventId: String(board.lastEventId),
          idleMs: 40_000,
          onState: (state) => {
            connection.classList.toggle('offline', state !== 'open');
            connection.textContent = state === 'open' ? t('Live.') : t('Offline since {toLocaleTimeString}: reconnecting by itself.', { toLocaleTimeString: new Date().toLocaleTimeString(LOCALE) });
          },
          onEvent: (event) => {
            const { number, status } = JSON.parse(event.data) as { number: number; status: OrderStatus };
            place(number, status);
          },
          onStop: (error) => {
            connection.classList.add('offline');
            connection.textContent = t('Live updates stopped: {message}. Reload the page to try again.', { message: error.message });
          },
        });
      },
      (error: unknown) => {
        if (ctx.signal.aborted) return;
        if (!passing(error)) return area.replaceChildren(failureNotice(messageOf(error), load));
        const retry = setTimeout(load, RETRY_MS);
        ctx.signal.addEventListener('abort', () => clearTimeout(retry));
        area.replaceChildren(failureNotice(`${messageOf(error)} ${t('Trying again every {seconds} seconds.', { seconds: RETRY_MS / 1000 })}`, () => {
          clearTimeout(retry);
          load();
        }));
      },
    );
  }
  load();
  keepScreenOn(ctx.signal, (text) => (awake.textContent = text));
  const screen = h('div', { class: 'pickup-board' });
  const name = h('p', { class: 'eyebrow' });
  restaurant().then((found) => (name.textContent = found.name), () => {}); // the board works without it
  const { bar } = screenBar({ name: [name, h('h1', { tabindex: -1 }, t('Pickup'))], connection, tools: [fullScreenButton(screen, ctx.signal)], signal: ctx.signal });
  screen.append(bar, area, awake);
  return screen;
};
