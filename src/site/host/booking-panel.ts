// The booking the host selected, beside the timeline: who, how many, when, which table, the
// phone and the note; and what can be done with it now: accept or decline a request, mark
// the party arrived (seated) or not come, finish their stay (the table frees at once),
// undo any of those, cancel (asked first), or move it to another table or time by choosing them.
import { h, nodes } from '../../core/dom.js';
import type { DayOfBookings, StaffBooking } from '../../shared/booking-records.js';
import { people, type StaffChange } from '../bookings/index.js';
import { ask } from '../common/ask.js';
import { isSeated, partyWords, stateOf, whoOf, type Span } from './host-timeline.js';
import { t } from '../../core/words.js';

export interface PanelOptions {
  /** Sends a change; `done` names it in the outcome ("Seated"). True when it was made. */
  change(booking: StaffBooking, wanted: StaffChange, done: string): Promise<boolean>;
  clock(ms: number): string;
  /** The span the day is drawn on (null: nothing to draw); the state's words are said on it. */
  span(): Span | null;
  /** The panel's Close: the selection ends, focus goes back to the bar. */
  close(): void;
  /** The answer to the last action, shown in the panel under the buttons that made it, with the way on the API offers (host-acts.ts writes it). */
  outcome: HTMLElement;
}

/** The actions a booking offers now: [label, change, outcome]. */
export function actionsOf(booking: StaffBooking): [string, StaffChange, string][] {
  if (booking.status === 'requested') return [[t('Accept'), { status: 'confirmed' }, t('Accepted')], [t('Decline'), { status: 'declined' }, t('Declined')]];
  if (booking.status === 'confirmed') return [[t('Arrived'), { status: 'arrived' }, t('Seated')], [t('No-show'), { status: 'no_show' }, t('Marked no-show')]];
  if (isSeated(booking)) {
    const finish: [string, StaffChange, string] = [t('Finished: free the table'), { finished: true }, t('Finished, table free')];
    // Guests who sat down and ordered with nobody seating them were never marked arrived: nothing to undo.
    return booking.openedByOrder ? [finish] : [finish, [t('Undo arrived'), { status: 'confirmed' }, t('Not seated')]];
  }
  if (booking.status === 'no_show') return [[t('Undo no-show'), { status: 'confirmed' }, t('Booked again')]];
  if (booking.finishedAt !== null) return [[t('Undo finished'), { finished: false }, t('Seated again')]];
  return [];
}

/** The times of the day's services, a step apart: the times a booking may move to. */
function timesOf(day: DayOfBookings, clock: (ms: number) => string): string[] {
  const times: string[] = [];
  for (const service of day.services) {
    for (let ms = Date.parse(service.startsAt); ms < Date.parse(service.endsAt); ms += day.intervalMinutes * 60_000) times.push(clock(ms));
  }
  return times;
}

export function bookingPanel({ change, clock, span: spanNow, close, outcome }: PanelOptions) {
  const node = h('aside', { class: 'booking-panel', 'aria-labelledby': 'booking-panel-title', hidden: true });
  node.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !(event.target as HTMLElement).closest('select')) close();
  });

  function show(booking: StaffBooking | null, day?: DayOfBookings, now = Date.now()) {
    node.hidden = booking === null;
    if (!booking || !day) return node.replaceChildren();
    const span = spanNow();
    const state = span ? stateOf(booking, day.lateMinutes, now, span).words : booking.status;
    const act = (label: string, wanted: StaffChange, done: string) => h('button', { type: 'button', class: 'button secondary', onclick: () => void change(booking, wanted, done) }, label);
    const cancel = async () => {
      const name = booking.name || t('Guest');
      if (await ask({ title: t('Cancel {name}\'s booking?', { name }), text: t('{people} at {time}. It cannot be undone.', { people: people(booking.party), time: booking.time }), act: t('Cancel the booking'), keep: t('Keep it') })) void change(booking, { status: 'cancelled' }, t('Cancelled'));
    };
    const holding = booking.status === 'confirmed' || isSeated(booking);
    // One table, or a join the owner allows ("1+2"), the booking's own selected.
    const held = booking.tables.join('+');
    const table = h(
      'select',
      { id: 'move-table', name: 'table' },
      day.tables.map((each) => h('option', { value: each.number, selected: String(each.number) === held }, t('Table {number} ({seats} seats)', { number: each.number, seats: each.seats }))),
      day.joins.map((join) => h('option', { value: join.tables.join('+'), selected: join.tables.join('+') === [...booking.tables].sort((a, b) => a - b).join('+') }, t('Tables {tables} joined ({seats} seats)', { tables: join.tables.join(' + '), seats: join.seats }))),
    );
    const time = h('select', { id: 'move-time', name: 'time' }, [...new Set([booking.time, ...timesOf(day, clock)])].sort().map((each) => h('option', { value: each, selected: each === booking.time }, each)));
    const move = (event: Event) => {
      event.preventDefault();
      const wanted: StaffChange = {};
      const tables = table.value.split('+').map(Number);
      if (tables.join('+') !== [...booking.tables].sort((a, b) => a - b).join('+')) Object.assign(wanted, tables.length > 1 ? { tables } : { table: tables[0] });
      if (booking.status === 'confirmed' && time.value !== booking.time) wanted.time = time.value;
      if (Object.keys(wanted).length) void change(booking, wanted, t('Moved'));
    };
    node.replaceChildren(
      ...nodes([
      h('h3', { id: 'booking-panel-title', tabindex: -1 }, `${whoOf(booking)} · ${partyWords(booking)}`),
      h(
        'dl',
        { class: 'booking-facts' },
        h('dt', null, t('When')),
        h('dd', null, `${booking.time}–${clock(Date.parse(booking.endsAt))}`),
        h('dt', null, t('Table')),
        h('dd', null, booking.table === null ? t('None yet') : `${booking.tables.join(' + ')}${booking.tableOffFloor ? t(' (off the floor: move it)') : ''}`),
        h('dt', null, t('Now')),
        h('dd', null, state),
        booking.phone ? [h('dt', null, t('Phone')), h('dd', null, h('a', { href: `tel:${booking.phone}` }, booking.phoneText))] : null,
        booking.note ? [h('dt', null, t('Note')), h('dd', null, booking.note)] : null,
        h('dt', null, t('Taken')),
        h('dd', null, booking.openedByOrder ? t('From an order at the table') : booking.walkIn ? t('At the door') : booking.source === 'online' ? t('Online') : t('By phone')),
      ),
      h('div', { class: 'row' }, actionsOf(booking).map(([label, wanted, done]) => act(label, wanted, done)), booking.status === 'confirmed' || booking.status === 'requested' ? h('button', { type: 'button', class: 'button secondary', onclick: () => void cancel() }, t('Cancel…')) : null),
      outcome,
      holding
        ? h(
            'form',
            { class: 'inline move-form', onsubmit: move, 'aria-label': t('Move it') },
            h('span', { class: 'pair' }, h('label', { for: 'move-table' }, t('Table')), table),
            booking.status === 'confirmed' ? h('span', { class: 'pair' }, h('label', { for: 'move-time' }, t('Time')), time) : null,
            h('button', { type: 'submit', class: 'button secondary' }, t('Move')),
          )
        : null,
      h('button', { type: 'button', class: 'link-button', onclick: close }, t('Close')),
      ]),
    );
  }

  return { node, show, focus: () => node.querySelector<HTMLElement>('h3')?.focus() };
}
