// One table, one truth: a table holds one party and one open bill from its first order or
// seat until the bill is paid. An order at a table nobody seated opens a stay there (a
// booking row seated by the order, `opened_by_order`), whose party may not be known yet
// (`party_known` 0: the party column holds 1 until someone says). The database refuses a
// second open bill on a table, as it refuses two parties there (migration 025): open bills
// already doubled on a table are joined into the first before the index is made.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('opened_by_order', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('bookings').addColumn('party_known', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  const typed = db as Kysely<Database>;
  const open = await typed.selectFrom('bills').select(['id', 'table_number', 'covers', 'opened_ms']).where('status', '=', 'open').where('table_number', 'is not', null).orderBy('table_number').orderBy('opened_ms').orderBy('id').execute();
  const first = new Map<number, (typeof open)[number]>();
  for (const bill of open) {
    const into = first.get(bill.table_number!);
    if (!into) {
      first.set(bill.table_number!, bill);
      continue;
    }
    for (const table of ['orders', 'payments', 'bill_discounts', 'bill_line_changes'] as const) await typed.updateTable(table).set({ bill_id: into.id }).where('bill_id', '=', bill.id).execute();
    into.covers = into.covers === null && bill.covers === null ? null : (into.covers ?? 0) + (bill.covers ?? 0);
    await typed.updateTable('bills').set({ covers: into.covers }).where('id', '=', into.id).execute();
    await typed.updateTable('bills').set({ status: 'joined', joined_into: into.id, closed_ms: Number(bill.opened_ms) }).where('id', '=', bill.id).execute();
  }
  await db.schema.dropIndex('bills_open_table').execute();
  await db.schema.createIndex('bills_open_per_table').on('bills').column('table_number').unique().where(sql<boolean>`status = 'open'`).execute();
}
