// The timeline drawn for a day: a row a table (the floor's, then any off the floor that still holds bookings), the first screen's rows at once and the rest right after; and its first scroll.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { DayOfBookings } from '../../shared/booking-records.js';
import type { HostState } from './host-state.js';
import { bar, byTable, hours, lanesOf, nowLine, row, shown, type Span } from './host-timeline.js';

/** How many tables a day's first draw shows before the rest: more than a screen holds. */
const FIRST_ROWS = 16;

export interface TimelineDraw {
  day: DayOfBookings;
  span: Span;
  /** A day's first draw: the rows past the first screen wait for the next frame. */
  progressive: boolean;
  /** Called once those rows are drawn. */
  more(): void;
}

/** Draws the day into `timeline`, its bars and rows into `state` (emptied by the caller). */
export function drawTimeline(timeline: HTMLElement, state: HostState, { day, span, progressive, more }: TimelineDraw): void {
  const { bars, rows } = state;
  const at = state.now();
  const context = { day, span, now: at, today: state.isToday(), live: state.offlineSince === null };
  // The bookings by table; the floor's tables first, then any table off the floor that still holds some.
  const tables = byTable(shown(day));
  const floor = [...day.tables.map((table) => ({ table, off: false })), ...[...tables.keys()].filter((number) => !day.tables.some((table) => table.number === number)).map((number) => ({ table: { number, seats: 0, joinsWith: [], plan: null, shape: 'square' as const }, off: true }))];
  const list = h('ol', { class: 'host-rows' });
  const drawRow = ({ table, off }: (typeof floor)[number]) => {
    const bookings = tables.get(table.number) ?? [];
    const lanes = lanesOf(bookings);
    const tableBars = bookings.map((booking) => {
      const node = bar(booking, context, table.number);
      if (lanes.count > 1) node.style.setProperty('--lane', String(lanes.lane.get(booking.id)));
      if (booking.id === state.selected) node.setAttribute('aria-pressed', 'true');
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
    const drawn = state.drawing;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (drawn !== state.drawing) return; // drawn anew meanwhile
        floor.slice(first).forEach(drawRow);
        more();
      }),
    );
  }
  timeline.style.setProperty('--hours', String((span.to - span.from) / 3_600_000));
  const overlay = h('div', { class: 'host-overlay', 'aria-hidden': 'true' }, context.today ? nowLine(span, at) : null);
  timeline.replaceChildren(hours(span), h('div', { class: 'host-body' }, list, overlay));
}

/**
 * The first time the timeline is shown: the time line (or the day's first booking) in view,
 * an hour of what came before it; measured in the frame that lays it out anyway, not in this task.
 */
export function scrollToDay(scroller: HTMLElement, timeline: HTMLElement, state: HostState, day: DayOfBookings, span: Span): void {
  const first = shown(day)[0];
  const aim = state.isToday() ? state.now() : first ? Date.parse(first.startsAt) : span.from;
  const { from, to } = span;
  requestAnimationFrame(() => {
    const track = timeline.querySelector<HTMLElement>('.host-ticks');
    if (track) scroller.scrollLeft = Math.max(0, ((aim - 3_600_000 - from) / (to - from)) * track.offsetWidth);
  });
}
