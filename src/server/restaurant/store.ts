// The restaurant's details: one row, read by everyone, written by the Admin on its version.
import type { Kysely } from 'kysely';
import type { RestaurantFields } from '../../shared/restaurant-records.js';
import type { Database } from '../db/schema.js';

export async function readRestaurant(db: Kysely<Database>): Promise<RestaurantFields & { version: number }> {
  const row = await db.selectFrom('restaurant').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { name: row.name, legalName: row.legal_name, address: row.address, vatNumber: row.vat_number, phone: row.phone, email: row.email, italianHeld: row.italian_held === 1, coverCents: row.cover_cents, discountLimitCents: row.discount_limit_cents, version: row.version };
}

/** Writes the details as the next version (the caller checked the one it was based on). */
export async function writeRestaurant(trx: Kysely<Database>, fields: RestaurantFields, version: number): Promise<void> {
  const { name, legalName, address, vatNumber, phone, email, italianHeld, coverCents, discountLimitCents } = fields;
  const before = await trx.selectFrom('restaurant').select('italian_held').where('id', '=', 1).executeTakeFirstOrThrow();
  await trx.updateTable('restaurant').set({ name, legal_name: legalName, address, vat_number: vatNumber, phone, email, italian_held: italianHeld ? 1 : 0, cover_cents: coverCents, discount_limit_cents: discountLimitCents, version }).where('id', '=', 1).execute();
  // The menu's answers in Italian change with it: a new menu version, so no kept one is served.
  if (before.italian_held !== (italianHeld ? 1 : 0)) await trx.updateTable('menu_version').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
}
