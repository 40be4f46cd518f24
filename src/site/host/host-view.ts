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
// This file puts the parts together: what they share (host-state.ts), the page (host-layout.ts),
// the day read and followed (host-day.ts, host-live.ts), acting on a booking (host-acts.ts), the
// panels and forms (host-panels.ts), moves (host-moves.ts), the draw (host-draw.ts) and the
// half-minute tick (host-tick.ts).
import { t } from '../../core/words.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import type { BookingsApi } from '../bookings/index.js';
import { drawDayNav, type DayNavOptions } from './day-nav.js';
import { hostActs } from './host-acts.js';
import { dayReader, withBooking } from './host-day.js';
import { hostDraw } from './host-draw.js';
import { hostBody, hostNodes, modeSwitch, savedMode } from './host-layout.js';
import { followDay, type StreamOptions } from './host-live.js';
import { barMoves } from './host-moves.js';
import { hostPanels } from './host-panels.js';
import { hostState } from './host-state.js';
import { tickEveryHalfMinute } from './host-tick.js';

export interface HostViewOptions extends StreamOptions, DayNavOptions {
  api: BookingsApi;
  /** The day asked for; undefined: today, as the server counts it. */
  date: string | undefined;
  /** Each time the day is read. */
  onDay?(day: DayOfBookings): void;
}

export interface HostView {
  node: HTMLElement;
  /** Reads the day again (after a change made elsewhere on the page). */
  reload(): void;
}

/** The host view of a day, read and followed live until `options.signal` aborts. */
export function hostView(options: HostViewOptions): HostView {
  const { api, signal, announce, connection } = options;
  const refused = (error: unknown) => options.refused(error);
  const state = hostState(savedMode());
  const nodes = hostNodes();
  // A phone shows the day as a list by time instead of the timeline (host-list.ts), drawn only there.
  const narrow = matchMedia('(max-width: 36rem)');
  narrow.addEventListener('change', () => draw(), { signal });

  /** Takes a booking as the API now has it (host-day.ts), drawn again. */
  const take = (booking: StaffBooking) => {
    const taken = state.day && withBooking(state.day, booking);
    if (!taken) return;
    state.day = taken;
    draw();
  };
  const acts = hostActs({ api, signal, state, announce, refused, phoneList: nodes.phoneList, take, reload: () => reload() });
  const panels = hostPanels({ api, signal, state, nodes, acts, refused, take });
  const moves = barMoves({ state, timeline: nodes.timeline, announce, change: acts.change, draw: () => draw(), select: panels.select });
  const draw = hostDraw({ state, nodes, narrow, panels, acts, keepMove: moves.keep });
  tickEveryHalfMinute({ state, timeline: nodes.timeline, phoneList: nodes.phoneList, signal, busy: moves.busy, draw });

  const body = hostBody(nodes, { status: acts.status, viewSwitch: modeSwitch(state, draw), search: panels.search, walkIn: panels.walkIn, waitlist: panels.waitlist });
  const { area, reload } = dayReader({
    api,
    signal,
    state,
    date: options.date,
    refused,
    body: () => body,
    read: (day, first) => {
      if (first) drawDayNav(nodes.nav, day, state.todayOf(day), options);
      panels.walkIn.hide(!state.isToday());
      panels.waitlist.hide(!state.isToday());
      if (state.isToday()) panels.waitlist.refresh();
      draw();
      options.onDay?.(day);
    },
    say: (text) => acts.say(text),
  });
  connection.textContent = t('Connecting…');
  followDay(options, { state, reload, take, draw });
  reload();
  return { node: area, reload };
}
