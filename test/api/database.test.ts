import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { loadSecret, readConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { tableNow } from '../../src/server/db/table-now.js';
import { fold } from '../../src/server/menu/search.js';
import { TEST_COST } from '../helpers/api.js';

const passwords = createPasswords({ cost: TEST_COST });
let dir: string;

const counts = async (db: ReturnType<typeof openDatabase>) => {
  const count = async (table: 'users' | 'categories' | 'dishes' | 'orders') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { users: await count('users'), categories: await count('categories'), dishes: await count('dishes'), orders: await count('orders') };
};

/** 20:00 in Rome on Saturday 21 November 2026: the sample service's first start. */
const FIRST_START = Date.UTC(2026, 10, 21, 19, 0);

/**
 * The sample service's story (`npm start`'s first database): each of the four orders on an open
 * bill at its table, the bill on the party there (a stay its order opened, as many guests as the
 * seed says), and the table taken by them now: the party and the bill with what it owes.
 */
async function assertSampleService(db: ReturnType<typeof openDatabase>) {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('bills', 'bills.id', 'orders.bill_id')
    .innerJoin('bookings', 'bookings.id', 'bills.booking_id')
    .select(['orders.table_number as orderTable', 'orders.status', 'orders.created_at', 'bills.table_number as billTable', 'bills.status as bill', 'bills.covers', 'bookings.table_number as stayTable', 'bookings.status as stay', 'bookings.party', 'bookings.seated_at', 'bookings.opened_by_order'])
    .orderBy('orders.id')
    .execute();
  assert.equal(
    rows.map((row) => [row.orderTable, row.status, row.created_at, row.billTable, row.bill, row.covers, row.stayTable, row.stay, row.party, row.seated_at, row.opened_by_order]),
    [
      [4, 'preparing', '2026-11-21T18:35:00.000Z', 4, 'open', 2, 4, 'arrived', 2, '2026-11-21T18:35:00.000Z', 1],
      [7, 'received', '2026-11-21T18:48:00.000Z', 7, 'open', 2, 7, 'arrived', 2, '2026-11-21T18:48:00.000Z', 1],
      [2, 'received', '2026-11-21T18:56:00.000Z', 2, 'open', 2, 2, 'arrived', 2, '2026-11-21T18:56:00.000Z', 1],
      [9, 'served', '2026-11-21T18:05:00.000Z', 9, 'open', 3, 9, 'arrived', 3, '2026-11-21T18:05:00.000Z', 1],
    ],
  );
  const count = async (table: 'bills' | 'bookings') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  assert.equal([await count('bills'), await count('bookings')], [4, 4], 'a bill and a stay for each order, nothing else');
  // What is at each table now: its party and its open bill, owing its order (no cover charge by default).
  const now = [];
  for (const table of [4, 7, 2, 9]) {
    const there = await tableNow(db, table, FIRST_START);
    now.push([table, there?.stay?.party, there?.stay?.status, there?.bill?.bookingId === there?.stay?.id, there?.bill?.remainingCents]);
  }
  // 2 × 10.50 + 7.50; 14.50 + 24.00 + 2 × 4.50; 2 × 15.50 + 2 × 7.00; 3 × 2.50.
  assert.equal(now, [
    [4, 2, 'arrived', true, 2850],
    [7, 2, 'arrived', true, 4750],
    [2, 2, 'arrived', true, 4500],
    [9, 3, 'arrived', true, 750],
  ]);
}

const Data = suite('embedded database');
Data.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'tavola-data-'));
});
Data.after.each(() => rmSync(dir, { recursive: true, force: true }));

Data('first start creates, migrates and seeds: 6 categories, 27 dishes, 4 accounts; with the sample service (npm start), 4 orders, each on an open bill at its table with its party there', async () => {
  const db = openDatabase(dir);
  await prepareDatabase(db, { passwords, testAccounts: true, sampleService: true, now: FIRST_START });
  assert.equal(await counts(db), { users: 4, categories: 6, dishes: 27, orders: 4 });
  await assertSampleService(db);
  await db.destroy();
});

Data('data survives a restart, and a second start seeds nothing twice', async () => {
  const first = openDatabase(dir);
  await prepareDatabase(first, { passwords, testAccounts: true, sampleService: true, now: FIRST_START });
  await first.updateTable('dishes').set({ name: 'Changed' }).where('id', '=', 1).execute();
  await first.destroy();
  const second = openDatabase(dir);
  await prepareDatabase(second, { passwords, testAccounts: true, sampleService: true, now: FIRST_START + 60_000 });
  assert.equal(await counts(second), { users: 4, categories: 6, dishes: 27, orders: 4 });
  await assertSampleService(second);
  assert.is((await second.selectFrom('dishes').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name, 'Changed');
  await second.destroy();
});

Data('the database file runs in WAL mode', async () => {
  const db = openDatabase(dir);
  const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
  assert.is(rows[0]!.journal_mode, 'wal');
  await db.destroy();
});

Data('without test accounts the menu is still seeded; without the sample service (the default) the floor is empty', async () => {
  const db = openDatabase(':memory:');
  await prepareDatabase(db, { passwords, testAccounts: false });
  assert.equal(await counts(db), { users: 0, categories: 6, dishes: 27, orders: 0 });
  assert.equal([(await db.selectFrom('bills').select('id').execute()).length, (await db.selectFrom('bookings').select('id').execute()).length], [0, 0]);
});

Data('passwords are stored as scrypt hashes, never as written', async () => {
  const db = openDatabase(':memory:');
  await prepareDatabase(db, { passwords, testAccounts: true });
  for (const { password_hash } of await db.selectFrom('users').select('password_hash').execute()) {
    assert.match(password_hash, /^scrypt\$/);
    assert.not.match(password_hash, 'tavola-');
  }
});

Data('the signing secret is made once, kept in the data folder, readable by us only', () => {
  const first = loadSecret({}, dir);
  const second = loadSecret({}, dir);
  assert.equal(Buffer.from(first), Buffer.from(second));
  assert.ok(first.length >= 32);
  assert.is(statSync(join(dir, 'jwt-secret')).mode & 0o777, 0o600);
  assert.is(readFileSync(join(dir, 'jwt-secret'), 'utf8').length, 43);
});

Data('JWT_SECRET wins, and a short one is refused', () => {
  assert.equal(Buffer.from(loadSecret({ JWT_SECRET: 'k'.repeat(32) }, dir)).toString(), 'k'.repeat(32));
  assert.throws(() => loadSecret({ JWT_SECRET: 'short' }, dir), /at least 32 characters/);
});

Data('configuration defaults work with no environment at all', () => {
  const config = readConfig({});
  assert.is(config.port, 8080);
  assert.is(config.host, '127.0.0.1');
  assert.match(config.dataDir, /data$/);
  assert.is(config.testAccounts, true);
  assert.is(readConfig({ NODE_ENV: 'production' }).testAccounts, false);
  assert.is(readConfig({ NODE_ENV: 'production', TEST_ACCOUNTS: 'on' }).testAccounts, true);
});

Data('TRUST_PROXY: off, on (one proxy) or a number of proxies; anything else stops the start', () => {
  assert.is(readConfig({}).trustProxy, 0);
  assert.is(readConfig({ TRUST_PROXY: 'off' }).trustProxy, 0);
  assert.is(readConfig({ TRUST_PROXY: 'on' }).trustProxy, 1);
  assert.is(readConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.throws(() => readConfig({ TRUST_PROXY: 'yes' }), /TRUST_PROXY must be off, on, or the number of proxies/);
});

Data('the data folder is ours only (0700) and so are the database and its WAL files (0600)', async () => {
  const data = join(dir, 'fresh');
  const db = openDatabase(data);
  await prepareDatabase(db, { passwords, testAccounts: true });
  assert.is(statSync(data).mode & 0o777, 0o700);
  for (const file of ['tavola.db', 'tavola.db-wal', 'tavola.db-shm']) assert.is(statSync(join(data, file)).mode & 0o777, 0o600, file);
  await db.destroy();
});

Data('a database file left 0644 by an older version is made 0600 on open', async () => {
  writeFileSync(join(dir, 'tavola.db'), '', { mode: 0o644 });
  chmodSync(join(dir, 'tavola.db'), 0o644);
  const db = openDatabase(dir);
  assert.is(statSync(join(dir, 'tavola.db')).mode & 0o777, 0o600);
  await db.destroy();
});

Data('the test accounts are hashed side by side within the limit of 2 at once', async () => {
  let running = 0;
  let most = 0;
  const real = createPasswords({ cost: TEST_COST });
  const counting = {
    verify: real.verify,
    hash: async (password: string) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return real.hash(password);
    },
  };
  const db = openDatabase(':memory:');
  await prepareDatabase(db, { passwords: counting, testAccounts: true });
  assert.is(most, 4, 'all four asked for at once; the password module itself keeps 2 running');
});

Data('folding for search: lower case, no accents, any script', () => {
  assert.is(fold('Crème BRÛLÉE'), 'creme brulee');
  assert.is(fold('ÇA'), 'ca');
  assert.is(fold('ΣΟΥΒΛΑΚΙ'), 'σουβλακι');
});

Data.run();
