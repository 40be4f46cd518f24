// A paid bill's VAT by rate, kept (db/paid-bill-vat.ts): the close of a day adds these up by the
// time each bill closed, in one index, rather than every dish of the day. The bills paid
// before are written here. With it, the indexes the close's other sums read whole: the
// day's payments by method, its refunds, its paid bills' guests.
import { sql, type Kysely } from 'kysely';
import { keepPaidVat } from '../paid-bill-vat.js';
import type { Database } from '../schema.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paid_bill_vat')
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id'))
    .addColumn('closed_ms', 'bigint', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('gross_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('paid_bill_vat_key', ['bill_id', 'rate_bp'])
    .execute();
  await db.schema.createIndex('paid_bill_vat_closed').on('paid_bill_vat').columns(['closed_ms', 'rate_bp', 'gross_cents', 'vat_cents']).execute();
  await db.schema.createIndex('bills_paid_guests').on('bills').columns(['closed_ms', 'covers']).where(sql<boolean>`status = 'paid'`).execute();
  await db.schema.createIndex('payments_at_method').on('payments').columns(['at_ms', 'method', 'amount_cents', 'tip_cents']).execute();
  await db.schema.createIndex('payments_refunds').on('payments').column('at_ms').where(sql<boolean>`amount_cents < 0`).execute();
  const paid = await (db as Kysely<Database>).selectFrom('bills').select('id').where('status', '=', 'paid').orderBy('id').execute();
  await keepPaidVat(db as Kysely<Database>, paid.map((row) => row.id));
}
