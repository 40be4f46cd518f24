// The words a diner reads for the API's codes: the 14 allergens (their codes are English
// words) and the dishes' dietary tags. In English the code is the word, so the English
// build carries no table (build-constants.d.ts).
import type { Allergen } from './api.js';
import { t } from '../../core/words.js';

const ALLERGEN_WORDS: Record<Allergen, string> = {
  gluten: t('gluten'),
  crustaceans: t('crustaceans'),
  eggs: t('eggs'),
  fish: t('fish'),
  peanuts: t('peanuts'),
  soybeans: t('soybeans'),
  milk: t('milk'),
  nuts: t('nuts'),
  celery: t('celery'),
  mustard: t('mustard'),
  sesame: t('sesame'),
  sulphites: t('sulphites'),
  lupin: t('lupin'),
  molluscs: t('molluscs'),
};

const TAG_WORDS: Record<string, string> = {
  vegetarian: t('vegetarian'),
  vegan: t('vegan'),
  'gluten-free': t('gluten free'),
  spicy: t('spicy'),
  'contains-fish': t('contains fish'),
  'contains-nuts': t('contains nuts'),
};

/** "milk" for `milk`; "latte" in Italian. */
export const allergenWord = (code: string): string => (typeof __LANG__ === 'string' && __LANG__ === 'it' ? (ALLERGEN_WORDS[code as Allergen] ?? code) : code);

/** "gluten free" for `gluten-free`; a tag the site has no word for is written as it is, its dashes as spaces. */
export const tagWord = (tag: string): string => (typeof __LANG__ === 'string' && __LANG__ === 'it' ? (TAG_WORDS[tag] ?? tag.replace(/-/g, ' ')) : tag.replace(/-/g, ' '));
