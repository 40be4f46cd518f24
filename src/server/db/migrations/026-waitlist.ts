// The waitlist at the door: a party the floor cannot seat now gives a name, its size and a
// phone or an e-mail address, is quoted a wait, and keeps its place (first come, first
// seated). "Your table is ready" is sent through the outbox; seated from the list, the entry
// keeps the booking it became, so the quote can be set against the real wait.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.js';

export const WAITLIST_STATUSES = ['waiting', 'notified', 'seated', 'left'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('party', 'integer', (c) => c.notNull().check(sql`party > 0`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in (${WAITLIST_STATUSES.map((status) => `'${status}'`).join(', ')})`)))
    .addColumn('added_ms', 'bigint', (c) => c.notNull())
    .addColumn('quoted_minutes', 'integer')
    .addColumn('notified_ms', 'bigint')
    .addColumn('done_ms', 'bigint')
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('waitlist_day').on('waitlist').columns(['date', 'added_ms']).execute();
}
