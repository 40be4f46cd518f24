// `/book`: how many, which day, then the free times for that party (from the API, never
// from this device's clock), then who. Days without a free time say so and name the nearest
// day that has some, with a button to see it. A time taken meanwhile keeps everything typed
// and offers the times still free. With something typed, leaving asks first (the blocker).
import type { PageContext } from '../../router/app.js';
import type { Blocking } from '../../router/blocker.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, messageOf } from '../../core/load.js';
import type { BookingRules, BookingsApi } from './api.js';
import type { Navigation } from '../../router/navigation.js';
import { callUs, onlineParty, partySelect, timeChoices } from './time-choices.js';
import { t } from '../../core/words.js';

export const bookPage = (bookings: BookingsApi, navigation: Navigation, blocking: Blocking) => (ctx: PageContext<unknown>) => {
  const body = h('div', { class: 'booking-form-slot' }, h('p', { class: 'status', role: 'status' }, t('Loading the booking form…')));
  const show = () =>
    bookings.rules(ctx.signal).then(
      (rules) => !ctx.signal.aborted && body.replaceChildren(form(rules)),
      (error) => !ctx.signal.aborted && body.replaceChildren(failureNotice(messageOf(error), show)),
    );
  show();

  function form(rules: BookingRules): HTMLElement {
    const largest = onlineParty(rules);
    const party = partySelect('book-party', largest, Math.min(2, largest));
    const day = h('input', { id: 'book-day', name: 'date', type: 'date', required: true, min: rules.firstDate, max: rules.lastDate, value: rules.firstDate });
    const times = timeChoices(bookings, ctx.signal, party, day);
    const name = h('input', { id: 'book-name', name: 'name', required: true, maxlength: 80, autocomplete: 'name' });
    const phone = h('input', { id: 'book-phone', name: 'phone', type: 'tel', required: true, maxlength: 40, autocomplete: 'tel', 'aria-describedby': 'book-phone-hint' });
    const email = h('input', { id: 'book-email', name: 'email', type: 'email', maxlength: 200, autocomplete: 'email' });
    const note = h('textarea', { id: 'book-note', name: 'note', maxlength: 500, rows: 2 });
    // People never see this field; programs that fill in every field do.
    const trap = h('input', { id: 'book-website', name: 'website', tabindex: -1, autocomplete: 'off' });
    const error = h('div', { class: 'form-error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'button large' }, t('Book the table'));
    let sending = false;

    async function send(event: Event) {
      event.preventDefault();
      if (sending) return;
      const time = times.chosen();
      if (!time) {
        error.textContent = t('Choose one of the free times first.');
        return;
      }
      sending = true;
      submit.disabled = true;
      submit.textContent = t('Booking…');
      error.textContent = '';
      try {
        const { key } = await bookings.book({ party: Number(party.value), date: day.value, time, name: name.value.trim(), phone: phone.value.trim(), email: email.value.trim() || undefined, note: note.value.trim() || undefined, website: trap.value || undefined });
        typed = () => false; // booked: leaving is no loss
        navigation.navigate(`/booking#${key}`, { state: { booked: true } });
      } catch (failure) {
        const body = failure instanceof RequestError ? failure.body : undefined;
        const text = body?.message ?? messageOf(failure);
        // The time was taken meanwhile: show what is free now, the rest of the form kept.
        if (body?.code === 'time_taken') void times.refresh();
        const field = typeof body?.field === 'string' ? element.querySelector<HTMLInputElement>(`[name="${body.field}"]`) : null;
        // A field's error goes under the field, which is scrolled below the header and focused.
        if (field && field.type !== 'radio') {
          fieldError(field, text);
          field.focus();
        } else error.textContent = text;
      } finally {
        sending = false;
        submit.disabled = false;
        submit.textContent = t('Book the table');
      }
    }

    /** Shows `text` under `field` (read with it) until the field is changed. */
    function fieldError(field: HTMLInputElement, text: string) {
      const id = `${field.id}-error`;
      const said = element.querySelector(`#${id}`) ?? h('span', { id, class: 'field-error' });
      said.textContent = text;
      field.after(said);
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', [field.getAttribute('aria-describedby'), id].filter((each) => each && !each.includes(id)).join(' '));
      field.addEventListener('input', () => {
        said.remove();
        field.removeAttribute('aria-invalid');
        field.setAttribute('aria-describedby', (field.getAttribute('aria-describedby') ?? '').replace(id, '').trim());
      }, { once: true });
    }

    let typed = () => [name, phone, email, note].some((field) => field.value.trim() !== '');
    ctx.signal.addEventListener('abort', blocking.block(() => typed()));

    const element = h(
      'form',
      { class: 'form booking-form', onsubmit: send, novalidate: false },
      h('fieldset', null, h('legend', null, t('How many, and when')), h('p', { class: 'field' }, h('label', { for: 'book-party' }, t('Party')), party), callUs(rules, largest), h('p', { class: 'field' }, h('label', { for: 'book-day' }, t('Day')), day)),
      times.element,
      h(
        'fieldset',
        null,
        h('legend', null, t('Your details')),
        h('p', { class: 'field' }, h('label', { for: 'book-name' }, t('Name')), name),
        h('p', { class: 'field' }, h('label', { for: 'book-phone' }, t('Phone')), phone, h('span', { id: 'book-phone-hint', class: 'hint' }, t('A number from abroad starts with its country code (+44 …).'))),
        h('p', { class: 'field' }, h('label', { for: 'book-email' }, t('E-mail (optional)')), email),
        h('p', { class: 'field' }, h('label', { for: 'book-note' }, t('Anything we should know? (optional)')), note),
        h('p', { hidden: true }, h('label', { for: 'book-website' }, t('Leave this empty')), trap),
      ),
      error,
      submit,
      rules.needsApproval ? h('p', { class: 'hint' }, t('We confirm each booking ourselves: you will see it as requested until we do.')) : null,
    );
    void times.refresh();
    return element;
  }

  return h('div', { class: 'booking-page' }, h('h1', null, t('Book a table')), h('p', { class: 'lead' }, t('Choose how many you are and the day: the free times follow.')), body);
};
