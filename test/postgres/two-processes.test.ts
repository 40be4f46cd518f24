import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../../src/server/db/database.js';
import { migrations as MIGRATIONS } from '../../src/server/db/migrations/index.js';
import sharp from 'sharp';
import { ADMIN, KITCHEN, STUDENT } from '../helpers/api.js';
import { newPostgresDatabase, POSTGRES_URL } from '../helpers/database.js';
import { startServer } from '../helpers/server-process.js';
import { closeStreams, readStream } from '../helpers/stream.js';
import { newPhone } from '../helpers/phones.js';

// Two server processes, as `npm start` runs them, on one PostgreSQL database: they behave
// as one server. Started at the same moment, they migrate and seed once (the sample service of
// npm start too); an order placed
// through one reaches the other's streams; resuming by event id works across them; the
// sign-in limit is counted for both together; a picture uploaded through one is served by
// the other (pictures live in the database, not on a process's disk); 50 guests booking
// the last table at once through both get one booking. (The servers trust one proxy, as
// behind a load balancer: a request without X-Forwarded-For is counted by its socket.)
let servers: ChildProcess[] = [];
let bases: [string, string];
let db: Db;
let dataDir: string;

const Two = suite('two server processes, one PostgreSQL database');

Two.before(async () => {
  if (!POSTGRES_URL) throw new Error('These tests need TEST_DATABASE_URL: run them with `npm test` (it starts a PostgreSQL server).');
  const url = await newPostgresDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'tavola-two-'));
  const env = { DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', SAMPLE_SERVICE: 'on', TRUST_PROXY: 'on', JWT_SECRET: 'two-processes-secret-two-processes-secret', DATA_DIR: dataDir, SITE_DIR: join(dataDir, 'no-site') };
  const started = await Promise.all([0, 1].map(() => startServer([process.execPath, '--import', 'tsx', 'src/server/main.ts'], env)));
  servers = started.map((each) => each.child);
  bases = [started[0]!.base, started[1]!.base];
  db = openPostgres(url, { poolSize: 2 });
});

Two.after(async () => {
  await closeStreams();
  for (const server of servers) server.kill();
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function signIn(base: string, account: { email: string; password: string }) {
  const response = await post(base, '/api/v1/auth/login', { email: account.email, password: account.password });
  assert.is(response.status, 200);
  return (await response.json()).accessToken as string;
}

async function kitchenStream(base: string, lastEventId?: number) {
  const token = await signIn(base, KITCHEN);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
  const response = await fetch(`${base}/api/v1/orders/events`, { headers });
  assert.is(response.status, 200);
  const stream = readStream(response);
  return stream;
}

const ORDER = { pickupName: 'Two', pickupPhone: newPhone(), items: [{ dishId: 1, quantity: 1 }] };
const place = async (base: string) => {
  const response = await post(base, '/api/v1/orders', { ...ORDER, pickupPhone: newPhone() });
  assert.is(response.status, 201);
  return (await response.json()) as { id: string; number: number };
};
const eventIds = async () => (await db.selectFrom('order_events').select('id').orderBy('id').execute()).map((row) => row.id);

Two('started at the same moment, they migrated and seeded the database once', async () => {
  const count = async (table: 'users' | 'categories' | 'dishes' | 'orders' | 'bills' | 'bookings') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // The sample service once: its four orders, each with its bill and its party's stay.
  assert.equal([await count('users'), await count('categories'), await count('dishes'), await count('orders'), await count('bills'), await count('bookings')], [4, 6, 27, 4, 4, 4]);
  const migrations = await db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).execute();
  assert.equal(migrations.map((row) => (row as { name: string }).name), Object.keys(MIGRATIONS).sort(), 'each once, 001-initial to the last');
});

Two('an order placed through one process appears on the kitchen streams of both', async () => {
  const [onFirst, onSecond] = [await kitchenStream(bases[0]), await kitchenStream(bases[1])];
  const order = await place(bases[0]);
  for (const stream of [onFirst, onSecond]) {
    const [event] = await stream.next(1, 5000);
    const data = JSON.parse(event!.data);
    assert.equal([event!.event, data.type, data.order.id], ['order', 'placed', order.id]);
  }
  // And a move made through the second reaches the first.
  const token = await signIn(bases[1], KITCHEN);
  const moved = await fetch(`${bases[1]}/api/v1/orders/${order.id}`, { method: 'PATCH', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'preparing', version: 1 }) });
  assert.is(moved.status, 200);
  const [event] = await onFirst.next(1, 5000);
  assert.equal([JSON.parse(event!.data).type, JSON.parse(event!.data).order.status], ['moved', 'preparing']);
  await closeStreams();
});

Two('orders placed through both at once reach both streams complete, in id order, none twice', async () => {
  const streams = [await kitchenStream(bases[0]), await kitchenStream(bases[1])];
  const before = (await eventIds()).length;
  const placed = await Promise.all(Array.from({ length: 16 }, (_, i) => place(bases[i % 2]!)));
  const ids = (await eventIds()).slice(before);
  assert.is(ids.length, 16);
  for (const stream of streams) {
    const events = await stream.next(16, 10_000);
    assert.equal(events.map((event) => Number(event.id)), ids, 'every event, in the order of their ids');
    assert.equal(new Set(events.map((event) => JSON.parse(event.data).order.id)), new Set(placed.map((order) => order.id)));
  }
  await closeStreams();
});

Two('a stream resumed on the other process, from an event id, misses nothing and repeats nothing', async () => {
  const first = await kitchenStream(bases[0]);
  await place(bases[0]);
  const [seen] = await first.next(1, 5000);
  await first.close();
  await place(bases[1]);
  await place(bases[0]);
  const resumed = await kitchenStream(bases[1], Number(seen!.id));
  const events = await resumed.next(2, 5000);
  const ids = await eventIds();
  assert.equal(events.map((event) => Number(event.id)), ids.slice(ids.indexOf(Number(seen!.id)) + 1));
  await closeStreams();
});

Two("a display's stream on one process ends within 2 s of being unpaired through the other; the owner sees it open meanwhile", async () => {
  const admin = await signIn(bases[0], ADMIN);
  const asAdmin = (method: string, path: string, body?: unknown) =>
    fetch(bases[0] + path, { method, headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const { display, pairing } = await (await asAdmin('POST', '/api/v1/admin/displays', { name: 'Pass', kind: 'pass' })).json();
  const { credential } = await (await post(bases[1], '/api/v1/displays/pair', { code: pairing.code })).json();
  const response = await fetch(`${bases[1]}/api/v1/orders/events`, { headers: { Authorization: `Bearer ${credential}` } });
  assert.is(response.status, 200);
  const stream = readStream(response);
  assert.equal((await stream.next(2, 5000)).map((notice) => notice.event), ['display', 'settings'], 'it opens with what it is and the settings');
  const order = await place(bases[0]);
  const [event] = await stream.next(1, 5000);
  assert.equal([JSON.parse(event!.data).order.id, 'totalCents' in JSON.parse(event!.data).order], [order.id, false]);
  const listed = (await (await asAdmin('GET', '/api/v1/admin/displays')).json()).displays.find((each: { id: number }) => each.id === display.id);
  assert.equal([listed.paired, listed.streamOpen], [true, true], 'seen as open through the other process');
  assert.is((await asAdmin('POST', `/api/v1/admin/displays/${display.id}/unpair`, { version: 2 })).status, 200);
  const started = Date.now();
  assert.ok(await stream.ended(2000), 'ended on the other process');
  assert.ok(Date.now() - started < 2000);
  assert.is((await fetch(`${bases[1]}/api/v1/orders/events`, { headers: { Authorization: `Bearer ${credential}` } })).status, 401);
});

Two('five wrong passwords spread over both processes lock the account on both', async () => {
  const wrong = { email: STUDENT.email, password: 'not-the-password' };
  for (const i of [0, 1, 2, 3, 4]) {
    const response = await post(bases[i % 2]!, '/api/v1/auth/login', wrong);
    assert.is(response.status, 401, `attempt ${i + 1}`);
  }
  for (const base of bases) {
    const locked = await post(base, '/api/v1/auth/login', { email: STUDENT.email, password: STUDENT.password });
    assert.is(locked.status, 429, 'even the right password waits');
    assert.is((await locked.json()).code, 'too_many_attempts');
    assert.ok(Number(locked.headers.get('Retry-After')) > 0);
  }
});

Two('a menu change made in the database shows on both at once, each answer with the new ETag', async () => {
  const tags = await Promise.all(bases.map(async (base) => (await fetch(`${base}/api/v1/dishes/1`)).headers.get('ETag')));
  assert.is(tags[0], tags[1]);
  await db.updateTable('dishes').set({ price_cents: 790 }).where('id', '=', 1).execute();
  for (const base of bases) {
    const response = await fetch(`${base}/api/v1/dishes/1`, { headers: { 'If-None-Match': tags[0]! } });
    assert.is(response.status, 200);
    assert.is((await response.json()).priceCents, 790);
    assert.is.not(response.headers.get('ETag'), tags[0]);
  }
});

Two('a picture uploaded through one process is served by the other, the same bytes', async () => {
  const token = await signIn(bases[0], ADMIN);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 60 } } }).jpeg().toBuffer();
  const { version } = await (await fetch(`${bases[0]}/api/v1/admin/dishes/2`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const uploaded = await fetch(`${bases[0]}/api/v1/dishes/2/picture?version=${version}`, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg', Authorization: `Bearer ${token}` }, body: new Uint8Array(photo) });
  assert.is(uploaded.status, 200);
  const { image } = await uploaded.json();
  const there = await (await fetch(`${bases[1]}/api/v1/dishes/2`)).json();
  assert.is(there.image, image);
  const [fromFirst, fromSecond] = await Promise.all(bases.map((base) => fetch(base + image)));
  for (const response of [fromFirst!, fromSecond!]) {
    assert.is(response.status, 200);
    assert.is(response.headers.get('Content-Type'), 'image/webp');
    assert.is(response.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
  }
  assert.equal(Buffer.from(await fromSecond!.arrayBuffer()), Buffer.from(await fromFirst!.arrayBuffer()));
  assert.is((await sharp(Buffer.from(await (await fetch(bases[1] + image)).arrayBuffer())).metadata()).width, 640);
});

Two('50 guests booking the last free table at once, through both processes: exactly one booking, 49 answers 409 with other times, nothing half-written', async () => {
  await db.updateTable('dining_tables').set({ active: 0 }).where('number', '!=', 1).execute();
  try {
    const rules = await (await fetch(`${bases[0]}/api/v1/bookings/rules`)).json();
    const day = new Date(Date.parse(`${rules.firstDate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // Each guest from an address of its own (behind the proxy), so the per-address limit is not what refuses them.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(bases[i % 2]!, '/api/v1/bookings', { party: 2, date: day, time: '20:00', name: `Guest ${i}`, phone: `347 100 ${String(i).padStart(4, '0')}` }, { 'X-Forwarded-For': `10.0.0.${i + 1}` }),
      ),
    );
    assert.equal(answers.map((answer) => answer.status).sort(), [201, ...Array(49).fill(409)]);
    for (const answer of answers.filter((each) => each.status === 409)) {
      const body = await answer.json();
      // Back to back is free: 18:00 ends as 20:00 starts, 22:00 starts as it ends.
      assert.equal([body.code, body.message, body.times], ['time_taken', '20:00 was just booked; 18:00 and 22:00 are free.', ['18:00', '22:00']]);
    }
    // That day's (the sample service's stays are today's).
    const rows = await db.selectFrom('bookings').select(['table_number', 'status', 'time']).where('date', '=', day).execute();
    assert.equal(rows, [{ table_number: 1, status: 'confirmed', time: '20:00' }]);
  } finally {
    await db.updateTable('dining_tables').set({ active: 1 }).execute();
  }
});

Two.run();
