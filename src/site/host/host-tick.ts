// The half-minute tick: the time line, late and the tables' states move on by themselves, said again in place, while no bar is being moved.
import { refreshList } from './host-list.js';
import type { HostState } from './host-state.js';
import { barText, nowLine, shown, stateClasses, stateOf, tableState } from './host-timeline.js';

export interface TickOptions {
  state: HostState;
  timeline: HTMLElement;
  phoneList: HTMLElement;
  signal: AbortSignal;
  /** A bar is being moved: the tick leaves the day alone. */
  busy(): boolean;
  draw(): void;
}

/** Ticks every 30 seconds until `signal` aborts. */
export function tickEveryHalfMinute({ state, timeline, phoneList, signal, busy, draw }: TickOptions): void {
  const tick = setInterval(() => {
    const { day, span, bars, rows } = state;
    if (!day || !span || busy()) return;
    const at = state.now();
    timeline.querySelector('.now-line')?.replaceWith(nowLine(span, at));
    for (const booking of shown(day)) {
      const bookingState = stateOf(booking, day.lateMinutes, at, span);
      for (const table of booking.tables) {
        const node = table === booking.table ? bars.get(booking.id) : rows.get(table)?.querySelector<HTMLElement>(`.booking-bar[data-booking="${booking.id}"]`);
        const text = barText(booking, bookingState, table);
        if (!node || node.textContent === text) continue;
        node.textContent = text;
        node.className = `booking-bar ${stateClasses(booking, bookingState, table)}`;
      }
    }
    refreshList(phoneList, day, span, at);
    if (state.mode === 'plan') draw(); // the plan's states move on with the time
    if (state.isToday()) {
      for (const table of day.tables) {
        const tableNow = tableState(table, day.bookings, day.lateMinutes, at, span, state.offlineSince === null);
        const node = rows.get(table.number)?.querySelector('.table-state');
        if (node && node.textContent !== tableNow.words) {
          node.textContent = tableNow.words;
          node.className = `table-state ${tableNow.kind}`;
        }
      }
    }
  }, 30_000);
  signal.addEventListener('abort', () => clearInterval(tick));
}
