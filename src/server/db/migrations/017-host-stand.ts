// The host stand: a third kind of paired display (`host`), which runs the evening's
// bookings. A booking remembers when its party was seated and when it left (finishing
// frees the table at once), and whether it was a walk-in; the owner sets when a party
// not come yet counts as late.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await allowHostDisplays(db);
  await db.schema.alterTable('bookings').addColumn('seated_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('finished_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('walk_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('booking_settings').addColumn('late_minutes', 'integer', (c) => c.notNull().defaultTo(15)).execute();
}

/** `displays.kind` may be `host` too. PostgreSQL changes the check; SQLite cannot, so the table is made anew (ids kept), with its bumps. */
async function allowHostDisplays(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table displays drop constraint displays_kind_check`.execute(db);
    await sql`alter table displays add constraint displays_kind_check check (kind in ('station', 'pass', 'host'))`.execute(db);
    return;
  }
  await sql`create table displays_new ("id" integer primary key autoincrement, "name" text not null, "kind" text not null check (kind in ('station', 'pass', 'host')), "station_id" integer references "stations" ("id"), "credential_hash" text unique, "pairing_hash" text unique, "pairing_expires_at" bigint, "pairing_used_at" bigint, "paired_at" text, "last_seen_at" bigint, "streaming_until" bigint, "version" integer default 1 not null, "created_at" text not null)`.execute(db);
  await sql`insert into displays_new select id, name, kind, station_id, credential_hash, pairing_hash, pairing_expires_at, pairing_used_at, paired_at, last_seen_at, streaming_until, version, created_at from displays`.execute(db);
  // The bumps refer to the displays: kept aside while the table is made anew (dropping it with them in place would delete them).
  await sql`create table display_bumps_kept as select * from display_bumps`.execute(db);
  await sql`drop table display_bumps`.execute(db);
  await sql`drop table displays`.execute(db);
  await sql`alter table displays_new rename to displays`.execute(db);
  await sql`create unique index "displays_name_any_case" on "displays" (lower(name))`.execute(db);
  await sql`create table "display_bumps" ("id" integer primary key autoincrement, "display_id" integer not null references "displays" ("id") on delete cascade, "order_id" integer not null references "orders" ("id"), "station_id" integer, "at" bigint not null)`.execute(db);
  await sql`create index "display_bumps_display" on "display_bumps" ("display_id", "id")`.execute(db);
  await sql`insert into display_bumps (id, display_id, order_id, station_id, at) select id, display_id, order_id, station_id, at from display_bumps_kept`.execute(db);
  await sql`drop table display_bumps_kept`.execute(db);
}
