// Taking money for a bill, and the changes a waiter makes to it. Each change names the
// bill's version and takes the bill's row first (its version moved on in the same
// statement), so two waiters paying the same bill at once are taken one after the other:
// the second is told the bill changed and shown it as it is, and nothing is ever paid
// twice over. A payment sent again with its Idempotency-Key is answered, not taken again.
// Paid in full, the bill closes and the stay it belongs to finishes: the table is free on
// the host stand and in the online free times at once.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Bill, Payment, PaymentMethod } from '../../shared/bills.js';
import { recordActivity, type Actor } from '../activity/index.js';
import { bookingById, finishStay, type Booker } from '../bookings/index.js';
import { isUniqueViolation, serializeBookings } from '../db/dialect.js';
import type { BillRow, Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { euros } from '../http/euros.js';
import { billRow, billView, paymentView } from './store.js';
import { closeOf, dateAt, dayWords } from './close.js';
import { keepPaidVat } from '../db/paid-bill-vat.js';

export interface PaymentRequest {
  version: number;
  amountCents: number;
  tipCents?: number;
  method: PaymentMethod;
  methodName?: string;
  tenderedCents?: number;
}

export interface Taken {
  bill: Bill;
  payment: Payment;
  /** The same Idempotency-Key again: the payment taken before, nothing taken now. */
  replayed: boolean;
}

/** What a bill's activity entries are about: said in the language each reader asks in. */
export const subject = (bill: { id: number; table_number: number | null }) => ({ kind: 'Bill' as const, id: bill.id, table: bill.table_number });

/**
 * Reads the bill and checks it may change: it exists, is open and is at `version` (409 with the
 * bill as it is, otherwise). Its version moves on in the same statement, which holds the row
 * until the transaction ends; the row answered carries the version it had, so a refusal
 * thrown after this (and rolled back) shows the bill at the version it still has. Call it
 * before any other bill row is held (joinBills takes the lower id first).
 */
export async function lockBill(trx: Kysely<Database>, id: number, version: number): Promise<BillRow> {
  // The bookings' lock first, as every seating takes it before a bill's row: a bill paid in full
  // finishes its stay under that lock, and the other order would deadlock a payment and a seating.
  await serializeBookings(trx);
  const row = await billRow(trx, id);
  if (!row) throw new ApiError(404, 'not_found', t('There is no bill {id}.', { id }));
  const taken = await trx
    .updateTable('bills')
    .set({ version: row.version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (taken) return { ...taken, version };
  const now = (await billRow(trx, id))!;
  const bill = await billView(trx, now);
  if (now.status !== 'open') throw new ApiError(409, 'bill_closed', t('Bill {id} is paid and closed: nothing more can be taken on it.', { id }), { more: { bill } });
  throw new ApiError(409, 'conflict', t('Bill {id} was changed meanwhile: here it is as it is now ({value} remains).', { id, value: euros(bill.remainingCents) }), { more: { bill } });
}

export async function takePayment(booker: Booker, id: number, request: PaymentRequest, key: string | null, actor: Actor): Promise<Taken> {
  const requestHash = key && createHash('sha256').update(JSON.stringify({ id, ...request })).digest('base64url');
  let finished: number | undefined;
  let joinedPaid = false;
  const write = () =>
    booker.db.transaction().execute(async (trx): Promise<Taken> => {
      const before = key ? await paymentByKey(trx, key) : undefined;
      if (before) return replay(trx, before, requestHash!);
      const locked = await lockBill(trx, id, request.version).catch(async (error: unknown) => {
        // The same key sent twice at once: the other one took the bill first; answer its payment.
        const other = key && error instanceof ApiError && error.status === 409 ? await paymentByKey(trx, key) : undefined;
        if (other) return other;
        throw error;
      });
      if ('amount_cents' in locked) return replay(trx, locked, requestHash!);
      const bill = await billView(trx, locked);
      const today = dateAt(actor.now, booker.timeZone);
      if (await closeOf(trx, today)) throw new ApiError(409, 'day_closed', t('{date} is closed: the Admin reopens it to take more payments.', { date: dayWords(today) }), { more: { bill } });
      const { amountCents, tipCents = 0, method, tenderedCents } = request;
      checkPayment(bill, request);
      const now = actor.now;
      const inserted = await trx
        .insertInto('payments')
        .values({
          bill_id: id,
          amount_cents: amountCents,
          tip_cents: tipCents,
          method,
          method_name: method === 'other' ? request.methodName!.trim() : null,
          tendered_cents: method === 'cash' ? (tenderedCents ?? amountCents + tipCents) : null,
          taken_by: actor.user.display ? null : actor.user.id,
          taken_by_name: actor.user.name,
          at_ms: now,
          idempotency_key: key,
          request_hash: requestHash,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const paidInFull = amountCents === bill.remainingCents;
      if (paidInFull) {
        finished = await settle(trx, locked, actor);
        joinedPaid = Boolean(await trx.selectFrom('bills').select('id').where('joined_into', '=', id).executeTakeFirst());
      }
      const payment = paymentView(inserted);
      await recordActivity(trx, { by: actor.user, at: now, action: paidInFull ? 'bill.paid' : 'bill.payment', subject: subject(locked), before: { remainingCents: bill.remainingCents }, after: { ...payment, remainingCents: bill.remainingCents - amountCents } });
      return { bill: await billView(trx, (await billRow(trx, id))!), payment, replayed: false };
    });
  const taken = await write().catch(async (error: unknown) => {
    // Two requests with one key, past each other's reads: the unique key refused the second.
    const other = key && isUniqueViolation(error) ? await paymentByKey(booker.db, key) : undefined;
    if (!other) throw error;
    return replay(booker.db, other, requestHash!);
  });
  // One stay finished: its id; several (joined bills): any booking may have changed.
  if (finished !== undefined) booker.changed(joinedPaid ? undefined : finished);
  return taken;
}

/** Why a payment cannot be taken on `bill` as it is (400 with the field), or nothing. */
function checkPayment(bill: Bill, { amountCents, tipCents = 0, method, methodName, tenderedCents }: PaymentRequest) {
  const invalid = (field: string, message: string) => new ApiError(400, 'invalid_field', message, { field, more: { bill } });
  if (bill.remainingCents <= 0) throw new ApiError(409, 'nothing_owed', t('Nothing remains to pay on bill {id}.', { id: bill.id }), { more: { bill } });
  if (amountCents > bill.remainingCents) {
    throw invalid('amountCents', t('{value} remains on this bill: take at most that, and put anything more as a tip.', { value: euros(bill.remainingCents) }));
  }
  if (method === 'other' && !methodName?.trim()) throw invalid('methodName', t('Say what the other method is (a voucher, a bank transfer…).'));
  if (method !== 'cash' && tenderedCents !== undefined) throw invalid('tenderedCents', t('Only cash is tendered: leave out the amount handed over for a card or another method.'));
  if (method === 'cash' && tenderedCents !== undefined && tenderedCents < amountCents + tipCents) {
    throw invalid('tenderedCents', t('{value} handed over is less than the {value2} to pay with the tip.', { value: euros(tenderedCents), value2: euros(amountCents + tipCents) }));
  }
}

/** The bill settled: closed as paid, and the stays it belongs to finished (the first one answered, to tell the stands). */
export async function settle(trx: Kysely<Database>, bill: BillRow, actor: Actor): Promise<number | undefined> {
  await trx.updateTable('bills').set({ status: 'paid', closed_ms: actor.now }).where('id', '=', bill.id).execute();
  await keepPaidVat(trx, [bill.id]);
  return finishItsStay(trx, bill, actor, actor.now);
}

/**
 * The stays a bill belongs to finish as it is paid in full, if their parties are still
 * seated: its own, and those of the bills joined to it (a party spread over two tables).
 * Answers the first stay finished, to tell the stands (undefined: none).
 */
async function finishItsStay(trx: Kysely<Database>, bill: BillRow, actor: Actor, now: number): Promise<number | undefined> {
  const joined = await trx.selectFrom('bills').select('booking_id').where('joined_into', '=', bill.id).execute();
  const stays = [bill.booking_id, ...joined.map((row) => row.booking_id)].filter((id): id is number => id !== null);
  if (!stays.length) return undefined;
  await serializeBookings(trx);
  let first: number | undefined;
  for (const id of stays) {
    const stay = await bookingById(trx, id);
    if (stay?.status !== 'arrived' || stay.finished_at !== null) continue;
    await finishStay(trx, stay, actor, now);
    first ??= stay.id;
  }
  return first;
}

const paymentByKey = (db: Kysely<Database>, key: string) => db.selectFrom('payments').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

async function replay(db: Kysely<Database>, before: NonNullable<Awaited<ReturnType<typeof paymentByKey>>>, requestHash: string): Promise<Taken> {
  if (before.request_hash !== requestHash) throw new ApiError(409, 'idempotency_conflict', t('This Idempotency-Key was already used for a different payment. Use a new key for a new payment.'));
  return { bill: await billView(db, (await billRow(db, before.bill_id))!), payment: paymentView(before), replayed: true };
}

/**
 * The waiter counts the guests for the cover charge (the party seated, unless told otherwise).
 * Never below what is paid, nor below nothing once the discounts are off (409
 * `less_than_paid`: give money back instead); a bill partly paid that fewer guests leave with
 * nothing to pay is settled, as a last payment would (not on a closed day: 409 `day_closed`).
 */
export async function setCovers(booker: Booker, id: number, { version, covers }: { version: number; covers: number }, actor: Actor): Promise<Bill> {
  let settled = false;
  let finished: number | undefined;
  const bill = await booker.db.transaction().execute(async (trx) => {
    const locked = await lockBill(trx, id, version);
    const before = await billView(trx, locked);
    const left = before.totalCents - before.coverTotalCents + covers * before.coverCents;
    if (before.paidCents > left) {
      const message = before.paidCents > 0 ? t('{value} is paid on this bill already: it cannot come to less. Give money back instead (the Admin’s).', { value: euros(before.paidCents) }) : t('The discounts on this bill ({value}) would be more than it comes to with fewer guests: ask the Admin.', { value: euros(before.discountCents) });
      throw new ApiError(409, 'less_than_paid', message, { field: 'covers', more: { bill: before } });
    }
    await trx.updateTable('bills').set({ covers }).where('id', '=', id).execute();
    if (left === before.paidCents && left > 0) {
      const today = dateAt(actor.now, booker.timeZone);
      if (await closeOf(trx, today)) throw new ApiError(409, 'day_closed', t('{date} is closed: the Admin reopens it to take more payments.', { date: dayWords(today) }), { more: { bill: before } });
      const first = await settle(trx, { ...locked, covers }, actor);
      settled = true;
      finished = before.joined.length ? undefined : first; // several stays finished: every stand reads the day again
    }
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.covers', subject: subject(locked), before: { covers: locked.covers }, after: { covers } });
    return billView(trx, (await billRow(trx, id))!);
  });
  if (settled) booker.changed(finished);
  return bill;
}

/**
 * An amount off the bill, with why. A Waiter gives up to the owner's limit per bill
 * (`discountLimitCents`, all of the bill's discounts together); more is the Admin's. Never
 * more than remains; a discount that leaves nothing to pay on a bill already partly paid
 * closes it, as a last payment would.
 */
export async function giveDiscount(booker: Booker, id: number, { version, amountCents, reason }: { version: number; amountCents: number; reason: string }, actor: Actor & { role: string }): Promise<Bill> {
  let finished: number | undefined;
  const bill = await booker.db.transaction().execute(async (trx) => {
    const locked = await lockBill(trx, id, version);
    const before = await billView(trx, locked);
    if (amountCents > before.remainingCents) throw new ApiError(400, 'invalid_field', t('{value} remains on this bill: a discount cannot be more.', { value: euros(before.remainingCents) }), { field: 'amountCents', more: { bill: before } });
    const { discount_limit_cents: limit } = await trx.selectFrom('restaurant').select('discount_limit_cents').where('id', '=', 1).executeTakeFirstOrThrow();
    if (actor.role !== 'Admin' && before.discountCents + amountCents > limit) {
      throw new ApiError(403, 'admin_only', t('Discounts over {value} on one bill are the Admin’s: ask them.', { value: euros(limit) }), { field: 'amountCents', more: { bill: before } });
    }
    await trx.insertInto('bill_discounts').values({ bill_id: id, amount_cents: amountCents, reason: reason.trim(), by_name: actor.user.name, at_ms: actor.now }).execute();
    if (amountCents === before.remainingCents && before.paidCents > 0) finished = await settle(trx, locked, actor);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.discount', subject: subject(locked), before: { totalCents: before.totalCents }, after: { amountCents, reason: reason.trim(), totalCents: before.totalCents - amountCents } });
    return billView(trx, (await billRow(trx, id))!);
  });
  if (finished !== undefined) booker.changed(finished);
  return bill;
}

/**
 * Money given back on a paid bill (the Admin's): a negative payment with its reason and
 * method, and the same amount taken off the bill as a discount in the same act, so the bill
 * stays paid and adds up: what was charged less what was given back.
 */
export async function giveRefund(booker: Booker, id: number, { version, amountCents, reason, method }: { version: number; amountCents: number; reason: string; method: PaymentMethod }, actor: Actor): Promise<Bill> {
  return booker.db.transaction().execute(async (trx) => {
    const row = await billRow(trx, id);
    if (!row) throw new ApiError(404, 'not_found', t('There is no bill {id}.', { id }));
    const before = await billView(trx, row);
    if (row.status !== 'paid') throw new ApiError(409, 'bill_open', t('Bill {id} is not paid yet: take less, or give a discount, instead of a refund.', { id }), { more: { bill: before } });
    if (row.version !== version) throw new ApiError(409, 'conflict', t('Bill {id} was changed meanwhile: here it is as it is now ({value} remains).', { id, value: euros(before.remainingCents) }), { more: { bill: before } });
    if (amountCents > before.paidCents) throw new ApiError(400, 'invalid_field', t('{value} was paid on this bill: a refund cannot be more.', { value: euros(before.paidCents) }), { field: 'amountCents', more: { bill: before } });
    await trx.updateTable('bills').set({ version: row.version + 1 }).where('id', '=', id).execute();
    await trx.insertInto('payments').values({ bill_id: id, amount_cents: -amountCents, tip_cents: 0, method, method_name: null, tendered_cents: null, reason: reason.trim(), taken_by: actor.user.display ? null : actor.user.id, taken_by_name: actor.user.name, at_ms: actor.now, idempotency_key: null, request_hash: null }).execute();
    await trx.insertInto('bill_discounts').values({ bill_id: id, amount_cents: amountCents, reason: reason.trim(), by_name: actor.user.name, at_ms: actor.now }).execute();
    await keepPaidVat(trx, [id]); // the VAT inside what it comes to now
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.refund', subject: subject(row), before: { paidCents: before.paidCents }, after: { amountCents: -amountCents, method, reason: reason.trim(), paidCents: before.paidCents - amountCents } });
    return billView(trx, (await billRow(trx, id))!);
  });
}

/**
 * Two tables' bills as one (a party spread over two tables): the other bill's orders,
 * payments and discounts move to this one, its guests are counted here, and it is marked
 * joined to this one, so its table's later orders come here too. Both bills are named on
 * their versions; the lower id is taken first, so two joins at once cannot wait on each other.
 */
export async function joinBills(booker: Booker, id: number, { version, other, otherVersion }: { version: number; other: number; otherVersion: number }, actor: Actor): Promise<Bill> {
  if (other === id) throw new ApiError(400, 'invalid_field', t('A bill cannot be joined to itself.'), { field: 'other' });
  return booker.db.transaction().execute(async (trx) => {
    const [first, second] = id < other ? [[id, version], [other, otherVersion]] : [[other, otherVersion], [id, version]];
    const lockedFirst = await lockBill(trx, first![0]!, first![1]!);
    const lockedSecond = await lockBill(trx, second![0]!, second![1]!);
    const [into, from] = lockedFirst.id === id ? [lockedFirst, lockedSecond] : [lockedSecond, lockedFirst];
    for (const table of ['orders', 'payments', 'bill_discounts', 'bill_line_changes'] as const) await trx.updateTable(table).set({ bill_id: id }).where('bill_id', '=', other).execute();
    const covers = into.covers === null && from.covers === null ? null : (into.covers ?? 0) + (from.covers ?? 0);
    await trx.updateTable('bills').set({ covers }).where('id', '=', id).execute();
    await trx.updateTable('bills').set({ status: 'joined', joined_into: id, closed_ms: actor.now }).where('id', '=', other).execute();
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'bill.joined', subject: subject(into), before: { bill: other, table: from.table_number }, after: { bill: id, covers } });
    return billView(trx, (await billRow(trx, id))!);
  });
}
