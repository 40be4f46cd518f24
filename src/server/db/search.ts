// Search, kept portable. Every word of the query must appear somewhere in a dish: its
// name, description, dietary tags or category. SQLite's LIKE ignores case for ASCII only
// and PostgreSQL's not at all, so both sides are folded in JavaScript instead: the stored
// `search_text` and each word of the query. This file is the one place that knows it.
import { sql, type Expression, type SqlBool } from 'kysely';

/** Lower case without accents, hyphens as spaces: `Crème BRÛLÉE` is `creme brulee`, `gluten-free` is `gluten free`. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/-/g, ' ');
}

/** What search looks through for one dish. */
export function searchText(dish: { name: string; description: string; tags: readonly string[] }, category: { slug: string; name: string }): string {
  return fold([dish.name, dish.description, ...dish.tags, category.name, category.slug].join(' '));
}

/** The words of a query, folded; at most 8, so a query stays cheap. */
export function queryWords(query: string): string[] {
  return fold(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
}

/** `column` contains every word; LIKE's wildcards in a word are taken literally. */
export function containsAll(column: Expression<string>, words: readonly string[]): Expression<SqlBool> {
  const conditions = words.map((word) => sql<SqlBool>`${column} like ${`%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} escape '\\'`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}
