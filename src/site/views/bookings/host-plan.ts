// The host stand's floor plan: each table where the owner placed it, coloured and marked by
// its state now as the timeline's rows are, with who is there (or expected), how many, since
// when, and the first words of their note (allergies at a glance). A table with a party
// opens its booking; a free one opens the walk-in form on it.
import { h } from '../../../core/dom.js';
import type { DayOfBookings, FloorTable, StaffBooking } from '../../../shared/booking-records.js';
import { t } from '../../../core/words.js';
import { planGrid } from '../plan-grid.js';
import { isSeated, tableState, type Span } from './host-timeline.js';

export interface HostPlanOptions {
  day: DayOfBookings;
  span: Span;
  now: number;
  /** False while offline: no table is claimed free. */
  live: boolean;
  /** A table's party chosen: its booking shown. */
  select(id: number): void;
  /** A table without a party chosen: a walk-in there. */
  seatAt(table: number): void;
}

/** The party at `table` now: seated there, or expected and due. */
function partyAt(table: FloorTable, bookings: readonly StaffBooking[], now: number): StaffBooking | undefined {
  const holding = bookings.filter((booking) => booking.tables.includes(table.number) && Date.parse(booking.startsAt) <= now && Date.parse(booking.endsAt) > now);
  return holding.find(isSeated) ?? holding.find((booking) => booking.status === 'confirmed');
}

export function hostPlan({ day, span, now, live, select, seatAt }: HostPlanOptions): HTMLElement {
  return planGrid(
    day.tables,
    (table) => {
      const state = tableState(table, day.bookings, day.lateMinutes, now, span, live);
      const party = live ? partyAt(table, day.bookings, now) : undefined;
      const line = (text: string) => h('span', { class: 'plan-line' }, text);
      const who = party ? `${party.name || (party.walkIn ? t('Walk-in') : t('Guest'))} · ${party.party}` : '';
      const since = party?.seatedAt ? t('since {time}', { time: span.clock(Date.parse(party.seatedAt)) }) : '';
      // Read from a metre: the number, who, since when, the note's first words; the state is the
      // colour and the edge, and said in words to a screen reader (its name is what is seen, then the state).
      const hidden = (text: string) => h('span', { class: 'visually-hidden' }, text);
      return h(
        'button',
        { type: 'button', class: state.kind, 'data-table': table.number, title: state.words, onclick: () => (party ? select(party.id) : seatAt(table.number)) },
        h('strong', null, hidden(t('Table {number}', { number: '' })), String(table.number)),
        party ? line(who) : line(state.kind === 'free' ? t('{seats} seats', { seats: table.seats }) : state.words),
        since ? line(since) : null,
        party?.note ? line(`✎ ${party.note}`) : null,
        party ? hidden(`, ${state.words}`) : null,
      );
    },
    t('Floor plan'),
  ).node;
}
