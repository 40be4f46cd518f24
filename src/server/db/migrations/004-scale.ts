// Every list is read through an index in its own order, search has a full-text index,
// sign-in and order limits are counted in the database (shared by every process), and
// a version number goes up with every change to the menu (for caches and ETags).
import { sql, type Kysely } from 'kysely';
import { dialectOf, OPEN_ORDER } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dishes_category').execute();
  await db.schema.createIndex('dishes_menu_order').on('dishes').columns(['category_id', 'id']).execute();
  await db.schema.createIndex('dishes_featured').on('dishes').columns(['featured', 'category_id', 'id']).execute();
  // Unique, so that "by position, then by dish id" is one category after another, each
  // read from dishes_menu_order already in id order: no sorting for a page of the menu.
  await db.schema.createIndex('categories_position').on('categories').column('position').unique().execute();
  // The kitchen's queue: open orders only, in order. Its condition is written exactly
  // as the queue's query writes it, so both databases see that the index applies.
  await db.schema.dropIndex('orders_status').execute();
  await sql`create index orders_open on orders (id) where ${OPEN_ORDER}`.execute(db);
  await createSearchIndex(db);
  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    /** 1 when the last attempt taken was allowed: the answer of an atomic take. */
    .addColumn('allowed', 'integer', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttles_ends_at').on('throttles').column('ends_at').execute();
  await createMenuVersion(db);
}

/** The trigram index over `dishes.search_text`. */
async function createSearchIndex(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index dishes_search on dishes using gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table dishes_fts using fts5(search_text, content='dishes', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger dishes_fts_insert after insert on dishes begin
    insert into dishes_fts (rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  await sql`create trigger dishes_fts_delete after delete on dishes begin
    insert into dishes_fts (dishes_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
  await sql`create trigger dishes_fts_update after update of search_text on dishes begin
    insert into dishes_fts (dishes_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into dishes_fts (rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  await sql`insert into dishes_fts (dishes_fts) values ('rebuild')`.execute(db);
}

const MENU_TABLES = ['dishes', 'categories'] as const;

/** The menu's version (menu/version.ts): the one-row table and the triggers that raise it. */
async function createMenuVersion(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('menu_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('menu_version').values({ id: 1, version: 1 }).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`create function raise_menu_version() returns trigger language plpgsql as $$
      begin update menu_version set version = version + 1; return null; end $$`.execute(db);
    for (const table of MENU_TABLES) {
      await sql`create trigger ${sql.id(`${table}_menu_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function raise_menu_version()`.execute(db);
    }
    return;
  }
  for (const table of MENU_TABLES) {
    for (const change of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_menu_version_${change}`)} after ${sql.raw(change)} on ${sql.table(table)}
        begin update menu_version set version = version + 1; end`.execute(db);
    }
  }
}
