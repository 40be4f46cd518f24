// The schema, as migrations that run in order on start, on SQLite and PostgreSQL alike:
// Kysely's schema builder writes each dialect's SQL, and dialect.ts has the rest.
// Millisecond times are `bigint` (on SQLite every integer is 64-bit anyway).
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { autoId, dialectOf, OPEN_ORDER } from './dialect.js';
import { parseTags } from '../menu/store.js';
import { createMenuVersion } from '../menu/version.js';
import { createSearchIndex, searchText } from '../menu/search.js';
import { createSearchWords } from '../menu/search-words.js';
import { BOOKING_STATUSES, HOLDING_STATUSES } from '../../shared/booking-records.js';

/** How many tables a fresh restaurant has, numbered from 1. */
export const DINING_TABLES = 24;

export const migrations: Record<string, Migration> = {
  '001-initial': {
    async up(db: Kysely<any>) {
      const id = autoId(db);
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('test_account', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_login_at', 'text')
        .execute();
      await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('dishes')
        .addColumn('id', 'integer', id)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search_text', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dishes_category').on('dishes').column('category_id').execute();
      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('table_number', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('order_items')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('dish_id', 'integer', (c) => c.notNull().references('dishes.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
    },
  },
  '002-orders': {
    // Orders diners place themselves: a public id to follow them by, a table or a pickup
    // name, prices kept as they were when ordered, a version for concurrent screens, an
    // idempotency key, and every change kept as an event. The old orders table cannot be
    // altered that far in SQLite, so its rows are read, the tables made anew, the rows put back.
    async up(db: Kysely<any>) {
      const id = autoId(db);
      const old = await db.selectFrom('orders').selectAll().orderBy('id').execute();
      const oldItems = await db
        .selectFrom('order_items')
        .innerJoin('dishes', 'dishes.id', 'order_items.dish_id')
        .select(['order_items.order_id', 'order_items.dish_id', 'order_items.quantity', 'dishes.name', 'dishes.price_cents'])
        .orderBy('order_items.id')
        .execute();
      await db.schema.dropTable('order_items').execute();
      await db.schema.dropTable('orders').execute();

      await db.schema.alterTable('dishes').addColumn('available', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.createTable('dining_tables').addColumn('number', 'integer', (c) => c.primaryKey()).execute();
      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('table_number', 'integer', (c) => c.references('dining_tables.number'))
        .addColumn('pickup_name', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('idempotency_key', 'text', (c) => c.unique())
        .addColumn('request_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
      await db.schema
        .createTable('order_items')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('dish_id', 'integer', (c) => c.notNull().references('dishes.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'id']).execute();
      await db.schema
        .createTable('order_events')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

      // The floor: tables 1 to 24 (and any other an old order names).
      const tables = new Set([...Array.from({ length: DINING_TABLES }, (_, i) => i + 1), ...old.map((order) => order.table_number as number)]);
      await db.insertInto('dining_tables').values([...tables].map((number) => ({ number }))).execute();
      for (const order of old) {
        const items = oldItems.filter((item) => item.order_id === order.id);
        await db
          .insertInto('orders')
          .values({
            id: order.id,
            public_id: randomBytes(16).toString('base64url'),
            table_number: order.table_number,
            pickup_name: null,
            status: order.status,
            note: order.note,
            total_cents: items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0),
            version: 1,
            created_at: order.created_at,
            updated_at: order.created_at,
          })
          .execute();
        for (const item of items) {
          await db.insertInto('order_items').values({ order_id: order.id, dish_id: item.dish_id, name: item.name, price_cents: item.price_cents, quantity: item.quantity }).execute();
        }
      }
    },
  },
  '003-search-everything': {
    // Search finds words in the tags and the category too ("vegan", "fish", "pizza").
    async up(db: Kysely<any>) {
      const dishes = await db
        .selectFrom('dishes')
        .innerJoin('categories', 'categories.id', 'dishes.category_id')
        .select(['dishes.id', 'dishes.name', 'dishes.description', 'dishes.tags', 'categories.slug', 'categories.name as category'])
        .execute();
      for (const dish of dishes) {
        const tags = parseTags(dish.tags);
        await db.updateTable('dishes').set({ search_text: searchText({ ...dish, tags }, { slug: dish.slug, name: dish.category }) }).where('id', '=', dish.id).execute();
      }
    },
  },
  '004-scale': {
    // Every list is read through an index in its own order, search has a full-text index,
    // sign-in and order limits are counted in the database (shared by every process), and
    // a version number goes up with every change to the menu (for caches and ETags).
    async up(db: Kysely<any>) {
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
    },
  },
  '005-token-sweep': {
    // Old refresh tokens are deleted in batches (auth/token-sweep.ts), found through these.
    async up(db: Kysely<any>) {
      await db.schema.createIndex('refresh_tokens_expires_at').on('refresh_tokens').column('expires_at').execute();
      await db.schema.createIndex('refresh_tokens_revoked_at').on('refresh_tokens').column('revoked_at').execute();
    },
  },
  '006-owner': {
    // The owner runs the menu: dishes and categories carry a version (a stale edit is a
    // conflict) and a dish can be archived; uploaded pictures live in the database (every
    // process serves them); the opening hours are one edited document; and every change
    // the staff make is written to the activity list in the same transaction.
    async up(db: Kysely<any>) {
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
    },
  },
  '007-staff': {
    // The owner runs the staff: an account can be deactivated (and carries a version for
    // concurrent edits), e-mails are unique whatever their letter case, and an invitation
    // or a password reset is a one-time link whose token is kept only as a hash. An
    // invited account has no password yet: its hash is empty, which no password matches.
    async up(db: Kysely<any>) {
      const id = autoId(db);
      await db.schema.alterTable('users').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('users').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.updateTable('users').set({ email: sql`lower(email)` }).execute();
      await db.schema.createIndex('users_email_any_case').unique().on('users').expression(sql`lower(email)`).execute();
      await db.schema
        .createTable('password_links')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('password_links_user').on('password_links').column('user_id').execute();
      await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
    },
  },
  '008-tables': {
    // The floor as the owner runs it: each table has a label, seats, an active flag, a
    // version, and a secret code (its QR code carries it; an order to the table needs it,
    // unless Waiter or Kitchen staff place it). An order keeps who took it, if staff did.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('dining_tables').addColumn('label', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('dining_tables').addColumn('seats', 'integer', (c) => c.notNull().defaultTo(4)).execute();
      await db.schema.alterTable('dining_tables').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('dining_tables').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('dining_tables').addColumn('code', 'text').execute();
      for (const { number } of await db.selectFrom('dining_tables').select('number').execute()) {
        await db.updateTable('dining_tables').set({ label: `Table ${number}`, code: newTableCode() }).where('number', '=', number).execute();
      }
      await db.schema.createIndex('dining_tables_code').unique().on('dining_tables').column('code').execute();
      await db.schema.alterTable('orders').addColumn('taken_by', 'integer', (c) => c.references('users.id')).execute();
      await db.schema.alterTable('orders').addColumn('taken_by_name', 'text').execute();
    },
  },
  '009-day-figures': {
    // The day's numbers, counted by the database: when each order was placed in ms (a day's
    // orders found through an index, its hours by integer division), and how long it took
    // to be ready and then served, in seconds, written by the moves. ready_at and served_at
    // keep the moments for people (the CSV).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('placed_ms', 'bigint').execute();
      await db.schema.alterTable('orders').addColumn('ready_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('served_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('ready_after_s', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('served_after_s', 'integer').execute();
      const epochMs = dialectOf(db) === 'postgres' ? sql`(extract(epoch from created_at::timestamptz) * 1000)::bigint` : sql`cast(round((julianday(created_at) - 2440587.5) * 86400000) as integer)`;
      await db.updateTable('orders').set({ placed_ms: epochMs }).execute();
      // Covering: a day's counts, sums and medians are read from the index alone, and so are
      // the dishes of its orders.
      await db.schema.createIndex('orders_placed_ms').on('orders').columns(['placed_ms', 'status', 'total_cents', 'ready_after_s', 'served_after_s']).execute();
      await db.schema.createIndex('order_items_sales').on('order_items').columns(['order_id', 'dish_id', 'quantity']).execute();
    },
  },
  '010-kitchen-screens': {
    // Kitchen and pass screens as paired devices, not people's sign-ins. Stations (a
    // category's dishes are cooked at its station, one default) with the board's late
    // thresholds in one settings row; each order keeps its parts (a station's share, done
    // or not) and which station each of its dishes went to; a paired display keeps only
    // the hash of its credential and of its one-time pairing code; the last moves a display
    // made are kept for its recall; the activity list names a display as well as a person.
    async up(db: Kysely<any>) {
      const id = autoId(db);
      await db.schema
        .createTable('stations')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('stations_name_any_case').unique().on('stations').expression(sql`lower(name)`).execute();
      const { id: kitchen } = await db.insertInto('stations').values({ name: 'Kitchen' }).returning('id').executeTakeFirstOrThrow();
      await db.schema
        .createTable('board_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('default_station', 'integer', (c) => c.notNull().references('stations.id'))
        .addColumn('late_minutes', 'integer', (c) => c.notNull())
        .addColumn('very_late_minutes', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('board_settings').values({ id: 1, default_station: kitchen, late_minutes: 10, very_late_minutes: 20, version: 1 }).execute();
      await db.schema.alterTable('categories').addColumn('station_id', 'integer', (c) => c.references('stations.id')).execute();
      await db.updateTable('categories').set({ station_id: kitchen }).execute();
      await db.schema.alterTable('order_items').addColumn('station_id', 'integer', (c) => c.references('stations.id')).execute();
      await db.updateTable('order_items').set({ station_id: kitchen }).execute();
      await db.schema.alterTable('orders').addColumn('moved_by', 'text').execute();
      await db.schema
        .createTable('order_parts')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id'))
        .addColumn('done_by', 'text')
        .addColumn('done_at', 'text')
        // The order's version when the part last changed: a move based on an older version conflicts only if the part changed since.
        .addColumn('changed_in', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('order_parts_key', ['order_id', 'station_id'])
        .execute();
      await db.schema.createIndex('order_parts_station').on('order_parts').column('station_id').execute();
      // Every order has its one part; those already ready or served are done.
      await sql`insert into order_parts (order_id, station_id, done_at, changed_in)
        select id, ${kitchen}, case when status in ('ready', 'served') then coalesce(ready_at, updated_at) end, version from orders`.execute(db);
      await db.schema
        .createTable('displays')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('station', 'pass')`))
        .addColumn('station_id', 'integer', (c) => c.references('stations.id'))
        .addColumn('credential_hash', 'text', (c) => c.unique())
        .addColumn('pairing_hash', 'text', (c) => c.unique())
        .addColumn('pairing_expires_at', 'bigint')
        .addColumn('pairing_used_at', 'bigint')
        .addColumn('paired_at', 'text')
        .addColumn('last_seen_at', 'bigint')
        .addColumn('streaming_until', 'bigint')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Its moves are recorded as "Display: <name>": one name, one display.
      await db.schema.createIndex('displays_name_any_case').unique().on('displays').expression(sql`lower(name)`).execute();
      await db.schema
        .createTable('display_bumps')
        .addColumn('id', 'integer', id)
        .addColumn('display_id', 'integer', (c) => c.notNull().references('displays.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('station_id', 'integer')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('display_bumps_display').on('display_bumps').columns(['display_id', 'id']).execute();
      // The activity list names who did it: a person (user_id) or a paired display
      // (display_id, with its name then in user_name), so user_id may now be empty.
      if (dialectOf(db) === 'postgres') {
        await sql`alter table activity alter column user_id drop not null`.execute(db);
        await db.schema.alterTable('activity').addColumn('display_id', 'integer').execute();
      } else {
        // SQLite cannot drop a NOT NULL: the table is made anew, ids kept.
        await sql`create table activity_new (id integer primary key autoincrement, at text not null, user_id integer references users(id), display_id integer, user_name text not null, action text not null, subject text not null, before text, after text)`.execute(db);
        await sql`insert into activity_new (id, at, user_id, user_name, action, subject, before, after) select id, at, user_id, user_name, action, subject, before, after from activity`.execute(db);
        await sql`drop table activity`.execute(db);
        await sql`alter table activity_new rename to activity`.execute(db);
      }
    },
  },
  '011-bookings': {
    // Table bookings. Each holds one table for its stay ([starts_ms, ends_ms)) while it is
    // confirmed or the guest has arrived; the database itself refuses two such bookings
    // overlapping on one table, whoever writes them: on PostgreSQL an exclusion constraint
    // (btree_gist lets a GiST index compare the table number with =), on SQLite a trigger
    // on insert and update. A guest's manage link is kept only as a hash; the guest's
    // details may be removed (data_removed_at) while the counts stay. The owner's rules
    // are one settings row, as the board's are.
    async up(db: Kysely<any>) {
      const id = autoId(db);
      const holding = sql.raw(`status in (${HOLDING_STATUSES.map((status) => `'${status}'`).join(', ')})`);
      await db.schema
        .createTable('bookings')
        .addColumn('id', 'integer', id)
        .addColumn('key_hash', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in (${BOOKING_STATUSES.map((status) => `'${status}'`).join(', ')})`)))
        .addColumn('party', 'integer', (c) => c.notNull().check(sql`party > 0`))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('starts_ms', 'bigint', (c) => c.notNull())
        .addColumn('ends_ms', 'bigint', (c) => c.notNull())
        .addColumn('table_number', 'integer', (c) => c.references('dining_tables.number'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('note', 'text')
        .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('online', 'staff')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('data_removed_at', 'text')
        .addCheckConstraint('bookings_stay', sql`ends_ms > starts_ms`)
        .addCheckConstraint('bookings_holding_has_table', sql`not (${holding}) or table_number is not null`)
        .execute();
      await db.schema.createIndex('bookings_day').on('bookings').columns(['date', 'starts_ms']).execute();
      await db.schema.createIndex('bookings_table').on('bookings').columns(['table_number', 'starts_ms']).execute();
      await db.schema.createIndex('bookings_starts').on('bookings').columns(['starts_ms', 'status', 'party']).execute();
      await db.schema.createIndex('bookings_phone').on('bookings').columns(['phone', 'starts_ms']).execute();
      if (dialectOf(db) === 'postgres') {
        await sql`create extension if not exists btree_gist`.execute(db);
        await sql`alter table bookings add constraint bookings_no_overlap exclude using gist (table_number with =, int8range(starts_ms, ends_ms) with &&) where (${holding})`.execute(db);
      } else {
        for (const [event, other] of [['insert', sql``], ['update of status, table_number, starts_ms, ends_ms', sql`and id <> new.id`]] as const) {
          await sql`create trigger ${sql.raw(`bookings_no_overlap_${event.split(' ')[0]}`)} before ${sql.raw(event)} on bookings
            when new.${holding}
            begin
              select raise(abort, 'bookings_no_overlap') where exists (
                select 1 from bookings where table_number = new.table_number and ${holding} and starts_ms < new.ends_ms and ends_ms > new.starts_ms ${other});
            end`.execute(db);
        }
      }
      await db.schema
        .createTable('booking_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('interval_minutes', 'integer', (c) => c.notNull())
        .addColumn('stay_minutes', 'integer', (c) => c.notNull())
        .addColumn('lead_minutes', 'integer', (c) => c.notNull())
        .addColumn('horizon_days', 'integer', (c) => c.notNull())
        .addColumn('cancel_cutoff_minutes', 'integer', (c) => c.notNull())
        .addColumn('largest_party', 'integer', (c) => c.notNull())
        .addColumn('pacing_parties', 'integer', (c) => c.notNull())
        .addColumn('pacing_seats', 'integer', (c) => c.notNull())
        .addColumn('needs_approval', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db
        .insertInto('booking_settings')
        .values({ id: 1, interval_minutes: 15, stay_minutes: 120, lead_minutes: 60, horizon_days: 60, cancel_cutoff_minutes: 120, largest_party: 8, pacing_parties: 0, pacing_seats: 0, needs_approval: 0, version: 1 })
        .execute();
    },
  },
  '012-pickup-phone': {
    // A pickup order keeps the phone number (E.164) the kitchen calls when it waits; orders
    // placed before this have none.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('pickup_phone', 'text').execute();
    },
  },
  '013-allergens': {
    // The 14 allergens of EU Regulation 1169/2011 on every dish, as bits (allergen-bits.ts):
    // what it contains (null until the owner fills it in: the menu then says to ask) and
    // what it may contain traces of. Dishes already on a menu start unknown.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('dishes').addColumn('allergens', 'integer').execute();
      await db.schema.alterTable('dishes').addColumn('traces', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
  '014-restaurant': {
    // Who runs the restaurant, as the law's pages and the footer say it: one row, versioned,
    // set by the Admin. A fresh database holds the sample restaurant's details.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('restaurant')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('legal_name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('vat_number', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('restaurant').values({ id: 1, ...SAMPLE_RESTAURANT, version: 1 }).execute();
    },
  },
  '015-search-words': {
    // Search forgives one typo per word of five letters or more: the words dishes are
    // found by, once each, to correct a query word to (search-words.ts).
    async up(db: Kysely<any>) {
      await createSearchWords(db);
    },
  },
};

/** The details a fresh database starts with: an example, for the Admin to replace. */
export const SAMPLE_RESTAURANT = {
  name: 'Tavola',
  legal_name: 'Tavola S.r.l.',
  address: 'Via dei Serpenti 42, 00184 Roma RM, Italia',
  vat_number: '12345678903',
  phone: '+39 06 1234 5678',
  email: 'ciao@tavola.example',
};

/** A table's secret: 128 random bits, base64url (22 characters). */
export const newTableCode = () => randomBytes(16).toString('base64url');
