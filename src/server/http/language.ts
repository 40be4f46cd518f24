// The language an API answer speaks: `?lang=en|it`, else the request's Accept-Language
// (the first of English and Italian it ranks above zero), else English. Every API answer
// says which (`Content-Language`) and that it depends on the header (`Vary`); codes stay
// language-free. The language is kept for the request's whole run (AsyncLocalStorage),
// so a sentence made anywhere below, `t(…)`, is in it; a guest's
// e-mail is written in the booking's language the same way (`inLanguage`).
import { AsyncLocalStorage } from 'node:async_hooks';
import { fill, type Key, type Values } from '../../shared/i18n/catalog.js';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import { IT } from '../../shared/i18n/it.js';

const current = new AsyncLocalStorage<Language>();

/** Runs `work` in `lang` and waits for it (the middleware's `next`). */
export const runInLanguage = (lang: Language, work: () => Promise<void>): Promise<void> => current.run(lang, work);

/** The language of the request (or of the work) under way: English outside one. */
export const language = (): Language => current.getStore() ?? 'en';

/** Runs `work` in `lang`: its sentences, and those of what it calls, are in that language. */
export const inLanguage = <T>(lang: Language, work: () => T): T => current.run(lang, work);

const ITALIAN = IT as Record<string, string | { one: string; other: string }>;

/** A sentence in the current language, `{values}` filled. */
export function t<K extends Key>(key: K, ...values: Values<K>): string {
  const entry = language() === 'it' ? ITALIAN[key] : undefined;
  return fill(typeof entry === 'string' ? entry : key, values[0]);
}

const rules = { en: new Intl.PluralRules('en'), it: new Intl.PluralRules('it') };
/** "1 table", "2 tables" in the current language. */
export function tn<K extends Key>(one: string, other: K, count: number, values?: Record<string, string | number>): string {
  const lang = language();
  const entry = lang === 'it' ? ITALIAN[other] : undefined;
  const forms = typeof entry === 'object' ? entry : { one, other };
  return fill(rules[lang].select(count) === 'one' ? forms.one : forms.other, { ...values, count });
}

/** The locale Intl writes dates and numbers with in the current language. */
export const locale = (): string => (language() === 'it' ? 'it-IT' : 'en-GB');

/**
 * The language Accept-Language asks for among ours: the highest-ranked of English and
 * Italian (`it-CH` counts as Italian, `*` as English), ties to the first written. A header
 * that cannot be read is read as far as it can be, never refused.
 */
export function fromAcceptLanguage(header: string | undefined): Language {
  let best: Language = 'en';
  let bestQ = 0;
  for (const part of (header ?? '').slice(0, 1000).split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const tag = range.trim().toLowerCase();
    const q = params.map((param) => /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? (params.length ? 0 : 1) : Number(q);
    const lang = tag === '*' ? 'en' : (LANGUAGES.find((known) => tag === known || tag.startsWith(`${known}-`)) ?? null);
    if (lang && weight > bestQ) {
      best = lang;
      bestQ = weight;
    }
  }
  return best;
}
