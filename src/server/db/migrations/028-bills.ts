// The bill: what a table's stay owes, and the money taken for it. A bill gathers the orders
// placed for its table from the stay's seating (or the table's first order) until it is
// paid; a pickup order is a bill of its own. At most one bill per table is open (a unique
// index over the open ones), so two orders at once cannot open two. A payment is money
// taken by a person (who, when, how), its tip apart; a retry with the same Idempotency-Key
// is the same payment. The cover charge ("coperto", per guest) is the owner's, on the
// restaurant's row; the VAT rate is kept per category and copied onto each ordered dish, as
// its name and price are, so a later change alters no past bill.
import { sql, type Kysely } from 'kysely';
import { BILL_STATUSES, DEFAULT_VAT_BP, PAYMENT_METHODS } from '../../../shared/bills.js';
import { autoId } from '../dialect.js';

const listOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bills')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('table_number', 'integer', (c) => c.references('dining_tables.number'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${listOf(BILL_STATUSES)})`))
    .addColumn('covers', 'integer', (c) => c.check(sql`covers >= 0`))
    .addColumn('cover_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`cover_cents >= 0`))
    .addColumn('opened_ms', 'bigint', (c) => c.notNull())
    .addColumn('closed_ms', 'bigint')
    .addColumn('joined_into', 'integer', (c) => c.references('bills.id'))
    // When a guest at the table asked for the bill (its QR code's page), once.
    .addColumn('asked_ms', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // One open bill per stay, and per table for the orders of a table with no stay seated.
  await db.schema.createIndex('bills_open_stay').on('bills').column('booking_id').unique().where(sql<boolean>`status = 'open'`).execute();
  await db.schema.createIndex('bills_open_table').on('bills').column('table_number').unique().where(sql<boolean>`status = 'open' and booking_id is null`).execute();
  await db.schema.createIndex('bills_table').on('bills').columns(['table_number', 'opened_ms']).execute();
  await db.schema.createIndex('bills_closed').on('bills').columns(['closed_ms']).execute();
  await db.schema.alterTable('orders').addColumn('bill_id', 'integer', (c) => c.references('bills.id')).execute();
  await db.schema.createIndex('orders_bill').on('orders').column('bill_id').execute();
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id'))
    // A refund is money given back: a negative amount, with its reason.
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('reason', 'text')
    .addColumn('tip_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`tip_cents >= 0`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in (${listOf(PAYMENT_METHODS)})`))
    .addColumn('method_name', 'text')
    .addColumn('tendered_cents', 'integer')
    .addColumn('taken_by', 'integer', (c) => c.references('users.id'))
    .addColumn('taken_by_name', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .execute();
  // A discount on a bill: an amount off, why, and who gave it.
  await db.schema
    .createTable('bill_discounts')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bill_discounts_bill').on('bill_discounts').column('bill_id').execute();
  await db.schema.createIndex('payments_bill').on('payments').columns(['bill_id', 'id']).execute();
  await db.schema.createIndex('payments_at').on('payments').column('at_ms').execute();
  // A day closed by the Admin: the cash counted against what the cash payments say. While it
  // is closed, no payment is taken on it; reopening it is the Admin's, and recorded.
  await db.schema
    .createTable('day_closes')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('counted_cash_cents', 'integer', (c) => c.notNull())
    .addColumn('expected_cash_cents', 'integer', (c) => c.notNull())
    .addColumn('closed_by', 'text', (c) => c.notNull())
    .addColumn('closed_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('restaurant').addColumn('cover_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The most a Waiter may take off one bill; more is the Admin's.
  await db.schema.alterTable('restaurant').addColumn('discount_limit_cents', 'integer', (c) => c.notNull().defaultTo(1000)).execute();
  await db.schema.alterTable('categories').addColumn('vat_bp', 'integer', (c) => c.notNull().defaultTo(DEFAULT_VAT_BP)).execute();
  await db.schema.alterTable('order_items').addColumn('vat_bp', 'integer', (c) => c.notNull().defaultTo(DEFAULT_VAT_BP)).execute();
}
