// The host's day read from the API (again on each notice, every ten seconds while the server is away), and a booking taken into it as the API now has it.
import { h } from '../../core/dom.js';
import { failureNotice } from '../../core/load.js';
import { t } from '../../core/words.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import type { BookingsApi } from '../bookings/index.js';
import { failureText, passing, readFailureText } from '../common/failure-text.js';
import type { HostState } from './host-state.js';
import { isSeated } from './host-timeline.js';

const RETRY_MS = 10_000;

/** `day` with `booking` as the API now has it: in it, or out of it (moved to another day); undefined when that changes nothing (an older version than the one shown, another day's booking). */
export function withBooking(day: DayOfBookings, booking: StaffBooking): DayOfBookings | undefined {
  const known = day.bookings.find((one) => one.id === booking.id);
  if (known && known.version >= booking.version) return undefined;
  if (!known && booking.date !== day.date) return undefined;
  // Seated just now at tables where guests had ordered with nobody seating them: the party
  // was those guests (sameGuests), whose stay the API folded into theirs. One party a table.
  const tookOver = isSeated(booking) && !booking.openedByOrder && !(known && isSeated(known));
  const folded = (one: StaffBooking) => tookOver && one.openedByOrder && isSeated(one) && one.tables.some((table) => booking.tables.includes(table));
  const others = day.bookings.filter((one) => one.id !== booking.id && !folded(one));
  const bookings = booking.date === day.date ? [...others, booking].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id) : others;
  return { ...day, bookings };
}

export interface DayReading {
  api: BookingsApi;
  signal: AbortSignal;
  state: HostState;
  /** The day asked for; undefined: today, as the server counts it. */
  date: string | undefined;
  refused(error: unknown): boolean;
  /** The view, put where "Loading the bookings…" was once the day is first read. */
  body(): Node;
  /** The day was read (it is now `state.day`); `first`: the first time. */
  read(day: DayOfBookings, first: boolean): void;
  /** Reading again failed while a day is shown: the day stays, and this says why. */
  say(text: string): void;
}

/** The area the view stands in (loading, or why the day could not be read), and `reload`, which reads the day again (once more after, if asked meanwhile). */
export function dayReader({ api, signal, state, date, refused, body, read, say }: DayReading): { area: HTMLElement; reload(): void } {
  const area = h('div', { class: 'host-area', 'aria-busy': 'true' }, h('p', { class: 'status', role: 'status' }, t('Loading the bookings…')));
  let loading = false;
  let again = false;
  function reload() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    api.day(state.day?.date ?? date, signal).then(
      (day) => {
        loading = false;
        if (signal.aborted) return;
        state.skew = Date.parse(day.now) - Date.now();
        const first = !state.day;
        state.day = day;
        if (first) {
          area.removeAttribute('aria-busy');
          area.replaceChildren(body());
        }
        read(day, first);
        if (again) {
          again = false;
          reload();
        }
      },
      (error: unknown) => {
        loading = false;
        if (signal.aborted || refused(error)) return;
        if (state.day) return say(failureText(error)); // the day shown stays; the next notice tries again
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
  return { area, reload };
}
