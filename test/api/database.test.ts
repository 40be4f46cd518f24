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
import { fold } from '../../src/server/menu/search.js';
import { TEST_COST } from '../helpers/api.js';

const passwords = createPasswords({ cost: TEST_COST });
let dir: string;

const counts = async (db: ReturnType<typeof openDatabase>) => {
  const count = async (table: 'users' | 'categories' | 'dishes' | 'orders') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { users: await count('users'), categories: await count('categories'), dishes: await count('dishes'), orders: await count('orders') };
};

const Data = suite('embedded database');
Data.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'tavola-data-'));
});
Data.after.each(() => rmSync(dir, { recursive: true, force: true }));

Data('first start creates, migrates and seeds: 6 categories, 27 dishes, 4 accounts, 4 orders', async () => {
  const db = openDatabase(dir);
  await prepareDatabase(db, { passwords, testAccounts: true });
  assert.equal(await counts(db), { users: 4, categories: 6, dishes: 27, orders: 4 });
  await db.destroy();
});

Data('data survives a restart, and a second start seeds nothing twice', async () => {
  const first = openDatabase(dir);
  await prepareDatabase(first, { passwords, testAccounts: true });
  await first.updateTable('dishes').set({ name: 'Changed' }).where('id', '=', 1).execute();
  await first.destroy();
  const second = openDatabase(dir);
  await prepareDatabase(second, { passwords, testAccounts: true });
  assert.equal(await counts(second), { users: 4, categories: 6, dishes: 27, orders: 4 });
  assert.is((await second.selectFrom('dishes').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name, 'Changed');
  await second.destroy();
});

Data('the database file runs in WAL mode', async () => {
  const db = openDatabase(dir);
  const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
  assert.is(rows[0]!.journal_mode, 'wal');
  await db.destroy();
});

Data('without test accounts the menu is still seeded', async () => {
  const db = openDatabase(':memory:');
  await prepareDatabase(db, { passwords, testAccounts: false });
  assert.equal(await counts(db), { users: 0, categories: 6, dishes: 27, orders: 4 });
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
