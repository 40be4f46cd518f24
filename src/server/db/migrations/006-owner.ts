// The owner runs the menu: dishes and categories carry a version (a stale edit is a
// conflict) and a dish can be archived; uploaded pictures live in the database (every
// process serves them); the opening hours are one edited document; and every change
// the staff make is written to the activity list in the same transaction.
import { sql, type Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema.alterTable('dishes').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('dishes').addColumn('archived_at', 'text').execute();
  await db.schema.alterTable('dishes').addColumn('picture', 'text').execute();
  await db.schema.alterTable('categories').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createTable('pictures')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('opening_hours')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('closed_dates', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('activity')
    .addColumn('id', 'integer', id)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
}
