// A station's name in Italian ("Cucina" for the kitchen every database starts with), shown on
// the Italian boards, tickets and back office; and, as for dishes and categories, "to review"
// (1) when its English changes after the Italian was written.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stations').addColumn('name_it', 'text').execute();
  await db.schema.alterTable('stations').addColumn('italian_to_review', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The kitchen every database starts with, and the seed's two others where a database has them as seeded.
  for (const [name, nameIt] of [['Kitchen', 'Cucina'], ['Pizza oven', 'Forno pizza'], ['Bar', 'Bar']]) await db.updateTable('stations').set({ name_it: nameIt }).where('name', '=', name!).execute();
}
