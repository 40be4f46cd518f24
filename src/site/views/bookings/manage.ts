// `/booking#<secret>`: the guest's booking, from the private link (the secret after `#`
// never leaves this browser but in the Booking-Key header). Right after booking it says so;
// any time later it shows the booking, its .ics, and until the cut-off a form to change the
// party, day or time and a button to cancel (asked first). A change made meanwhile by the
// restaurant is shown as it is now, with the API's words.
import type { PageContext } from '../../../router/app.js';
import { h } from '../../../core/dom.js';
import { RequestError } from '../../../core/http.js';
import { failureNotice, messageOf } from '../../../core/load.js';
import type { GuestBooking } from '../../../shared/booking-records.js';
import type { BookingRules, BookingsApi } from '../../bookings-api.js';
import { partySelect, people, timeChoices } from './time-choices.js';
import { ask } from '../ask.js';

const STATUS_WORDS: Record<GuestBooking['status'], string> = {
  confirmed: 'Your table is booked.',
  requested: 'Requested: we will confirm it soon. Until then it holds no table.',
  arrived: 'You came: we hope you enjoyed it.',
  no_show: 'We missed you at this booking.',
  cancelled: 'This booking is cancelled.',
  declined: 'We could not take this booking. We are sorry.',
};

export const managePage = (bookings: BookingsApi) => (ctx: PageContext<unknown>) => {
  const key = location.hash.slice(1);
  const justBooked = (ctx.state as { booked?: boolean } | null)?.booked === true;
  const heading = h('h1', null, justBooked ? 'Thank you: booked' : 'Your booking');
  const body = h('div', null, h('p', { class: 'status', role: 'status' }, 'Loading your booking…'));
  const outcome = h('p', { class: 'outcome', role: 'status' });

  const load = () =>
    Promise.all([bookings.mine(key, ctx.signal), bookings.rules(ctx.signal)]).then(
      ([booking, rules]) => !ctx.signal.aborted && body.replaceChildren(view(booking, rules)),
      (error) => {
        if (ctx.signal.aborted) return;
        const text = error instanceof RequestError && error.body?.message ? error.body.message : messageOf(error);
        body.replaceChildren(error instanceof RequestError && error.status === 404 ? h('p', { class: 'notice error' }, text) : failureNotice(text, load));
      },
    );
  if (key) load();
  else body.replaceChildren(h('p', { class: 'notice error' }, 'This address has no booking in it: open the link you got when you booked.'));

  function view(booking: GuestBooking, rules: BookingRules): HTMLElement {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: rules.timeZone, hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'long' });
    const calendar = h('button', { type: 'button', class: 'button secondary', onclick: () => void download() }, 'Add to calendar (.ics)');
    async function download() {
      try {
        const url = URL.createObjectURL(await bookings.calendar(key));
        h('a', { href: url, download: 'tavola-booking.ics' }).click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch (error) {
        outcome.textContent = messageOf(error);
      }
    }
    const facts = h(
      'dl',
      { class: 'details booking-facts' },
      h('dt', null, 'When'),
      h('dd', null, booking.when),
      h('dt', null, 'Party'),
      h('dd', null, people(booking.party)),
      h('dt', null, 'Name'),
      h('dd', null, booking.name),
      h('dt', null, 'Phone'),
      h('dd', null, booking.phone),
      booking.email ? [h('dt', null, 'E-mail'), h('dd', null, booking.email)] : null,
      booking.note ? [h('dt', null, 'Note'), h('dd', null, booking.note)] : null,
    );
    const open = booking.changeableUntil !== null;
    return h(
      'div',
      { class: 'booking-manage' },
      h('p', { class: `booking-status ${booking.status}` }, STATUS_WORDS[booking.status]),
      facts,
      booking.status === 'cancelled' || booking.status === 'declined' ? null : h('p', null, calendar),
      open
        ? [
            h('p', { class: 'hint' }, `Keep this page's address (bookmark it): it is how you change or cancel online, until ${clock.format(new Date(booking.changeableUntil!))}.`),
            changeForm(booking, rules),
            h('p', null, h('button', { type: 'button', class: 'button secondary', onclick: () => void cancel(booking) }, 'Cancel the booking')),
          ]
        : booking.status === 'confirmed' || booking.status === 'requested'
          ? h('p', { class: 'hint' }, 'To change or cancel it now, please call us.')
          : null,
    );
  }

  function changeForm(booking: GuestBooking, rules: BookingRules): HTMLElement {
    const party = partySelect('change-party', rules.largestParty, booking.party);
    const day = h('input', { id: 'change-day', name: 'date', type: 'date', required: true, min: rules.firstDate, max: rules.lastDate, value: booking.date });
    const times = timeChoices(bookings, ctx.signal, party, day, { except: `${booking.date} ${booking.time}` });
    const submit = h('button', { type: 'submit', class: 'button' }, 'Change the booking');
    const send = async (event: Event) => {
      event.preventDefault();
      const time = times.chosen();
      const change = { party: Number(party.value), date: day.value, ...(time && { time }) };
      const missing = time ? null : change.party === booking.party && change.date === booking.date ? 'Choose another party size, day or time first.' : change.date !== booking.date ? 'Choose a time on the new day.' : null;
      if (missing) {
        outcome.textContent = missing;
        return;
      }
      submit.disabled = true;
      await settle(bookings.change(key, booking, change), (now) => `Changed: ${now.when}, ${people(now.party)}.`);
      submit.disabled = false;
    };
    const details = h(
      'details',
      { class: 'booking-change' },
      h('summary', null, 'Change the party, day or time'),
      h('form', { class: 'form', onsubmit: send }, h('p', { class: 'field' }, h('label', { for: 'change-party' }, 'Party'), party), h('p', { class: 'field' }, h('label', { for: 'change-day' }, 'Day'), day), times.element, submit),
    );
    details.addEventListener('toggle', () => details.open && !times.element.firstChild && void times.refresh());
    return details;
  }

  async function cancel(booking: GuestBooking) {
    if (!(await ask({ title: `Cancel your booking for ${people(booking.party)} on ${booking.when}?`, act: 'Cancel the booking', keep: 'Keep it' }))) return;
    await settle(bookings.cancel(key, booking), () => 'Your booking is cancelled. We hope to see you another time.');
  }

  async function settle(change: Promise<GuestBooking>, said: (now: GuestBooking) => string) {
    try {
      const now = await change;
      outcome.textContent = said(now);
      await load();
    } catch (error) {
      const body = error instanceof RequestError ? error.body : undefined;
      outcome.textContent = body?.message ?? messageOf(error);
      if (body?.booking || body?.code === 'time_taken') await load();
    }
  }

  return h('div', { class: 'booking-page' }, heading, outcome, body);
};
