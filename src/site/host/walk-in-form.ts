// Seating a walk-in: how many, which table (the smallest free one unless the host chooses),
// for how long (the owner's stay unless shorter), and a name if they give one. A table
// booked later in their stay is refused in the API's words, with the minutes they could
// stay put in the form to send again. A table where guests sat down and ordered with nobody
// seating them is refused in the API's words too, with a button that seats the party as those
// guests (the same sent again with `sameGuests`), until the form is changed.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import type { StaffBooking, TableJoin } from '../../shared/booking-records.js';
import { chosenTables, tableOptions, type TableNow } from './table-choices.js';
import type { WalkIn } from '../bookings/index.js';
import { failureText } from '../common/failure-text.js';
import { t } from '../../core/words.js';
import { saidBeside, sameGuestsAt } from './said-beside.js';

export interface WalkInOptions {
  seat(fields: WalkIn): Promise<StaffBooking>;
  /** The floor's tables with their state now ("Free", "Seated: Rossi until 21:00"). */
  tables(): TableNow[];
  /** The joins of tables the owner allows: a party larger than one table is seated at one. */
  joins(): TableJoin[];
  refused(error: unknown): boolean;
}

export function walkInForm({ seat, tables, joins, refused }: WalkInOptions) {
  const party = h('input', { id: 'walk-in-party', type: 'number', min: 1, max: 99, value: 2, required: true, inputmode: 'numeric' });
  const table = h('select', { id: 'walk-in-table' });
  const minutes = h('input', { id: 'walk-in-minutes', type: 'number', min: 15, max: 360, step: 5, inputmode: 'numeric' });
  const name = h('input', { id: 'walk-in-name', maxlength: 80, autocomplete: 'off' });
  const said = saidBeside('walk-in-outcome');
  said.node.setAttribute('role', 'status');
  const submit = h('button', { type: 'submit', class: 'button' }, t('Seat them'));
  const field = (id: string, label: string, input: HTMLElement) => h('p', { class: 'field' }, h('label', { for: id }, label), input);

  const fillTables = () => {
    const kept = table.value;
    table.replaceChildren(...tableOptions(tables(), joins()));
    table.value = kept;
  };

  /** Sends `fields`: the form's, or (the button after a refusal) the same as those guests. */
  const sendFields = async (fields: WalkIn) => {
    submit.disabled = true;
    said.say('');
    try {
      await seat(fields);
      form.reset();
      open(false);
    } catch (error) {
      if (refused(error)) return;
      const could = error instanceof RequestError ? error.body?.minutes : undefined;
      if (typeof could === 'number') minutes.value = String(could);
      const those = fields.sameGuests ? undefined : sameGuestsAt(error);
      said.say(failureText(error), those && { table: those.table, run: () => void sendFields({ ...fields, sameGuests: true }) });
    } finally {
      submit.disabled = false;
    }
  };
  const send = (event: Event) => {
    event.preventDefault();
    void sendFields({ party: Number(party.value), ...chosenTables(table.value), ...(minutes.value && { minutes: Number(minutes.value) }), ...(name.value.trim() && { name: name.value.trim() }) });
  };

  const form = h(
    'form',
    // What was refused is what the button sends again: changed, the form is sent as it is.
    { class: 'form walk-in', onsubmit: send, oninput: () => said.say(''), 'aria-labelledby': 'walk-in-title' },
    h('h2', { id: 'walk-in-title' }, t('Seat a walk-in now')),
    field('walk-in-party', t('Party'), party),
    field('walk-in-table', t('Table'), table),
    field('walk-in-minutes', t('Stay (minutes; empty: the usual)'), minutes),
    field('walk-in-name', t('Name (optional)'), name),
    h('div', { class: 'row' }, submit, h('button', { type: 'button', class: 'button secondary', onclick: () => open(false) }, t('Not now'))),
    said.node,
  );
  const node = h('div', { id: 'walk-in', hidden: true }, form);
  const toggle = h('button', { type: 'button', class: 'button', 'aria-expanded': 'false', 'aria-controls': 'walk-in', onclick: () => open(node.hidden) }, t('Seat a walk-in'));

  function open(yes: boolean) {
    node.hidden = !yes;
    toggle.setAttribute('aria-expanded', String(yes));
    if (yes) {
      fillTables();
      party.focus();
    } else if (form.contains(document.activeElement)) toggle.focus();
  }

  /** The form opened with `number` chosen (a free table tapped on the plan). */
  const openAt = (number: number) => {
    open(true);
    table.value = String(number);
  };

  return { node, toggle, openAt, hide: (hidden: boolean) => { toggle.hidden = hidden; if (hidden) open(false); } };
}
