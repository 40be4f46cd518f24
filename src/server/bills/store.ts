// Bills in the database: the open bill an order goes on (found or opened in the order's own
// transaction), and a bill read back in the API's shape with its lines, cover charge, VAT,
// payments and what remains. Nothing about a bill is stored that its orders and payments
// already say: totals are summed from them each time it is read.
import type { Kysely } from 'kysely';
import { lineKey, splitEvenly, vatByRate, type Bill, type BillLine, type BillLineChange, type Payment } from '../../shared/bills.js';
import type { BillRow, Database, PaymentRow } from '../db/schema.js';
import { storedChoices } from '../../shared/choices.js';
import { language } from '../http/language.js';
import { tableNow } from '../db/table-now.js';
import { openStayForOrder, tellParty } from '../bookings/index.js';

type Executor = Kysely<Database>;
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Opened, or found, for an order: the bill and whether a stay was opened for it (the host stands are told). */
export interface BillForOrder {
  billId: number;
  stayOpened: boolean;
}

/**
 * The open bill of what is at `table` now (its party's, or the table's own), opened if there
 * is none: with nobody at the table, a stay is opened there first (bookings'
 * openStayForOrder). `guests` is how many the guests said they are: it tells a party not known
 * yet, and the cover charge counts them. Two calls at once open one bill: the unique indexes
 * over the open bills take the first insert, and the other reads it.
 */
export async function billAtTable(trx: Executor, table: number, now: number, timeZone: string, guests?: number): Promise<BillForOrder> {
  let at = await tableNow(trx, table, now);
  let stayOpened = false;
  if (!at) {
    stayOpened = (await openStayForOrder(trx, table, now, timeZone, guests)) !== null;
    at = await tableNow(trx, table, now);
  }
  const stay = at?.stay ?? null;
  if (stay && guests !== undefined && !stay.party_known) await tellParty(trx, stay, guests, now);
  const known = stay?.party_known ? stay.party : guests;
  if (at?.bill) {
    if (known !== undefined && at.bill.covers === null) await trx.updateTable('bills').set({ covers: known }).where('id', '=', at.bill.id).execute();
    return { billId: at.bill.id, stayOpened };
  }
  const { cover_cents } = await trx.selectFrom('restaurant').select('cover_cents').where('id', '=', 1).executeTakeFirstOrThrow();
  await trx
    .insertInto('bills')
    .values({ table_number: stay?.tables[0] ?? table, booking_id: stay?.id ?? null, status: 'open', covers: known ?? null, cover_cents, opened_ms: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return { billId: (await tableNow(trx, table, now))!.bill!.id, stayOpened };
}

/**
 * The bill an order for `table` goes on (billAtTable's), its version moved on: an order changes
 * the bill, and the update holds its row, so a payment closing it at the same moment waits and
 * an order never lands on a bill just paid (the table is read again then).
 */
export async function openBillFor(trx: Executor, table: number, now: number, timeZone: string, guests?: number): Promise<BillForOrder> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await billAtTable(trx, table, now, timeZone, guests);
    const held = await trx.updateTable('bills').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', found.billId).where('status', '=', 'open').returning('id').executeTakeFirst();
    if (held) return found;
  }
  throw new Error(`openBillFor: table ${table}'s bill was paid under three orders in a row`);
}

/** A bill paid this recently still shows on the table's page ("Paid, thank you"), and its table's QR code takes no order for that stay. */
export const PAID_SHOWN_MS = 30 * 60_000;

/**
 * Whether `table`'s QR ordering has ended for the stay that just paid: nothing is at the table
 * now, and a stay that held the table paid its bill (its own, or the bill it was joined to)
 * in the last half hour. The next party seated there orders again.
 */
export async function paidStayAt(db: Executor, table: number, now: number): Promise<boolean> {
  if (await tableNow(db, table, now)) return false;
  const paid = await db
    .selectFrom('booking_tables')
    .innerJoin('bills', 'bills.booking_id', 'booking_tables.booking_id')
    .leftJoin('bills as into', 'into.id', 'bills.joined_into')
    .select('bills.id')
    .where('booking_tables.table_number', '=', table)
    .where((eb) =>
      eb.or([
        eb.and([eb('bills.status', '=', 'paid'), eb('bills.closed_ms', '>', now - PAID_SHOWN_MS)]),
        eb.and([eb('bills.status', '=', 'joined'), eb('into.status', '=', 'paid'), eb('into.closed_ms', '>', now - PAID_SHOWN_MS)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(paid);
}

/** A pickup order's bill: its own, paid at the counter when it is collected. */
export async function openPickupBill(trx: Executor, now: number): Promise<number> {
  const row = await trx.insertInto('bills').values({ table_number: null, booking_id: null, status: 'open', covers: null, cover_cents: 0, opened_ms: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const billRow = (db: Executor, id: number): Promise<BillRow | undefined> => db.selectFrom('bills').selectAll().where('id', '=', id).executeTakeFirst();

/** The open bill at `table` now (tableNow's); undefined when nothing is owed there. */
export async function openBillOfTable(db: Executor, table: number, now: number): Promise<BillRow | undefined> {
  const bill = (await tableNow(db, table, now))?.bill;
  return bill ? billRow(db, bill.id) : undefined;
}

/** A bill in the API's shape. */
export async function billView(db: Executor, row: BillRow): Promise<Bill> {
  const [orders, items, payments, guest, discounts, joined, changes] = await Promise.all([
    db.selectFrom('orders').select('id').where('bill_id', '=', row.id).orderBy('id').execute(),
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.dish_id', 'order_items.name', 'order_items.price_cents', 'order_items.quantity', 'order_items.vat_bp', 'order_items.choices'])
      .where('orders.bill_id', '=', row.id)
      .where('orders.status', '<>', 'cancelled')
      .orderBy('order_items.id')
      .execute(),
    db.selectFrom('payments').selectAll().where('bill_id', '=', row.id).orderBy('id').execute(),
    row.booking_id === null ? undefined : db.selectFrom('bookings').select('name').where('id', '=', row.booking_id).executeTakeFirst(),
    db.selectFrom('bill_discounts').selectAll().where('bill_id', '=', row.id).orderBy('id').execute(),
    db.selectFrom('bills').select(['id', 'table_number', 'booking_id']).where('joined_into', '=', row.id).orderBy('id').execute(),
    lineChanges(db, row.id),
  ]);
  const billLines = linesOf([
    ...items.map((item) => ({ dishId: item.dish_id, name: withChoices(item.name, item.choices, false), quantity: item.quantity, unitCents: item.price_cents, vatBp: item.vat_bp })),
    ...changes.map((change) => ({ dishId: change.dish_id, name: change.name, quantity: change.quantity, unitCents: change.unit_cents, vatBp: change.vat_bp })),
  ]);
  // In Italian, each line and change by the names its choices have in Italian; the key keeps the names as ordered.
  const shown = await shownNames(db, items, changes);
  for (const line of billLines) line.name = shown(line.name);
  const coverTotalCents = (row.covers ?? 0) * row.cover_cents;
  const discountCents = discounts.reduce((sum, discount) => sum + discount.amount_cents, 0);
  const totalCents = billLines.reduce((sum, line) => sum + line.totalCents, 0) + coverTotalCents - discountCents;
  const paidCents = payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
  return {
    id: row.id,
    table: row.table_number,
    bookingId: row.booking_id,
    guest: guest?.name || null,
    status: row.status,
    joinedInto: row.joined_into,
    joined: joined.map((bill) => ({ id: bill.id, table: bill.table_number, bookingId: bill.booking_id })),
    openedAt: iso(row.opened_ms)!,
    closedAt: iso(row.closed_ms),
    askedAt: iso(row.asked_ms),
    orders: orders.map((order) => order.id),
    lines: billLines,
    changes: changes.map((change) => ({ ...changeView(change), name: shown(change.name) })),
    covers: row.covers,
    coverCents: row.cover_cents,
    coverTotalCents,
    discounts: discounts.map((discount) => ({ id: discount.id, amountCents: discount.amount_cents, reason: discount.reason, by: discount.by_name, at: iso(discount.at_ms)! })),
    discountCents,
    totalCents,
    vat: vatByRate(billLines, coverTotalCents, discountCents),
    paidCents,
    tipsCents: payments.reduce((sum, payment) => sum + payment.tip_cents, 0),
    remainingCents: totalCents - paidCents,
    payments: payments.map(paymentView),
    version: row.version,
  };
}

/**
 * A dish's name with what was chosen, as the order kept them ("Bistecca · Medium · −Onion",
 * a minus for what was left out). In English it is the same whatever the language asked, as
 * the line's key is, so a line moved or taken off on an Italian page is the same line on an
 * English one; `italian` gives the words an Italian bill shows ("Bistecca · Media · −Cipolla").
 */
function withChoices(name: string, stored: string, italian: boolean): string {
  const choices = storedChoices(stored);
  const word = (choice: (typeof choices)[number]) => (italian && choice.nameIt) || choice.name;
  return choices.length ? [name, ...choices.map((choice) => (choice.without ? `−${word(choice)}` : word(choice)))].join(' · ') : name;
}

type ItemNames = { name: string; choices: string };

/**
 * Turns a line's name as ordered (withChoices in English) into the words of the language
 * asked: the same name in English; in Italian, from the dishes ordered on this bill, and for
 * a line moved here (or a change naming one) from those of the bill it came from, and of the
 * bill before that if it was moved on.
 */
export async function shownNames(db: Executor, items: readonly ItemNames[], changes: readonly { name: string; other_bill_id: number | null }[]): Promise<(name: string) => string> {
  if (language() !== 'it') return (name) => name;
  const italian = new Map<string, string>();
  const learn = (item: ItemNames) => italian.set(withChoices(item.name, item.choices, false), withChoices(item.name, item.choices, true));
  items.forEach(learn);
  const seen = new Set<number>();
  let unknown = changes.filter((change) => !italian.has(change.name) && change.other_bill_id !== null);
  while (unknown.length) {
    const bills = [...new Set(unknown.map((change) => change.other_bill_id!))].filter((bill) => !seen.has(bill));
    if (!bills.length) break;
    for (const bill of bills) seen.add(bill);
    (await itemsOfBills(db, bills)).forEach(learn);
    const further = await changesNaming(db, bills);
    unknown = [...unknown, ...further].filter((change) => !italian.has(change.name) && change.other_bill_id !== null);
  }
  return (name) => italian.get(name) ?? name;
}

/** shownNames for lines of the bills `billIds` (the close's removed lines). */
export async function shownNamesOnBills(db: Executor, billIds: readonly number[]): Promise<(name: string) => string> {
  if (language() !== 'it' || !billIds.length) return (name) => name;
  const bills = [...new Set(billIds)];
  return shownNames(db, await itemsOfBills(db, bills), await changesNaming(db, bills));
}

/** The names of the lines changed on `billIds`, and the bills they came from. */
const changesNaming = (db: Executor, billIds: readonly number[]) => db.selectFrom('bill_line_changes').select(['name', 'other_bill_id']).where('bill_id', 'in', billIds).execute();

/** The names and choices of the dishes ordered on `billIds`, each once. */
const itemsOfBills = (db: Executor, billIds: readonly number[]) =>
  db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id').select(['order_items.name', 'order_items.choices']).distinct().where('orders.bill_id', 'in', billIds).execute();

/**
 * A bill's lines from its dishes ordered and its changes (in that order): the same dish at
 * the same price, rate and name is one line, in the order first met. A line whose dishes
 * were all moved away or taken off is not shown.
 */
export function linesOf(entries: readonly Omit<BillLine, 'key' | 'totalCents'>[]): BillLine[] {
  const lines = new Map<string, BillLine>();
  for (const entry of entries) {
    const key = lineKey(entry);
    const line = lines.get(key);
    if (line) {
      line.quantity += entry.quantity;
      line.totalCents += entry.quantity * entry.unitCents;
    } else lines.set(key, { key, ...entry, totalCents: entry.quantity * entry.unitCents });
  }
  return [...lines.values()].filter((line) => line.quantity > 0);
}

const lineChanges = (db: Executor, billId: number) =>
  db
    .selectFrom('bill_line_changes')
    .leftJoin('bills as other', 'other.id', 'bill_line_changes.other_bill_id')
    .selectAll('bill_line_changes')
    .select('other.table_number as other_table')
    .where('bill_line_changes.bill_id', '=', billId)
    .orderBy('bill_line_changes.id')
    .execute();

function changeView(row: Awaited<ReturnType<typeof lineChanges>>[number]): BillLineChange {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    quantity: row.quantity,
    unitCents: row.unit_cents,
    otherBill: row.other_bill_id,
    otherTable: row.other_table,
    reason: row.reason,
    started: Boolean(row.started),
    by: row.by_name,
    at: iso(row.at_ms)!,
  };
}

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    tipCents: row.tip_cents,
    method: row.method,
    methodName: row.method_name,
    reason: row.reason,
    tenderedCents: row.tendered_cents,
    changeCents: row.tendered_cents === null ? null : row.tendered_cents - row.amount_cents - row.tip_cents,
    takenBy: row.taken_by_name,
    at: iso(row.at_ms)!,
  };
}

/** What remains split evenly in `ways` shares (a cent apart at most, adding up exactly). */
export const sharesOf = (bill: Bill, ways: number) => splitEvenly(bill.remainingCents, ways);
