// Case-insensitive search, kept portable. SQLite's LIKE ignores case for ASCII only
// and PostgreSQL's not at all, so both sides are folded in JavaScript instead: the
// stored `search_text` and the query. This file is the one place that knows it.
import { sql, type Expression, type SqlBool } from 'kysely';

/** Lower case without accents: `Crème BRÛLÉE` becomes `creme brulee`. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** `column` contains the folded `query`; LIKE's wildcards in the query are taken literally. */
export function contains(column: Expression<string>, query: string): Expression<SqlBool> {
  const pattern = `%${fold(query).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
