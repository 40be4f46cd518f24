// Search: every word of the query must appear somewhere in a dish (its name, description,
// dietary tags or category), or for a word of five letters or more that no dish has, a
// word one typo away (search-words.ts); results come in dish id order. This file is the one place
// that knows how each database does it.
//
// Folding is done in JavaScript on both sides, since SQLite's LIKE ignores case for
// ASCII only and PostgreSQL's not at all: the stored `search_text`, and each word of a
// query. The index is a trigram index, which finds any run of 3 or more characters:
// SQLite's FTS5 with the trigram tokenizer (an external-content table kept in step by
// triggers), PostgreSQL's pg_trgm (a GIN index that LIKE '%word%' uses). A word shorter
// than 3 characters cannot use a trigram index: it only narrows what the others found
// (alone, it is checked dish by dish).
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/schema.js';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Lower case without accents, hyphens as spaces: `Crème BRÛLÉE` is `creme brulee`, `gluten-free` is `gluten free`. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/-/g, ' ');
}

/** The dietary tags' words in Italian (the site shows them so: src/site/common/allergen-words.ts), so "vegano" finds the vegan dishes. */
const TAGS_IN_ITALIAN: Record<string, string> = { vegetarian: 'vegetariano', vegan: 'vegano', 'gluten-free': 'senza glutine', spicy: 'piccante', 'contains-nuts': 'contiene frutta a guscio', 'contains-fish': 'contiene pesce' };

/** What search looks through for one dish: its words in English and in Italian, so either finds it. */
export function searchText(
  dish: { name: string; description: string; tags: readonly string[]; nameIt?: string | null; descriptionIt?: string | null },
  category: { slug: string; name: string; nameIt?: string | null },
): string {
  const italianTags = dish.tags.map((tag) => TAGS_IN_ITALIAN[tag]);
  return fold([dish.name, dish.description, ...dish.tags, category.name, category.slug, dish.nameIt, dish.descriptionIt, ...italianTags, category.nameIt].filter(Boolean).join(' '));
}

/** The words of a query, folded; at most 8, so a query stays cheap. */
export function queryWords(query: string): string[] {
  return fold(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
}

const TRIGRAM = 3;
const literalLike = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const like = (word: string) => sql<SqlBool>`dishes.search_text like ${literalLike(word)} escape '\\'`;

/**
 * The dishes that contain every one of `words` (folded, as queryWords gives them), and
 * `id`: the column to page and order them by, in dish id order. On SQLite the trigram
 * index drives the query: FTS5 hands out matches in id order, so a page stops reading
 * after its last dish. On PostgreSQL the planner chooses between the trigram index and
 * the primary key by how common the words are.
 */
export function matchingDishes(db: Db, words: readonly (readonly string[])[]): { query: SelectQueryBuilder<Database, 'dishes', object>; id: Expression<number> } {
  // Each query word comes with what it may have been meant as (search-words.ts): a dish needs one of each.
  const indexed = dialectOf(db) === 'sqlite' ? words.filter((either) => either.every((word) => [...word].length >= TRIGRAM)) : [];
  let query = db.selectFrom('dishes');
  let id: Expression<number> = sql.ref('dishes.id');
  if (indexed.length) {
    const quoted = (word: string) => `"${word.replace(/"/g, '""')}"`;
    const match = indexed.map((either) => (either.length > 1 ? `(${either.map(quoted).join(' OR ')})` : quoted(either[0]!))).join(' AND ');
    const driven = db.selectFrom('dishes_fts').innerJoin('dishes', 'dishes.id', 'dishes_fts.rowid').where(sql<SqlBool>`dishes_fts match ${match}`);
    query = driven as unknown as typeof query; // the same dishes columns, read in the index's order
    id = sql.ref('dishes_fts.rowid');
  }
  for (const either of words) if (!indexed.includes(either)) query = query.where((eb) => eb.or(either.map(like)));
  return { query, id };
}
