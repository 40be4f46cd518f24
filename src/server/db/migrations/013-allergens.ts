// The 14 allergens of EU Regulation 1169/2011 on every dish, as bits (menu/allergen-bits.ts):
// what it contains (null until the owner fills it in: the menu then says to ask) and
// what it may contain traces of. Dishes already on a menu start unknown.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dishes').addColumn('allergens', 'integer').execute();
  await db.schema.alterTable('dishes').addColumn('traces', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
