// What a party can be seated at now, as a select's options: "the smallest free table" first,
// each table on the floor with its state ("Table 4 · 4 seats · Free"), then each join the
// owner allows ("Tables 11 + 12 joined · 8 seats · Free", or the state of its first table
// that is not free). The walk-in form and the waitlist's Seat both offer them.
import { h } from '../../core/dom.js';
import type { FloorTable, TableJoin } from '../../shared/booking-records.js';
import { t } from '../../core/words.js';

/** A table on the floor with its state now (tableState in host-timeline.ts). */
export type TableNow = FloorTable & { words: string; kind: string };

export function tableOptions(states: readonly TableNow[], joins: readonly TableJoin[]): HTMLOptionElement[] {
  const joinState = (join: TableJoin) => {
    const busy = states.find((each) => join.tables.includes(each.number) && each.kind !== 'free');
    return busy ? t('Table {number}: {words}', { number: busy.number, words: busy.words }) : t('Free');
  };
  return [
    h('option', { value: '' }, t('The smallest free table')),
    ...states.map((each) => h('option', { value: each.number }, t('Table {number} · {seats} seats · {words}', { number: each.number, seats: each.seats, words: each.words }))),
    ...joins.map((join) => h('option', { value: join.tables.join('+') }, t('Tables {tables} joined · {seats} seats · {words}', { tables: join.tables.join(' + '), seats: join.seats, words: joinState(join) }))),
  ];
}

/** What a chosen option asks the API for: `table`, `tables` (joined, "11+12"), or nothing (the smallest free). */
export const chosenTables = (value: string): { table?: number; tables?: number[] } => (!value ? {} : value.includes('+') ? { tables: value.split('+').map(Number) } : { table: Number(value) });
