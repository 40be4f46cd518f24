// Migration 010 on a database that already has a restaurant in it (on SQLite and
// PostgreSQL): every category and every dish already ordered goes to the one station it
// makes (Kitchen, the default); every order gets its part, done when the order was ready or
// served; the activity list keeps its entries and ids, and names displays from then on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../../src/server/db/migrations/index.js';
import { listActivity, recordActivity } from '../../src/server/activity/store.js';
import { readBoardSettings } from '../../src/server/displays/stations.js';
import type { Db } from '../../src/server/db/schema.js';
import { freshDatabase } from '../helpers/database.js';

const Migration = suite('migration 010: stations, parts and displays on a database in use');

const provider = { getMigrations: async () => migrations };
const AT = '2026-11-20T12:00:00.000Z';

Migration('categories and ordered dishes go to Kitchen, orders get their part, the activity list keeps its ids', async () => {
  const db = await freshDatabase({ empty: true });
  const migrator = new Migrator({ db, provider });
  assert.is((await migrator.migrateTo('009-day-figures')).error, undefined);
  const old = db as unknown as Kysely<any>;
  await old.insertInto('users').values({ email: 'ada@tavola.test', name: 'Ada Conti', role: 'Admin', password_hash: 'x', created_at: AT }).execute();
  await old.insertInto('categories').values([
    { slug: 'primi', name: 'Pasta', description: '', position: 0 },
    { slug: 'dolci', name: 'Desserts', description: '', position: 1 },
  ]).execute();
  await old.insertInto('dishes').values({ category_id: 1, name: 'Carbonara', description: '', price_cents: 1450, image: '/x.svg', search_text: 'carbonara' }).execute();
  for (const [i, status] of ['received', 'ready', 'served', 'cancelled'].entries()) {
    await old.insertInto('orders').values({ public_id: `old-${i}`, table_number: 3, status, note: '', total_cents: 1450, version: 2, created_at: AT, updated_at: AT, placed_ms: Date.parse(AT), ready_at: status === 'ready' || status === 'served' ? AT : null }).execute();
    await old.insertInto('order_items').values({ order_id: i + 1, dish_id: 1, name: 'Carbonara', price_cents: 1450, quantity: 1 }).execute();
  }
  for (const action of ['dish.updated', 'hours.updated']) await old.insertInto('activity').values({ at: AT, user_id: 1, user_name: 'Ada Conti', action, subject: 'x', before: null, after: null }).execute();

  assert.is((await migrator.migrateToLatest()).error, undefined);
  const settings = await readBoardSettings(db);
  assert.equal([settings.stations, settings.lateMinutes, settings.veryLateMinutes], [[{ id: 1, name: 'Kitchen', nameIt: 'Cucina', isDefault: true, italianToReview: false, version: 1 }], 10, 20]);
  assert.equal((await db.selectFrom('categories').select('station_id').execute()).map((row) => row.station_id), [1, 1]);
  assert.equal((await db.selectFrom('order_items').select('station_id').execute()).map((row) => row.station_id), [1, 1, 1, 1]);
  const parts = await db.selectFrom('order_parts').select(['order_id', 'station_id', 'done_at', 'changed_in']).orderBy('order_id').execute();
  assert.equal(parts, [
    { order_id: 1, station_id: 1, done_at: null, changed_in: 2 },
    { order_id: 2, station_id: 1, done_at: AT, changed_in: 2 },
    { order_id: 3, station_id: 1, done_at: AT, changed_in: 2 },
    { order_id: 4, station_id: 1, done_at: null, changed_in: 2 },
  ]);
  await recordActivity(db as Db, { by: { id: 7, name: 'Display: Pass', display: true }, at: Date.parse(AT), action: 'order.moved', subject: { kind: 'Order', id: 1, names: [] }, before: null, after: null });
  const { entries } = await listActivity(db, { limit: 10 });
  assert.equal(
    entries.map((entry) => [entry.id, entry.action, entry.by]),
    [
      [3, 'order.moved', { id: 7, name: 'Display: Pass', kind: 'display' }],
      [2, 'hours.updated', { id: 1, name: 'Ada Conti', kind: 'person' }],
      [1, 'dish.updated', { id: 1, name: 'Ada Conti', kind: 'person' }],
    ],
  );
  await db.destroy();
});

Migration.run();
