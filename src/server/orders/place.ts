// Placing an order: a table (with its code, or by staff) or a pickup name, dishes that
// exist and are available, prices and the total from the database (never from the
// client), each dish sent to its category's station, all written in one transaction with
// its `placed` event. An Idempotency-Key makes a retry answer the order it placed.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect.js';
import { findOrderByKey, insertOrder, type OrderItemView, type OrderView, type StoredEvent } from './store.js';
import { ApiError } from '../http/errors.js';
import { readHours } from '../restaurant/index.js';
import { openingStatus } from '../restaurant/index.js';
import { t } from '../http/language.js';
import { openBillFor, openPickupBill, paidStayAt } from '../bills/index.js';
import { chosenFor } from './order-choices.js';

export interface PlaceOrderRequest {
  table?: number;
  /** The table's secret from its QR code: needed for an order to a table, unless staff place it. */
  tableCode?: string;
  pickupName?: string;
  /** E.164, already read (see phone.ts): needed with pickupName. */
  pickupPhone?: string;
  /** Each with the options chosen (ids) and the line's own note, if any. */
  items: { dishId: number; quantity: number; choices?: number[]; note?: string }[];
  note?: string;
  /** How many are at the table (asked at its first order): the party, and the guests the cover charge counts. */
  guests?: number;
}

/** An order placed now (with its event), or one placed before with the same key (no event). */
export type Placed = { order: OrderView; event: StoredEvent; replayed: false } | { order: OrderView; replayed: true };

const invalid = (field: string, message: string) => new ApiError(400, 'invalid_field', message, { field });

export interface PlaceOptions {
  key: string | null;
  /** Waiter or Kitchen staff placing it for the table (no code needed; the order names them), or null. */
  takenBy: { id: number; name: string } | null;
  now: number;
  /** The restaurant's time zone: its opening hours are in it. */
  timeZone: string;
}

export async function placeOrder(db: Db, request: PlaceOrderRequest, { key, now, timeZone, takenBy }: PlaceOptions): Promise<Placed> {
  const { table, pickupName, items, note = '' } = request;
  if ((table === undefined) === (pickupName === undefined)) throw invalid('table', t('Give a table number or a pickup name (one of them).'));
  if (pickupName !== undefined && request.pickupPhone === undefined) throw invalid('pickupPhone', t('A pickup order needs a phone number, so the kitchen can call you when it waits.'));
  if (table !== undefined && request.pickupPhone !== undefined) throw invalid('pickupPhone', t('A phone number is for a pickup order: an order to a table is brought to it.'));
  if (table === undefined && request.guests !== undefined) throw invalid('guests', t('How many are at the table is asked of an order to a table, not of a pickup order.'));
  refuseDoubles(items);
  const requestHash = key && createHash('sha256').update(JSON.stringify({ table, pickupName, pickupPhone: request.pickupPhone, items, note, guests: request.guests })).digest('base64url');

  try {
    return await writeOrder(db, request, key, requestHash, { now, timeZone, takenBy });
  } catch (error) {
    // The same key sent twice at once: both found no order under it, the other one wrote
    // first, and the unique key refused this one. Answer what the other one placed.
    const before = key && isUniqueViolation(error) ? await findOrderByKey(db, key) : undefined;
    if (!before) throw error;
    return replay(before, requestHash!);
  }
}

function writeOrder(db: Db, { table, tableCode, pickupName, pickupPhone, items, note = '', guests }: PlaceOrderRequest, key: string | null, requestHash: string | null, { now, timeZone, takenBy }: Omit<PlaceOptions, 'key'>) {
  return db.transaction().execute(async (trx): Promise<Placed> => {
    if (key) {
      const before = await findOrderByKey(trx, key);
      if (before) return replay(before, requestHash!); // placed while open: still answered after closing
    }
    await refuseWhenClosed(trx, now, timeZone);
    if (table !== undefined) await checkTable(trx, table, tableCode, takenBy !== null);
    // The stay at the table has paid and left: its QR code orders nothing more for it (a waiter still can).
    if (table !== undefined && takenBy === null && (await paidStayAt(trx, table, now))) {
      throw new ApiError(409, 'bill_paid', t('Table {table}’s bill is paid: thank you! To order more, ask a waiter.', { table }));
    }
    const priced = await priceLines(trx, items);
    const placed = await insertOrder(trx, {
      publicId: randomBytes(16).toString('base64url'),
      table: table ?? null,
      pickupName: pickupName ?? null,
      pickupPhone: pickupPhone ?? null,
      note,
      status: 'received',
      items: priced.map(({ categoryCourse: _, ...line }) => line),
      idempotencyKey: key,
      requestHash,
      at: new Date(now).toISOString(),
      takenBy: table !== undefined ? takenBy : null,
      // On the open bill of what is at its table (opening a stay there if nobody is); a pickup order is a bill of its own.
      billId: table !== undefined ? (await openBillFor(trx, table, now, timeZone, guests)).billId : await openPickupBill(trx, now),
    });
    return { ...placed, replayed: false };
  });
}

/** A line as a request gives it: the dish, how many, the options chosen (ids), its own note. */
export interface LineRequest {
  dishId: number;
  quantity: number;
  choices?: number[];
  note?: string;
}

/** The same dish is listed again only with other choices or another note (or, by course, another course or seat): that is another line. */
export function refuseDoubles(items: (LineRequest & { course?: number; seat?: number })[]): void {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const line = `${item.dishId}|${[...(item.choices ?? [])].sort((a, b) => a - b).join(',')}|${item.note?.trim() ?? ''}|${item.course ?? ''}|${item.seat ?? ''}`;
    if (seen.has(line)) throw invalid(`items.${i}.dishId`, t('Dish {dish} is listed twice: give each dish once, with its quantity.', { dish: item.dishId }));
    seen.add(line);
  }
}

/** Orders are taken in the opening hours only: a 409 `closed` that says when they open. */
export async function refuseWhenClosed(trx: Db, now: number, timeZone: string): Promise<void> {
  const hours = openingStatus(await readHours(trx), now, timeZone);
  if (hours.open) return;
  const message = `We are not taking orders now${hours.opensWhen ? `: we open ${hours.opensWhen}` : ''}. Your cart is kept.`;
  throw new ApiError(409, 'closed', message, { more: { opensAt: hours.opensAt } });
}

/** Each line priced from the menu (never from the client), with its station, VAT rate and its category's course; a dish gone or sold out is a 400 on its line. */
export async function priceLines(trx: Db, items: LineRequest[]): Promise<(OrderItemView & { vatBp: number; categoryCourse: number })[]> {
  const priced: (OrderItemView & { vatBp: number; categoryCourse: number })[] = [];
  for (const [i, { dishId, quantity, choices: chosen = [], note: lineNote }] of items.entries()) {
    const dish = await trx
      .selectFrom('dishes')
      .innerJoin('categories', 'categories.id', 'dishes.category_id')
      .select(['dishes.name', 'dishes.price_cents', 'dishes.available', 'dishes.archived_at', 'categories.station_id', 'categories.vat_bp', 'categories.course'])
      .where('dishes.id', '=', dishId)
      .executeTakeFirst();
    if (!dish || dish.archived_at !== null) throw invalid(`items.${i}.dishId`, t('Dish {dish} is not on the menu.', { dish: dishId }));
    if (!dish.available) throw invalid(`items.${i}.dishId`, t('{name} is sold out right now.', { name: dish.name }));
    const { choices, addsCents } = await chosenFor(trx, { id: dishId, name: dish.name }, chosen, `items.${i}.choices`);
    const priceCents = dish.price_cents + addsCents;
    if (priceCents < 0) throw invalid(`items.${i}.choices`, t('{name} with these choices would cost less than nothing: choose again.', { name: dish.name }));
    priced.push({ dishId, name: dish.name, quantity, priceCents, station: dish.station_id, vatBp: dish.vat_bp, categoryCourse: dish.course, ...(choices.length && { choices }), ...(lineNote?.trim() && { note: lineNote.trim() }) });
  }
  return priced;
}

/**
 * An order to a table: the table exists and is on the floor, and the order names its code
 * (from the QR code on it) unless staff place it. A code that is wrong or was renewed is a
 * 403 that says to scan again; the diner's cart is kept by the site.
 */
export async function checkTable(trx: Db, table: number, code: string | undefined, byStaff: boolean) {
  const row = await trx.selectFrom('dining_tables').select(['active', 'code']).where('number', '=', table).executeTakeFirst();
  if (!row) throw invalid('table', t('There is no table {table}.', { table }));
  if (!row.active) throw invalid('table', t('Table {table} is not taking orders now: ask a waiter, or order for pickup.', { table }));
  if (byStaff) return;
  if (code === undefined) throw new ApiError(403, 'table_code_required', t('An order to table {table} is placed from the QR code on the table: scan it, or order for pickup. Your cart is kept.', { table }), { field: 'tableCode' });
  if (!sameSecret(code, row.code)) throw new ApiError(403, 'table_code_wrong', t('This is not table {table}\'s code now: scan the QR code on your table again. Your cart is kept.', { table }), { field: 'tableCode' });
}

/** Compares two secrets in a time that does not depend on where they differ. */
function sameSecret(given: string, stored: string): boolean {
  const [a, b] = [createHash('sha256').update(given).digest(), createHash('sha256').update(stored).digest()];
  return timingSafeEqual(a, b);
}

// The same key again: the same order, if it really is the same request.
export function replay(before: { order: OrderView; requestHash: string | null }, requestHash: string): Placed {
  if (before.requestHash !== requestHash) {
    throw new ApiError(409, 'idempotency_conflict', t('This Idempotency-Key was already used for a different order. Use a new key for a new order.'));
  }
  return { order: before.order, replayed: true };
}
