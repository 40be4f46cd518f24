// Guests' e-mails go through an outbox: a message is a row written in the same transaction
// as the booking change that causes it, and a worker sends it afterwards (mail/worker.ts).
// A booking keeps the random salt its manage link is made from (with the server's secret),
// so a later message can carry the link while the database alone still cannot; and when its
// reminder was written, so it is written once.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', autoId(db))
    /** `<random>@<host>`, fixed when written: a second try after an unknown result is the same message. */
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('ics', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sqlStates()))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_try_ms', 'bigint', (c) => c.notNull())
    /** While `sending`: until when the process that took it has it (a process killed mid-send lets go then). */
    .addColumn('claimed_until_ms', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('sent_ms', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_try_ms']).execute();
  await db.schema.createIndex('outbox_booking').on('outbox').column('booking_id').execute();
  await db.schema.alterTable('bookings').addColumn('key_salt', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('reminder_written', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

const sqlStates = () => sql`state in ('waiting', 'sending', 'sent', 'failed')`;
