// The menu's words in the language asked: a dish's or a category's Italian name and
// description when it has them, else its English, and the fields shown in English named in
// `untranslated` (the page marks them `lang="en"`: a diner never meets a half-translated
// page without knowing). While the owner holds Italian back (restaurant.italian_held),
// Italian answers carry the English words, every field marked.
import type { Language } from '../../shared/i18n/catalog.js';
import type { Untranslated } from '../../shared/menu-records.js';
import type { Db } from '../db/schema.js';
import { language } from '../http/language.js';

interface Words {
  name: string;
  description: string;
  name_it: string | null;
  description_it: string | null;
}

/** Whether Italian diners get the English menu for now. */
export async function italianHeld(db: Db): Promise<boolean> {
  const row = await db.selectFrom('restaurant').select('italian_held').where('id', '=', 1).executeTakeFirst();
  return row?.italian_held === 1;
}

/** The name and description in the current language, with what is not. */
export function wordsIn(row: Words, held: boolean, lang: Language = language()): { name: string; description: string; untranslated?: Untranslated } {
  if (lang === 'en') return { name: row.name, description: row.description };
  const name = held ? null : row.name_it;
  const description = held ? null : row.description_it;
  const untranslated: Untranslated = {};
  if (!name) untranslated.name = 'en';
  if (!description && row.description) untranslated.description = 'en';
  return { name: name || row.name, description: description ?? row.description, ...(untranslated.name || untranslated.description ? { untranslated } : {}) };
}
