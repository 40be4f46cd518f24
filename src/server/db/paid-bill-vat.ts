// A paid bill's VAT by rate, kept as it was paid: the day's close (bills/close.ts) then adds
// up a few rows per bill by an index on the time it closed, instead of every dish of the
// day's bills. Written when a bill is settled (bills/pay.ts) and again when a refund takes
// money off a paid bill; the migration that made the table wrote it for the bills paid
// before. Below the features, as the table is: the migration and the bills both write it. One computation for
// all of them: the bill's dishes (what the kitchen cancelled aside), the lines moved or taken
// off, the cover charge and the discounts, shared out by rate as the bill itself says it
// (shared/bills.ts vatByRate).
import type { Kysely } from 'kysely';
import { vatByRate } from '../../shared/bills.js';
import type { Database } from './schema.js';

const CHUNK = 500;

/** Writes the VAT rows of `bills` (those paid; the others are left alone) anew. */
export async function keepPaidVat(db: Kysely<Database>, bills: readonly number[]): Promise<void> {
  for (let from = 0; from < bills.length; from += CHUNK) {
    const chunk = bills.slice(from, from + CHUNK);
    const [paid, lines, changes, discounts] = await Promise.all([
      db.selectFrom('bills').select(['id', 'covers', 'cover_cents', 'closed_ms']).where('id', 'in', chunk).where('status', '=', 'paid').execute(),
      db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select((eb) => ['orders.bill_id', 'order_items.vat_bp', eb.fn.sum<number>(eb('order_items.quantity', '*', eb.ref('order_items.price_cents'))).as('gross')])
        .where('orders.bill_id', 'in', chunk)
        .where('orders.status', '<>', 'cancelled')
        .groupBy(['orders.bill_id', 'order_items.vat_bp'])
        .execute(),
      db
        .selectFrom('bill_line_changes')
        .select((eb) => ['bill_id', 'vat_bp', eb.fn.sum<number>(eb('quantity', '*', eb.ref('unit_cents'))).as('gross')])
        .where('bill_id', 'in', chunk)
        .groupBy(['bill_id', 'vat_bp'])
        .execute(),
      db
        .selectFrom('bill_discounts')
        .select((eb) => ['bill_id', eb.fn.sum<number>('amount_cents').as('off')])
        .where('bill_id', 'in', chunk)
        .groupBy('bill_id')
        .execute(),
    ]);
    const byBill = new Map<number, { vatBp: number; totalCents: number }[]>();
    for (const line of [...lines.map((row) => ({ bill: row.bill_id!, vatBp: row.vat_bp, totalCents: Number(row.gross) })), ...changes.map((row) => ({ bill: row.bill_id, vatBp: row.vat_bp, totalCents: Number(row.gross) }))]) {
      byBill.set(line.bill, [...(byBill.get(line.bill) ?? []), line]);
    }
    const off = new Map(discounts.map((row) => [row.bill_id, Number(row.off)]));
    const rows = paid.flatMap((bill) =>
      vatByRate(byBill.get(bill.id) ?? [], (bill.covers ?? 0) * bill.cover_cents, off.get(bill.id) ?? 0).map((rate) => ({
        bill_id: bill.id,
        closed_ms: Number(bill.closed_ms),
        rate_bp: rate.rateBp,
        gross_cents: rate.grossCents,
        vat_cents: rate.vatCents,
      })),
    );
    await db.deleteFrom('paid_bill_vat').where('bill_id', 'in', chunk).execute();
    if (rows.length) await db.insertInto('paid_bill_vat').values(rows).execute();
  }
}
