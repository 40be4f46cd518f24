// The day's live stream: a booking changed anywhere comes whole, a notice that anything may have changed reads the day again, and the connection's state is said (offline: since when).
import type { FollowOptions } from '../../core/event-stream.js';
import { t } from '../../core/words.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import type { PairedDisplay } from '../../shared/kitchen-records.js';
import { BOOKING_EVENTS } from '../common/live-events.js';
import { clockTime, type HostState } from './host-state.js';

/** The stream is made again after this long without a word (the heartbeat is every 15 s): a tablet that slept. */
const IDLE_MS = 40_000;

/** What the stream is opened with and answers to (the host view's own options). */
export interface StreamOptions {
  follow(url: string, options: FollowOptions): void;
  /** The access token or display credential the stream is opened with. */
  token(): string | null | undefined;
  signal: AbortSignal;
  announce(text: string): void;
  /** The live state ("Live", "Offline since 20:14…"): in a screen's bar, or the page's. */
  connection: HTMLElement;
  /** The API refused (a session that ended, a screen unpaired): the page takes over and says why. True when it did. */
  refused(error: unknown): boolean;
  /** A person's stream ended with their sign-in: signs in again (true) or not. */
  renew?(): Promise<boolean>;
  /** The stream says the owner changed this screen. */
  changed?(display: PairedDisplay): void;
}

/** What the stream changes in the view: the day's state, read again, a booking taken in, drawn. */
export interface StreamedTo {
  state: HostState;
  reload(): void;
  take(booking: StaffBooking): void;
  draw(): void;
}

/** Follows the day's bookings until `options.signal` aborts; back online, the day catches up. */
export function followDay(options: StreamOptions, view: StreamedTo): void {
  const { signal, announce, connection } = options;
  const { state } = view;
  options.follow(BOOKING_EVENTS, {
    signal,
    token: options.token,
    idleMs: IDLE_MS,
    onState: (stream) => {
      connection.classList.toggle('offline', stream !== 'open');
      if (stream === 'open') {
        connection.textContent = t('Live: bookings appear by themselves.');
        if (state.offlineSince !== null) {
          state.offlineSince = null;
          announce(t('Back online: the bookings have caught up.'));
          view.reload(); // what changed meanwhile
        }
      } else {
        state.offlineSince ??= Date.now();
        connection.textContent = t('Offline since {clockTime}. Reconnecting by itself; tables are not shown free until it is back.', { clockTime: clockTime(state.offlineSince) });
        view.draw(); // no table is claimed free meanwhile
      }
    },
    onEvent: (event) => {
      if (event.event === 'booking') view.take(JSON.parse(event.data) as StaffBooking);
      else if (event.event === 'bookings') view.reload();
      else if (event.event === 'display') options.changed?.(JSON.parse(event.data) as PairedDisplay);
    },
    onStop: (error) => {
      if (signal.aborted) return;
      if (error.expired && options.renew) {
        void options.renew().then((renewed) => {
          if (!renewed) return options.refused(error);
          followDay(options, view);
          view.reload();
        });
        return;
      }
      if (options.refused(error)) return;
      connection.classList.add('offline');
      connection.textContent = t('Live updates stopped: {message}. Reload the page to try again.', { message: error.message });
    },
  });
}
