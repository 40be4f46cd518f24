// The panels and forms around the day: the booking selected and its panel, finding a guest, seating a walk-in, the waitlist.
import { t } from '../../core/words.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import { type BookingsApi, people } from '../bookings/index.js';
import { bookingPanel } from './booking-panel.js';
import { guestSearch } from './guest-search.js';
import type { HostActs } from './host-acts.js';
import type { HostNodes } from './host-layout.js';
import { clockTime, type HostState } from './host-state.js';
import { waitlistPanel } from './waitlist-panel.js';
import { walkInForm } from './walk-in-form.js';

export interface PanelsOptions {
  api: BookingsApi;
  signal: AbortSignal;
  state: HostState;
  nodes: HostNodes;
  acts: HostActs;
  refused(error: unknown): boolean;
  /** A booking as the API now has it, into the day. */
  take(booking: StaffBooking): void;
}

/** The panel (put beside the day) and the forms, and `select`, which opens a booking's panel. */
export function hostPanels({ api, signal, state, nodes, acts, refused, take }: PanelsOptions) {
  const { main, planArea, timeline } = nodes;
  const clock = (ms: number) => state.span?.clock(ms) ?? clockTime(ms);
  const panel = bookingPanel({
    change: acts.change,
    clock,
    span: () => state.span,
    close: () => select(null, true),
    outcome: acts.inPanel.node,
  });
  main.append(panel.node);
  // A class says the panel is open (a `:has()` on the panel made Chromium restyle the whole
  // timeline or plan each time it opened).
  const panelShown = () => main.classList.toggle('with-panel', !panel.node.hidden);

  /** Shows `id`'s details beside the timeline (null: none); `focusBar` puts focus back on its bar. */
  function select(id: number | null, focusBar = false) {
    const { bars, day } = state;
    const before = state.selected;
    state.selected = id;
    if (id !== before) acts.inPanel.say('');
    if (before !== null) bars.get(before)?.setAttribute('aria-pressed', 'false');
    const booking = id === null ? undefined : state.bookingById(id);
    if (!booking || !day) {
      panel.show(null);
      panelShown();
      // Focus back where the host chose it: its bar, or on the plan its table.
      if (focusBar && before !== null) (bars.get(before) ?? planArea.querySelector<HTMLElement>(`[data-table="${state.bookingById(before)?.table}"]`))?.focus();
      return;
    }
    bars.get(booking.id)?.setAttribute('aria-pressed', 'true');
    panel.show(booking, day, state.now());
    panelShown();
    if (!focusBar) panel.focus();
  }

  const search = guestSearch({
    bookings: () => state.day?.bookings ?? [],
    marks: () => state.bars,
    timeline,
    choose: (booking) => {
      const node = state.bars.get(booking.id);
      node?.scrollIntoView({ block: 'nearest', inline: 'center' });
      node?.focus();
      select(booking.id, true);
    },
  });
  const walkIn = walkInForm({
    seat: async (fields) => {
      const offline = state.refusedOffline();
      if (offline) throw new Error(offline);
      const seated = await api.walkIn(fields);
      take(seated);
      acts.say(t('Seated: {people} at table {table} until {time}.', { people: people(seated.party), table: seated.tables.length ? seated.tables.join(' + ') : '–', time: state.span?.clock(Date.parse(seated.endsAt)) ?? seated.endsAt }));
      return seated;
    },
    tables: state.tablesNow,
    joins: () => state.day?.joins ?? [],
    refused,
  });
  const waitlist = waitlistPanel({
    api,
    signal,
    tables: state.tablesNow,
    joins: () => state.day?.joins ?? [],
    clock,
    now: state.now,
    offline: state.refusedOffline,
    refused,
    seated: (booking) => take(booking),
  });

  return { panel, panelShown, select, search, walkIn, waitlist };
}

export type HostPanels = ReturnType<typeof hostPanels>;
