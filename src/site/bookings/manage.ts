// `/booking#<secret>`: the guest's booking, from the private link (the secret after `#`
// never leaves this browser but in the Booking-Key header). Right after booking it says so;
// any time later it shows the booking, its .ics, and until the cut-off a form to change the
// party, day or time and a button to cancel (asked first). A change made meanwhile by the
// restaurant is shown as it is now, with the API's words.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, messageOf } from '../../core/load.js';
import type { GuestBooking } from '../../shared/booking-records.js';
import type { BookingRules, BookingsApi } from './api.js';
import { onlineParty, partySelect, people, timeChoices } from './time-choices.js';
import { ask } from '../common/ask.js';
import { LOCALE, t } from '../../core/words.js';

const STATUS_WORDS: Record<GuestBooking['status'], string> = {
  confirmed: t('Your table is booked.'),
  requested: t('Requested: we will confirm it soon. Until then it holds no table.'),
  arrived: t('You came: we hope you enjoyed it.'),
  no_show: t('We missed you at this booking.'),
  cancelled: t('This booking is cancelled.'),
  declined: t('We could not take this booking. We are sorry.'),
};

export const managePage = (bookings: BookingsApi) => (ctx: PageContext<unknown>) => {
  const key = location.hash.slice(1);
  const justBooked = (ctx.state as { booked?: boolean } | null)?.booked === true;
  const heading = h('h1', null, justBooked ? t('Thank you: booked') : t('Your booking'));
  const body = h('div', null, h('p', { class: 'status', role: 'status' }, t('Loading your booking…')));
  // What a change or a cancellation did: shown at the top of the booking, where the page takes the guest after it.
  const outcome = h('p', { class: 'outcome', role: 'status', tabindex: -1 });

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
  else body.replaceChildren(h('p', { class: 'notice error' }, t('This address has no booking in it: open the link you got when you booked.')));

  function view(booking: GuestBooking, rules: BookingRules): HTMLElement {
    // "28 November at 18:00", "28 novembre alle 18:00": the day and the time apart, as Intl's Italian would say "alle ore".
    const day = new Intl.DateTimeFormat(LOCALE, { timeZone: rules.timeZone, day: 'numeric', month: 'long' });
    const time = new Intl.DateTimeFormat(LOCALE, { timeZone: rules.timeZone, hour: '2-digit', minute: '2-digit' });
    const clock = { format: (when: Date) => t('{date} at {time}', { date: day.format(when), time: time.format(when) }) };
    const calendar = h('button', { type: 'button', class: 'button secondary', onclick: () => void download() }, t('Add to calendar (.ics)'));
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
      h('dt', null, t('When')),
      h('dd', null, booking.when),
      h('dt', null, t('Party')),
      h('dd', null, people(booking.party)),
      h('dt', null, t('Name')),
      h('dd', null, booking.name),
      h('dt', null, t('Phone')),
      h('dd', null, booking.phoneText),
      booking.email ? [h('dt', null, t('E-mail')), h('dd', null, booking.email)] : null,
      booking.note ? [h('dt', null, t('Note')), h('dd', null, booking.note)] : null,
    );
    const open = booking.changeableUntil !== null;
    const over = booking.status === 'cancelled' || booking.status === 'declined';
    heading.textContent = booking.status === 'cancelled' ? t('Cancelled') : booking.status === 'declined' ? t('Not taken') : justBooked ? t('Thank you: booked') : t('Your booking');
    return h(
      'div',
      { class: 'booking-manage' },
      h('p', { class: `booking-status ${booking.status}` }, STATUS_WORDS[booking.status]),
      outcome,
      over ? h('p', null, h('a', { class: 'button', href: '/book' }, t('Book a table again'))) : null,
      justBooked && !over ? h('p', { class: 'hint' }, booking.email ? t('A confirmation with this page\'s link and the calendar file goes to {email}.', { email: booking.email }) : t('Nothing is sent by e-mail: keep this page’s link (copy it, or share it to yourself).')) : null,
      facts,
      over ? null : h('p', null, calendar),
      open
        ? [
            linkBox(clock.format(new Date(booking.changeableUntil!))),
            changeForm(booking, rules),
            h('p', null, h('button', { type: 'button', class: 'button secondary', onclick: () => void cancel(booking) }, t('Cancel the booking'))),
          ]
        : booking.status === 'confirmed' || booking.status === 'requested'
          ? h('p', { class: 'hint' }, t('To change or cancel it now, please call us.'))
          : null,
    );
  }

  /** The private link, to copy or share (Web Share where the browser has it): how the guest comes back. */
  function linkBox(until: string): HTMLElement {
    const said = h('span', { class: 'hint', role: 'status' });
    const url = location.href;
    const field = h('input', { id: 'manage-link', readonly: true, value: url, onfocus: (event: Event) => (event.target as HTMLInputElement).select() });
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(url);
        said.textContent = t('Copied.');
      } catch {
        field.focus();
        said.textContent = t('Selected: copy it with your keyboard or menu.');
      }
    };
    const share = () => navigator.share({ title: t('My table booking'), url }).catch(() => {});
    return h(
      'div',
      { class: 'manage-link field' },
      h('label', { for: 'manage-link' }, t('This booking’s private link')),
      field,
      h('p', { class: 'actions' }, h('button', { type: 'button', class: 'button secondary', onclick: () => void copy() }, t('Copy the link')), 'share' in navigator ? h('button', { type: 'button', class: 'button secondary', onclick: () => void share() }, t('Share…')) : null, said),
      h('p', { class: 'hint' }, t('With it you change or cancel online until {until}. Anyone who has it can, so share it only with your party.', { until })),
    );
  }

  function changeForm(booking: GuestBooking, rules: BookingRules): HTMLElement {
    const party = partySelect('change-party', Math.max(onlineParty(rules), booking.party), booking.party);
    const day = h('input', { id: 'change-day', name: 'date', type: 'date', required: true, min: rules.firstDate, max: rules.lastDate, value: booking.date });
    const times = timeChoices(bookings, ctx.signal, party, day, { own: booking });
    const submit = h('button', { type: 'submit', class: 'button' }, t('Change the booking'));
    const send = async (event: Event) => {
      event.preventDefault();
      const time = times.chosen();
      const change = { party: Number(party.value), date: day.value, ...(time && { time }) };
      const unchanged = change.party === booking.party && change.date === booking.date && (time || booking.time) === booking.time;
      const missing = unchanged ? t('Choose another party size, day or time first.') : time ? null : t('Choose a time on the new day.');
      if (missing) {
        outcome.textContent = missing;
        return;
      }
      submit.disabled = true;
      await settle(bookings.change(key, booking, change), (now) => t('Changed: {when}, {people}.', { when: now.when, people: people(now.party) }));
      submit.disabled = false;
    };
    const details = h(
      'details',
      { class: 'booking-change' },
      h('summary', null, t('Change the party, day or time')),
      h('form', { class: 'form', onsubmit: send }, h('p', { class: 'field' }, h('label', { for: 'change-party' }, t('Party')), party), h('p', { class: 'field' }, h('label', { for: 'change-day' }, t('Day')), day), times.element, submit),
    );
    details.addEventListener('toggle', () => details.open && !times.element.firstChild && void times.refresh());
    return details;
  }

  async function cancel(booking: GuestBooking) {
    if (!(await ask({ title: t('Cancel your booking for {people} on {when}?', { people: people(booking.party), when: booking.when }), act: t('Cancel the booking'), keep: t('Keep it') }))) return;
    await settle(bookings.cancel(key, booking), () => t('Your booking is cancelled. We hope to see you another time.'));
  }

  async function settle(change: Promise<GuestBooking>, said: (now: GuestBooking) => string) {
    try {
      const now = await change;
      await load();
      outcome.textContent = said(now);
    } catch (error) {
      const body = error instanceof RequestError ? error.body : undefined;
      if (body?.booking || body?.code === 'time_taken') await load();
      outcome.textContent = body?.message ?? messageOf(error);
    }
    // The answer where the guest looks next: the page moves to it, and it is read out.
    if (outcome.isConnected) outcome.focus();
  }

  return h('div', { class: 'booking-page' }, heading, body);
};
