// Finished by mistake, undone: a finished stay keeps the end it was held until before the
// party left (held_until_ms), so that Undo finished gives the table back to them until then.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('held_until_ms', 'bigint').execute();
}
