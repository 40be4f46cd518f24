// A kitchen board, for a person at /kitchen and for a paired screen at /display: the open
// tickets oldest first, each with a live timer marked late and very late past the owner's
// thresholds; a chime on every new ticket (with a mute), the screen kept on, full screen;
// "All day" counts of what is still to cook; a station's screen shows only its dishes and
// marks its part done, the pass whole orders by state. Live from the event stream (no
// polling): it says when it is offline and since when, reconnects by itself from the last
// event it had, and catches up. A paired screen can bring back what it bumped (Recall).
// Its bar (screen-bar.ts) holds the name, the clock, the live state and the controls, the
// chime's one-time prompt, and "2 new below" while new tickets are out of view: nothing
// ever covers a ticket.
import { h, nodes } from '../../core/dom.js';
import type { FollowOptions } from '../../core/event-stream.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, messageOf } from '../../core/load.js';
import type { Store } from '../../core/stored.js';
import type { BoardSettings, PairedDisplay } from '../../shared/kitchen-records.js';
import { BOARD_STATUSES, movesFor, OPEN_STATUSES, type OrderStatus, type Ticket } from '../../shared/order-states.js';
import type { KitchenApi } from './api.js';
import { BOARD_EVENTS } from '../common/live-events.js';
import { COLUMN_LABELS, destination } from '../common/order-parts.js';
import { allDay, allDayList } from './all-day.js';
import { createChime } from './chime.js';
import { fullScreenButton } from '../common/full-screen.js';
import { screenBar } from '../common/screen-bar.js';
import { elapsed, LATENESS_WORDS, latenessOf } from './late.js';
import { recallPanel } from './recall-panel.js';
import { keepScreenOn } from '../common/screen-awake.js';
import { soldOutPanel } from './sold-out-panel.js';
import { comingList } from './coming.js';
import { startOf, ticket } from './ticket.js';
import { passing, readFailureText } from '../common/failure-text.js';
import { ask } from '../common/ask.js';
import { LOCALE, t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';

export interface BoardOptions {
  api: KitchenApi;
  follow(url: string, options: FollowOptions): void;
  /** The access token or display credential the stream is opened with. */
  token(): string | null | undefined;
  signal: AbortSignal;
  announce(text: string): void;
  /** Who looks at it, as MOVES knows them: a role, `Pass`, or `Station`. */
  mover: string;
  /** A station's screen: its station (only its dishes, and Done for its part). */
  station: { id: number; name: string; nameIt: string | null } | null;
  title: string;
  /** Under the title: who is here, and for a person how to pair a screen. */
  intro: Node[];
  /** A paired screen on a wall: it may bring back what it bumped (Recall), and nothing on it leads off the board. */
  paired: boolean;
  /** Kitchen staff and a station's screen mark dishes sold out. */
  soldOut: boolean;
  /** The API refused the board (a session ended, a screen unpaired): the page takes over and says why. True when it did. */
  refused(error: unknown): boolean;
  /** The device's choice of silence. */
  muted: Store<boolean>;
  /** A paired screen's stream says the owner changed what it is (its name, kind or station). */
  changed?(display: PairedDisplay): void;
}

const RETRY_MS = 10_000;
/** A stream silent for this long (the server's heartbeat is every 15 s) is made again: a tablet that slept. */
const IDLE_MS = 40_000;
const clockTime = (ms: number) => new Date(ms).toLocaleTimeString(LOCALE);

export function kitchenBoard(options: BoardOptions): HTMLElement {
  const { api, signal, announce, mover, station, refused } = options;
  const orders = new Map<string, Ticket>();
  const fresh = new Set<string>();
  const messages = new Map<string, string>();
  let settings: Pick<BoardSettings, 'lateMinutes' | 'veryLateMinutes'> = { lateMinutes: 10, veryLateMinutes: 20 };

  // A station's screen has one list (what it still has to cook); the others a column per state.
  const groups: readonly OrderStatus[] = station ? ['received'] : BOARD_STATUSES;
  const lists = Object.fromEntries(groups.map((status) => [status, h('ol', { class: 'tickets', 'data-empty': t('No orders.') })])) as Record<string, HTMLOListElement>;
  const counts = Object.fromEntries(groups.map((status) => [status, h('span', { class: 'count' })])) as Record<string, HTMLSpanElement>;
  const columns = groups.map((status) =>
    h('section', { class: `column column-${status}`, 'aria-label': station ? t('To cook') : COLUMN_LABELS[status] }, h('h2', null, station ? t('To cook') : COLUMN_LABELS[status], ' ', counts[status]!), lists[status]!),
  );
  const board = h('div', { class: station ? 'board station-board' : 'board' }, columns);
  const quiet = h('p', { class: 'notice' }, station ? t('Nothing to cook at {name}.', { name: shownName(station) }) : t('No open orders. The kitchen is quiet.'));
  const allDayRegion = h('div');
  const comingRegion = h('div');
  /** What the last fire of a table's course said, when it was refused, by "table/course". */
  const fireSaid = new Map<string, string>();
  const title = h('h1', { tabindex: -1 }, options.title);
  const connection = h('p', { class: 'connection', role: 'status' }, t('Connecting…'));
  const awake = h('p', { class: 'hint awake' });
  const lastWord = h('p', { class: 'board-message', role: 'status' });

  // New tickets below the fold, counted in the bar and one tap away.
  const below = new Set<string>();
  const newBelow = h('button', { type: 'button', class: 'button new-below', hidden: true, onclick: () => showBelow() });
  const watch =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => {
          for (const entry of entries) {
            const id = (entry.target as HTMLElement).dataset.order!;
            if (!entry.isIntersecting && entry.boundingClientRect.top > 0 && fresh.has(id)) below.add(id);
            else below.delete(id);
          }
          countBelow();
        });
  signal.addEventListener('abort', () => watch?.disconnect());
  function countBelow() {
    for (const id of below) if (!fresh.has(id) || !card(id)) below.delete(id);
    newBelow.hidden = below.size === 0;
    newBelow.textContent = t('{size} new below', { size: below.size });
  }
  function showBelow() {
    const first = [...below].map((id) => orders.get(id)!).sort((a, b) => a.number - b.number)[0];
    const node = first && card(first.id);
    if (!node) return;
    node.scrollIntoView({ block: 'center' });
    node.querySelector<HTMLElement>('h3')!.focus({ preventScroll: true });
  }

  const visible = (order: Ticket) =>
    (BOARD_STATUSES as readonly string[]).includes(order.status) && (!station || order.parts.some((part) => part.station === station.id && !part.done));
  const card = (id: string) => board.querySelector<HTMLElement>(`[data-order="${CSS.escape(id)}"]`);
  const ended = (error: unknown) => !signal.aborted && refused(error);

  // Draws one order where it belongs (or takes it off the board), keeping focus on it.
  function draw(order: Ticket) {
    const old = card(order.id);
    const hadFocus = old?.contains(document.activeElement) ?? false;
    if (old) watch?.unobserve(old);
    old?.remove();
    if (visible(order)) {
      const now = Date.now();
      const node = ticket(order, { mover, station: station?.id ?? null, now, lateness: latenessOf(startOf(order), now, settings), fresh: fresh.has(order.id), message: messages.get(order.id), move, done, screen: options.paired });
      const list = lists[station ? 'received' : order.status]!;
      const after = [...list.children].find((other) => orders.get((other as HTMLElement).dataset.order!)!.number > order.number);
      list.insertBefore(node, after ?? null);
      if (fresh.has(order.id)) watch?.observe(node);
      if (hadFocus) (node.querySelector<HTMLElement>('button') ?? node.querySelector<HTMLElement>('h3'))!.focus();
    } else if (hadFocus) title.focus(); // done, served or cancelled: it left the board
    summarize();
  }

  // The counts, the quiet note, All day, and how many new ones are out of view.
  function summarize() {
    countBelow();
    for (const status of groups) counts[status]!.textContent = String(lists[status]!.children.length);
    quiet.hidden = board.querySelector('.ticket') !== null;
    allDayRegion.replaceChildren(allDayList(allDay(orders.values(), station?.id ?? null)));
    const held = [...orders.values()].filter((order) => order.status === 'held');
    comingRegion.replaceChildren(...nodes([comingList(held, { station: station?.id ?? null, canFire: movesFor('held', mover).includes('received'), fire, said: fireSaid })]));
  }

  // A held course fired from here: its tickets come back fired (and by the stream to every screen); a refusal is said on its line.
  function fire(order: Ticket) {
    const key = `${order.table}/${order.course}`;
    fireSaid.delete(key);
    api.fire(order.table!, order.course!).then(
      ({ orders: fired }) => fired.forEach(take),
      (error: unknown) => {
        if (signal.aborted || ended(error)) return;
        fireSaid.set(key, messageOf(error));
        summarize();
      },
    );
  }

  // Takes an order as the API now has it; an older version than the one shown changes nothing.
  function take(order: Ticket) {
    const known = orders.get(order.id);
    if (known && known.version >= order.version) return;
    if (known && known.status !== 'held') fresh.delete(order.id); // it has moved on: no longer new (a course fired has just arrived)
    if ((OPEN_STATUSES as readonly string[]).includes(order.status)) orders.set(order.id, order);
    else orders.delete(order.id);
    draw(order);
  }

  // A move's answer, or its failure shown on the card: a 409 brings the order as it is now and says what changed.
  function settle(order: Ticket, change: Promise<Ticket>) {
    fresh.delete(order.id);
    messages.delete(order.id);
    for (const button of card(order.id)?.querySelectorAll('button') ?? []) button.disabled = true;
    change.then(take, (error: unknown) => {
      if (signal.aborted || ended(error)) return;
      const body = error instanceof RequestError ? error.body : undefined;
      const now = body?.order as Ticket | undefined;
      const message = now && typeof body?.message === 'string' ? body.message : messageOf(error);
      messages.set(order.id, message);
      if (now && now.version > order.version) take(now);
      else draw(order); // the same order again, with the message and its buttons back
      // Another screen took it off this board first: the card is gone, so the board says why.
      lastWord.textContent = card(order.id) ? '' : message;
    });
  }
  // Cancelling cannot be undone: it asks first, in a dialog whose buttons say what they do.
  const move = async (order: Ticket, to: OrderStatus) => {
    const cancelling = to === 'cancelled';
    if (cancelling && !(await ask({ title: t('Cancel order {number} ({destination})?', { number: order.number, destination: destination(order) }), text: t('The diner sees it cancelled, and it cannot be undone.'), act: t('Cancel the order'), keep: t('Keep the order') }))) return;
    settle(order, api.move(order, to));
  };
  const done = (order: Ticket) => settle(order, api.partDone(order, station!.id));

  const chime = createChime(options.muted, signal);
  let offlineSince: number | null = null;
  function followOrders(lastEventId: number) {
    options.follow(BOARD_EVENTS, {
      signal,
      token: options.token,
      lastEventId: String(lastEventId),
      idleMs: IDLE_MS,
      onState: (state) => {
        connection.classList.toggle('offline', state !== 'open');
        if (state === 'open') {
          if (offlineSince !== null) announce(t('Back online: the board has caught up.'));
          offlineSince = null;
          connection.textContent = t('Live: new orders appear by themselves.');
        } else {
          offlineSince ??= Date.now();
          connection.textContent = t('Offline since {clockTime}. Reconnecting by itself; the tickets catch up when it is back.', { clockTime: clockTime(offlineSince) });
        }
      },
      onEvent: (event) => {
        // A paired screen's stream also says when the owner changes the late times, or what the screen is.
        if (event.event === 'settings') {
          settings = JSON.parse(event.data) as BoardSettings;
          return;
        }
        if (event.event === 'display') return options.changed?.(JSON.parse(event.data) as PairedDisplay);
        const { type, order } = JSON.parse(event.data) as { type: string; order: Ticket };
        // New on this board: placed, or a held course fired (it arrives now).
        const isNew = visible(order) && (type === 'placed' ? !orders.has(order.id) : orders.get(order.id)?.status === 'held');
        if (isNew) fresh.add(order.id);
        take(order);
        if (isNew) {
          chime.play();
          announce(t('New order {number}, {toLowerCase}', { number: order.number, toLowerCase: destination(order).toLowerCase() }));
        }
      },
      onStop: (error) => {
        connection.classList.add('offline');
        // Ended by the API (a session over, a screen unpaired): the line says that, not "Offline since", while the page takes over.
        if (ended(error)) {
          connection.textContent = error.message;
          return;
        }
        connection.textContent = t('Live updates stopped: {message}. Reload the page to try again.', { message: error.message });
      },
    });
  }

  // Every second: the timers, and late or very late once a ticket passes the thresholds.
  const tick = setInterval(() => {
    const now = Date.now();
    for (const node of board.querySelectorAll<HTMLElement>('.ticket')) {
      const order = orders.get(node.dataset.order!);
      if (!order) continue;
      const lateness = latenessOf(startOf(order), now, settings);
      node.querySelector('.timer')!.textContent = elapsed(startOf(order), now);
      if (node.classList.contains(lateness)) continue;
      node.classList.remove('on-time', 'late', 'very-late');
      node.classList.add(lateness);
      const label = node.querySelector<HTMLElement>('.late-label')!;
      label.textContent = LATENESS_WORDS[lateness];
      label.hidden = lateness === 'on-time';
    }
  }, 1000);
  signal.addEventListener('abort', () => clearInterval(tick));

  // The queue and the settings, then the stream from the queue's last event. A wall screen
  // has nobody to press Try again: a failure is tried again by itself.
  const area = h('div', { class: 'board-area', 'aria-busy': 'true' }, h('p', { class: 'status', role: 'status' }, t('Loading the orders…')));
  function load() {
    Promise.all([api.queue(signal), api.settings(signal)]).then(
      ([{ orders: open, lastEventId }, loaded]) => {
        if (signal.aborted) return;
        settings = loaded;
        for (const order of open) take(order);
        summarize();
        area.removeAttribute('aria-busy');
        area.replaceChildren(lastWord, quiet, comingRegion, h('div', { class: 'board-main' }, board, h('aside', { class: 'all-day', 'aria-labelledby': 'all-day-title' }, h('h2', { id: 'all-day-title' }, t('All day')), allDayRegion)));
        followOrders(lastEventId);
      },
      (error: unknown) => {
        if (signal.aborted || ended(error)) return;
        area.removeAttribute('aria-busy');
        // A refusal (403) is shown as it comes; the network or the server away is tried again by itself.
        if (!passing(error)) return area.replaceChildren(failureNotice(readFailureText(error), load));
        const retry = setTimeout(load, RETRY_MS);
        signal.addEventListener('abort', () => clearTimeout(retry));
        area.replaceChildren(failureNotice(`${readFailureText(error)} ${t('Trying again every {seconds} seconds.', { seconds: RETRY_MS / 1000 })}`, () => {
          clearTimeout(retry);
          load();
        }));
      },
    );
  }
  load();

  const screen = h('div', { class: 'board-screen' });
  const sound = h('button', { type: 'button', class: 'button secondary', 'aria-pressed': String(!options.muted.get()) }, t('Sound'));
  sound.addEventListener('click', () => options.muted.set(!options.muted.get()));
  signal.addEventListener('abort', options.muted.subscribe((muted) => sound.setAttribute('aria-pressed', String(!muted))));
  const recall = options.paired ? recallPanel(api, signal, take, ended) : null;
  const { bar, prompt } = screenBar({ name: [title], connection, tools: [newBelow, typeof AudioContext === 'undefined' ? null : sound, fullScreenButton(screen, signal), recall?.toggle], signal });
  // Browsers make sound only after a tap: the bar asks for it once, where it covers nothing.
  if (typeof AudioContext !== 'undefined') {
    prompt(h('button', { type: 'button', class: 'button sound-ask' }, t('Tap here once so the board can chime for new orders.')));
    chime.onAllowed(() => prompt(null));
  }
  keepScreenOn(signal, (text) => (awake.textContent = text));
  screen.append(...nodes([bar, ...options.intro, recall?.panel, area, options.soldOut && soldOutPanel(api, signal, ended), awake]));
  return screen;
}
