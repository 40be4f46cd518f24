// A booking taken by phone, for the day shown: party, time, name, and if given the phone,
// a note and a table (the smallest free one otherwise). Confirmed at once. A refusal is
// written to the person taking the call, under the field it is about, which takes focus.
import { h } from '../../core/dom.js';
import type { StaffBooking } from '../../shared/booking-records.js';
import { type BookingsApi, people } from '../bookings/index.js';
import { failureText } from '../common/failure-text.js';
import { t } from '../../core/words.js';

export interface PhoneFormOptions {
  api: BookingsApi;
  /** The day the booking is for: the one shown. */
  day(): string | undefined;
  booked(booking: StaffBooking): void;
  refused(error: unknown): boolean;
}

export function phoneBookingForm({ api, day, booked, refused }: PhoneFormOptions): HTMLElement {
  // Each field with the place of its error, under it.
  const field = (id: string, label: string, input: HTMLElement) => h('p', { class: 'field' }, h('label', { for: id }, label), input, h('span', { class: 'field-error', id: `${id}-error` }));
  const party = h('input', { id: 'phone-party', type: 'number', min: 1, max: 99, value: 2, required: true, inputmode: 'numeric' });
  const time = h('input', { id: 'phone-time', type: 'time', step: 900, required: true, value: '19:30' });
  const name = h('input', { id: 'phone-name', required: true, maxlength: 80 });
  const phone = h('input', { id: 'phone-phone', type: 'tel', maxlength: 40 });
  const note = h('input', { id: 'phone-note', maxlength: 500 });
  const table = h('input', { id: 'phone-table', type: 'number', min: 1, max: 9999, inputmode: 'numeric' });
  const outcome = h('p', { class: 'outcome', role: 'status' });
  const inputs: Record<string, HTMLInputElement> = { party, time, name, phone, note, table };
  const clearErrors = () => {
    for (const [key, input] of Object.entries(inputs)) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      input.form?.querySelector(`#phone-${key}-error`)?.replaceChildren();
    }
  };
  // The API's words on the field it names (focus there), else beside the button.
  const showError = (error: unknown) => {
    const key = (error as { body?: { field?: string } }).body?.field;
    const input = key ? inputs[key] : undefined;
    if (!input) {
      outcome.textContent = failureText(error);
      return;
    }
    input.form!.querySelector(`#phone-${key}-error`)!.textContent = failureText(error);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `phone-${key}-error`);
    input.focus();
  };
  const add = (event: Event) => {
    event.preventDefault();
    const date = day();
    if (!date) return;
    clearErrors();
    outcome.textContent = '';
    api
      .addForGuest({ party: Number(party.value), date, time: time.value, name: name.value.trim(), phone: phone.value.trim() || undefined, note: note.value.trim() || undefined, table: table.value ? Number(table.value) : undefined })
      .then(
        (made) => {
          outcome.textContent = t('Booked: {name}, {people} at {time}, table {table}.', { name: made.name, people: people(made.party), time: made.time, table: made.table ?? '–' });
          for (const each of [name, phone, note, table]) each.value = '';
          booked(made);
        },
        (error) => {
          if (!refused(error)) showError(error);
        },
      );
  };
  return h(
    'details',
    { class: 'phone-booking' },
    h('summary', null, t('Add a booking taken by phone')),
    h(
      'form',
      { class: 'form admin-form', onsubmit: add, 'aria-label': t('Add a booking taken by phone') },
      field('phone-party', t('Party'), party),
      field('phone-time', t('Time'), time),
      field('phone-name', t('Name'), name),
      field('phone-phone', t('Phone (optional)'), phone),
      field('phone-note', t('Note (optional)'), note),
      field('phone-table', t('Table (optional: the smallest free one)'), table),
      h('button', { type: 'submit', class: 'button' }, t('Add booking')),
      outcome,
    ),
  );
}
