// Kitchen and pass screens as paired devices, not people's sign-ins. Stations (a
// category's dishes are cooked at its station, one default) with the board's late
// thresholds in one settings row; each order keeps its parts (a station's share, done
// or not) and which station each of its dishes went to; a paired display keeps only
// the hash of its credential and of its one-time pairing code; the last moves a display
// made are kept for its recall; the activity list names a display as well as a person.
import { sql, type Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
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
}
