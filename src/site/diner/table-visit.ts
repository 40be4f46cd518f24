// Ordering at the table. The QR code on a table opens `/menu#table=<code>` (the code after
// `#` never reaches a server log or a Referer). The code is checked with the API, kept for
// this tab's visit (session storage), and taken out of the address; the header then says
// "Ordering for Table 7", and the checkout sends the order to that table with its code, with
// no number to type. A code that does not work (renewed, a table taken off the floor) says
// so, and the visit forgets its table: pickup still works. The visit's first order asks how
// many they are (`guests`, kept here once it is placed): a later order of the visit does not ask.
// The line sits in a bar at the bottom of the screen.
import { h } from '../../core/dom.js';
import { createStored, isRecord } from '../../core/stored.js';
import { failureText } from '../common/failure-text.js';
import type { LaterServices } from '../shell/services.js';
import { t } from '../../core/words.js';

export interface VisitTable {
  code: string;
  number: number;
  label: string;
  /** How many they said they are, at the visit's first order: kept once it is placed, so a later order does not ask. */
  guests?: number;
}

const KEY = 'tavola.table';

/** A table's label as the page's language says it: the owner's own ("Terrazza 2"), or "Tavolo 3" on an Italian page for the "Table 3" every new table is given. */
export const labelOf = (table: Pick<VisitTable, 'number' | 'label'>): string => (table.label === `Table ${table.number}` ? t('Table {number}', { number: table.number }) : table.label);

export const visitTable = createStored<VisitTable | null>({
  key: KEY,
  storage: sessionStorage,
  empty: null,
  parse: (json) =>
    isRecord(json) && typeof json.code === 'string' && Number.isInteger(json.number) && typeof json.label === 'string'
      ? { code: json.code, number: json.number as number, label: json.label, ...(Number.isInteger(json.guests) && { guests: json.guests as number }) }
      : undefined,
});

/** At most so many at one table (the API's limit too). */
export const MOST_GUESTS = 50;

/** How many are at the table, as typed ("3", " 12 "): a whole number from 1 to 50, or undefined. */
export function guestsOf(typed: string): number | undefined {
  const count = Number(/^\s*(\d{1,3})\s*$/.exec(typed)?.[1]);
  return count >= 1 && count <= MOST_GUESTS ? count : undefined;
}

/**
 * The tables a staff member (Waiter, Kitchen) has placed an order at in this tab, with who was
 * signed in: their next order at one of them does not ask how many are there.
 */
export const orderedTables = createStored<{ user: number; tables: number[] } | null>({
  key: 'tavola.ordered-tables',
  storage: sessionStorage,
  empty: null,
  parse: (json) => (isRecord(json) && Number.isInteger(json.user) && Array.isArray(json.tables) && json.tables.every(Number.isInteger) ? { user: json.user as number, tables: json.tables as number[] } : undefined),
});

let line: HTMLElement | undefined;

/** Reads a code from the address (once), and keeps the header's line in step with the visit's table. */
export function tableVisit({ api }: LaterServices, header: HTMLElement): void {
  if (line?.isConnected) return; // called again on signing in: already there
  line = h('p', { class: 'table-banner', role: 'status' });
  // A bar fixed to the bottom of the screen, kept in the footer's landmark: arriving after
  // the page, it moves nothing on it.
  (header.parentElement?.querySelector('.site-footer') ?? header).append(line);
  const shown = line;
  const show = (table: VisitTable | null) => {
    shown.hidden = !table;
    shown.replaceChildren(...(table ? [t('Ordering for '), h('strong', null, labelOf(table)), ' · ', h('a', { href: '/bill' }, t('Your bill'))] : []));
  };
  visitTable.subscribe(show);
  show(visitTable.get());

  const code = /^#table=([A-Za-z0-9_-]{1,100})$/.exec(location.hash)?.[1];
  if (!code) return;
  history.replaceState(history.state, '', location.pathname + location.search);
  api.tableOfCode(code).then(
    // The same code scanned again in this tab is the same visit: what they said at its first order stands.
    (table) => {
      const guests = visitTable.get()?.code === code ? visitTable.get()?.guests : undefined;
      visitTable.set({ code, ...table, ...(guests !== undefined && { guests }) });
    },
    (error: unknown) => {
      visitTable.set(null);
      shown.hidden = false;
      shown.className = 'table-banner warning';
      shown.textContent = failureText(error);
    },
  );
}
