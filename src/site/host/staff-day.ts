// `/bookings` (Waiter and Admin) and `/admin/bookings` (the Admin's, with the bookings whose
// table was taken off the floor): the host view (host-view.ts) of the day asked for, and a
// booking taken by phone. If the sign-in ends under it, a dialog asks to sign in again
// (sign-in-again.ts) and the call that failed is sent once more; declined, the page goes to
// the sign-in page as the spec has it.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { type BookingsApi, people } from '../bookings/index.js';
import type { LaterServices } from '../shell/services.js';
import { hostView } from './host-view.js';
import { phoneBookingForm } from './phone-booking-form.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import { t } from '../../core/words.js';
import { dayWords } from '../common/format.js';

export const staffDayPage = (bookings: BookingsApi, { follow, session, endSession, announce, signInAgain }: LaterServices, { admin = false, nav: ownerNav }: { admin?: boolean; nav?: () => Node } = {}) => (ctx: PageContext<unknown>) => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(ctx.query.get('date') ?? '') ? ctx.query.get('date')! : undefined;
  const here = admin ? '/admin/bookings' : '/bookings';
  const heading = h('h1', null, t('Bookings'));
  const connection = h('p', { class: 'connection', role: 'status' });
  const offFloor = h('div');
  let shown: string | undefined;
  const refused = (error: unknown) => {
    const ended = error instanceof RequestError && error.expired;
    if (ended) endSession(ctx.here);
    return ended;
  };

  const view = hostView({
    api: bookings,
    follow,
    token: () => session.get()?.token,
    signal: ctx.signal,
    announce,
    date,
    dayAddress: (day) => `${here}?date=${day}`,
    days: 'any',
    navigate: (to) => ctx.navigate(to),
    connection,
    refused,
    renew: signInAgain,
    onDay: (day) => {
      shown = day.date;
      ctx.retitle(t('Bookings · {label}', { label: day.label }));
      if (admin) showOffFloor();
    },
  });

  // The Admin's: bookings to come on a table taken off the floor, to move.
  const line = (booking: StaffBooking) => h('li', null, t('{date} {time} · {name} · {people} · table {table}', { date: dayWords(booking.date), time: booking.time, name: booking.name || t('Guest'), people: people(booking.party), table: booking.table ?? '–' }), ' ', h('a', { href: `${here}?date=${booking.date}` }, t('Show the day')));
  const showOffFloor = () =>
    bookings.offFloor(ctx.signal).then(
      (found) => offFloor.replaceChildren(found.length ? h('div', { class: 'notice' }, h('h2', null, t('On a table off the floor: move them')), h('ul', null, found.map(line))) : ''),
      () => offFloor.replaceChildren(),
    );

  return h(
    'div',
    { class: admin ? 'admin with-nav staff-bookings' : 'staff-bookings' },
    heading,
    ownerNav?.(),
    connection,
    offFloor,
    view.node,
    phoneBookingForm({ api: bookings, day: () => shown, booked: () => view.reload(), refused }),
    admin ? h('p', null, h('a', { href: '/admin/booking-settings' }, t('How bookings are taken (settings)'))) : null,
  );
};
