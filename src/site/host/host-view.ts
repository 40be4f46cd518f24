// The host view: the day's bookings on a timeline (host-timeline.ts), the same for the
// staff's /bookings, the Admin's /admin/bookings and a paired host stand. The host selects a
// booking (click, or Enter on its bar) to see it and act on it (booking-panel.ts), moves it
// by dragging its bar to another table or time, or by keyboard (arrows, then Enter; Escape
// puts it back), seats a walk-in (walk-in-form.ts) and finds a guest by name or phone.
// Every change is sent on the booking's version: a 409 shows what it is now, in the API's
// words; a party marked arrived where guests sat down and ordered with nobody seating them is
// refused in the API's words beside the button, with one that seats them as those guests
// (said-beside.ts). Live: a booking changed anywhere comes whole on the stream (a notice that says
// anything may have changed reads the day again); offline, the screen says since
// when, claims no table free, refuses a move with the reason (nothing is queued), and
// catches up when it is back.
import { h } from '../../core/dom.js';
import type { FollowOptions } from '../../core/event-stream.js';
import { RequestError } from '../../core/http.js';
import { failureNotice } from '../../core/load.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import type { PairedDisplay } from '../../shared/kitchen-records.js';
import { type BookingsApi, people, type StaffChange } from '../bookings/index.js';
import { BOOKING_EVENTS } from '../common/live-events.js';
import { failureText, passing, readFailureText } from '../common/failure-text.js';
import { bookingPanel } from './booking-panel.js';
import { bar, barText, byTable, hours, isSeated, lanesOf, nowLine, partyWords, place, row, shown, spanOf, stateClasses, stateOf, tableState, type Span } from './host-timeline.js';
import { saidBeside, sameGuestsAt, type Offer } from './said-beside.js';
import { guestSearch } from './guest-search.js';
import { dayList, refreshList } from './host-list.js';
import { walkInForm } from './walk-in-form.js';
import { waitlistPanel } from './waitlist-panel.js';
import { hostPlan } from './host-plan.js';
import { coversList } from './covers-by-time.js';
import { LOCALE, t } from '../../core/words.js';
import { dateIn } from '../common/zone-time.js';

export interface HostViewOptions {
  api: BookingsApi;
  follow(url: string, options: FollowOptions): void;
  /** The access token or display credential the stream is opened with. */
  token(): string | null | undefined;
  signal: AbortSignal;
  announce(text: string): void;
  /** The day asked for; undefined: today, as the server counts it. */
  date: string | undefined;
  /** The address of another day. */
  dayAddress(date: string): string;
  /** A person's pages go to any day; a host stand to yesterday, today and tomorrow. */
  days: 'any' | 'three';
  navigate(to: string): void;
  /** The live state ("Live", "Offline since 20:14…"): in a screen's bar, or the page's. */
  connection: HTMLElement;
  /** The API refused (a session that ended, a screen unpaired): the page takes over and says why. True when it did. */
  refused(error: unknown): boolean;
  /** A person's stream ended with their sign-in: signs in again (true) or not. */
  renew?(): Promise<boolean>;
  /** The stream says the owner changed this screen. */
  changed?(display: PairedDisplay): void;
  /** Each time the day is read. */
  onDay?(day: DayOfBookings): void;
}

export interface HostView {
  node: HTMLElement;
  /** Reads the day again (after a change made elsewhere on the page). */
  reload(): void;
}

const RETRY_MS = 10_000;
/** How many tables a day's first draw shows before the rest: more than a screen holds. */
const FIRST_ROWS = 16;
/** The stream is made again after this long without a word (the heartbeat is every 15 s): a tablet that slept. */
const IDLE_MS = 40_000;
const clockTime = (ms: number) => new Date(ms).toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' });
const shift = (day: string, by: number) => new Date(Date.parse(`${day}T12:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** A move not yet sent: where the bar is now. */
interface Pending {
  booking: StaffBooking;
  table: number;
  startsMs: number;
}

export function hostView(options: HostViewOptions): HostView {
  const { api, signal, announce, connection } = options;
  let day: DayOfBookings | undefined;
  let span: Span | null = null;
  /** The server's clock minus this device's: late and the time line follow the server. */
  let skew = 0;
  const now = () => Date.now() + skew;
  let offlineSince: number | null = null;
  let selected: number | null = null;
  let pending: Pending | null = null;
  const bars = new Map<number, HTMLButtonElement>();
  let scrolled = false;
  /** Each draw's number: a part of a draw left for later is dropped if another draw came first. */
  let drawing = 0;
  let drawnOnce = false;
  const rows = new Map<number, HTMLElement>();

  const status = h('p', { class: 'outcome host-outcome', role: 'status' });
  // elementtiming: the bench times the first paint of the day (test/bench/host-stand.ts).
  const heading = h('h2', { class: 'host-day', id: 'host-day', elementtiming: 'host-day' });
  const covers = h('p', { class: 'covers' });
  const nav = h('nav', { class: 'row day-nav', 'aria-label': t('Days') });
  const timeline = h('div', { class: 'host-timeline' });
  const scroller = h('div', { class: 'host-scroll', role: 'region', 'aria-labelledby': 'host-day', tabindex: 0 }, timeline);
  // The floor plan instead of the timeline, as the host chooses (kept on this device).
  const planArea = h('div', { class: 'host-plan', hidden: true });
  /** The guests by the half hour they come, under the day. */
  const coversArea = h('div');
  let mode: 'timeline' | 'plan' = localStorage.getItem('tavola.host-view') === 'plan' ? 'plan' : 'timeline';
  // One toggle: pressed, the plan is shown (a switch of two buttons would not fit a tablet's heading line).
  const viewSwitch = h('button', { type: 'button', class: 'button secondary view-switch', 'aria-pressed': String(mode === 'plan'), onclick: () => showMode(mode === 'plan' ? 'timeline' : 'plan') }, t('Floor plan'));
  function showMode(which: typeof mode) {
    mode = which;
    localStorage.setItem('tavola.host-view', which);
    viewSwitch.setAttribute('aria-pressed', String(which === 'plan'));
    draw();
  }
  const waiting = h('div', { class: 'host-waiting' });
  // A phone shows the day as a list by time instead of the timeline (host-list.ts), drawn only there.
  const narrow = matchMedia('(max-width: 36rem)');
  narrow.addEventListener('change', () => draw(), { signal });
  const phoneList = h('ol', { class: 'host-list', 'aria-label': t('The day by time') });
  const over = h('div');
  const isToday = () => day !== undefined && day.date === todayOf(day);
  const todayOf = (shownDay: DayOfBookings) => dateIn(shownDay.timeZone, now());
  const bookingById = (id: number) => day?.bookings.find((booking) => booking.id === id);

  // ── Acting on a booking ─────────────────────────────────────────────────
  const refusedOffline = () => (offlineSince === null ? null : t('This screen is offline since {clockTime}: nothing was changed, and nothing waits to be sent. Try again when it is back online.', { clockTime: clockTime(offlineSince) }));

  /** Sends a change on the booking's version; the answer (or the booking as it is now, after a 409) is drawn. */
  async function change(booking: StaffBooking, wanted: StaffChange, done: string): Promise<boolean> {
    const offline = refusedOffline();
    if (offline) {
      say(offline);
      return false;
    }
    try {
      const after = await api.changeForGuest(booking, wanted);
      take(after);
      const who = [after.name || t('guest'), partyWords(after), after.table && t('table {table}', { table: after.table })].filter(Boolean).join(', ');
      say(after.status === 'confirmed' ? t('{done}: {who} at {time}.', { done, who, time: after.time }) : t('{done}: {who}.', { done, who }), { about: booking.id });
      return true;
    } catch (error) {
      if (signal.aborted || options.refused(error)) return false;
      const now = error instanceof RequestError ? (error.body?.booking as StaffBooking | undefined) : undefined;
      if (now) take(now);
      // Marked arrived where guests ordered with nobody seating them: they may be this party.
      const those = wanted.status === 'arrived' && !wanted.sameGuests ? sameGuestsAt(error) : undefined;
      const offer = those && { table: those.table, run: () => void change(bookingById(booking.id) ?? booking, { ...wanted, sameGuests: true }, done) };
      say(failureText(error), { about: booking.id, offer });
      if (!now) reload();
      return false;
    }
  }

  // The answer is said at the top (and read out), and beside the buttons that acted: in the
  // booking's panel, where the host is looking, however far the page is scrolled, and on a
  // phone under the line's buttons; with the way on when the API offers one.
  const besideActions = saidBeside('panel-outcome');
  const besideLine = saidBeside('line-outcome');
  /** The booking whose line says the last answer (a phone's list); null: none. */
  let saidFor: number | null = null;
  function say(text: string, { about = null, offer = null }: { about?: number | null; offer?: Offer | null } = {}) {
    status.textContent = text;
    besideActions.say(text, offer);
    besideLine.say(text, offer);
    saidFor = about;
    if (about === null) besideLine.node.remove();
    else phoneList.querySelector(`.host-list-item[data-booking="${about}"]`)?.append(besideLine.node);
    announce(text);
  }

  const panel = bookingPanel({
    change,
    clock: (ms) => span?.clock(ms) ?? clockTime(ms),
    span: () => span,
    close: () => select(null, true),
    outcome: besideActions.node,
  });
  // The day and the booking beside it. A class says the panel is open (a `:has()` on the panel
  // made Chromium restyle the whole timeline or plan each time it opened).
  const main = h('div', { class: 'host-main' }, scroller, planArea, panel.node);
  const panelShown = () => main.classList.toggle('with-panel', !panel.node.hidden);

  /** Shows `id`'s details beside the timeline (null: none); `focusBar` puts focus back on its bar. */
  function select(id: number | null, focusBar = false) {
    const before = selected;
    selected = id;
    if (id !== before) besideActions.say('');
    if (before !== null) bars.get(before)?.setAttribute('aria-pressed', 'false');
    const booking = id === null ? undefined : bookingById(id);
    if (!booking || !day) {
      panel.show(null);
      panelShown();
      // Focus back where the host chose it: its bar, or on the plan its table.
      if (focusBar && before !== null) (bars.get(before) ?? planArea.querySelector<HTMLElement>(`[data-table="${bookingById(before)?.table}"]`))?.focus();
      return;
    }
    bars.get(booking.id)?.setAttribute('aria-pressed', 'true');
    panel.show(booking, day, now());
    panelShown();
    if (!focusBar) panel.focus();
  }

  /** Takes a booking as the API now has it: into the day (or out of it, moved to another day), drawn again. An older version than the one shown changes nothing. */
  function take(booking: StaffBooking) {
    if (!day) return;
    const known = day.bookings.find((one) => one.id === booking.id);
    if (known && known.version >= booking.version) return;
    if (!known && booking.date !== day.date) return;
    // Seated just now at tables where guests had ordered with nobody seating them: the party
    // was those guests (sameGuests), whose stay the API folded into theirs. One party a table.
    const tookOver = isSeated(booking) && !booking.openedByOrder && !(known && isSeated(known));
    const folded = (one: StaffBooking) => tookOver && one.openedByOrder && isSeated(one) && one.tables.some((table) => booking.tables.includes(table));
    const others = day.bookings.filter((one) => one.id !== booking.id && !folded(one));
    const bookings = booking.date === day.date ? [...others, booking].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id) : others;
    day = { ...day, bookings };
    draw();
  }

  // ── Moving a bar: by keyboard, or by dragging it ────────────────────────
  const interval = () => (day?.intervalMinutes ?? 15) * 60_000;
  const tableNumbers = () => day?.tables.map((table) => table.number) ?? [];

  function startPending(booking: StaffBooking): Pending {
    if (pending && pending.booking.id !== booking.id) cancelPending(); // another bar: the first goes back
    pending ??= { booking, table: booking.table!, startsMs: Date.parse(booking.startsAt) };
    return pending;
  }

  /** Puts the bar where the pending move has it. */
  function placePending(barNode: HTMLButtonElement) {
    if (!pending || !span) return;
    const length = Date.parse(pending.booking.endsAt) - Date.parse(pending.booking.startsAt);
    place(barNode, span, pending.startsMs, pending.startsMs + length);
    const track = rows.get(pending.table)?.querySelector('.host-track');
    if (track && barNode.parentElement !== track) {
      const focused = document.activeElement === barNode;
      track.append(barNode);
      if (focused) barNode.focus();
    }
    barNode.classList.add('moving');
  }

  /** Puts the bar where the pending move has it, and says so. */
  function showPending(barNode: HTMLButtonElement) {
    if (!pending || !span) return;
    placePending(barNode);
    announce(t('Table {table} at {clock}. Enter moves it there, Escape puts it back.', { table: pending.table, clock: span.clock(pending.startsMs) }));
  }

  function cancelPending() {
    pending = null;
    draw();
  }

  /** Sends the pending move: another table, another time, or both. */
  async function commitPending() {
    if (!pending || !span) return;
    const { booking, table, startsMs } = pending;
    pending = null;
    const wanted: StaffChange = {};
    if (table !== booking.table) wanted.table = table;
    if (startsMs !== Date.parse(booking.startsAt)) wanted.time = span.clock(startsMs);
    if (!Object.keys(wanted).length) return draw();
    const moved = await change(booking, wanted, t('Moved'));
    if (!moved) draw(); // back where it was
    bars.get(booking.id)?.focus();
  }

  function keyOnBar(event: KeyboardEvent) {
    const barNode = (event.target as HTMLElement).closest<HTMLButtonElement>('.booking-bar');
    const booking = barNode && bookingById(Number(barNode.dataset.booking));
    if (!barNode || !booking || !span) return;
    const movable = booking.status === 'confirmed' || isSeated(booking);
    if (event.key === 'Escape' && pending) {
      event.preventDefault();
      cancelPending();
      bars.get(booking.id)?.focus();
      return announce(t('Put back.'));
    }
    if (event.key === 'Enter' && pending) {
      event.preventDefault();
      return void commitPending();
    }
    if (!['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key) || !movable) return;
    event.preventDefault();
    const move = startPending(booking);
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const numbers = tableNumbers();
      const next = numbers[numbers.indexOf(move.table) + (event.key === 'ArrowUp' ? -1 : 1)];
      if (next !== undefined) move.table = next;
    } else if (booking.status !== 'confirmed') {
      return announce(t('A seated party moves to another table, not to another time.'));
    } else {
      move.startsMs += event.key === 'ArrowLeft' ? -interval() : interval();
    }
    showPending(barNode);
  }

  // Dragging: the bar follows the pointer; let go over another row or time and it is sent.
  let drag: { barNode: HTMLButtonElement; booking: StaffBooking; x: number; y: number; width: number; moved: boolean; id: number } | null = null;
  function pointerDown(event: PointerEvent) {
    const barNode = (event.target as HTMLElement).closest<HTMLButtonElement>('.booking-bar');
    const booking = barNode && bookingById(Number(barNode.dataset.booking));
    if (!barNode || !booking || event.button !== 0 || !(booking.status === 'confirmed' || isSeated(booking))) return;
    drag = { barNode, booking, x: event.clientX, y: event.clientY, width: barNode.parentElement!.getBoundingClientRect().width, moved: false, id: event.pointerId };
    barNode.setPointerCapture(event.pointerId);
  }
  function pointerMove(event: PointerEvent) {
    if (!drag || event.pointerId !== drag.id || !span) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    drag.moved = true;
    const move = startPending(drag.booking);
    const steps = drag.booking.status === 'confirmed' ? Math.round(((dx / drag.width) * (span.to - span.from)) / interval()) : 0;
    move.startsMs = Date.parse(drag.booking.startsAt) + steps * interval();
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('.host-row');
    if (over) move.table = Number(over.dataset.table);
    showPending(drag.barNode);
  }
  function pointerUp(event: PointerEvent) {
    if (!drag || event.pointerId !== drag.id) return;
    const dragged = drag.moved;
    drag = null;
    if (dragged) {
      event.preventDefault();
      void commitPending();
    }
  }
  // A drag's click is not a selection.
  let suppressClick = false;
  timeline.addEventListener('pointerdown', pointerDown);
  timeline.addEventListener('pointermove', pointerMove);
  timeline.addEventListener('pointerup', (event) => {
    suppressClick = drag?.moved ?? false;
    pointerUp(event);
  });
  timeline.addEventListener('pointercancel', () => {
    drag = null;
    if (pending) cancelPending();
  });
  timeline.addEventListener('keydown', keyOnBar);
  timeline.addEventListener('click', (event) => {
    const barNode = (event.target as HTMLElement).closest<HTMLButtonElement>('.booking-bar');
    if (!barNode) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    if (pending) return;
    const id = Number(barNode.dataset.booking);
    select(selected === id ? null : id, selected === id);
  });

  // ── Drawing ─────────────────────────────────────────────────────────────
  function draw() {
    if (!day) return;
    drawing++;
    const progressive = !drawnOnce;
    drawnOnce = true;
    // Focus is kept across a redraw (a booking changed elsewhere, the plan's half-minute tick):
    // on the same bar, the same table of the plan, or the same line of a phone's list.
    const active = document.activeElement as HTMLElement | null;
    const focused = active?.closest<HTMLElement>('.booking-bar')?.dataset.booking;
    const focusedTable = active?.closest<HTMLElement>('.host-plan [data-table]')?.dataset.table;
    const focusedLine = active?.closest<HTMLElement>('.host-list-item')?.dataset.booking;
    // In the booking's panel, drawn anew: the button of the same words, if it is still there.
    const focusedInPanel = active && active !== panel.node && panel.node.contains(active) && active.tagName === 'BUTTON' ? active.textContent : null;
    span = spanOf(day);
    heading.textContent = day.label;
    const seated = day.bookings.filter(isSeated).reduce((sum, booking) => sum + booking.party, 0);
    const guests = (statuses: string[], walkIn = false) => day!.bookings.filter((booking) => booking.walkIn === walkIn && statuses.includes(booking.status)).reduce((sum, booking) => sum + booking.party, 0);
    covers.textContent = t('{guests} guests booked · {walkIns} at the door · {seated} seated now · {guests2} no-show', { guests: guests(['confirmed', 'arrived', 'no_show']), walkIns: guests(['arrived'], true), seated, guests2: guests(['no_show']) });
    bars.clear();
    rows.clear();
    if (!span) {
      timeline.replaceChildren(h('p', { class: 'notice' }, t('Closed on {label}, and nothing is booked.', { label: day.label })));
    } else if (mode === 'plan') {
      // The plan is shown: the timeline, hidden, is left as it was (taking it down would cost the
      // plan's first paint) and built anew when it is shown again (showMode draws).
    } else {
      const at = now();
      const context = { day, span, now: at, today: isToday(), live: offlineSince === null };
      // The bookings by table; the floor's tables first, then any table off the floor that still holds some.
      const tables = byTable(shown(day));
      const floor = [...day.tables.map((table) => ({ table, off: false })), ...[...tables.keys()].filter((number) => !day!.tables.some((table) => table.number === number)).map((number) => ({ table: { number, seats: 0, joinsWith: [], plan: null, shape: 'square' as const }, off: true }))];
      const list = h('ol', { class: 'host-rows' });
      const drawRow = ({ table, off }: (typeof floor)[number]) => {
        const bookings = tables.get(table.number) ?? [];
        const lanes = lanesOf(bookings);
        const tableBars = bookings.map((booking) => {
          const node = bar(booking, context, table.number);
          if (lanes.count > 1) node.style.setProperty('--lane', String(lanes.lane.get(booking.id)));
          if (booking.id === selected) node.setAttribute('aria-pressed', 'true');
          // A joined stay's first table's bar is the one focused and moved; the others follow it.
          if (table.number === booking.table) bars.set(booking.id, node);
          return node;
        });
        const node = row(table, bookings, tableBars, off ? { ...context, today: false } : context);
        if (lanes.count > 1) node.style.setProperty('--lanes', String(lanes.count));
        if (off) {
          node.classList.add('off-floor');
          node.querySelector('.seats')!.textContent = t(' · off the floor: move these');
        }
        rows.set(table.number, node);
        list.append(node);
      };
      // A day's first draw shows the rows a screen holds at once; the rest follow right after
      // that frame, so the host sees the floor without waiting for all of it to be built.
      const first = progressive ? FIRST_ROWS : floor.length;
      floor.slice(0, first).forEach(drawRow);
      if (floor.length > first) {
        const drawn = drawing;
        requestAnimationFrame(() =>
          setTimeout(() => {
            if (drawn !== drawing) return; // drawn anew meanwhile
            floor.slice(first).forEach(drawRow);
            search.refresh();
          }),
        );
      }
      timeline.style.setProperty('--hours', String((span.to - span.from) / 3_600_000));
      const overlay = h('div', { class: 'host-overlay', 'aria-hidden': 'true' }, context.today ? nowLine(span, at) : null);
      timeline.replaceChildren(hours(span), h('div', { class: 'host-body' }, list, overlay));
    }
    const planned = mode === 'plan' && span !== null;
    scroller.hidden = planned;
    planArea.hidden = !planned;
    main.classList.toggle('planned', planned);
    if (planned) planArea.replaceChildren(hostPlan({ day, span: span!, now: now(), live: offlineSince === null, select: (id) => select(id), seatAt: (table) => walkIn.openAt(table) }));
    phoneList.replaceChildren(...(narrow.matches && span ? dayList(day, span, now(), { select, change, said: saidFor === null ? null : { id: saidFor, node: besideLine.node } }) : []));
    coversArea.replaceChildren(coversList(day.bookings));
    drawWaiting();
    // A move not sent yet stays where the host put it.
    const moving = pending && bars.get(pending.booking.id);
    if (moving) placePending(moving);
    if (focused) bars.get(Number(focused))?.focus();
    else if (focusedTable) planArea.querySelector<HTMLElement>(`[data-table="${focusedTable}"]`)?.focus();
    else if (focusedLine) {
      // The same button of the line if it still offers it (No-show, Arrived…), else its name.
      const buttons = [...phoneList.querySelectorAll<HTMLElement>(`.host-list-item[data-booking="${focusedLine}"] button`)];
      (buttons.find((button) => button.textContent === active!.textContent) ?? buttons[0])?.focus();
    }
    else if (!scrolled && span && mode !== 'plan') {
      // The first time: the time line (or the day's first booking) in view, an hour of what
      // came before it; measured in the frame that lays it out anyway, not in this task.
      scrolled = true;
      const first = shown(day)[0];
      const aim = isToday() ? now() : first ? Date.parse(first.startsAt) : span.from;
      const { from, to } = span;
      requestAnimationFrame(() => {
        const track = timeline.querySelector<HTMLElement>('.host-ticks');
        if (track) scroller.scrollLeft = Math.max(0, ((aim - 3_600_000 - from) / (to - from)) * track.offsetWidth);
      });
    }
    if (selected !== null) {
      const booking = bookingById(selected);
      if (booking) panel.show(booking, day, now());
      if (focusedInPanel !== null) [...panel.node.querySelectorAll('button')].find((button) => button.textContent === focusedInPanel)?.focus();
    }
    panelShown();
    search.refresh();
  }

  // Requests wait for a table (accept or decline); cancelled and declined ones are listed apart.
  function drawWaiting() {
    if (!day) return;
    const requested = day.bookings.filter((booking) => booking.status === 'requested');
    const gone = day.bookings.filter((booking) => booking.status === 'cancelled' || booking.status === 'declined');
    const line = (booking: StaffBooking) =>
      h('li', null, h('button', { type: 'button', class: 'link-button', 'data-booking': booking.id, onclick: () => select(booking.id) }, `${booking.time} · ${booking.name || t('Guest')} · ${people(booking.party)}`), booking.status === 'requested' ? '' : ` (${booking.status})`);
    waiting.replaceChildren(
      requested.length ? h('section', { class: 'notice', 'aria-labelledby': 'requests-title' }, h('h3', { id: 'requests-title' }, t('Waiting to be accepted ({length})', { length: requested.length })), h('ul', null, requested.map(line))) : '',
    );
    over.replaceChildren(gone.length ? h('details', null, h('summary', null, t('Cancelled or declined ({length})', { length: gone.length })), h('ul', null, gone.map(line))) : '');
  }

  // Every 30 seconds: the time line, late, and the tables' states move on by themselves.
  const tick = setInterval(() => {
    if (!day || !span || pending || drag) return;
    const at = now();
    timeline.querySelector('.now-line')?.replaceWith(nowLine(span, at));
    for (const booking of shown(day)) {
      const state = stateOf(booking, day.lateMinutes, at, span);
      for (const table of booking.tables) {
        const node = table === booking.table ? bars.get(booking.id) : rows.get(table)?.querySelector<HTMLElement>(`.booking-bar[data-booking="${booking.id}"]`);
        const text = barText(booking, state, table);
        if (!node || node.textContent === text) continue;
        node.textContent = text;
        node.className = `booking-bar ${stateClasses(booking, state, table)}`;
      }
    }
    refreshList(phoneList, day, span, at);
    if (mode === 'plan') draw(); // the plan's states move on with the time
    if (isToday()) {
      for (const table of day.tables) {
        const state = tableState(table, day.bookings, day.lateMinutes, at, span, offlineSince === null);
        const node = rows.get(table.number)?.querySelector('.table-state');
        if (node && node.textContent !== state.words) {
          node.textContent = state.words;
          node.className = `table-state ${state.kind}`;
        }
      }
    }
  }, 30_000);
  signal.addEventListener('abort', () => clearInterval(tick));

  // ── Finding a guest, seating a walk-in ──────────────────────────────────
  const search = guestSearch({
    bookings: () => day?.bookings ?? [],
    marks: () => bars,
    timeline,
    choose: (booking) => {
      const node = bars.get(booking.id);
      node?.scrollIntoView({ block: 'nearest', inline: 'center' });
      node?.focus();
      select(booking.id, true);
    },
  });
  const walkIn = walkInForm({
    seat: async (fields) => {
      const offline = refusedOffline();
      if (offline) throw new Error(offline);
      const seated = await api.walkIn(fields);
      take(seated);
      say(t('Seated: {people} at table {table} until {time}.', { people: people(seated.party), table: seated.tables.length ? seated.tables.join(' + ') : '–', time: span?.clock(Date.parse(seated.endsAt)) ?? seated.endsAt }));
      return seated;
    },
    tables: () => (day && span ? day.tables.map((table) => ({ ...table, ...tableState(table, day!.bookings, day!.lateMinutes, now(), span!, offlineSince === null) })) : []),
    joins: () => day?.joins ?? [],
    refused: (error) => options.refused(error),
  });
  const waitlist = waitlistPanel({
    api,
    signal,
    tables: () => (day && span ? day.tables.map((table) => ({ ...table, ...tableState(table, day!.bookings, day!.lateMinutes, now(), span!, offlineSince === null) })) : []),
    joins: () => day?.joins ?? [],
    clock: (ms) => span?.clock(ms) ?? clockTime(ms),
    now,
    offline: refusedOffline,
    refused: (error) => options.refused(error),
    seated: (booking) => take(booking),
  });

  // ── Reading the day, live ───────────────────────────────────────────────
  const area = h('div', { class: 'host-area', 'aria-busy': 'true' }, h('p', { class: 'status', role: 'status' }, t('Loading the bookings…')));
  let loading = false;
  let again = false;
  function reload() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    api.day(day?.date ?? options.date, signal).then(
      (read) => {
        loading = false;
        if (signal.aborted) return;
        skew = Date.parse(read.now) - Date.now();
        const first = !day;
        day = read;
        if (first) {
          area.removeAttribute('aria-busy');
          area.replaceChildren(body);
          navFor(read);
        }
        walkIn.hide(!isToday());
        waitlist.hide(!isToday());
        if (isToday()) waitlist.refresh();
        draw();
        options.onDay?.(read);
        if (again) {
          again = false;
          reload();
        }
      },
      (error: unknown) => {
        loading = false;
        if (signal.aborted || options.refused(error)) return;
        if (day) return say(failureText(error)); // the day shown stays; the next notice tries again
        area.removeAttribute('aria-busy');
        if (!passing(error)) return area.replaceChildren(failureNotice(readFailureText(error), reload));
        // The network or the server away: a screen on a wall has nobody to press Try again.
        const retry = setTimeout(reload, RETRY_MS);
        signal.addEventListener('abort', () => clearTimeout(retry));
        area.replaceChildren(failureNotice(`${readFailureText(error)} ${t('Trying again every {seconds} seconds.', { seconds: RETRY_MS / 1000 })}`, () => {
          clearTimeout(retry);
          reload();
        }));
      },
    );
  }

  function navFor(shownDay: DayOfBookings) {
    const today = todayOf(shownDay);
    const link = (date: string, label: string) => h('a', { class: 'button secondary', href: options.dayAddress(date), ...(date === shownDay.date && { 'aria-current': 'date' }) }, label);
    if (options.days === 'three') {
      nav.replaceChildren(link(shift(today, -1), t('Yesterday')), link(today, t('Today')), link(shift(today, 1), t('Tomorrow')));
      return;
    }
    const picker = h('input', { id: 'bookings-day', name: 'day', type: 'date', required: true, value: shownDay.date });
    const showDay = (event: Event) => {
      event.preventDefault();
      options.navigate(options.dayAddress(picker.value));
    };
    nav.replaceChildren(
      link(shift(shownDay.date, -1), t('Previous day')),
      link(today, t('Today')),
      link(shift(shownDay.date, 1), t('Next day')),
      h('form', { class: 'inline', onsubmit: showDay }, h('label', { for: 'bookings-day' }, t('Day')), picker, h('button', { type: 'submit', class: 'button secondary' }, t('Show'))),
    );
  }

  function listen() {
    options.follow(BOOKING_EVENTS, {
      signal,
      token: options.token,
      idleMs: IDLE_MS,
      onState: (state) => {
        connection.classList.toggle('offline', state !== 'open');
        if (state === 'open') {
          connection.textContent = t('Live: bookings appear by themselves.');
          if (offlineSince !== null) {
            offlineSince = null;
            announce(t('Back online: the bookings have caught up.'));
            reload(); // what changed meanwhile
          }
        } else {
          offlineSince ??= Date.now();
          connection.textContent = t('Offline since {clockTime}. Reconnecting by itself; tables are not shown free until it is back.', { clockTime: clockTime(offlineSince) });
          draw(); // no table is claimed free meanwhile
        }
      },
      onEvent: (event) => {
        if (event.event === 'booking') take(JSON.parse(event.data) as StaffBooking);
        else if (event.event === 'bookings') reload();
        else if (event.event === 'display') options.changed?.(JSON.parse(event.data) as PairedDisplay);
      },
      onStop: (error) => {
        if (signal.aborted) return;
        if (error.expired && options.renew) {
          void options.renew().then((renewed) => {
            if (!renewed) return options.refused(error);
            listen();
            reload();
          });
          return;
        }
        if (options.refused(error)) return;
        connection.classList.add('offline');
        connection.textContent = t('Live updates stopped: {message}. Reload the page to try again.', { message: error.message });
      },
    });
  }

  const body = h(
    'div',
    { class: 'host-view' },
    h('div', { class: 'host-tools' }, nav, search.node, walkIn.toggle, waitlist.toggle),
    walkIn.node,
    waitlist.node,
    h('div', { class: 'host-heading-row' }, heading, covers, viewSwitch),
    status,
    waiting,
    phoneList,
    main,
    h('p', { class: 'hint' }, t('On a booking: Enter shows it; the arrow keys move it to another table or time, Enter then moves it, Escape puts it back. Or drag it.')),
    coversArea,
    over,
  );
  connection.textContent = t('Connecting…');
  listen();
  reload();
  return { node: area, reload };
}
