/**
 * A dish's choices as the API sends them: groups of options ("Cottura": al sangue, media,
 * ben cotta), each saying how many of its options must and may be chosen, each option its
 * price change and the allergens it adds or takes away. One definition for the server (which
 * checks an order's choices and prices them) and the pages.
 */
import type { Allergen } from './allergens.js';

/** `choose`: options to pick (a doneness, extras); `without`: what can be left out, priced 0. */
export const CHOICE_KINDS = ['choose', 'without'] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];
/** The most options a group holds, and the most groups a dish lists. */
export const MOST_OPTIONS = 30;
export const MOST_GROUPS = 10;

export interface ChoiceOption {
  id: number;
  name: string;
  /** Added to the dish's price, in cents (a smaller portion may take some off). */
  priceCents: number;
  addsAllergens: Allergen[];
  removesAllergens: Allergen[];
  /** False while it is sold out: the dish can still be had without it. */
  available: boolean;
}

export interface ChoiceGroup {
  id: number;
  name: string;
  kind: ChoiceKind;
  /** How many of its options a diner must choose (0: none needed) and may choose. */
  min: number;
  max: number;
  options: ChoiceOption[];
}

/** An option as a kitchen's Sold out panel reads it: its name and its group's, in the language asked, and the group's version (an option's change moves it on). */
export interface KitchenOption {
  id: number;
  name: string;
  group: { id: number; name: string };
  available: boolean;
  version: number;
}

/** The owner's view of an option: both languages. */
export interface AdminChoiceOption extends ChoiceOption {
  nameIt: string | null;
}

/** The owner's view of a group: both languages, the dishes that list it, its version. */
export interface AdminChoiceGroup extends Omit<ChoiceGroup, 'options'> {
  nameIt: string | null;
  options: AdminChoiceOption[];
  dishes: number[];
  version: number;
}

/** A group as the owner writes it; an option with an `id` is that option changed, one without is new. */
export interface ChoiceGroupFields {
  name: string;
  nameIt: string | null;
  kind: ChoiceKind;
  min: number;
  max: number;
  options: (Omit<AdminChoiceOption, 'id'> & { id?: number })[];
}

/** An option as an order keeps it: names in both languages and its price change as they were when ordered. */
export interface ChosenOption {
  id: number;
  group: string;
  groupIt: string | null;
  name: string;
  nameIt: string | null;
  priceCents: number;
  /** Something left out ("senza cipolla"), marked apart on the ticket. */
  without: boolean;
}

/** A line's choices as stored (JSON); a value that is not the JSON the server writes reads as none (the line is still shown). */
export function storedChoices(text: string): ChosenOption[] {
  if (text === '[]') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((one): one is ChosenOption => typeof one === 'object' && one !== null && typeof one.name === 'string' && typeof one.priceCents === 'number') : [];
  } catch {
    return [];
  }
}

/** Why a group as written cannot be kept (the field and the words' key), or null. */
export function groupProblem({ kind, min, max, options }: Pick<ChoiceGroupFields, 'kind' | 'min' | 'max' | 'options'>): { field: string; problem: 'min_over_max' | 'min_over_options' | 'without_priced' | 'without_required' | 'same_name' | 'same_option' } | null {
  const ids = new Set<number>();
  for (const [i, option] of options.entries()) {
    if (option.id === undefined) continue;
    if (ids.has(option.id)) return { field: `options.${i}.id`, problem: 'same_option' };
    ids.add(option.id);
  }
  if (min > max) return { field: 'min', problem: 'min_over_max' };
  if (min > options.length) return { field: 'min', problem: 'min_over_options' };
  if (kind === 'without' && min > 0) return { field: 'min', problem: 'without_required' };
  const priced = options.findIndex((option) => kind === 'without' && option.priceCents !== 0);
  if (priced >= 0) return { field: `options.${priced}.priceCents`, problem: 'without_priced' };
  const names = options.map((option) => option.name.trim().toLocaleLowerCase());
  const twice = names.findIndex((name, i) => names.indexOf(name) !== i);
  if (twice >= 0) return { field: `options.${twice}.name`, problem: 'same_name' };
  return null;
}
