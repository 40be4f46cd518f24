// A dish's choices, as the kitchen writes its menu: groups of options ("Cottura": al sangue,
// media, ben cotta; "Extra": + bufala, + 'nduja; "Senza": cipolla), each group with how many
// of its options a diner must and may choose, each option with its price change and the
// allergens it adds or takes away, and its own sold-out state. A group may serve several
// dishes (the pasta shapes of every pasta dish), listed in each dish's own order.
// Every change to them moves the menu's version on, as a dish's does (migration 004).
import { sql, type Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

const TABLES = ['choice_groups', 'choice_options', 'dish_choice_groups'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('choice_groups')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_it', 'text')
    // `choose`: options to pick; `without`: what can be left out (priced 0, marked apart on the ticket).
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('choose', 'without')`))
    .addColumn('min_choices', 'integer', (c) => c.notNull().check(sql`min_choices >= 0`))
    .addColumn('max_choices', 'integer', (c) => c.notNull().check(sql`max_choices >= 1`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('choice_groups_min_max', sql`min_choices <= max_choices`)
    .execute();
  await db.schema
    .createTable('choice_options')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('choice_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_it', 'text')
    // Added to the dish's price (a smaller portion may take some off).
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    // Allergen bits (menu/allergen-bits.ts) the option adds to the dish, and takes away from it.
    .addColumn('adds_allergens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removes_allergens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    // Taken out of the group by the owner: kept, so past orders still name it.
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('choice_options_group').on('choice_options').columns(['group_id', 'position']).execute();
  await db.schema
    .createTable('dish_choice_groups')
    .addColumn('dish_id', 'integer', (c) => c.notNull().references('dishes.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('choice_groups.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dish_choice_groups_key', ['dish_id', 'group_id'])
    .execute();
  await db.schema.createIndex('dish_choice_groups_dish').on('dish_choice_groups').columns(['dish_id', 'position']).execute();
  await db.schema.createIndex('dish_choice_groups_group').on('dish_choice_groups').column('group_id').execute();
  // An ordered dish keeps what was chosen as it was then (JSON: the group's and the option's
  // names in both languages, its price change, whether it leaves something out), and the
  // line's own note: a later edit of the menu changes no past order, ticket or bill.
  await db.schema.alterTable('order_items').addColumn('choices', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('order_items').addColumn('note', 'text', (c) => c.notNull().defaultTo('')).execute();
  await raiseMenuVersion(db);
}

/** The menu's version moves on with every change to these tables, as it does with the dishes'. */
async function raiseMenuVersion(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of TABLES) {
      await sql`create trigger ${sql.id(`${table}_menu_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function raise_menu_version()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const change of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_menu_version_${change}`)} after ${sql.raw(change)} on ${sql.table(table)}
        begin update menu_version set version = version + 1; end`.execute(db);
    }
  }
}
