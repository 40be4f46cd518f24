// Tables that join: the owner says which pairs of tables may be pushed together
// (`table_joins`, a < b), and a stay holds every table it takes (`booking_tables`, one row
// per table, its first the booking's `table_number`). The rule that a table holds one party
// at a time moves to those rows, so it covers joined tables too: on PostgreSQL an exclusion
// constraint, on SQLite a trigger, as migration 011 does for `bookings` (whose rule stays).
// A stay's times and status are copied onto its rows by a trigger whenever they change, so
// no write can leave them behind; which tables it holds is written by the booking code.
import { sql, type Kysely } from 'kysely';
import { HOLDING_STATUSES } from '../../../shared/booking-records.js';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const holding = sql.raw(`status in (${HOLDING_STATUSES.map((status) => `'${status}'`).join(', ')})`);
  await db.schema
    .createTable('table_joins')
    .addColumn('a', 'integer', (c) => c.notNull().references('dining_tables.number'))
    .addColumn('b', 'integer', (c) => c.notNull().references('dining_tables.number'))
    .addPrimaryKeyConstraint('table_joins_pair', ['a', 'b'])
    .addCheckConstraint('table_joins_ordered', sql`a < b`)
    .execute();
  await db.schema
    .createTable('booking_tables')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('table_number', 'integer', (c) => c.notNull().references('dining_tables.number'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('starts_ms', 'bigint', (c) => c.notNull())
    .addColumn('ends_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_tables_pair', ['booking_id', 'table_number'])
    .execute();
  await db.schema.createIndex('booking_tables_table').on('booking_tables').columns(['table_number', 'starts_ms']).execute();
  await db.schema.createIndex('booking_tables_starts').on('booking_tables').columns(['starts_ms', 'status']).execute();
  await sql`insert into booking_tables (booking_id, table_number, status, starts_ms, ends_ms)
    select id, table_number, status, starts_ms, ends_ms from bookings where table_number is not null`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`alter table booking_tables add constraint booking_tables_no_overlap exclude using gist (table_number with =, int8range(starts_ms, ends_ms) with &&) where (${holding})`.execute(db);
    await sql`create function booking_tables_follow() returns trigger language plpgsql as $$
      begin
        update booking_tables set status = new.status, starts_ms = new.starts_ms, ends_ms = new.ends_ms where booking_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger booking_tables_follow after update of status, starts_ms, ends_ms on bookings
      for each row execute function booking_tables_follow()`.execute(db);
  } else {
    for (const event of ['insert', 'update']) {
      await sql`create trigger ${sql.raw(`booking_tables_no_overlap_${event}`)} before ${sql.raw(event)} on booking_tables
        when new.${holding}
        begin
          select raise(abort, 'bookings_no_overlap') where exists (
            select 1 from booking_tables where table_number = new.table_number and ${holding} and starts_ms < new.ends_ms and ends_ms > new.starts_ms and booking_id <> new.booking_id);
        end`.execute(db);
    }
    await sql`create trigger booking_tables_follow after update of status, starts_ms, ends_ms on bookings
      begin
        update booking_tables set status = new.status, starts_ms = new.starts_ms, ends_ms = new.ends_ms where booking_id = new.id;
      end`.execute(db);
  }
}
