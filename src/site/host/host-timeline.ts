// The host stand's timeline: the floor's tables down the side (seats, and whether each is
// free, booked soon or seated now), the day's hours across, each booking a bar with its
// party and name, and a line at the current time. Drawn from a day of bookings and an
// instant; nothing here talks to the API (host-acts.ts does). A bar is a button named by
// what it shows ("Rossi · 4 Late 20 min", "Rossi · 4 Seated · €35.00 open"), described by what
// its place shows ("4 people, 20:00 to 22:00, table 4", its tooltip too). Guests who sat down
// and ordered with nobody seating them hold their table as a seated party does: "Ordered at
// the table · ?" (how many, once someone says), "Seated themselves · €15.00 open".
import { h } from '../../core/dom.js';
import { minutesLate, type DayOfBookings, type FloorTable, type StaffBooking } from '../../shared/booking-records.js';
import { t, tn } from '../../core/words.js';
import { formatPrice } from '../common/price.js';
import { clockIn } from '../common/zone-time.js';

const HOUR = 3_600_000;
/** A table booked within this long is "booked soon". */
const SOON_MS = HOUR;

/** Where the timeline starts and ends (whole hours around the services and the bookings), and the wall clock's words for an instant. */
export interface Span {
  from: number;
  to: number;
  /** "20:15" on the restaurant's wall clock. */
  clock(ms: number): string;
}

export function spanOf(day: DayOfBookings): Span | null {
  const starts = [...day.services.map((service) => Date.parse(service.startsAt)), ...shown(day).map((booking) => Date.parse(booking.startsAt))];
  const ends = [...day.services.map((service) => Date.parse(service.endsAt)), ...shown(day).map((booking) => Date.parse(booking.endsAt))];
  if (!starts.length) return null;
  // A day has a few dozen distinct times and hundreds of bars: each is worded once.
  const words = new Map<number, string>();
  const clock = (ms: number) => {
    let text = words.get(ms);
    if (text === undefined) {
      text = clockIn(day.timeZone, ms);
      words.set(ms, text);
    }
    return text;
  };
  return { from: Math.floor(Math.min(...starts) / HOUR) * HOUR, to: Math.ceil(Math.max(...ends) / HOUR) * HOUR, clock };
}

/** The bookings the timeline draws: those with a table (cancelled and declined ones are listed apart). */
export const shown = (day: DayOfBookings) => day.bookings.filter((booking) => booking.table !== null && booking.status !== 'cancelled' && booking.status !== 'declined' && booking.status !== 'requested');

export const isSeated = (booking: StaffBooking) => booking.status === 'arrived' && booking.finishedAt === null;

/** Seated and at the table at `now`: from its start until its end, or past it while its bill is open (a party lingering over coffee keeps its table). */
export const isThere = (booking: StaffBooking, now: number) => isSeated(booking) && Date.parse(booking.startsAt) <= now && (Date.parse(booking.endsAt) > now || booking.billOpenCents !== null);

/** Who a booking is, where a name goes: the name, else guests who sat down and ordered with nobody seating them, a walk-in, or a guest. */
export const whoOf = (booking: StaffBooking) => booking.name || (booking.openedByOrder ? t('Ordered at the table') : booking.walkIn ? t('Walk-in') : t('Guest'));

/** How many, as a bar says it ("4"), or "?" while nobody has said (a stay an order opened counts 1 meanwhile). */
export const partyCount = (booking: StaffBooking) => (booking.partyKnown ? String(booking.party) : '?');

/** How many, in words ("4 people"), or "? people" while nobody has said. */
export const partyWords = (booking: StaffBooking) => (booking.partyKnown ? tn('1 person', '{count} people', booking.party) : t('? people'));

/** What a seated party's open bill owes ("€15.00 open"); '' when nothing does. */
export const openOnBill = (booking: StaffBooking) => (booking.billOpenCents ? t('{price} open', { price: formatPrice(booking.billOpenCents) }) : '');

/** What a booking is now: in a word or three ("Late 20 min", "Seated", "Left 21:40"…), and whether it is late. */
export interface BookingState {
  words: string;
  late: boolean;
}

export function stateOf(booking: StaffBooking, lateMinutes: number, now: number, span: Span): BookingState {
  const said = (words: string, late = false) => ({ words, late });
  if (booking.status === 'no_show') return said(t('No-show'));
  if (booking.status === 'requested') return said(t('Requested'));
  if (booking.finishedAt !== null) {
    const time = span.clock(Date.parse(booking.finishedAt));
    return said(booking.billPaidAt ? t('Paid, left {time}', { time }) : t('Left {time}', { time }));
  }
  if (booking.status === 'arrived') {
    const words = booking.billAskedAt ? `🔔 ${t('Asks for the bill')}` : booking.openedByOrder ? t('Seated themselves') : booking.walkIn ? t('Walk-in, seated') : t('Seated');
    const open = openOnBill(booking);
    return said(open ? `${words} · ${open}` : words);
  }
  const late = minutesLate(booking, lateMinutes, now);
  return late ? said(t('Late {late} min', { late }), true) : said(t('Booked'));
}

/** The classes a bar and a phone's list line take for a booking's state (one colour and mark per state, styles.css). */
export const stateClasses = (booking: StaffBooking, state: BookingState, table = booking.table) => `${booking.status}${booking.finishedAt ? ' finished' : ''}${state.late ? ' late' : ''}${table !== booking.table ? ' joined' : ''}`;

/** What a bar does not show (its row and place do): for its tooltip and a screen reader's description. */
const unseen = (booking: StaffBooking, span: Span) =>
  t('{people}, {from} to {to}, table {table}', { people: partyWords(booking), from: span.clock(Date.parse(booking.startsAt)), to: span.clock(Date.parse(booking.endsAt)), table: booking.tables.length ? booking.tables.join(' + ') : '–' });

/** A table's state at `now`: seated, expected, booked soon, or free. `bookings`: the day's, or only the table's (byTable). `known` false while the screen is offline: then it claims nothing. */
export function tableState(table: FloorTable, bookings: readonly StaffBooking[], lateMinutes: number, now: number, span: Span, known: boolean): { words: string; kind: 'seated' | 'expected' | 'late' | 'soon' | 'free' | 'unknown' } {
  if (!known) return { words: t('Not known while offline'), kind: 'unknown' };
  const holding = bookings.filter((booking) => booking.tables.includes(table.number) && (booking.status === 'confirmed' || isSeated(booking)));
  const seated = holding.find((booking) => isSeated(booking) && Date.parse(booking.startsAt) <= now + SOON_MS && (Date.parse(booking.endsAt) > now || booking.billOpenCents !== null));
  if (seated) return { words: seatedWords(seated, now, span), kind: 'seated' };
  const expected = holding.find((booking) => booking.status === 'confirmed' && Date.parse(booking.startsAt) <= now && Date.parse(booking.endsAt) > now);
  if (expected) {
    const late = minutesLate(expected, lateMinutes, now);
    return late ? { words: t('Expecting {name}, late {late} min', { name: expected.name || t('a guest'), late }), kind: 'late' } : { words: t('Expecting {name}', { name: expected.name || t('a guest') }), kind: 'expected' };
  }
  const next = holding.filter((booking) => Date.parse(booking.startsAt) > now).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  if (next && Date.parse(next.startsAt) - now <= SOON_MS) return { words: t('Free until {time}', { time: span.clock(Date.parse(next.startsAt)) }), kind: 'soon' };
  return { words: t('Free'), kind: 'free' };
}

/** "Seated: Rossi until 22:00", "Ordered at the table, until 21:30"; past their end with the bill open, "Seated: Rossi, past 22:00". */
function seatedWords(seated: StaffBooking, now: number, span: Span): string {
  const endsMs = Date.parse(seated.endsAt);
  const time = span.clock(endsMs);
  if (endsMs <= now) return seated.name ? t('Seated: {name}, past {time}', { name: seated.name, time }) : seated.openedByOrder ? t('Ordered at the table, past {time}', { time }) : t('Seated: walk-in, past {time}', { time });
  return seated.name ? t('Seated: {name} until {time}', { name: seated.name, time }) : seated.openedByOrder ? t('Ordered at the table, until {time}', { time }) : t('Seated: walk-in until {time}', { time });
}

/** The percentage of the span at `ms`. */
export const at = (span: Span, ms: number) => ((Math.min(Math.max(ms, span.from), span.to) - span.from) / (span.to - span.from)) * 100;

/** Places `bar` from `startsMs` to `endsMs` (through the CSSOM, which the site's CSP allows; a style attribute it would not). */
export function place(bar: HTMLElement, span: Span, startsMs: number, endsMs: number) {
  bar.style.setProperty('--from', at(span, startsMs).toFixed(3));
  bar.style.setProperty('--to', at(span, endsMs).toFixed(3));
}

export interface TimelineOptions {
  day: DayOfBookings;
  span: Span;
  now: number;
  /** The day shown is today: the tables' states and the time line are drawn. */
  today: boolean;
  /** False while offline: the tables' states are not claimed. */
  live: boolean;
}

/**
 * One bar: a button whose two lines ("Rossi · 4", "Late 20 min") are its name, its time and
 * table its description. One element a bar: a day draws hundreds. A joined stay has a bar on
 * each of its tables' rows; those past the first are `joined` and say which table they join.
 */
export function bar(booking: StaffBooking, { day, span, now }: Pick<TimelineOptions, 'day' | 'span' | 'now'>, table = booking.table): HTMLButtonElement {
  const state = stateOf(booking, day.lateMinutes, now, span);
  const node = h(
    'button',
    { type: 'button', class: `booking-bar ${stateClasses(booking, state, table)}`, 'data-booking': booking.id, title: unseen(booking, span) },
    barText(booking, state, table),
  );
  place(node, span, Date.parse(booking.startsAt), Date.parse(booking.endsAt));
  return node;
}

/**
 * "Rossi · 4" and the note's first words ("✎ Severe nut allergy"), on a joined stay the tables it
 * joins ("⧉ with 12"), then the state on a line of its own: allergies are seen without a tap, and
 * on a stand's one-line bars before the state.
 */
export const barText = (booking: StaffBooking, state: BookingState, table = booking.table) =>
  `${whoOf(booking)} · ${partyCount(booking)}${booking.note ? ` · ✎ ${booking.note}` : ''}${joinedWith(booking, table)}\n${state.words}`;

/** " · ⧉ with 2": on a joined stay's bar, the tables it is joined to besides this row's. */
const joinedWith = (booking: StaffBooking, table: number | null) => {
  const others = booking.tables.filter((each) => each !== table);
  return booking.tables.length > 1 ? ` · ⧉ ${t('with {tables}', { tables: others.join(' + ') })}` : '';
};

/**
 * The lane of each of a table's bookings, so that no bar covers another: a booking takes the
 * first lane whose last booking has ended by its start (a walk-in seated where a no-show's
 * bar stands goes under it). `bookings` in order of their start.
 */
export function lanesOf(bookings: readonly StaffBooking[]): { lane: Map<number, number>; count: number } {
  const ends: number[] = [];
  const lane = new Map<number, number>();
  for (const booking of bookings) {
    const starts = Date.parse(booking.startsAt);
    let free = ends.findIndex((end) => end <= starts);
    if (free === -1) free = ends.push(0) - 1;
    ends[free] = Date.parse(booking.endsAt);
    lane.set(booking.id, free);
  }
  return { lane, count: Math.max(1, ends.length) };
}

/** The day's bookings by the tables they hold (a joined stay under each of its tables), in the day's order. */
export function byTable(bookings: readonly StaffBooking[]): Map<number, StaffBooking[]> {
  const tables = new Map<number, StaffBooking[]>();
  for (const booking of bookings) {
    for (const table of booking.tables) {
      const held = tables.get(table);
      if (held) held.push(booking);
      else tables.set(table, [booking]);
    }
  }
  return tables;
}

/** A table's row: its header (number, seats, state) and its track of bars (`bookings`: the table's). */
export function row(table: FloorTable, bookings: readonly StaffBooking[], bars: HTMLElement[], { day, span, now, today, live }: TimelineOptions): HTMLElement {
  const state = today ? tableState(table, bookings, day.lateMinutes, now, span, live) : null;
  return h(
    'li',
    { class: 'host-row', 'data-table': table.number },
    h('div', { class: 'host-table' }, h('strong', null, t('Table {number}', { number: table.number })), h('span', { class: 'seats' }, t(' · {seats} seats', { seats: table.seats })), state ? h('span', { class: `table-state ${state.kind}` }, state.words) : null),
    h('div', { class: 'host-track', role: 'group', 'aria-label': t('Table {number}', { number: table.number }) }, bars),
  );
}

/** The hours across the top. */
export function hours(span: Span): HTMLElement {
  const ticks: HTMLElement[] = [];
  for (let ms = span.from; ms < span.to; ms += HOUR) {
    const tick = h('span', { class: 'tick' }, span.clock(ms));
    tick.style.setProperty('--from', at(span, ms).toFixed(3));
    ticks.push(tick);
  }
  return h('div', { class: 'host-hours', 'aria-hidden': 'true' }, h('span', { class: 'host-corner' }), h('div', { class: 'host-ticks' }, ticks));
}

/** The line at the current time. */
export function nowLine(span: Span, now: number): HTMLElement {
  const line = h('div', { class: 'now-line', 'aria-hidden': 'true' });
  line.style.setProperty('--from', at(span, now).toFixed(3));
  line.hidden = now < span.from || now > span.to;
  return line;
}
