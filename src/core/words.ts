/**
 * The page's language and its words. `t('Your order')` is the English sentence, which is
 * also its key in the Italian catalog (src/shared/i18n/it.ts). The build writes each
 * language's words in place (build.mjs `wordsInPlace`): in the Italian files
 * `t('Your order')` is the string "Il tuo ordine", and only a sentence with `{values}`
 * keeps a call, to fill them. Run from source (tests, `npm run dev` before its build),
 * the English key is the sentence.
 */
import { fill, type Key, type Values } from '../shared/i18n/catalog.js';

/** The language this build speaks, a constant the build writes in ("en" from source). */
export const LANG: 'en' | 'it' = typeof __LANG__ === 'string' ? __LANG__ : 'en';
/** Where its pages live: "" for English, "/it" for Italian. */
export const BASE: string = typeof __BASE__ === 'string' ? __BASE__ : '';
/** The locale Intl formats with: British English, Italian of Italy. */
export const LOCALE = LANG === 'it' ? 'it-IT' : 'en-GB';

/** A sentence in the page's language, with its `{values}` filled. */
export const t = <K extends Key>(key: K, ...values: Values<K>): string => fill(key, values[0]);

let rules: Intl.PluralRules | undefined;
/** "1 dish", "2 dishes": the form Intl.PluralRules picks for `count`, with `{count}` filled. */
export function tn<K extends Key>(one: string, other: K, count: number, values?: Record<string, string | number>): string {
  rules ??= new Intl.PluralRules(LANG);
  return fill(rules.select(count) === 'one' ? one : other, { ...values, count });
}
