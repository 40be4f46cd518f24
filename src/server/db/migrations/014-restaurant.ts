// Who runs the restaurant, as the law's pages and the footer say it: one row, versioned,
// set by the Admin. A fresh database holds the sample restaurant's details.
import { sql, type Kysely } from 'kysely';

/** The details a fresh database starts with: an example, for the Admin to replace. */
const SAMPLE_RESTAURANT = {
  name: 'Tavola',
  legal_name: 'Tavola S.r.l.',
  address: 'Via dei Serpenti 42, 00184 Roma RM, Italia',
  vat_number: '12345678903',
  phone: '+39 06 1234 5678',
  email: 'ciao@tavola.example',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('restaurant')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('restaurant').values({ id: 1, ...SAMPLE_RESTAURANT, version: 1 }).execute();
}
