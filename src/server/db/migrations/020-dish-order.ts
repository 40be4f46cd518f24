// A dish's place within its category, which the owner sets by dragging (or Up and Down):
// the menu is read by category position, then dish position, then id. Every dish starts at
// 0, so the order is the one it had (by id) until the owner moves one; a new dish, or one
// moved to another category, goes last there. The menu's indexes take the position, so a
// page of the menu is still read in its order without sorting.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dishes').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.dropIndex('dishes_menu_order').execute();
  await db.schema.createIndex('dishes_menu_order').on('dishes').columns(['category_id', 'position', 'id']).execute();
  await db.schema.dropIndex('dishes_featured').execute();
  await db.schema.createIndex('dishes_featured').on('dishes').columns(['featured', 'category_id', 'position', 'id']).execute();
}
