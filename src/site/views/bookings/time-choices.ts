// The free times for a party on a day, asked of the API each time the party or the day
// changes, as radio buttons (arrow keys move between them). A day without a free time
// says why and offers the nearest day that has some.
import { h } from '../../../core/dom.js';
import { RequestError } from '../../../core/http.js';
import { failureNotice, messageOf } from '../../../core/load.js';
import type { Availability } from '../../../shared/booking-records.js';
import type { BookingsApi } from '../../bookings-api.js';

export const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

export interface TimeChoices {
  element: HTMLElement;
  /** The time chosen, or ''. */
  chosen(): string;
  /** Asks again for the party and day as they are now, keeping `keep` chosen if it is still free. */
  refresh(keep?: string): Promise<void>;
}

export function timeChoices(bookings: BookingsApi, signal: AbortSignal, party: HTMLSelectElement, day: HTMLInputElement, { except = '' } = {}): TimeChoices {
  const element = h('div', { class: 'booking-times', 'aria-live': 'polite' });
  let asked = 0;

  function render(answer: Availability, keep: string): Node {
    const { day: wanted } = answer;
    // Changing a booking: its own time is not offered as a change.
    const free = wanted.times.filter((time) => `${wanted.date} ${time.time}` !== except);
    if (!free.length) {
      const next = answer.around.find((other) => other.date > wanted.date && other.state === 'free') ?? answer.around.find((other) => other.state === 'free');
      return h(
        'div',
        { class: 'notice' },
        h('p', null, answer.note ?? `No other time is free on ${wanted.label}.`),
        next ? h('button', { type: 'button', class: 'button secondary', onclick: () => seeDay(next.date) }, `See ${next.label}`) : null,
      );
    }
    return h(
      'fieldset',
      { class: 'time-choices' },
      h('legend', null, `Free times on ${wanted.label} for ${people(answer.party)}`),
      free.map((time, i) => h('label', { class: 'time-choice' }, h('input', { type: 'radio', name: 'time', value: time.time, required: i === 0, checked: time.time === keep }), time.time)),
    );
  }

  function seeDay(date: string) {
    day.value = date;
    void refresh();
  }

  async function refresh(keep = '') {
    const ask = ++asked;
    element.setAttribute('aria-busy', 'true');
    element.replaceChildren(h('p', { class: 'status' }, 'Finding free times…'));
    try {
      const answer = await bookings.times(Number(party.value), day.value, signal);
      if (ask === asked) element.replaceChildren(render(answer, keep));
    } catch (failure) {
      if (ask !== asked || signal.aborted) return;
      const text = failure instanceof RequestError && failure.body?.message ? failure.body.message : messageOf(failure);
      element.replaceChildren(failureNotice(text, () => void refresh(keep)));
    } finally {
      if (ask === asked) element.removeAttribute('aria-busy');
    }
  }

  party.addEventListener('change', () => void refresh(chosen()));
  // While a date is typed, the field passes through days outside its range: asked only for a day it takes.
  day.addEventListener('change', () => day.value && day.checkValidity() && void refresh());
  const chosen = () => element.querySelector<HTMLInputElement>('input[name="time"]:checked')?.value ?? '';
  return { element, chosen, refresh };
}

/** The party sizes a guest may book online, `selected` chosen. */
export const partySelect = (id: string, largest: number, selected: number) =>
  h('select', { id, name: 'party', required: true }, Array.from({ length: largest }, (_, i) => h('option', { value: i + 1, selected: i + 1 === selected }, people(i + 1))));
