// Content that ages: a dish's or a category's Italian written for an English that has changed
// since is "to review" (1) until the owner changes the Italian or says it still holds. Nothing
// is to review at first: the Italian there is was written for the English there is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['dishes', 'categories']) await db.schema.alterTable(table).addColumn('italian_to_review', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
