import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app.js';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { expectError, KITCHEN, ORIGIN, SECRET, TEST_COST } from '../helpers/api.js';
import { newPhone } from '../helpers/phones.js';

// The embedded SQLite database on a file that cannot be written: a full disk (SQLite's
// own SQLITE_FULL, from a page limit set where the file now ends) and a read-only volume
// (SQLITE_READONLY). Writes that need room answer 503 with nothing half-written (a write
// small enough for the free space in the last pages still goes through); reads go on;
// writes work again as soon as there is room.
let dir: string;
let db: Db;
let app: ReturnType<typeof createApp>;

const Full = suite('SQLite: a database file that cannot be written');
Full.before.each(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tavola-full-'));
  db = openDatabase(dir);
  const passwords = createPasswords({ cost: TEST_COST });
  await prepareDatabase(db, { passwords, testAccounts: true, openAllHours: true });
  app = createApp({ db, passwords, secret: SECRET, orderLimits: { client: 1_000_000, windowMs: 60_000 }, menuCacheBytes: 0 });
});
Full.after.each(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const request = (path: string, init?: RequestInit) => Promise.resolve(app.request(ORIGIN + path, init));
const post = (path: string, body: unknown) => request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const placeOrder = () => post('/api/v1/orders', { pickupName: 'Ada', pickupPhone: newPhone(), items: [{ dishId: 6, quantity: 2 }, { dishId: 1, quantity: 1 }], note: 'x'.repeat(200) });
const count = async (table: 'orders' | 'order_items' | 'order_events') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => [await count('orders'), await count('order_items'), await count('order_events')];

async function expectUnavailable(answer: Response) {
  await expectError(answer, 503, 'database_unavailable', 'The database is not answering right now. Please try again in a moment.');
  assert.is(answer.headers.get('Retry-After'), '2');
}

async function readsGoOn(orderId: string) {
  assert.is((await request('/api/v1/dishes/3')).status, 200);
  assert.is((await request('/api/v1/dishes?category=pizza')).status, 200);
  assert.is((await request('/api/v1/search?q=carbonara')).status, 200);
  assert.is((await request(`/api/v1/orders/${orderId}`)).status, 200);
  assert.is((await request('/healthz')).status, 200);
}

Full('a full disk: orders answer 503, nothing is half-written, reads go on, and writes work again when there is room', async () => {
  const first = await (await placeOrder()).json();
  const start = await counts();
  const { page_count: pages } = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!;
  await sql.raw(`pragma max_page_count = ${pages}`).execute(db);

  // Orders fill what room the last pages had, then the file cannot grow.
  let placed = 0;
  let refused: Response | undefined;
  for (let i = 0; i < 500 && !refused; i++) {
    const answer = await placeOrder();
    if (answer.status === 201) placed++;
    else refused = answer;
  }
  assert.ok(refused, 'the disk filled up');
  await expectUnavailable(refused);
  await expectUnavailable(await placeOrder());
  const full = await counts();
  assert.equal(full, [start[0]! + placed, start[1]! + 2 * placed, start[2]! + placed], 'every order acknowledged is whole (its two lines and its event); the refused ones left nothing');
  await readsGoOn(first.id);

  await sql`pragma max_page_count = 1073741823`.execute(db); // room again
  assert.is((await placeOrder()).status, 201);
  assert.is((await post('/api/v1/auth/login', KITCHEN)).status, 200);
  assert.equal(await counts(), [full[0]! + 1, full[1]! + 2, full[2]! + 1]);
  assert.is((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows[0]!.integrity_check, 'ok');
});

Full('a read-only volume: writes answer 503, reads go on, and writes work again once it can be written', async () => {
  const first = await (await placeOrder()).json();
  const before = await counts();
  await sql`pragma query_only = 1`.execute(db);
  await expectUnavailable(await placeOrder());
  await expectUnavailable(await post('/api/v1/auth/login', KITCHEN));
  await readsGoOn(first.id);
  assert.equal(await counts(), before);
  await sql`pragma query_only = 0`.execute(db);
  assert.is((await placeOrder()).status, 201);
});

Full.run();
