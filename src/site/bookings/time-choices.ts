// The free times for a party on a day, asked of the API each time the party or the day
// changes, as radio buttons (arrow keys move between them). A day without a free time
// says why and offers the nearest day that has some.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, messageOf } from '../../core/load.js';
import type { Availability } from '../../shared/booking-records.js';
import type { BookingsApi } from './api.js';
import { t, tn } from '../../core/words.js';

export const people = (count: number) => tn('1 person', '{count} people', count);

export interface TimeChoices {
  element: HTMLElement;
  /** The time chosen, or ''. */
  chosen(): string;
  /** Asks again for the party and day as they are now, keeping `keep` chosen if it is still free. */
  refresh(keep?: string): Promise<void>;
}

/**
 * `own`: the booking being changed. On its own day its time is offered (marked "now") and
 * chosen, even when the free times do not list it (it holds its own table): a party grown
 * from 2 to 3 keeps its time when its table, or another, still seats them.
 */
export function timeChoices(bookings: BookingsApi, signal: AbortSignal, party: HTMLSelectElement, day: HTMLInputElement, { own }: { own?: { date: string; time: string } } = {}): TimeChoices {
  const element = h('div', { class: 'booking-times', 'aria-live': 'polite' });
  let asked = 0;

  function render(answer: Availability, keep: string): Node {
    const { day: wanted } = answer;
    const mine = own?.date === wanted.date ? own.time : '';
    const free = wanted.times.map((time) => time.time);
    if (mine && !free.includes(mine)) free.push(mine);
    free.sort();
    if (!keep && mine) keep = mine;
    if (!free.length) {
      const next = answer.around.find((other) => other.date > wanted.date && other.state === 'free') ?? answer.around.find((other) => other.state === 'free');
      return h(
        'div',
        { class: 'notice' },
        h('p', null, answer.note ?? t('No time is free on {label}.', { label: wanted.label })),
        next ? h('button', { type: 'button', class: 'button secondary', onclick: () => seeDay(next.date) }, t('See {label}', { label: next.label })) : null,
      );
    }
    return h(
      'fieldset',
      { class: 'time-choices' },
      h('legend', null, t('Free times on {label} for {people}', { label: wanted.label, people: people(answer.party) })),
      free.map((time, i) => h('label', { class: 'time-choice' }, h('input', { type: 'radio', name: 'time', value: time, required: i === 0, checked: time === keep }), time === mine ? t('{time} (now)', { time }) : time)),
    );
  }

  function seeDay(date: string) {
    day.value = date;
    void refresh();
  }

  async function refresh(keep = '') {
    const ask = ++asked;
    element.setAttribute('aria-busy', 'true');
    element.replaceChildren(h('p', { class: 'status' }, t('Finding free times…')));
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
  // While a date is typed, the field passes through days before its range (month 01, year 0002):
  // asked only for a day it takes, or one past its last day, whose answer says when bookings open.
  day.addEventListener('change', () => (day.checkValidity() || (/^2\d{3}-\d\d-\d\d$/.test(day.value) && day.value > day.max)) && void refresh());
  const chosen = () => element.querySelector<HTMLInputElement>('input[name="time"]:checked')?.value ?? '';
  return { element, chosen, refresh };
}

/** The largest party booked online: the owner's limit, or the largest table on the floor when that is smaller. */
export const onlineParty = (rules: { largestParty: number; largestTable: number }) => Math.max(1, Math.min(rules.largestParty, rules.largestTable));

/** "For 5 or more, please call us on 06 1234 5678.", the number a link to call. */
export const callUs = (rules: { phone: string; phoneLink: string }, largest: number) =>
  h('p', { class: 'hint' }, rules.phone ? [t('For {count} or more, please call us on', { count: largest + 1 }), ' ', h('a', { href: rules.phoneLink }, rules.phone), '.'] : t('For {count} or more, please call us.', { count: largest + 1 }));

/** The party sizes a guest may book online, `selected` chosen. */
export const partySelect = (id: string, largest: number, selected: number) =>
  h('select', { id, name: 'party', required: true }, Array.from({ length: largest }, (_, i) => h('option', { value: i + 1, selected: i + 1 === selected }, people(i + 1))));
