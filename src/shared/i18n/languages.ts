// Tavola's two languages. A file of its own, so a page that only shows words (every diner's
// page) does not carry the list: the pages that offer a choice of language import it.

export type Language = 'en' | 'it';
export const LANGUAGES: readonly Language[] = ['en', 'it'];
/** Each language's name in itself ("Italiano" on an English page too, marked with its lang). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', it: 'Italiano' };
