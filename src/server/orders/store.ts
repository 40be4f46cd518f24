// Order queries: one order, the open ones, writing an order or a move with its event,
// and reading events back. Orders are answered in the API's shape (OrderView), with their
// items and their parts (each station's share, done or not).
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Order, OrderPart, OrderStatus } from '../../shared/order-states.js';
import type { Db } from '../db/schema.js';
import { DEFAULT_VAT_BP } from '../../shared/bills.js';
import { storedChoices } from '../../shared/choices.js';
import { OPEN_ORDER, serializeEvents } from '../db/dialect.js';
import type { Database, OrderRow } from '../db/schema.js';
import { phoneWithCountryCode } from '../http/phone.js';

export type OrderView = Order;
export type OrderItemView = Order['items'][number];

/** What a stream sends: `placed` or `moved`, and the order as it is after the event. */
export interface OrderEventData {
  type: 'placed' | 'moved';
  order: OrderView;
}

export interface StoredEvent {
  id: number;
  /** The order's internal id, to filter a diner's stream. */
  orderId: number;
  /** OrderEventData as JSON, sent as it is. */
  data: string;
}

type Executor = Kysely<Database>;

const ITEM_COLUMNS = ['order_items.order_id', 'order_items.dish_id', 'order_items.name', 'order_items.quantity', 'order_items.price_cents', 'order_items.station_id', 'order_items.choices', 'order_items.note', 'order_items.seat'] as const;
type ItemRow = { order_id: number; dish_id: number; name: string; quantity: number; price_cents: number; station_id: number; choices: string; note: string; seat: number | null };
type PartRow = { order_id: number; station_id: number; name: string; name_it: string | null; done_by: string | null; done_at: string | null };

const toItem = (item: ItemRow): OrderItemView => {
  const line: OrderItemView = { dishId: item.dish_id, name: item.name, quantity: item.quantity, priceCents: item.price_cents, station: item.station_id };
  const choices = storedChoices(item.choices);
  if (choices.length) line.choices = choices;
  if (item.note) line.note = item.note;
  if (item.seat !== null) line.seat = item.seat;
  return line;
};


const toPart = (part: PartRow): OrderPart => ({ station: part.station_id, name: part.name, nameIt: part.name_it, done: part.done_at !== null, doneBy: part.done_by });

/** The parts of one order, or of the orders a page's query selects, with their stations' names, by order then station. */
function partsOf(db: Executor, orders: number | SelectQueryBuilder<Database, 'orders', { id: number }>): Promise<PartRow[]> {
  const query = db
    .selectFrom('order_parts')
    .innerJoin('stations', 'stations.id', 'order_parts.station_id')
    .select(['order_parts.order_id', 'order_parts.station_id', 'stations.name', 'stations.name_it', 'order_parts.done_by', 'order_parts.done_at']);
  return (typeof orders === 'number' ? query.where('order_parts.order_id', '=', orders) : query.where('order_parts.order_id', 'in', orders)).orderBy('order_parts.order_id').orderBy('order_parts.station_id').execute();
}

function toView(order: OrderRow, items: ItemRow[], parts: PartRow[]): OrderView {
  return {
    id: order.public_id,
    number: order.id,
    table: order.table_number,
    pickupName: order.pickup_name,
    pickupPhone: order.pickup_phone,
    pickupPhoneText: order.pickup_phone && phoneWithCountryCode(order.pickup_phone),
    takenBy: order.taken_by_name,
    status: order.status as OrderStatus,
    course: order.course,
    firedAt: order.fired_ms === null ? null : new Date(Number(order.fired_ms)).toISOString(),
    note: order.note,
    items: items.map(toItem),
    parts: parts.map(toPart),
    totalCents: order.total_cents,
    currency: 'EUR',
    version: order.version,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    movedBy: order.moved_by,
  };
}

async function withItems(db: Executor, order: OrderRow | undefined): Promise<OrderView | undefined> {
  if (!order) return undefined;
  const items = await db.selectFrom('order_items').select(ITEM_COLUMNS).where('order_id', '=', order.id).orderBy('id').execute();
  return toView(order, items, await partsOf(db, order.id));
}

/** An order by its internal number, as the API answers it (within `trx` when given one). */
export const findOrderByNumber = async (db: Executor, number: number) => withItems(db, await db.selectFrom('orders').selectAll().where('id', '=', number).executeTakeFirst());

export const findOrder = async (db: Executor, publicId: string) =>
  withItems(db, await db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirst());

export const findOrderByKey = async (db: Executor, key: string) => {
  const order = await db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  return order && { order: (await withItems(db, order))!, requestHash: order.request_hash };
};

/**
 * One page of the orders not yet served or cancelled, oldest first, with their items and
 * parts: the page of orders through the partial index `orders_open`, then the items and
 * the parts of that same page (the page's query as a subquery, through `order_items_order`
 * and the parts' primary key), put with their orders in one pass. Reads of one snapshot
 * (an order served between them would otherwise lose its items), rather than one join
 * that repeats every order's columns on each of its items. `next` is the `after` of the
 * following page, or null.
 */
export function listOpenOrders(db: Db, { after, limit }: { after?: number; limit: number }): Promise<{ orders: OrderView[]; next: number | null }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read') // PostgreSQL: one snapshot for both reads; SQLite's read transaction is one already
    .execute(async (trx) => {
      let page = trx.selectFrom('orders').where(OPEN_ORDER);
      if (after !== undefined) page = page.where('id', '>', after);
      page = page.orderBy('id').limit(limit + 1);
      const rows = await page.selectAll().execute();
      const items = await trx.selectFrom('order_items').select(ITEM_COLUMNS).where('order_id', 'in', page.select('id')).orderBy('order_id').orderBy('id').execute();
      const parts = await partsOf(trx, page.select('id'));
      const orders = new Map(rows.map((row) => [row.id, toView(row, [], [])]));
      for (const item of items) orders.get(item.order_id)!.items.push(toItem(item));
      for (const part of parts) orders.get(part.order_id)!.parts.push(toPart(part));
      const views = [...orders.values()];
      const more = views.length > limit;
      if (more) views.pop();
      return { orders: views, next: more ? views.at(-1)!.number : null };
    });
}

export interface NewOrder {
  publicId: string;
  table: number | null;
  pickupName: string | null;
  /** E.164, for a pickup order. */
  pickupPhone: string | null;
  note: string;
  status: OrderStatus;
  /** Each with the station that cooks it, and its VAT rate (hundredths of a percent; 10 % when absent). */
  items: (OrderItemView & { vatBp?: number })[];
  /** The bill it goes on (bills/store.ts), or none (the seed's past orders). */
  billId?: number | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  at: string;
  /** The staff member who placed it for the table, or null. */
  takenBy: { id: number; name: string } | null;
  /** The course it is, when a waiter took the table's order by course (shared/courses.ts). */
  course?: number | null;
}

/** Writes an order, its items, a part per station and its `placed` event. Call it inside a transaction. */
export async function insertOrder(trx: Executor, order: NewOrder): Promise<{ order: OrderView; event: StoredEvent }> {
  const row = await trx
    .insertInto('orders')
    .values({
      public_id: order.publicId,
      table_number: order.table,
      pickup_name: order.pickupName,
      pickup_phone: order.pickupPhone,
      status: order.status,
      note: order.note,
      total_cents: order.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0),
      version: 1,
      idempotency_key: order.idempotencyKey,
      request_hash: order.requestHash,
      created_at: order.at,
      updated_at: order.at,
      placed_ms: Date.parse(order.at),
      taken_by: order.takenBy?.id ?? null,
      taken_by_name: order.takenBy?.name ?? null,
      bill_id: order.billId ?? null,
      course: order.course ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const items = order.items.map((item) => ({ order_id: row.id, dish_id: item.dishId, name: item.name, price_cents: item.priceCents, quantity: item.quantity, station_id: item.station, choices: JSON.stringify(item.choices ?? []), note: item.note ?? '', seat: item.seat ?? null }));
  await trx.insertInto('order_items').values(items.map((item, i) => ({ ...item, vat_bp: order.items[i]!.vatBp ?? DEFAULT_VAT_BP }))).execute();
  const stations = [...new Set(items.map((item) => item.station_id))].sort((a, b) => a - b);
  const done = order.status === 'ready' || order.status === 'served' ? order.at : null; // the seed's orders already on their way
  await trx.insertInto('order_parts').values(stations.map((station) => ({ order_id: row.id, station_id: station, done_at: done, changed_in: 1 }))).execute();
  const view = toView(row, items, await partsOf(trx, row.id));
  return { order: view, event: await insertEvent(trx, row.id, { type: 'placed', order: view }, order.at) };
}

export interface Change {
  /** The order's internal number and the version the change is based on. */
  number: number;
  version: number;
  at: string;
  /** Who makes it: a person's name or "Display: <name>". */
  by: string;
}

/**
 * Changes an order if it is still at `version`: its state (`from` → `to`; none for a change
 * of parts alone) and parts marked done or not (`parts`, by station). Answers the order
 * after the change and its event, or undefined when someone else changed it first. Marking
 * it ready marks every part done; the day's times follow the state, and a recall (served
 * back to ready, ready back to preparing) takes back the time the undone move wrote.
 * Inside a transaction.
 */
export async function changeOrder(trx: Executor, { number, version, at, by }: Change, { from, to, parts = new Map() }: { from?: OrderStatus; to?: OrderStatus; parts?: Map<number, boolean> }) {
  const ms = Date.parse(at);
  const row = await trx
    .updateTable('orders')
    .set((eb) => ({
      ...(to && { status: to }),
      version: eb('version', '+', 1),
      updated_at: at,
      moved_by: by,
      // A held course fired: its time in the kitchen runs from now.
      ...(from === 'held' && to === 'received' && { fired_ms: ms }),
      // How long it took, in whole seconds: to be ready after it was placed (or fired), then to be served.
      ...(to === 'ready' && from !== 'served' && { ready_at: at, ready_after_s: sql<number>`(${ms} - coalesce(fired_ms, placed_ms)) / 1000` }),
      ...(to === 'served' && { served_at: at, served_after_s: sql<number>`(${ms} - coalesce(fired_ms, placed_ms)) / 1000 - ready_after_s` }),
      ...(to === 'ready' && from === 'served' && { served_at: null, served_after_s: null }),
      ...(to === 'preparing' && from === 'ready' && { ready_at: null, ready_after_s: null }),
    }))
    .where('id', '=', number)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const mark = (done: boolean) => ({ done_by: done ? by : null, done_at: done ? at : null, changed_in: row.version });
  if (to === 'ready' && from !== 'served') await trx.updateTable('order_parts').set(mark(true)).where('order_id', '=', number).where('done_at', 'is', null).execute();
  for (const [station, done] of parts) await trx.updateTable('order_parts').set(mark(done)).where('order_id', '=', number).where('station_id', '=', station).execute();
  const order = (await withItems(trx, row))!;
  return { order, event: await insertEvent(trx, row.id, { type: 'moved', order }, at) };
}

/** When each part of an order last changed (the order's version then), by station. */
export async function partChanges(trx: Executor, number: number): Promise<Map<number, number>> {
  const rows = await trx.selectFrom('order_parts').select(['station_id', 'changed_in']).where('order_id', '=', number).execute();
  return new Map(rows.map((row) => [row.station_id, row.changed_in]));
}

async function insertEvent(trx: Executor, orderId: number, data: OrderEventData, at: string): Promise<StoredEvent> {
  const json = JSON.stringify(data);
  await serializeEvents(trx);
  const { id } = await trx.insertInto('order_events').values({ order_id: orderId, data: json, created_at: at }).returning('id').executeTakeFirstOrThrow();
  return { id, orderId, data: json };
}

/** The newest event's id, 0 when there is none: where a stream "from now" starts. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db.selectFrom('order_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Events after `after`, oldest first, at most `limit`; of one order when `orderId` is given. */
export async function eventsAfter(db: Db, after: number, { orderId, limit }: { orderId?: number; limit: number }): Promise<StoredEvent[]> {
  let query = db.selectFrom('order_events').select(['id', 'order_id', 'data']).where('id', '>', after);
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, orderId: row.order_id, data: row.data }));
}

/** The internal id of an order, for a diner's stream. */
export async function orderIdOf(db: Db, publicId: string): Promise<number | undefined> {
  return (await db.selectFrom('orders').select('id').where('public_id', '=', publicId).executeTakeFirst())?.id;
}
