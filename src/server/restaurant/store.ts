// The restaurant's details: one row, read by everyone, written by the Admin on its version.
import type { Kysely } from 'kysely';
import type { RestaurantFields } from '../../shared/restaurant-records.js';
import type { Database } from '../db/schema.js';

export async function readRestaurant(db: Kysely<Database>): Promise<RestaurantFields & { version: number }> {
  const row = await db.selectFrom('restaurant').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { name: row.name, legalName: row.legal_name, address: row.address, vatNumber: row.vat_number, phone: row.phone, email: row.email, version: row.version };
}

/** Writes the details as the next version (the caller checked the one it was based on). */
export async function writeRestaurant(trx: Kysely<Database>, fields: RestaurantFields, version: number): Promise<void> {
  const { name, legalName, address, vatNumber, phone, email } = fields;
  await trx.updateTable('restaurant').set({ name, legal_name: legalName, address, vat_number: vatNumber, phone, email, version }).where('id', '=', 1).execute();
}
