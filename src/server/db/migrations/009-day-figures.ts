// The day's numbers, counted by the database: when each order was placed in ms (a day's
// orders found through an index, its hours by integer division), and how long it took
// to be ready and then served, in seconds, written by the moves. ready_at and served_at
// keep the moments for people (the CSV).
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('placed_ms', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('ready_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('served_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('ready_after_s', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('served_after_s', 'integer').execute();
  const epochMs = dialectOf(db) === 'postgres' ? sql`(extract(epoch from created_at::timestamptz) * 1000)::bigint` : sql`cast(round((julianday(created_at) - 2440587.5) * 86400000) as integer)`;
  await db.updateTable('orders').set({ placed_ms: epochMs }).execute();
  // Covering: a day's counts, sums and medians are read from the index alone, and so are
  // the dishes of its orders.
  await db.schema.createIndex('orders_placed_ms').on('orders').columns(['placed_ms', 'status', 'total_cents', 'ready_after_s', 'served_after_s']).execute();
  await db.schema.createIndex('order_items_sales').on('order_items').columns(['order_id', 'dish_id', 'quantity']).execute();
}
