// `/bookings` (Waiter and Admin) and `/admin/bookings` (the Admin's, with the bookings
// whose table was taken off the floor): a day's bookings by time with party, table, name,
// phone and note; arrived, no-show, cancel; accept or decline a request; move to another
// table or time; add one taken by phone. Each change carries the booking's version: one
// made meanwhile by someone else is a 409 whose words say what it is now, and the day is
// read again. Live: a notice from the API each time any booking changes reads it again.
import type { PageContext } from '../../../router/app.js';
import { h } from '../../../core/dom.js';
import { RequestError } from '../../../core/http.js';
import { loadInto } from '../../../core/load.js';
import type { StaffBooking } from '../../../shared/booking-records.js';
import { BOOKING_EVENTS, type BookingsApi, type DayOfBookings, type StaffChange } from '../../bookings-api.js';
import { failureText } from '../../failure-text.js';
import type { LaterServices } from '../../services.js';
import { people } from './time-choices.js';

const STATUS: Record<StaffBooking['status'], string> = { requested: 'Requested', confirmed: 'Booked', arrived: 'Arrived', no_show: 'No-show', cancelled: 'Cancelled', declined: 'Declined' };

/** The actions each status offers: [label, change]. */
const ACTIONS: Record<StaffBooking['status'], [string, StaffChange][]> = {
  requested: [['Accept', { status: 'confirmed' }], ['Decline', { status: 'declined' }]],
  confirmed: [['Arrived', { status: 'arrived' }], ['No-show', { status: 'no_show' }], ['Cancel', { status: 'cancelled' }]],
  arrived: [['Undo arrived', { status: 'confirmed' }]],
  no_show: [['Undo no-show', { status: 'confirmed' }]],
  cancelled: [],
  declined: [],
};

export const staffDayPage = (bookings: BookingsApi, { follow, session, endSession, announce, signInAgain }: LaterServices, { admin = false, nav: ownerNav }: { admin?: boolean; nav?: () => Node } = {}) => (ctx: PageContext<unknown>) => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(ctx.query.get('date') ?? '') ? ctx.query.get('date')! : undefined;
  const list = h('div');
  const offFloor = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });
  const heading = h('h1', null, 'Bookings');
  let shown: DayOfBookings | undefined;
  const here = admin ? '/admin/bookings' : '/bookings';
  const dayAddress = (day: string) => `${here}?date=${day}`;
  const shift = (day: string, by: number) => new Date(Date.parse(`${day}T12:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
  const expired = (error: unknown) => {
    const ended = error instanceof RequestError && error.expired;
    if (ended) endSession(ctx.here);
    return ended;
  };

  function card(booking: StaffBooking): HTMLElement {
    const id = `booking-${booking.id}`;
    const change = (label: string, wanted: StaffChange) =>
      bookings.changeForGuest(booking, wanted).then(
        (now) => {
          status.textContent = `${label}: ${now.name || 'guest'}, ${now.time}${now.table ? `, table ${now.table}` : ''}.`;
          show(true);
        },
        (error) => {
          if (expired(error)) return;
          status.textContent = failureText(error);
          show(true);
        },
      );
    const table = h('input', { id: `${id}-table`, type: 'number', min: 1, max: 9999, value: booking.table ?? '', inputmode: 'numeric' });
    const time = h('input', { id: `${id}-time`, type: 'time', step: 900, value: booking.time });
    const move = (event: Event) => {
      event.preventDefault();
      const wanted: StaffChange = {};
      if (table.value && Number(table.value) !== booking.table) wanted.table = Number(table.value);
      if (time.value && time.value !== booking.time) wanted.time = time.value;
      if (!Object.keys(wanted).length) {
        status.textContent = 'Change the table or the time first.';
        return;
      }
      void change('Moved', wanted);
    };
    const holding = booking.status === 'confirmed' || booking.status === 'arrived';
    return h(
      'li',
      { class: `booking-card ${booking.status}${booking.tableOffFloor ? ' off' : ''}`, 'aria-labelledby': id },
      h('h2', { id }, h('span', { class: 'booking-time' }, booking.time), ` ${booking.name || 'Guest'} · ${people(booking.party)}`, h('span', { class: `badge ${booking.status}` }, STATUS[booking.status])),
      h(
        'p',
        { class: 'booking-line' },
        booking.table !== null && holding ? `Table ${booking.table}` : 'No table',
        booking.tableOffFloor ? h('strong', null, ' (off the floor: move it)') : null,
        booking.phone ? [' · ', h('a', { href: `tel:${booking.phone}` }, booking.phone)] : null,
        booking.source === 'online' ? ' · online' : ' · by phone',
      ),
      booking.note ? h('p', { class: 'booking-note' }, booking.note) : null,
      h(
        'div',
        { class: 'row' },
        ACTIONS[booking.status].map(([label, wanted]) => h('button', { type: 'button', class: 'button secondary', onclick: () => void change(label, wanted) }, label, h('span', { class: 'visually-hidden' }, ` (${booking.name || 'guest'} at ${booking.time})`))),
      ),
      holding
        ? h(
            'form',
            { class: 'inline', onsubmit: move, 'aria-label': `Move ${booking.name || 'guest'}'s booking` },
            h('span', { class: 'pair' }, h('label', { for: `${id}-table` }, 'Table'), table),
            h('span', { class: 'pair' }, h('label', { for: `${id}-time` }, 'Time'), time),
            h('button', { type: 'submit', class: 'button secondary' }, 'Move'),
          )
        : null,
    );
  }

  // The days around the one shown, once the API has said which day that is (today is the server's).
  const nav = h('nav', { class: 'row day-nav', 'aria-label': 'Days' });
  function navFor(day: string) {
    nav.replaceChildren(
      h('a', { class: 'button secondary', href: dayAddress(shift(day, -1)) }, 'Previous day'),
      h('a', { class: 'button secondary', href: here }, 'Today'),
      h('a', { class: 'button secondary', href: dayAddress(shift(day, 1)) }, 'Next day'),
      h('form', { class: 'inline', onsubmit: showDay }, h('label', { for: 'bookings-day' }, 'Day'), picker, h('button', { type: 'submit', class: 'button secondary' }, 'Show')),
      admin ? h('a', { class: 'button secondary', href: '/admin/booking-settings' }, 'Settings') : '',
    );
    picker.value = day;
  }
  const picker = h('input', { id: 'bookings-day', name: 'day', type: 'date', required: true });
  const showDay = (event: Event) => {
    event.preventDefault();
    ctx.navigate(dayAddress(picker.value));
  };

  function render(day: DayOfBookings): Node {
    if (shown?.date !== day.date) navFor(day.date);
    shown = day;
    heading.textContent = `Bookings · ${day.label}`;
    ctx.retitle(`Bookings · ${day.label}`);
    const open = day.bookings.filter((booking) => booking.status !== 'cancelled' && booking.status !== 'declined');
    return h(
      'div',
      null,
      h('p', { class: 'covers' }, `${day.covers.booked} guests booked · ${day.covers.arrived} arrived · ${day.covers.noShow} no-show`),
      open.length ? h('ul', { class: 'booking-list' }, open.map(card)) : h('p', null, 'No bookings on this day yet.'),
      day.bookings.length > open.length ? h('details', null, h('summary', null, `Cancelled or declined (${day.bookings.length - open.length})`), h('ul', { class: 'booking-list' }, day.bookings.filter((booking) => !open.includes(booking)).map(card))) : null,
    );
  }

  const show = (keep = false) =>
    loadInto(list, () => bookings.day(date, ctx.signal), render, { signal: ctx.signal, waiting: 'Loading the bookings…', keep, onExpired: () => endSession(ctx.here) });

  const showOffFloor = () =>
    admin &&
    bookings.offFloor(ctx.signal).then(
      (found) => offFloor.replaceChildren(found.length ? h('div', { class: 'notice' }, h('h2', null, 'On a table off the floor: move them'), h('ul', { class: 'booking-list' }, found.map(card))) : ''),
      () => offFloor.replaceChildren(),
    );

  // The form for a booking taken by phone.
  const field = (id: string, label: string, input: HTMLElement) => h('p', { class: 'field' }, h('label', { for: id }, label), input);
  const party = h('input', { id: 'phone-party', type: 'number', min: 1, max: 99, value: 2, required: true, inputmode: 'numeric' });
  const time = h('input', { id: 'phone-time', type: 'time', step: 900, required: true, value: '19:30' });
  const name = h('input', { id: 'phone-name', required: true, maxlength: 80 });
  const phone = h('input', { id: 'phone-phone', type: 'tel', maxlength: 40 });
  const note = h('input', { id: 'phone-note', maxlength: 500 });
  const table = h('input', { id: 'phone-table', type: 'number', min: 1, max: 9999, inputmode: 'numeric' });
  const add = (event: Event) => {
    event.preventDefault();
    const day = shown?.date ?? date;
    if (!day) return;
    bookings
      .addForGuest({ party: Number(party.value), date: day, time: time.value, name: name.value.trim(), phone: phone.value.trim() || undefined, note: note.value.trim() || undefined, table: table.value ? Number(table.value) : undefined })
      .then(
        (made) => {
          status.textContent = `Booked: ${made.name}, ${people(made.party)} at ${made.time}, table ${made.table}.`;
          for (const field of [name, phone, note, table]) field.value = '';
          show(true);
        },
        (error) => {
          if (!expired(error)) status.textContent = failureText(error);
        },
      );
  };

  // The day, live. If the sign-in ends under it, a dialog asks to sign in again; then it follows again.
  const listen = () =>
    follow(BOOKING_EVENTS, {
      signal: ctx.signal,
      token: () => session.get()?.token,
      onEvent: (event) => {
        if (event.event !== 'bookings') return;
        show(true);
        if (admin) void showOffFloor();
      },
      onStop: (error) => {
        if (!(error instanceof RequestError && error.expired)) return announce(failureText(error));
        void signInAgain().then((again) => {
          if (!again) return endSession(ctx.here);
          listen();
          show(true);
        });
      },
    });
  listen();
  show();
  void showOffFloor();

  return h(
    'div',
    { class: admin ? 'admin staff-bookings' : 'staff-bookings' },
    heading,
    ownerNav?.(),
    nav,
    status,
    offFloor,
    list,
    h(
      'form',
      { class: 'form admin-form', onsubmit: add, 'aria-labelledby': 'phone-title' },
      h('h2', { id: 'phone-title' }, 'Add a booking taken by phone'),
      field('phone-party', 'Party', party),
      field('phone-time', 'Time', time),
      field('phone-name', 'Name', name),
      field('phone-phone', 'Phone (optional)', phone),
      field('phone-note', 'Note (optional)', note),
      field('phone-table', 'Table (optional: the smallest free one)', table),
      h('button', { type: 'submit', class: 'button' }, 'Add booking'),
    ),
  );
};
