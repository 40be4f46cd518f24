// A bill's lines changed by hand: a dish moved to another table's bill (the guests moved) or
// taken off it (with why). The orders stay as the kitchen had them; a bill's lines are its
// orders' dishes with these changes added (a move is two rows: less on one bill, as much
// more on the other). Who, when and why are kept for the day's close.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bill_line_changes')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('moved', 'removed')`))
    // The line as the bill groups it: the dish, its name, price and VAT rate as ordered.
    .addColumn('dish_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_bp', 'integer', (c) => c.notNull())
    // Less (negative) or more (a move's arriving half); never zero.
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity <> 0`))
    .addColumn('other_bill_id', 'integer', (c) => c.references('bills.id'))
    .addColumn('reason', 'text')
    // Whether the kitchen had started the dish when it was taken off (then it was the Admin's).
    .addColumn('started', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bill_line_changes_bill').on('bill_line_changes').column('bill_id').execute();
  await db.schema.createIndex('bill_line_changes_at').on('bill_line_changes').column('at_ms').execute();
}
