// Moving a bar by keyboard (arrows, then Enter; Escape puts it back) or by dragging it to another table or time; a click on a bar (not a drag's) selects it.
import { t } from '../../core/words.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import { isSeated } from './host-timeline.js';
import { pendingMove, type PendingOptions } from './pending-move.js';

export interface MovesOptions extends PendingOptions {
  timeline: HTMLElement;
  /** Shows a booking's panel (null: none); `focusBar` puts focus back on its bar. */
  select(id: number | null, focusBar?: boolean): void;
}

/** Listens on the timeline for moves and selections. */
export function barMoves(options: MovesOptions) {
  const { state, timeline, announce, select } = options;
  const pending = pendingMove(options);
  const interval = () => (state.day?.intervalMinutes ?? 15) * 60_000;
  const tableNumbers = () => state.day?.tables.map((table) => table.number) ?? [];

  function keyOnBar(event: KeyboardEvent) {
    const barNode = (event.target as HTMLElement).closest<HTMLButtonElement>('.booking-bar');
    const booking = barNode && state.bookingById(Number(barNode.dataset.booking));
    if (!barNode || !booking || !state.span) return;
    const movable = booking.status === 'confirmed' || isSeated(booking);
    if (event.key === 'Escape' && pending.current()) {
      event.preventDefault();
      pending.cancel();
      state.bars.get(booking.id)?.focus();
      return announce(t('Put back.'));
    }
    if (event.key === 'Enter' && pending.current()) {
      event.preventDefault();
      return void pending.commit();
    }
    if (!['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key) || !movable) return;
    event.preventDefault();
    const move = pending.start(booking);
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const numbers = tableNumbers();
      const next = numbers[numbers.indexOf(move.table) + (event.key === 'ArrowUp' ? -1 : 1)];
      if (next !== undefined) move.table = next;
    } else if (booking.status !== 'confirmed') {
      return announce(t('A seated party moves to another table, not to another time.'));
    } else {
      move.startsMs += event.key === 'ArrowLeft' ? -interval() : interval();
    }
    pending.show(barNode);
  }

  // Dragging: the bar follows the pointer; let go over another row or time and it is sent.
  let drag: { barNode: HTMLButtonElement; booking: StaffBooking; x: number; y: number; width: number; moved: boolean; id: number } | null = null;
  function pointerDown(event: PointerEvent) {
    const barNode = (event.target as HTMLElement).closest<HTMLButtonElement>('.booking-bar');
    const booking = barNode && state.bookingById(Number(barNode.dataset.booking));
    if (!barNode || !booking || event.button !== 0 || !(booking.status === 'confirmed' || isSeated(booking))) return;
    drag = { barNode, booking, x: event.clientX, y: event.clientY, width: barNode.parentElement!.getBoundingClientRect().width, moved: false, id: event.pointerId };
    barNode.setPointerCapture(event.pointerId);
  }
  function pointerMove(event: PointerEvent) {
    const { span } = state;
    if (!drag || event.pointerId !== drag.id || !span) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    drag.moved = true;
    const move = pending.start(drag.booking);
    const steps = drag.booking.status === 'confirmed' ? Math.round(((dx / drag.width) * (span.to - span.from)) / interval()) : 0;
    move.startsMs = Date.parse(drag.booking.startsAt) + steps * interval();
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('.host-row');
    if (over) move.table = Number(over.dataset.table);
    pending.show(drag.barNode);
  }
  function pointerUp(event: PointerEvent) {
    if (!drag || event.pointerId !== drag.id) return;
    const dragged = drag.moved;
    drag = null;
    if (dragged) {
      event.preventDefault();
      void pending.commit();
    }
  }
  // A drag's click is not a selection.
  let suppressClick = false;
  timeline.addEventListener('pointerdown', pointerDown);
  timeline.addEventListener('pointermove', pointerMove);
  timeline.addEventListener('pointerup', (event) => {
    suppressClick = drag?.moved ?? false;
    pointerUp(event);
  });
  timeline.addEventListener('pointercancel', () => {
    drag = null;
    if (pending.current()) pending.cancel();
  });
  timeline.addEventListener('keydown', keyOnBar);
  timeline.addEventListener('click', (event) => {
    const barNode = (event.target as HTMLElement).closest<HTMLButtonElement>('.booking-bar');
    if (!barNode) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    if (pending.current()) return;
    const id = Number(barNode.dataset.booking);
    select(state.selected === id ? null : id, state.selected === id);
  });

  return {
    /** A bar is being moved: the half-minute tick leaves the timeline alone. */
    busy: () => pending.current() !== null || drag !== null,
    keep: pending.keep,
  };
}
