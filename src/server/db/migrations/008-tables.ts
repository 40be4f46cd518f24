// The floor as the owner runs it: each table has a label, seats, an active flag, a
// version, and a secret code (its QR code carries it; an order to the table needs it,
// unless Waiter or Kitchen staff place it). An order keeps who took it, if staff did.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dining_tables').addColumn('label', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('dining_tables').addColumn('seats', 'integer', (c) => c.notNull().defaultTo(4)).execute();
  await db.schema.alterTable('dining_tables').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('dining_tables').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('dining_tables').addColumn('code', 'text').execute();
  for (const { number } of await db.selectFrom('dining_tables').select('number').execute()) {
    await db.updateTable('dining_tables').set({ label: `Table ${number}`, code: randomBytes(16).toString('base64url') }).where('number', '=', number).execute();
  }
  await db.schema.createIndex('dining_tables_code').unique().on('dining_tables').column('code').execute();
  await db.schema.alterTable('orders').addColumn('taken_by', 'integer', (c) => c.references('users.id')).execute();
  await db.schema.alterTable('orders').addColumn('taken_by_name', 'text').execute();
}
