// Drawing the day: its heading and counts, the timeline or the floor plan, a phone's list, the requests and the guests by time, the panel, with focus kept where it was.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { DayOfBookings } from '../../shared/booking-records.js';
import { coversList } from './covers-by-time.js';
import type { HostActs } from './host-acts.js';
import { focusInPanel, focusNow, focusOnDay } from './host-focus.js';
import type { HostNodes } from './host-layout.js';
import { dayList } from './host-list.js';
import type { HostPanels } from './host-panels.js';
import { hostPlan } from './host-plan.js';
import { drawRequests } from './host-requests.js';
import type { HostState } from './host-state.js';
import { isSeated, spanOf } from './host-timeline.js';
import { drawTimeline, scrollToDay } from './timeline-draw.js';

export interface DrawParts {
  state: HostState;
  nodes: HostNodes;
  /** A phone's width: the day is drawn as a list by time (host-list.ts) there, and only there. */
  narrow: MediaQueryList;
  panels: HostPanels;
  acts: HostActs;
  /** A move not sent yet put back where the host put it. */
  keepMove(): void;
}

/** "12 guests booked · 2 at the door · 6 seated now · 0 no-show". */
function coversWords(day: DayOfBookings): string {
  const seated = day.bookings.filter(isSeated).reduce((sum, booking) => sum + booking.party, 0);
  const guests = (statuses: string[], walkIn = false) => day.bookings.filter((booking) => booking.walkIn === walkIn && statuses.includes(booking.status)).reduce((sum, booking) => sum + booking.party, 0);
  return t('{guests} guests booked · {walkIns} at the door · {seated} seated now · {guests2} no-show', { guests: guests(['confirmed', 'arrived', 'no_show']), walkIns: guests(['arrived'], true), seated, guests2: guests(['no_show']) });
}

/** The view's draw: everything from `state.day` again (nothing before the day is read). */
export function hostDraw({ state, nodes, narrow, panels, acts, keepMove }: DrawParts): () => void {
  const { timeline, scroller, planArea, main, phoneList } = nodes;
  const { panel } = panels;
  let drawnOnce = false;
  let scrolled = false;
  return function draw() {
    const { day } = state;
    if (!day) return;
    state.drawing++;
    const progressive = !drawnOnce;
    drawnOnce = true;
    const was = focusNow(panel.node);
    const span = spanOf(day);
    state.span = span;
    nodes.heading.textContent = day.label;
    nodes.covers.textContent = coversWords(day);
    state.bars.clear();
    state.rows.clear();
    if (!span) timeline.replaceChildren(h('p', { class: 'notice' }, t('Closed on {label}, and nothing is booked.', { label: day.label })));
    // With the plan shown, the timeline, hidden, is left as it was (taking it down would cost
    // the plan's first paint) and built anew when it is shown again (the switch draws).
    else if (state.mode !== 'plan') drawTimeline(timeline, state, { day, span, progressive, more: () => panels.search.refresh() });
    const planned = state.mode === 'plan' && span !== null;
    scroller.hidden = planned;
    planArea.hidden = !planned;
    main.classList.toggle('planned', planned);
    if (planned) planArea.replaceChildren(hostPlan({ day, span: span!, now: state.now(), live: state.offlineSince === null, select: (id) => panels.select(id), seatAt: (table) => panels.walkIn.openAt(table) }));
    phoneList.replaceChildren(...(narrow.matches && span ? dayList(day, span, state.now(), { select: panels.select, change: acts.change, said: acts.lineSaid() }) : []));
    nodes.coversArea.replaceChildren(coversList(day.bookings));
    drawRequests(day, nodes, panels.select);
    keepMove();
    if (!focusOnDay(was, state.bars, planArea, phoneList) && !scrolled && span && state.mode !== 'plan') {
      scrolled = true;
      scrollToDay(scroller, timeline, state, day, span);
    }
    if (state.selected !== null) {
      const booking = state.bookingById(state.selected);
      if (booking) panel.show(booking, day, state.now());
      focusInPanel(was, panel.node);
    }
    panels.panelShown();
    panels.search.refresh();
  };
}
