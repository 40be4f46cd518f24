// What the host view's parts share: the day shown and how it was last drawn, the server's clock, whether the screen is live.
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import { LOCALE, t } from '../../core/words.js';
import { dateIn } from '../common/zone-time.js';
import { tableState, type Span } from './host-timeline.js';
import type { TableNow } from './table-choices.js';

/** "20:15" on this device's clock: for an instant the server did not give (offline since), or with no span to say it on. */
export const clockTime = (ms: number) => new Date(ms).toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' });

export interface HostState {
  /** The day shown; undefined until it is first read. */
  day: DayOfBookings | undefined;
  /** The hours the day is drawn on, set by each draw; null on a day closed with nothing booked. */
  span: Span | null;
  /** The server's clock minus this device's: late and the time line follow the server. */
  skew: number;
  /** When the stream went away (this device's clock); null while live. */
  offlineSince: number | null;
  /** The booking whose panel is open. */
  selected: number | null;
  /** The timeline or the floor plan, as the host chose (host-layout.ts keeps the choice). */
  mode: 'timeline' | 'plan';
  /** The bars by booking (a joined stay's on its first table) and the rows by table, as last drawn. */
  bars: Map<number, HTMLButtonElement>;
  rows: Map<number, HTMLElement>;
  /** Each draw's number: a part of a draw left for later is dropped if another draw came first. */
  drawing: number;
  /** The server's time now. */
  now(): number;
  /** The day it is now where `shown` is. */
  todayOf(shown: DayOfBookings): string;
  isToday(): boolean;
  bookingById(id: number): StaffBooking | undefined;
  /** Why nothing can be sent now (the screen is offline), or null. */
  refusedOffline(): string | null;
  /** The floor's tables with their state now (none claimed free while offline), for a form that seats a party. */
  tablesNow(): TableNow[];
}

/** The state of one host view, showing `mode` first. */
export function hostState(mode: HostState['mode']): HostState {
  const state: HostState = {
    day: undefined,
    span: null,
    skew: 0,
    offlineSince: null,
    selected: null,
    mode,
    bars: new Map(),
    rows: new Map(),
    drawing: 0,
    now: () => Date.now() + state.skew,
    todayOf: (shown) => dateIn(shown.timeZone, state.now()),
    isToday: () => state.day !== undefined && state.day.date === state.todayOf(state.day),
    bookingById: (id) => state.day?.bookings.find((booking) => booking.id === id),
    refusedOffline: () => (state.offlineSince === null ? null : t('This screen is offline since {clockTime}: nothing was changed, and nothing waits to be sent. Try again when it is back online.', { clockTime: clockTime(state.offlineSince) })),
    tablesNow: () => {
      const { day, span } = state;
      return day && span ? day.tables.map((table) => ({ ...table, ...tableState(table, day.bookings, day.lateMinutes, state.now(), span, state.offlineSince === null) })) : [];
    },
  };
  return state;
}
