// A database made by an older tree upgrades in place. The fixtures were made with the tree at
// commit 77f974b (before the server was cut into features and its migrations into a folder):
// a fresh database prepared by that tree (seeded, test accounts, open all hours, its clock
// at 2026-11-25 18:00 UTC), then through its API a dish's price raised by 50 cents, a
// pickup order (number 5) and a booking for four on Friday 27 November at 20:00. Kept as
// the SQLite file itself (gzipped) and as PostgreSQL's pg_dump --inserts (gzipped).
//
// Today's tree must open it, find every migration already done under the names stored in
// it, run none of those again, run the ones that came after (016-passkeys to 024-activity-parts), and serve what
// is in it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createApp } from '../../src/server/app.js';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { openDatabase, openPostgres, type Db } from '../../src/server/db/database.js';
import { migrations } from '../../src/server/db/migrations/index.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { DIALECT, newPostgresDatabase } from '../helpers/database.js';

const Upgrade = suite(`a database made by the tree at 77f974b (${DIALECT})`);
const fixture = (name: string) => gunzipSync(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));

/** The booking's manage-link secret, as each fixture's making printed it. */
const BOOKING_KEY = DIALECT === 'postgres' ? 'yBNm4pRH6_umBYQTF32HQQ' : 'vre5I18LCv7ZQ0exhziIrw';
const NAMES_THEN = ['001-initial', '002-orders', '003-search-everything', '004-scale', '005-token-sweep', '006-owner', '007-staff', '008-tables', '009-day-figures', '010-kitchen-screens', '011-bookings', '012-pickup-phone', '013-allergens', '014-restaurant', '015-search-words'];

let db: Db;
let folder: string | undefined;

Upgrade.before(async () => {
  if (DIALECT === 'postgres') {
    const url = await newPostgresDatabase();
    const client = new pg.Client(url);
    await client.connect();
    await client.query(fixture('database-77f974b.postgres.sql.gz').toString('utf8'));
    await client.end();
    db = openPostgres(url, { poolSize: 2 });
  } else {
    folder = mkdtempSync(join(tmpdir(), 'tavola-upgrade-'));
    writeFileSync(join(folder, 'tavola.db'), fixture('database-77f974b.sqlite.gz'));
    db = openDatabase(folder);
  }
});

Upgrade.after(async () => {
  await db.destroy();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const migrationRows = () => db.selectFrom('kysely_migration' as never).select(['name', 'timestamp'] as never).orderBy('name' as never).execute() as Promise<{ name: string; timestamp: string }[]>;

Upgrade('every migration is found done under the name it had; none runs again; the newer ones run; the seed adds nothing', async () => {
  assert.equal(Object.keys(migrations).slice(0, NAMES_THEN.length), NAMES_THEN, 'the names stored in databases do not change');
  const before = await migrationRows();
  const counts = async () => Promise.all(['users', 'dishes', 'orders', 'bookings', 'activity'].map(async (table) => Number((await db.selectFrom(table as 'users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)));
  const rowsBefore = await counts();
  await prepareDatabase(db, { passwords: createPasswords({ cost: { N: 2 ** 10, r: 8, p: 1 } }), testAccounts: true, openAllHours: true });
  assert.equal(before.map((row) => row.name), NAMES_THEN);
  const after = await migrationRows();
  assert.equal(after.slice(0, NAMES_THEN.length), before, 'nothing run again: the same rows, the same times');
  assert.equal(after.map((row) => row.name), Object.keys(migrations), 'the newer ones done');
  assert.equal(await counts(), rowsBefore);
});

Upgrade('and serves what is in it: sign-in, the edited dish, typo search, the order, the booking, the activity', async () => {
  const now = Date.UTC(2026, 10, 25, 18, 5, 0);
  const app = createApp({ db, secret: new TextEncoder().encode('upgrade-secret-upgrade-secret-upgrade'), passwords: createPasswords(), clock: () => now });
  const call = async (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) => {
    const response = await app.request(`http://localhost/api/v1${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...headers } });
    assert.is(response.status, 200, `${path}: ${response.status}`);
    return response.json();
  };
  const signIn = async (email: string, password: string) => (await call('/auth/login', {}, { method: 'POST', body: JSON.stringify({ email, password }) })).accessToken as string;
  const ada = await signIn('ada@tavola.test', 'tavola-admin');
  const dish = await call('/dishes/3');
  assert.equal([dish.priceCents, dish.version], [950, 2]); // 900 as seeded, +50
  const found = await call('/search?q=carbonra');
  assert.ok(found.dishes.some((one: { name: string }) => one.name === 'Spaghetti alla carbonara'));
  const kai = await signIn('kai@tavola.test', 'tavola-kitchen');
  const queue = await call('/orders/queue', { Authorization: `Bearer ${kai}` });
  assert.equal(queue.orders.at(-1).number, 5);
  assert.equal([queue.orders.at(-1).pickupPhone, queue.orders.at(-1).items[0].quantity], ['+393471234567', 2]);
  const booking = await call('/booking', { 'Booking-Key': BOOKING_KEY });
  assert.equal([booking.status, booking.party, booking.date, booking.time, booking.name], ['confirmed', 4, '2026-11-27', '20:00', 'Bianca Neri']);
  const activity = await call('/admin/activity', { Authorization: `Bearer ${ada}` });
  assert.equal(activity.entries.map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name]), [['dish.updated', 'Ada Conti']]);
  // Recorded as a sentence then, parsed into parts by migration 024: said in Italian now.
  const italian = await call('/admin/activity?lang=it', { Authorization: `Bearer ${ada}` });
  assert.equal([activity.entries[0].subject, italian.entries[0].subject], [`Dish 3 · ${dish.name}`, `Piatto 3 · ${dish.name}`]);
});

Upgrade.run();
