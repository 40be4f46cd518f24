// Orders diners place themselves: a public id to follow them by, a table or a pickup
// name, prices kept as they were when ordered, a version for concurrent screens, an
// idempotency key, and every change kept as an event. The old orders table cannot be
// altered that far in SQLite, so its rows are read, the tables made anew, the rows put back.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { autoId } from '../dialect.js';

/** How many tables a fresh restaurant has, numbered from 1. */
const DINING_TABLES = 24;

export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  const old = await db.selectFrom('orders').selectAll().orderBy('id').execute();
  const oldItems = await db
    .selectFrom('order_items')
    .innerJoin('dishes', 'dishes.id', 'order_items.dish_id')
    .select(['order_items.order_id', 'order_items.dish_id', 'order_items.quantity', 'dishes.name', 'dishes.price_cents'])
    .orderBy('order_items.id')
    .execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();

  await db.schema.alterTable('dishes').addColumn('available', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createTable('dining_tables').addColumn('number', 'integer', (c) => c.primaryKey()).execute();
  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('table_number', 'integer', (c) => c.references('dining_tables.number'))
    .addColumn('pickup_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('dish_id', 'integer', (c) => c.notNull().references('dishes.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'id']).execute();
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  // The floor: tables 1 to 24 (and any other an old order names).
  const tables = new Set([...Array.from({ length: DINING_TABLES }, (_, i) => i + 1), ...old.map((order) => order.table_number as number)]);
  await db.insertInto('dining_tables').values([...tables].map((number) => ({ number }))).execute();
  for (const order of old) {
    const items = oldItems.filter((item) => item.order_id === order.id);
    await db
      .insertInto('orders')
      .values({
        id: order.id,
        public_id: randomBytes(16).toString('base64url'),
        table_number: order.table_number,
        pickup_name: null,
        status: order.status,
        note: order.note,
        total_cents: items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0),
        version: 1,
        created_at: order.created_at,
        updated_at: order.created_at,
      })
      .execute();
    for (const item of items) {
      await db.insertInto('order_items').values({ order_id: order.id, dish_id: item.dish_id, name: item.name, price_cents: item.price_cents, quantity: item.quantity }).execute();
    }
  }
}
