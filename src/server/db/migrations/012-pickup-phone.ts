// A pickup order keeps the phone number (E.164) the kitchen calls when it waits; orders
// placed before this have none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('pickup_phone', 'text').execute();
}
