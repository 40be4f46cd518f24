import type { Allergen } from './allergens.js';

/**
 * The menu as the API sends it to everyone: a dish, the filters a list takes, and a page
 * of a list. One definition, read by the server (which builds them) and by the site.
 */

export interface Dish {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  currency: 'EUR';
  category: string;
  tags: string[];
  /** The allergens it contains, or null while the restaurant has not filled them in (ask the staff). */
  allergens: Allergen[] | null;
  /** The allergens it may contain traces of. */
  traces: Allergen[];
  image: string;
  /** The uploaded picture in two widths for `srcset`, or null for a drawn one. */
  srcset: string | null;
  featured: boolean;
  /** False while it is sold out: it cannot be ordered. */
  available: boolean;
  /** Goes up with every edit: a change (PATCH /dishes/{id}) names the one it was based on. */
  version: number;
  /** Whether it has groups of choices (its own address lists them), and whether one must be chosen from: then "Add" opens them. */
  choosing: Choosing;
  /** In a list filtered by allergens (`without`): the choice that makes it free of them, when it is free of them only with it ("Gluten-free spaghetti"), those of them it takes away, and the card's words for it ("Without gluten: choose Gluten-free base"). */
  freeWith?: { option: string; allergens: Allergen[]; said: string };
  /** Its words shown in another language than asked (not translated yet), by field: absent when all are. */
  untranslated?: Untranslated;
}

export type Choosing = 'none' | 'optional' | 'required';

/** Which of a record's words are in another language than the page's, and which: `{ description: 'en' }`. */
export type Untranslated = Partial<Record<'name' | 'description', 'en' | 'it'>>;

export interface DishFilter {
  category?: string;
  q?: string;
  featured?: boolean;
  /** Only dishes known to contain none of these, not even as traces. */
  without?: Allergen[];
}

/** One page of a list: `next` is the `after` of the page that follows, or null on the last page. */
export interface DishPage {
  dishes: Dish[];
  next: number | null;
}
