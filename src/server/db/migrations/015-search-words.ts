// Search forgives one typo per word of five letters or more: the words dishes are
// found by, once each, to correct a query word to (menu/search-words.ts).
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/** The table, in byte order on PostgreSQL too, so a range of it is one index read; then the words of the dishes there are. */
export async function up(db: Kysely<any>): Promise<void> {
  const collate = dialectOf(db) === 'postgres' ? sql` collate "C"` : sql``;
  await sql`create table search_words (word text${collate} primary key, reversed text${collate} not null)`.execute(db);
  await sql`create index search_words_reversed on search_words (reversed)`.execute(db);
  const dishes = await db.selectFrom('dishes').select('search_text').execute();
  // Words of four letters or more, as the menu kept them when this was written.
  const words = new Set(dishes.flatMap(({ search_text }) => (search_text as string).split(/[^\p{L}\p{N}]+/u).filter((word) => [...word].length >= 4)));
  for (const word of words) await db.insertInto('search_words').values({ word, reversed: [...word].reverse().join('') }).execute();
}
