// A bill's lines changed by hand. A line moves to another table's bill when its guests
// move (some of its dishes or all); a line is taken off with why: a Waiter's while the
// kitchen has not started it, the Admin's once it has. The orders stay as the kitchen had
// them: each change is a row of `bill_line_changes` that the bills' lines add up with
// (store.ts `linesOf`). Both bills of a move are taken on their versions' rows, the lower id
// first, so two moves at once between the same two bills cannot wait on each other.
import type { Kysely } from 'kysely';
import { serializeBookings } from '../db/dialect.js';
import { orderedName, type Bill, type BillLine } from '../../shared/bills.js';
import { recordActivity, type Actor } from '../activity/index.js';
import type { Booker } from '../bookings/index.js';
import type { BillRow, Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { euros } from '../http/euros.js';
import { lockBill, settle, subject } from './pay.js';
import { closeOf, dateAt, dayWords } from './close.js';
import { billAtTable, billRow, billView } from './store.js';

export interface LineMove {
  version: number;
  /** The line's `key`. */
  line: string;
  quantity: number;
  toTable: number;
}

export interface LineRemoval {
  version: number;
  line: string;
  quantity: number;
  reason: string;
}

/** The line `key` names on `bill`, and a quantity it has: or a 400 that says what it is now. */
function lineOf(bill: Bill, key: string, quantity: number): BillLine {
  const line = bill.lines.find((candidate) => candidate.key === key);
  if (!line) throw new ApiError(400, 'invalid_field', t('That line is not on bill {id} now: here is the bill as it is.', { id: bill.id }), { field: 'line', more: { bill } });
  if (quantity > line.quantity) throw new ApiError(400, 'invalid_field', t('The bill has {count} × {name}: move or take off at most that many.', { count: line.quantity, name: line.name }), { field: 'quantity', more: { bill } });
  return line;
}

const changeRow = (billId: number, line: BillLine, actor: Actor) => ({ bill_id: billId, dish_id: line.dishId, name: orderedName(line.key), unit_cents: line.unitCents, vat_bp: line.vatBp, by_name: actor.user.name, at_ms: actor.now });

/** Moves `quantity` of a line to `toTable`'s open bill (opened if it has none). Answers both bills. */
export async function moveLine(booker: Booker, id: number, { version, line: key, quantity, toTable }: LineMove, actor: Actor): Promise<{ bill: Bill; to: Bill }> {
  let finished: number | undefined;
  const moved = await booker.db.transaction().execute(async (trx) => {
    await serializeBookings(trx); // before any bill's row: see lockBill
    const table = await trx.selectFrom('dining_tables').select(['number', 'active']).where('number', '=', toTable).executeTakeFirst();
    if (!table?.active) throw new ApiError(400, 'invalid_field', t('There is no table {table} on the floor.', { table: toTable }), { field: 'toTable' });
    const { billId: target } = await billAtTable(trx, toTable, actor.now, booker.timeZone);
    if (target === id) throw new ApiError(400, 'invalid_field', t('Table {table}’s bill is this one: choose another table.', { table: toTable }), { field: 'toTable' });
    // The lower id first (see above); the target is taken as it is: its waiter sees it changed.
    if (target < id) await takeAsItIs(trx, target, toTable);
    const locked = await lockBill(trx, id, version);
    if (target > id) await takeAsItIs(trx, target, toTable);
    const before = await billView(trx, locked);
    const line = lineOf(before, key, quantity);
    const left = before.totalCents - quantity * line.unitCents;
    if (before.paidCents > left) throw lessThanPaid(before);
    await trx.insertInto('bill_line_changes').values({ ...changeRow(id, line, actor), kind: 'moved', quantity: -quantity, other_bill_id: target }).execute();
    await trx.insertInto('bill_line_changes').values({ ...changeRow(target, line, actor), kind: 'moved', quantity, other_bill_id: id }).execute();
    if (left === before.paidCents && left > 0) finished = await settleOnOpenDay(trx, booker, locked, before, actor);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.line_moved', subject: subject(locked), before: { bill: id, table: locked.table_number }, after: { bill: target, table: toTable, name: line.name, quantity } });
    return { bill: await billView(trx, (await billRow(trx, id))!), to: await billView(trx, (await billRow(trx, target))!) };
  });
  booker.changed(finished); // the Tables page and the stands read the amounts again
  return moved;
}

/**
 * Takes `quantity` of a line off the bill, with why. The Admin's once the kitchen has started
 * any order holding that dish (403 `admin_only` for a Waiter). Never below what is paid (give
 * a refund then); a bill left with nothing to pay is settled, as a last payment would.
 */
export async function removeLine(booker: Booker, id: number, { version, line: key, quantity, reason }: LineRemoval, actor: Actor & { role: string }): Promise<Bill> {
  let finished: number | undefined;
  const bill = await booker.db.transaction().execute(async (trx) => {
    const locked = await lockBill(trx, id, version);
    const before = await billView(trx, locked);
    const line = lineOf(before, key, quantity);
    const started = await kitchenStarted(trx, before, line);
    if (started && actor.role !== 'Admin') throw new ApiError(403, 'admin_only', t('The kitchen has started {name}: taking it off the bill is the Admin’s.', { name: line.name }), { field: 'line', more: { bill: before } });
    const left = before.totalCents - quantity * line.unitCents;
    if (before.paidCents > left) throw lessThanPaid(before);
    await trx.insertInto('bill_line_changes').values({ ...changeRow(id, line, actor), kind: 'removed', quantity: -quantity, reason: reason.trim(), started: started ? 1 : 0 }).execute();
    // Paid already to the cent of what is left: settled. (An unpaid bill emptied stays open: its party may still order.)
    if (left === before.paidCents && left > 0) finished = await settleOnOpenDay(trx, booker, locked, before, actor);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.line_removed', subject: subject(locked), before: { totalCents: before.totalCents }, after: { name: line.name, quantity, reason: reason.trim(), started, totalCents: left } });
    return billView(trx, (await billRow(trx, id))!);
  });
  booker.changed(finished);
  return bill;
}

/**
 * Settles a bill that a move or removal leaves paid to the cent, as a last payment would: not
 * on a day the Admin has closed (409 `day_closed`). Answers the stay to tell the stands about
 * (undefined: several finished, joined bills; every stand reads the day again).
 */
async function settleOnOpenDay(trx: Kysely<Database>, booker: Booker, bill: BillRow, before: Bill, actor: Actor): Promise<number | undefined> {
  const today = dateAt(actor.now, booker.timeZone);
  if (await closeOf(trx, today)) throw new ApiError(409, 'day_closed', t('{date} is closed: the Admin reopens it to take more payments.', { date: dayWords(today) }), { more: { bill: before } });
  const first = await settle(trx, bill, actor);
  return before.joined.length ? undefined : first;
}

/** The other bill of a move, taken as it is: open, its version moved on (its readers are told it changed); a 409 naming its table when it closed meanwhile. */
async function takeAsItIs(trx: Kysely<Database>, id: number, table: number): Promise<BillRow> {
  const taken = await trx.updateTable('bills').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).where('status', '=', 'open').returningAll().executeTakeFirst();
  if (!taken) throw new ApiError(409, 'conflict', t('Table {table}’s bill was closed meanwhile: try again.', { table }), { field: 'toTable' });
  return taken;
}

/** A move or removal would leave the bill below what is paid, or below nothing once its discounts are off. */
const lessThanPaid = (bill: Bill) =>
  bill.paidCents > 0
    ? new ApiError(409, 'less_than_paid', t('{value} is paid on this bill already: it cannot come to less. Give money back instead (the Admin’s).', { value: euros(bill.paidCents) }), { more: { bill } })
    : new ApiError(409, 'less_than_paid', t('The discounts on this bill ({value}) would be more than it comes to without these dishes: ask the Admin.', { value: euros(bill.discountCents) }), { more: { bill } });

/**
 * Whether the kitchen has started the line's dish on an order of this bill or of any bill
 * its dishes came through: moved from (and from where those came, all the way back), or
 * joined to or from. Any such order past `received` counts.
 */
async function kitchenStarted(trx: Kysely<Database>, bill: Bill, line: BillLine): Promise<boolean> {
  const bills = new Set([bill.id]);
  for (let reach = [bill.id]; reach.length; ) {
    const [moves, joined] = await Promise.all([
      trx.selectFrom('bill_line_changes').select('other_bill_id as id').where('bill_id', 'in', reach).where('kind', '=', 'moved').where('quantity', '>', 0).where('dish_id', '=', line.dishId).execute(),
      trx.selectFrom('bills').select(['id', 'joined_into']).where((eb) => eb.or([eb('joined_into', 'in', reach), eb('id', 'in', reach)])).execute(),
    ]);
    const found = [...moves.map((row) => row.id), ...joined.flatMap((row) => [row.id, row.joined_into])].filter((id): id is number => id !== null && !bills.has(id));
    for (const id of found) bills.add(id);
    reach = [...new Set(found)];
  }
  const row = await trx
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select('orders.id')
    .where('orders.bill_id', 'in', [...bills])
    .where('orders.status', 'not in', ['received', 'cancelled'])
    .where('order_items.dish_id', '=', line.dishId)
    .where('order_items.price_cents', '=', line.unitCents)
    .executeTakeFirst();
  return Boolean(row);
}
