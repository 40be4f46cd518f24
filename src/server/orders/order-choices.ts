// An ordered dish's choices, checked and priced by the server: each option chosen must be
// one of the dish's groups' (not archived, not sold out, not twice), each group's minimum
// and maximum hold, and the line's price is the dish's with its options' price changes (a
// client's price is never read). What was chosen is kept as it was then (names in both
// languages, price change), so a later edit of the menu changes no past order.
import type { Kysely } from 'kysely';
import type { ChosenOption } from '../../shared/choices.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { language, t } from '../http/language.js';
import { dishChoiceRows } from '../menu/index.js';

/** The options chosen for one line, checked against the dish's groups; and the price they add. */
export async function chosenFor(trx: Kysely<Database>, dish: { id: number; name: string }, chosen: readonly number[], field: string): Promise<{ choices: ChosenOption[]; addsCents: number }> {
  const invalid = (message: string) => new ApiError(400, 'invalid_field', message, { field });
  const said = (row: { name: string; name_it: string | null }) => (language() === 'it' && row.name_it ? row.name_it : row.name);
  const { groups, options } = await dishChoiceRows(trx, dish.id);
  if (!groups.length && !chosen.length) return { choices: [], addsCents: 0 };
  const seen = new Set<number>();
  for (const id of chosen) {
    const option = options.find((one) => one.id === id);
    if (!option) throw invalid(t('Option {id} is not one of the choices of {name}.', { id, name: dish.name }));
    if (seen.has(id)) throw invalid(t('{option} is chosen twice for {name}: choose it once.', { option: said(option), name: dish.name }));
    if (!option.available) throw invalid(t('{option} is sold out right now: choose another for {name}.', { option: said(option), name: dish.name }));
    seen.add(id);
  }
  const choices: ChosenOption[] = [];
  for (const group of groups) {
    const picked = options.filter((option) => option.group_id === group.id && seen.has(option.id));
    if (picked.length < group.min_choices) {
      throw invalid(group.min_choices === 1 ? t('Choose {group} for {name}.', { group: said(group), name: dish.name }) : t('Choose at least {count} of {group} for {name}.', { count: group.min_choices, group: said(group), name: dish.name }));
    }
    if (picked.length > group.max_choices) throw invalid(t('Choose at most {count} of {group} for {name}.', { count: group.max_choices, group: said(group), name: dish.name }));
    for (const option of picked) choices.push({ id: option.id, group: group.name, groupIt: group.name_it, name: option.name, nameIt: option.name_it, priceCents: option.price_cents, without: group.kind === 'without' });
  }
  return { choices, addsCents: choices.reduce((sum, choice) => sum + choice.priceCents, 0) };
}
