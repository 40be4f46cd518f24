// The host stand's floor plan: each table where the owner placed it, coloured and marked by
// its state now as the timeline's rows are, with who is there (or expected), how many, since
// when, what their bill has open, and the first words of their note (allergies at a glance).
// Guests who sat down and ordered with nobody seating them are there as "Ordered at the
// table · ?" until someone says how many. A table with a party opens its booking; a free one
// opens the walk-in form on it.
import { h } from '../../core/dom.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import { t } from '../../core/words.js';
import { planGrid } from '../common/plan-grid.js';
import { byTable, isThere, openOnBill, partyCount, tableState, whoOf, type Span } from './host-timeline.js';

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

/** The party at a table now (`bookings`: the table's): seated there (past its end too while its bill is open), or expected and due. */
function partyAt(bookings: readonly StaffBooking[], now: number): StaffBooking | undefined {
  return bookings.find((booking) => isThere(booking, now)) ?? bookings.find((booking) => booking.status === 'confirmed' && Date.parse(booking.startsAt) <= now && Date.parse(booking.endsAt) > now);
}

export function hostPlan({ day, span, now, live, select, seatAt }: HostPlanOptions): HTMLElement {
  const tables = byTable(day.bookings);
  const parties = new Map<number, StaffBooking>();
  const { node } = planGrid(
    day.tables,
    (table) => {
      const bookings = tables.get(table.number) ?? [];
      const state = tableState(table, bookings, day.lateMinutes, now, span, live);
      const party = live ? partyAt(bookings, now) : undefined;
      if (party) parties.set(table.number, party);
      const who = party ? `${whoOf(party)} · ${partyCount(party)}` : state.kind === 'free' ? t('{seats} seats', { seats: table.seats }) : state.words;
      const seated = party?.seatedAt ? span.clock(Date.parse(party.seatedAt)) : '';
      const open = party ? openOnBill(party) : '';
      const note = party?.note ? `✎ ${party.note}` : '';
      // Read from a metre: the number, who, the time they sat (a narrow table has no room for
      // "since"), what their bill has open, the note's first words, a line each in one text
      // (styles.css: the number is its first line, each line cut short on its own); the state is
      // the colour and the edge. Its name is what is seen (so that a voice names it), then in
      // words since when and the state.
      const lines = [who, seated, open, note].filter(Boolean);
      return h(
        'button',
        {
          type: 'button',
          class: state.kind,
          'data-table': table.number,
          title: state.words,
          'aria-label': [[t('Table {number}', { number: table.number }), ...lines].join(' '), seated && t('since {time}', { time: seated }), (party || state.kind === 'free') && state.words].filter(Boolean).join(', '),
        },
        [String(table.number), ...lines].join('\n'),
      );
    },
    t('Floor plan'),
  );
  // One listener for the plan: a table with a party opens its booking, a free one a walk-in there.
  node.addEventListener('click', (event) => {
    const number = Number((event.target as HTMLElement).closest<HTMLElement>('.plan-table')?.dataset.table);
    if (!number) return;
    const party = parties.get(number);
    if (party) select(party.id);
    else seatAt(number);
  });
  return node;
}
