// A move of a bar not sent yet: where the host has put it (by the arrow keys or by dragging), sent on Enter or when let go, or put back.
import { t } from '../../core/words.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import type { StaffChange } from '../bookings/index.js';
import type { Change } from './host-acts.js';
import type { HostState } from './host-state.js';
import { place } from './host-timeline.js';

/** A move not yet sent: where the bar is now. */
export interface Pending {
  booking: StaffBooking;
  table: number;
  startsMs: number;
}

export interface PendingOptions {
  state: HostState;
  announce(text: string): void;
  change: Change;
  draw(): void;
}

/** The one move not sent yet (or none), and what is done with it. */
export function pendingMove({ state, announce, change, draw }: PendingOptions) {
  let pending: Pending | null = null;

  function startPending(booking: StaffBooking): Pending {
    if (pending && pending.booking.id !== booking.id) cancelPending(); // another bar: the first goes back
    pending ??= { booking, table: booking.table!, startsMs: Date.parse(booking.startsAt) };
    return pending;
  }

  /** Puts the bar where the pending move has it. */
  function placePending(barNode: HTMLButtonElement) {
    const { span } = state;
    if (!pending || !span) return;
    const length = Date.parse(pending.booking.endsAt) - Date.parse(pending.booking.startsAt);
    place(barNode, span, pending.startsMs, pending.startsMs + length);
    const track = state.rows.get(pending.table)?.querySelector('.host-track');
    if (track && barNode.parentElement !== track) {
      const focused = document.activeElement === barNode;
      track.append(barNode);
      if (focused) barNode.focus();
    }
    barNode.classList.add('moving');
  }

  /** Puts the bar where the pending move has it, and says so. */
  function showPending(barNode: HTMLButtonElement) {
    const { span } = state;
    if (!pending || !span) return;
    placePending(barNode);
    announce(t('Table {table} at {clock}. Enter moves it there, Escape puts it back.', { table: pending.table, clock: span.clock(pending.startsMs) }));
  }

  function cancelPending() {
    pending = null;
    draw();
  }

  /** Sends the pending move: another table, another time, or both. */
  async function commitPending() {
    const { span } = state;
    if (!pending || !span) return;
    const { booking, table, startsMs } = pending;
    pending = null;
    const wanted: StaffChange = {};
    if (table !== booking.table) wanted.table = table;
    if (startsMs !== Date.parse(booking.startsAt)) wanted.time = span.clock(startsMs);
    if (!Object.keys(wanted).length) return draw();
    const moved = await change(booking, wanted, t('Moved'));
    if (!moved) draw(); // back where it was
    state.bars.get(booking.id)?.focus();
  }

  return {
    current: () => pending,
    start: startPending,
    show: showPending,
    cancel: cancelPending,
    commit: commitPending,
    /** After a draw: a move not sent yet stays where the host put it. */
    keep: () => {
      const moving = pending && state.bars.get(pending.booking.id);
      if (moving) placePending(moving);
    },
  };
}
