/**
 * The words of Tavola in each language. English is the source: a sentence is written in
 * English where it is used, `t('Your order')`, and that English is its key. Italian is
 * the catalog in it.ts, typed, so a key missing there is a type error, and build.mjs
 * writes each language's words into its own build (`t('Your order')` becomes "Il tuo
 * ordine" in the Italian files and "Your order" in the English ones): no page carries a
 * byte of the other language. checkCatalog is the rule both the build and a test apply.
 */
import type { IT } from './it.js';

export type { Language } from './languages.js';

/** A catalog entry: a sentence, or the plural forms of one (Intl.PluralRules' names; `other` is the key). */
export type Plural = { one: string; other: string };
export type Key = keyof typeof IT;
/** The `{name}` placeholders of a sentence, as a union of their names. */
type Names<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
/** A sentence's values: none when it has no placeholder, else one for each. */
export type Values<S> = [Names<S>] extends [never] ? [] : [values: Record<Names<S>, string | number>];

/** `{name}` placeholders of a text, sorted, each once. */
export const placeholders = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

/**
 * A key may start with a context in brackets, `[order] Cancelled`, when one English word is
 * two in Italian ("Annullato" for an order, "Annullata" for a booking): English shows it without.
 */
export const withoutContext = (key: string): string => key.replace(/^\[[\w-]+\] /, '');

/** Puts `values` into a text's `{name}` placeholders (a key's context, if any, left out). */
export const fill = (text: string, values?: Record<string, string | number>): string => {
  const words = withoutContext(text);
  return values ? words.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])) : words;
};

/**
 * What is wrong with a catalog, as sentences (none when it is right): a key used in the
 * source that it lacks, a placeholder that differs from its key's, a plural without both
 * forms, an empty translation.
 */
export function checkCatalog(catalog: Record<string, string | Plural>, used: Iterable<{ key: string; plural?: string }> = []): string[] {
  const problems: string[] = [];
  for (const { key, plural } of used) {
    const entry = catalog[key];
    if (entry === undefined) problems.push(`missing in Italian: ${JSON.stringify(key)}`);
    else if ((typeof entry === 'string') !== (plural === undefined)) problems.push(`${JSON.stringify(key)} is ${plural === undefined ? 'a sentence' : 'a plural'} where it is used, not in the catalog`);
  }
  for (const [key, entry] of Object.entries(catalog)) {
    const forms = typeof entry === 'string' ? [entry] : [entry.one, entry.other];
    if (forms.some((form) => !form?.trim())) problems.push(`empty in Italian: ${JSON.stringify(key)}`);
    const expected = placeholders(key).join();
    for (const form of forms) {
      // A plural's "one" form may leave the count out ("un piatto").
      const found = placeholders(form ?? '').filter((name) => typeof entry === 'string' || form !== entry.one || name !== '{count}');
      const wanted = typeof entry === 'string' || form !== entry.one ? expected : placeholders(key).filter((name) => name !== '{count}').join();
      if (found.join() !== wanted) problems.push(`placeholders differ: ${JSON.stringify(key)} has ${expected || 'none'}, Italian ${JSON.stringify(form)} has ${placeholders(form ?? '').join() || 'none'}`);
    }
  }
  return problems;
}
