// Migration 017 lets a display be a host stand. SQLite cannot change a check, so it makes
// the displays table anew: the displays, their ids and their bumps (the pass's recall
// list) must come through it, and the check must still refuse a kind that is none of ours.
import { Migrator, type Migration } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../src/server/db/migrations/index.js';
import type { Db } from '../../src/server/db/database.js';
import { DIALECT, freshDatabase } from '../helpers/database.js';

const upTo = (last: string) => new Migrator({ db: db as never, provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)) as Record<string, Migration> } });

let db: Db;
test.before(async () => {
  db = await freshDatabase({ empty: true });
});
test.after(async () => db.destroy());

test('displays and their bumps come through migration 017 with their ids; a host stand may be added, a made-up kind may not', async () => {
  const before = await upTo('016-passkeys').migrateToLatest();
  assert.is(before.error, undefined);
  const at = new Date(Date.UTC(2026, 10, 26, 19)).toISOString();
  const [station] = await db.selectFrom('stations').select('id').execute();
  await db.insertInto('displays').values([
    { id: 4, name: 'Pass', kind: 'pass', station_id: null, credential_hash: 'a'.repeat(64), created_at: at },
    { id: 7, name: 'Grill', kind: 'station', station_id: station!.id, created_at: at },
  ]).execute();
  const { id: order } = await db
    .insertInto('orders')
    .values({ public_id: 'migration-017-order', status: 'ready', table_number: 1, total_cents: 900, version: 1, created_at: at, updated_at: at, placed_ms: Date.parse(at) } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('display_bumps').values({ display_id: 4, order_id: order, station_id: null, at: Date.parse(at) }).execute();

  const after = await upTo('017-host-stand').migrateToLatest();
  assert.is(after.error, undefined);
  assert.equal(await db.selectFrom('displays').select(['id', 'name', 'kind', 'credential_hash']).orderBy('id').execute(), [
    { id: 4, name: 'Pass', kind: 'pass', credential_hash: 'a'.repeat(64) },
    { id: 7, name: 'Grill', kind: 'station', credential_hash: null },
  ]);
  assert.equal(await db.selectFrom('display_bumps').select(['display_id', 'order_id']).execute(), [{ display_id: 4, order_id: order }]);
  await db.insertInto('displays').values({ name: 'Host stand', kind: 'host', station_id: null, created_at: at }).execute();
  const refused = await db.insertInto('displays').values({ name: 'Toaster', kind: 'toaster', station_id: null, created_at: at }).execute().then(() => 'written', (error: Error) => error.message);
  assert.match(refused, /check/i);
  if (DIALECT === 'sqlite') {
    // A new display takes an id after the highest ever given, as before (the ids above were given by hand: PostgreSQL's sequence did not see them).
    const { id } = await db.insertInto('displays').values({ name: 'Bar', kind: 'pass', station_id: null, created_at: at }).returning('id').executeTakeFirstOrThrow();
    assert.ok(id > 7, `id ${id}`);
  }
  // Deleting a display still takes its bumps with it.
  await db.deleteFrom('displays').where('id', '=', 4).execute();
  assert.equal(await db.selectFrom('display_bumps').selectAll().execute(), []);
  const [booking] = await db.selectFrom('booking_settings').select('late_minutes').execute();
  assert.equal(booking, { late_minutes: 15 });
});

test.run();
