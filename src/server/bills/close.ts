// The day closed: the money a restaurant's day took (midnight to midnight in its time zone),
// by method (each other method by its name: Satispay, meal vouchers) and with the tips apart;
// the bills paid in full that day with their guests and the VAT inside them by rate; the
// bills still open; and the cash the drawer should hold. The Admin counts the cash and
// closes the day (the difference kept); a closed day takes no more payments until the Admin
// reopens it. Each figure is one grouped query over the day's rows, each read from an index
// that holds it whole (payments by time and method, the paid bills' guests, each paid bill's
// VAT by rate as kept when it was paid: db/paid-bill-vat.ts), so a day of 12,000 payments
// costs little more than a quiet one; only the other methods' names are read from their
// rows, and those payments are few.
import type { Kysely } from 'kysely';
import type { DayClose, PaymentMethod } from '../../shared/bills.js';
import type { Database } from '../db/schema.js';
import { csvDialect, csvEuros, csvOf } from '../figures/index.js';
import { t } from '../http/language.js';
import { dateOf, dayName, dayOf, instantOf, wallClock } from '../restaurant/index.js';
import { shownNamesOnBills } from './store.js';

type Executor = Kysely<Database>;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The restaurant's date at `instant`. */
export const dateAt = (instant: number, timeZone: string) => dateOf(wallClock(instant, timeZone).day);
/** A day (2026-11-21) in the words of the language asked: "Saturday 21 November", "sabato 21 novembre". */
export const dayWords = (date: string) => dayName(dayOf(date));

/** The day's start and end (instants). */
export function dayBounds(date: string, timeZone: string): { start: number; end: number } {
  const day = dayOf(date);
  return { start: instantOf(day, 0, timeZone), end: instantOf(day + 1, 0, timeZone) };
}

export const closeOf = (db: Executor, date: string) => db.selectFrom('day_closes').selectAll().where('date', '=', date).executeTakeFirst();

/**
 * The restaurant's date of its first order ever placed, or null before any: nothing is taken
 * before a first order (a bill opens with one, a payment is on a bill), so no day before it
 * has anything to close. One read of the orders' index by time.
 */
export async function firstOrderDate(db: Executor, timeZone: string): Promise<string | null> {
  const first = await db.selectFrom('orders').select((eb) => eb.fn.min<number | string>('placed_ms').as('at')).executeTakeFirst();
  return first?.at == null ? null : dateAt(Number(first.at), timeZone);
}

export async function dayClose(db: Executor, date: string, timeZone: string): Promise<DayClose> {
  const { start, end } = dayBounds(date, timeZone);
  const [methods, others, paidBills, vatRows, open, closed, discounts, refunds, removed] = await Promise.all([
    db
      .selectFrom('payments')
      .select((eb) => ['method', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount_cents').as('amount'), eb.fn.sum<number>('tip_cents').as('tips')])
      .where('at_ms', '>=', start)
      .where('at_ms', '<', end)
      .where('method', '<>', 'other')
      .groupBy('method')
      .orderBy('method')
      .execute(),
    // The other methods by the name written (Satispay, meal vouchers): few rows, merged by otherMethods.
    db
      .selectFrom('payments')
      .select((eb) => ['method_name', eb.fn.min<number>('id').as('first'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount_cents').as('amount'), eb.fn.sum<number>('tip_cents').as('tips')])
      .where('at_ms', '>=', start)
      .where('at_ms', '<', end)
      .where('method', '=', 'other')
      .groupBy('method_name')
      .execute(),
    db
      .selectFrom('bills')
      .select((eb) => [eb.fn.countAll<number>().as('bills'), eb.fn.sum<number>('covers').as('covers')])
      .where('closed_ms', '>=', start)
      .where('closed_ms', '<', end)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow(),
    // Each bill's VAT by rate, as its own bill said it when paid (db/paid-bill-vat.ts), added up by rate.
    db
      .selectFrom('paid_bill_vat')
      .select((eb) => ['rate_bp', eb.fn.sum<number>('gross_cents').as('gross'), eb.fn.sum<number>('vat_cents').as('vat')])
      .where('closed_ms', '>=', start)
      .where('closed_ms', '<', end)
      .groupBy('rate_bp')
      .execute(),
    openBills(db),
    closeOf(db, date),
    db
      .selectFrom('bill_discounts')
      .innerJoin('bills', 'bills.id', 'bill_discounts.bill_id')
      .select(['bill_discounts.bill_id', 'bills.table_number', 'bill_discounts.amount_cents', 'bill_discounts.reason', 'bill_discounts.by_name', 'bill_discounts.at_ms'])
      .where('bill_discounts.at_ms', '>=', start)
      .where('bill_discounts.at_ms', '<', end)
      .orderBy('bill_discounts.id')
      .execute(),
    db
      .selectFrom('payments')
      .innerJoin('bills', 'bills.id', 'payments.bill_id')
      .select(['payments.bill_id', 'bills.table_number', 'payments.amount_cents', 'payments.reason', 'payments.taken_by_name', 'payments.at_ms'])
      .where('payments.at_ms', '>=', start)
      .where('payments.at_ms', '<', end)
      .where('payments.amount_cents', '<', 0)
      .orderBy('payments.id')
      .execute(),
    db
      .selectFrom('bill_line_changes')
      .innerJoin('bills', 'bills.id', 'bill_line_changes.bill_id')
      .select(['bill_line_changes.bill_id', 'bills.table_number', 'bill_line_changes.name', 'bill_line_changes.quantity', 'bill_line_changes.unit_cents', 'bill_line_changes.started', 'bill_line_changes.reason', 'bill_line_changes.by_name', 'bill_line_changes.at_ms'])
      .where('bill_line_changes.kind', '=', 'removed')
      .where('bill_line_changes.at_ms', '>=', start)
      .where('bill_line_changes.at_ms', '<', end)
      .orderBy('bill_line_changes.id')
      .execute(),
  ]);
  const shown = await shownNamesOnBills(db, removed.map((line) => line.bill_id));
  const paidTotal = vatRows.reduce((sum, row) => sum + Number(row.gross), 0);
  const covers = Number(paidBills.covers ?? 0);
  const byMethod = [
    ...methods.map((row) => ({ method: row.method as PaymentMethod, methodName: null, count: Number(row.count), amountCents: Number(row.amount), tipsCents: Number(row.tips) })),
    ...otherMethods(others),
  ];
  const cash = byMethod.find((row) => row.method === 'cash');
  const expectedCashCents = cash ? cash.amountCents + cash.tipsCents : 0;
  return {
    date,
    from: iso(start),
    to: iso(end),
    methods: byMethod,
    takenCents: byMethod.reduce((sum, row) => sum + row.amountCents, 0),
    tipsCents: byMethod.reduce((sum, row) => sum + row.tipsCents, 0),
    bills: Number(paidBills.bills),
    covers,
    averagePerCoverCents: covers ? Math.round(paidTotal / covers) : null,
    vat: vatRows.map((row) => ({ rateBp: row.rate_bp, grossCents: Number(row.gross), vatCents: Number(row.vat) })).sort((a, b) => b.rateBp - a.rateBp),
    discounts: discounts.map((discount) => ({ billId: discount.bill_id, table: discount.table_number, amountCents: discount.amount_cents, reason: discount.reason, by: discount.by_name, at: iso(discount.at_ms) })),
    removed: removed.map((line) => ({ billId: line.bill_id, table: line.table_number, name: shown(line.name), quantity: -line.quantity, amountCents: -line.quantity * line.unit_cents, started: Boolean(line.started), reason: line.reason ?? '', by: line.by_name, at: iso(line.at_ms) })),
    refunds: refunds.map((refund) => ({ billId: refund.bill_id, table: refund.table_number, amountCents: refund.amount_cents, reason: refund.reason ?? '', by: refund.taken_by_name, at: iso(refund.at_ms) })),
    openBills: open,
    expectedCashCents,
    closed: closed ? { countedCashCents: closed.counted_cash_cents, expectedCashCents: closed.expected_cash_cents, differenceCents: closed.counted_cash_cents - closed.expected_cash_cents, by: closed.closed_by, at: iso(closed.closed_ms) } : null,
  };
}

/** The key an other method's name is counted under: trimmed, in any letter case ("Buoni pasto" and "buoni pasto " are one); null unnamed (a refund). */
const otherKey = (name: string | null) => name?.trim().toLowerCase() || null;

/** Each other method's name as the day first wrote it (the lowest payment id), for the close's rows and the CSV's lines to agree. */
function firstWritten(rows: readonly { first: number | string; method_name: string | null }[]): Map<string | null, string | null> {
  const named = new Map<string | null, { first: number; name: string | null }>();
  for (const row of rows) {
    const key = otherKey(row.method_name);
    const seen = named.get(key);
    if (!seen || Number(row.first) < seen.first) named.set(key, { first: Number(row.first), name: row.method_name?.trim() || null });
  }
  return new Map([...named].map(([key, { name }]) => [key, name]));
}

/** The day's other payments, a row per method name (grouped as otherKey says), by name; the unnamed last. */
function otherMethods(rows: readonly { method_name: string | null; first: number | string; count: number | string; amount: number | string; tips: number | string }[]): DayClose['methods'] {
  const names = firstWritten(rows);
  const merged = new Map<string | null, DayClose['methods'][number]>();
  for (const row of rows) {
    const key = otherKey(row.method_name);
    const sum = merged.get(key) ?? { method: 'other', methodName: names.get(key) ?? null, count: 0, amountCents: 0, tipsCents: 0 };
    merged.set(key, { ...sum, count: sum.count + Number(row.count), amountCents: sum.amountCents + Number(row.amount), tipsCents: sum.tipsCents + Number(row.tips) });
  }
  return [...merged.values()].sort((a, b) => (a.methodName === null ? 1 : b.methodName === null ? -1 : a.methodName.localeCompare(b.methodName, 'it', { sensitivity: 'base' })));
}

/** Every bill not paid yet, oldest first, with its total and what remains (the open ones first, then their sums by their ids: a few rows, whatever the day held). */
async function openBills(db: Executor): Promise<DayClose['openBills']> {
  const bills = await db.selectFrom('bills').select(['id', 'table_number', 'opened_ms', 'covers', 'cover_cents']).where('status', '=', 'open').orderBy('opened_ms').execute();
  if (!bills.length) return [];
  const ids = bills.map((bill) => bill.id);
  const [lines, changes, paid, off] = await Promise.all([
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select((eb) => ['orders.bill_id', eb.fn.sum<number>(eb('order_items.quantity', '*', eb.ref('order_items.price_cents'))).as('gross')])
      .where('orders.bill_id', 'in', ids)
      .where('orders.status', '<>', 'cancelled')
      .groupBy('orders.bill_id')
      .execute(),
    db
      .selectFrom('bill_line_changes')
      .select((eb) => ['bill_id', eb.fn.sum<number>(eb('quantity', '*', eb.ref('unit_cents'))).as('gross')])
      .where('bill_id', 'in', ids)
      .groupBy('bill_id')
      .execute(),
    db
      .selectFrom('payments')
      .select((eb) => ['bill_id', eb.fn.sum<number>('amount_cents').as('paid')])
      .where('bill_id', 'in', ids)
      .groupBy('bill_id')
      .execute(),
    db
      .selectFrom('bill_discounts')
      .select((eb) => ['bill_id', eb.fn.sum<number>('amount_cents').as('off')])
      .where('bill_id', 'in', ids)
      .groupBy('bill_id')
      .execute(),
  ]);
  const offOf = new Map(off.map((row) => [row.bill_id, Number(row.off)]));
  const grossOf = new Map(lines.map((row) => [row.bill_id!, Number(row.gross)]));
  for (const row of changes) grossOf.set(row.bill_id, (grossOf.get(row.bill_id) ?? 0) + Number(row.gross));
  const paidOf = new Map(paid.map((row) => [row.bill_id, Number(row.paid)]));
  return bills.map((bill) => {
    const totalCents = (grossOf.get(bill.id) ?? 0) + (bill.covers ?? 0) * bill.cover_cents - (offOf.get(bill.id) ?? 0);
    return { id: bill.id, table: bill.table_number, openedAt: iso(bill.opened_ms), totalCents, remainingCents: totalCents - (paidOf.get(bill.id) ?? 0) };
  });
}

/** The day's payments, one line each (a refund negative, with its reason), oldest first: the accountant's CSV. */
export async function paymentsCsv(db: Executor, date: string, timeZone: string): Promise<string> {
  const { start, end } = dayBounds(date, timeZone);
  const rows = await db
    .selectFrom('payments')
    .innerJoin('bills', 'bills.id', 'payments.bill_id')
    .select(['payments.id', 'payments.at_ms', 'payments.bill_id', 'bills.table_number', 'payments.method', 'payments.method_name', 'payments.amount_cents', 'payments.tip_cents', 'payments.reason', 'payments.taken_by_name'])
    .where('payments.at_ms', '>=', start)
    .where('payments.at_ms', '<', end)
    .orderBy('payments.at_ms')
    .orderBy('payments.id')
    .execute();
  const dialect = csvDialect();
  const method = dialect.speller(() => ({ card: t('Card'), cash: t('Cash'), other: t('Other') }));
  // An other method named as the close's row names it: "buoni pasto " on the line of a day that first wrote "Buoni pasto" reads "Buoni pasto".
  const names = firstWritten(rows.filter((row) => row.method === 'other').map((row) => ({ first: row.id, method_name: row.method_name })));
  const nameOf = (row: (typeof rows)[number]) => (row.method === 'other' ? (names.get(otherKey(row.method_name)) ?? null) : row.method_name);
  return csvOf(
    [t('[csv] payment'), t('[csv] at'), t('[csv] bill'), t('[csv] table'), t('[csv] method'), t('[csv] method_name'), t('[csv] amount_eur'), t('[csv] tip_eur'), t('[csv] reason'), t('[csv-payment] taken_by')],
    rows.map((row) => [row.id, dialect.time(Number(row.at_ms), timeZone), row.bill_id, row.table_number, method(row.method), nameOf(row), csvEuros(row.amount_cents, dialect), csvEuros(row.tip_cents, dialect), row.reason, row.taken_by_name]),
    dialect,
  );
}
