// An answer said beside the buttons that acted (a booking's panel, its line on a phone, the
// walk-in form), with the way on when the API offers one: a party seated where guests sat
// down and ordered with nobody seating them is refused (409 `table_taken`, `sameGuests`
// true), and one button seats the party as those guests, sending the same again with
// `sameGuests: true`.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { t } from '../../core/words.js';

/** The table where the party may be the guests eating there (a 409 `table_taken` that says so); undefined otherwise. */
export function sameGuestsAt(error: unknown): { table: number; stay: number | null } | undefined {
  if (!(error instanceof RequestError) || error.body?.code !== 'table_taken' || error.body.sameGuests !== true) return undefined;
  const { table, stay } = error.body as { table?: unknown; stay?: unknown };
  return typeof table === 'number' ? { table, stay: typeof stay === 'number' ? stay : null } : undefined;
}

/** What the button does: the table, and sending the same again as those guests. */
export interface Offer {
  table: number;
  run(): void;
}

export interface Said {
  /** The words and the button, in one block to place under the buttons that acted. */
  node: HTMLElement;
  /** Says `text` ('' clears it), with the button when `offer` is given. */
  say(text: string, offer?: Offer | null): void;
}

export function saidBeside(className: string): Said {
  const words = h('p', { class: `outcome ${className}` });
  const node = h('div', { class: 'said' }, words);
  return {
    node,
    say(text, offer) {
      words.textContent = text;
      node.replaceChildren(words, ...(offer ? [h('button', { type: 'button', class: 'button same-guests', onclick: offer.run }, t('They are those guests: seat them at table {table}', { table: offer.table }))] : []));
    },
  };
}
