// Table bookings. Each holds one table for its stay ([starts_ms, ends_ms)) while it is
// confirmed or the guest has arrived; the database itself refuses two such bookings
// overlapping on one table, whoever writes them: on PostgreSQL an exclusion constraint
// (btree_gist lets a GiST index compare the table number with =), on SQLite a trigger
// on insert and update. A guest's manage link is kept only as a hash; the guest's
// details may be removed (data_removed_at) while the counts stay. The owner's rules
// are one settings row, as the board's are.
import { sql, type Kysely } from 'kysely';
import { BOOKING_STATUSES, HOLDING_STATUSES } from '../../../shared/booking-records.js';
import { autoId, dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
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
}
