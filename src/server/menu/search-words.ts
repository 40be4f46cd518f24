// What a typo in a search is corrected to: every word dishes are found by (folded, four
// letters or more), kept once in `search_words`. A query word of five letters or more
// that is not one of them is also looked for as each of them one edit away (a letter
// left out, added, changed, or two swapped): "carbonra" finds "carbonara". The
// candidates come from two index reads: a one-edit typo leaves either the word's start or
// its end as it was, so the words that begin with its start or (read backwards, through
// `reversed`) end with its end, each of about half its length. Words are only ever added:
// one left by a dish since changed costs a row and finds nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A query word this long or longer may have one typo. */
export const TYPO_LENGTH = 5;
const MOST_CANDIDATES = 500;

const reverse = (word: string) => [...word].reverse().join('');
const wordsOf = (text: string) => [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter((word) => [...word].length >= TYPO_LENGTH - 1))];

/** Keeps the words of a dish's folded search text (see search.ts). */
export async function rememberWords(db: Kysely<Database>, searchText: string): Promise<void> {
  const words = wordsOf(searchText);
  if (!words.length) return;
  await db
    .insertInto('search_words')
    .values(words.map((word) => ({ word, reversed: reverse(word) })))
    .onConflict((conflict) => conflict.column('word').doNothing())
    .execute();
}

/** True when `a` and `b` are one edit apart: a letter left out, added, changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  const [x, y] = [[...a], [...b]];
  if (Math.abs(x.length - y.length) > 1 || a === b) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (from: string[], at: number, to: string[], at2: number) => from.slice(at).join('') === to.slice(at2).join('');
  if (x.length === y.length) return rest(x, i + 1, y, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2, y, i + 2));
  return x.length > y.length ? rest(x, i + 1, y, i) : rest(x, i, y, i + 1);
}

/**
 * Each query word with what it may have been meant as: itself, and for a word of five
 * letters or more that no dish has, the words dishes have one edit away from it.
 */
export async function withTypos(db: Kysely<Database>, words: readonly string[]): Promise<string[][]> {
  return Promise.all(
    words.map(async (word) => {
      const letters = [...word];
      if (letters.length < TYPO_LENGTH) return [word];
      if (await db.selectFrom('search_words').select('word').where('word', '=', word).executeTakeFirst()) return [word];
      // An edit touches at most two neighbouring letters, so it cannot reach both of these.
      const start = letters.slice(0, Math.ceil((letters.length - 2) / 2)).join('');
      const end = reverse(letters.slice(letters.length - Math.floor((letters.length - 2) / 2)).join(''));
      const near = await db
        .selectFrom('search_words')
        .select('word')
        .where((eb) => eb.or([eb.and([eb('word', '>=', start), eb('word', '<', `${start}\uffff`)]), eb.and([eb('reversed', '>=', end), eb('reversed', '<', `${end}\uffff`)])]))
        .limit(MOST_CANDIDATES)
        .execute();
      return [word, ...near.map((row) => row.word).filter((candidate) => oneEditApart(word, candidate))];
    }),
  );
}
