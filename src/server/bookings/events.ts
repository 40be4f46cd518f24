// What the staff's and the host stands' streams are told, in this process: a booking that
// changed, whole (`event: booking`, read once here however many streams follow), or, when
// something else changed or a signal may have been missed (the owner's settings, a
// reconnect to PostgreSQL), `event: bookings`: read the day again. A stream may skip a
// booking that is not its business (a host stand's is told of yesterday, today and
// tomorrow only).
import type { Notifications } from '../db/notifications.js';
import type { Db } from '../db/schema.js';
import { notice } from '../http/event-stream.js';
import { readStaffBooking } from './staff.js';

export interface BookingEvent {
  /** The booking's day; null: read the day again, whatever it is. */
  date: string | null;
  frame: Uint8Array;
}

export interface BookingEvents {
  /** Calls `listener` with each event; answers how to stop. */
  subscribe(listener: (event: BookingEvent) => void, onError: () => void): () => void;
}

const ANYTHING: BookingEvent = { date: null, frame: notice('bookings', {}) };

export function createBookingEvents(db: Db, notices: Notifications, clock: () => number, region: string): BookingEvents {
  const listeners = new Set<(event: BookingEvent) => void>();
  let stop: (() => void) | undefined;
  const emit = (event: BookingEvent) => {
    for (const listener of listeners) listener(event);
  };
  const wake = (word?: string) => {
    const id = Number(word);
    if (!word || !Number.isInteger(id)) return emit(ANYTHING);
    readStaffBooking(db, id, clock(), region).then(
      (booking) => emit(booking ? { date: booking.date, frame: notice('booking', booking) } : ANYTHING),
      () => emit(ANYTHING), // the database away: the pages read the day when it is back
    );
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      stop ??= notices.listen(wake);
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
}
