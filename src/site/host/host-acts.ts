// Acting on a booking: a change sent on its version, and each answer said at the top (read out), beside the panel's buttons and under a phone's line.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { t } from '../../core/words.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import type { BookingsApi, StaffChange } from '../bookings/index.js';
import { failureText } from '../common/failure-text.js';
import type { HostState } from './host-state.js';
import { partyWords } from './host-timeline.js';
import { saidBeside, sameGuestsAt, type Offer } from './said-beside.js';

/** A change sent for a booking; `done` names it in the answer ("Seated"). True when it was made. */
export type Change = (booking: StaffBooking, wanted: StaffChange, done: string) => Promise<boolean>;

export interface ActsOptions {
  api: BookingsApi;
  signal: AbortSignal;
  state: HostState;
  announce(text: string): void;
  refused(error: unknown): boolean;
  /** A phone's list of the day: the answer to a line's button goes under that line. */
  phoneList: HTMLElement;
  /** A booking as the API now has it, into the day. */
  take(booking: StaffBooking): void;
  reload(): void;
}

/** The changes the host sends, and where their answers are said. */
export function hostActs({ api, signal, state, announce, refused, phoneList, take, reload }: ActsOptions) {
  const status = h('p', { class: 'outcome host-outcome', role: 'status' });
  // The answer is said at the top (and read out), and beside the buttons that acted: in the
  // booking's panel, where the host is looking, however far the page is scrolled, and on a
  // phone under the line's buttons; with the way on when the API offers one.
  const besideActions = saidBeside('panel-outcome');
  const besideLine = saidBeside('line-outcome');
  /** The booking whose line says the last answer (a phone's list); null: none. */
  let saidFor: number | null = null;
  function say(text: string, { about = null, offer = null }: { about?: number | null; offer?: Offer | null } = {}) {
    status.textContent = text;
    besideActions.say(text, offer);
    besideLine.say(text, offer);
    saidFor = about;
    if (about === null) besideLine.node.remove();
    else phoneList.querySelector(`.host-list-item[data-booking="${about}"]`)?.append(besideLine.node);
    announce(text);
  }

  /** Sends a change on the booking's version; the answer (or the booking as it is now, after a 409) is drawn. */
  async function change(booking: StaffBooking, wanted: StaffChange, done: string): Promise<boolean> {
    const offline = state.refusedOffline();
    if (offline) {
      say(offline);
      return false;
    }
    try {
      const after = await api.changeForGuest(booking, wanted);
      take(after);
      const who = [after.name || t('guest'), partyWords(after), after.table && t('table {table}', { table: after.table })].filter(Boolean).join(', ');
      say(after.status === 'confirmed' ? t('{done}: {who} at {time}.', { done, who, time: after.time }) : t('{done}: {who}.', { done, who }), { about: booking.id });
      return true;
    } catch (error) {
      if (signal.aborted || refused(error)) return false;
      const now = error instanceof RequestError ? (error.body?.booking as StaffBooking | undefined) : undefined;
      if (now) take(now);
      // Marked arrived where guests ordered with nobody seating them: they may be this party.
      const those = wanted.status === 'arrived' && !wanted.sameGuests ? sameGuestsAt(error) : undefined;
      const offer = those && { table: those.table, run: () => void change(state.bookingById(booking.id) ?? booking, { ...wanted, sameGuests: true }, done) };
      say(failureText(error), { about: booking.id, offer });
      if (!now) reload();
      return false;
    }
  }

  return {
    /** The answer at the top of the view. */
    status,
    say,
    change: change satisfies Change,
    /** The answer in the booking's panel, under its buttons. */
    inPanel: besideActions,
    /** The line of a phone's list that says the last answer, and the node that says it; null: none. */
    lineSaid: () => (saidFor === null ? null : { id: saidFor, node: besideLine.node }),
  };
}

export type HostActs = ReturnType<typeof hostActs>;
