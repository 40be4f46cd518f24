import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverBuilt } from '../helpers/built.js';
import { followEvents } from '../../src/core/event-stream.js';
import sharp from 'sharp';
import { ADMIN, KITCHEN } from '../helpers/api.js';
import { startPostgres } from '../helpers/postgres-cluster.mjs';
import { exited, startServer } from '../helpers/server-process.js';
import { newPhone } from '../helpers/phones.js';
import { startTestSmtp } from '../helpers/smtp.js';

// The faults a managed PostgreSQL brings (a maintenance restart, a stop), with a server
// as `npm start` runs it: orders placed all the while, a kitchen screen following the
// staff stream with the site's own client. Then two servers on one database, one killed
// with -9 in the middle of placing orders. Then the owner's writes while the database is
// stopped: a 503, nothing half-written, and the same edit goes through once it is back (a
// price, a photo, the restaurant's details; a search with a typo, too). And
// paired kitchen screens through a stop: their streams catch up, pairing and a part done
// answer 503 and change nothing, and go through once it is back; so does a guest's booking,
// and a host stand's seating and walk-in; the menu editor's one request is a 503 and a page's
// address is still sent (a 200: its 404 cannot be told without the database).
const SERVER = [process.execPath, 'dist/server/main.mjs'];
const ORDER = { pickupName: 'Outage', pickupPhone: newPhone(), items: [{ dishId: 6, quantity: 2 }, { dishId: 1, quantity: 1 }] };
const ORDER_TOTAL = 2 * 1450 + 750;
const PLACERS = 4;

interface Attempt {
  key: string;
  startedAt: number;
  ms: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
  orderId?: string;
}

let cluster: Awaited<ReturnType<typeof startPostgres>>;
let dataDir: string;
const children: ChildProcess[] = [];
/** Stops the kitchen screen's client (its reconnect timer would keep the test process alive). */
const screen = new AbortController();

const Outage = suite('reliability: PostgreSQL restarts, stops, and a server killed mid-placement');

Outage.before(async () => {
  await serverBuilt();
  cluster = await startPostgres({ fsync: 'off' });
  dataDir = mkdtempSync(join(tmpdir(), 'tavola-outage-'));
});
Outage.after(async () => {
  screen.abort();
  for (const child of children) child.kill('SIGKILL');
  cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// TRUST_PROXY: each order says it comes from an address of its own, as many diners would,
// so the per-address order limit does not get in the way.
const env = () => ({ PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', DATABASE_URL: cluster.url, JWT_SECRET: 'outage-secret-outage-secret-outage-secret', DATA_DIR: dataDir, SITE_DIR: join(dataDir, 'no-site'), TRUST_PROXY: '1' });

async function start() {
  const started = await startServer(SERVER, env());
  children.push(started.child);
  return started;
}

let address = 0;
/** A retry sends the same request again, so the same phone number with the same key. */
const phones = new Map<string, string>();
async function placeOrder(base: string, key: string = randomUUID()): Promise<Attempt> {
  if (!phones.has(key)) phones.set(key, newPhone());
  const startedAt = Date.now();
  const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Forwarded-For': `10.1.${(++address >> 8) & 255}.${address & 255}` };
  try {
    const response = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers, body: JSON.stringify({ ...ORDER, pickupPhone: phones.get(key) }) });
    const body = await response.json();
    return { key, startedAt, ms: Date.now() - startedAt, status: response.status, code: body.code, retryAfter: response.headers.get('Retry-After'), orderId: response.status === 201 ? body.id : undefined };
  } catch {
    return { key, startedAt, ms: Date.now() - startedAt, status: 0 }; // no answer: the server went away
  }
}

/** Places orders through `bases` in turn, PLACERS at a time, until `running()` is false. */
async function keepPlacing(bases: string[], running: () => boolean): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let turn = 0;
  await Promise.all(
    Array.from({ length: PLACERS }, async () => {
      while (running()) {
        attempts.push(await placeOrder(bases[turn++ % bases.length]!));
        await sleep(20);
      }
    }),
  );
  return attempts;
}

/** Signs `account` in on `base`: the Authorization header of its access token. */
async function bearerOf(base: string, account: { email: string; password: string }) {
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  return { Authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** The answer every request gets while the database is away: 503, its code, and when to try again. */
async function assertUnavailable(response: Response) {
  assert.equal([response.status, (await response.json()).code, response.headers.get('Retry-After')], [503, 'database_unavailable', '2']);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `request` again every 200 ms while the database is still away (503), for at most 10 s. */
async function whenBack(request: () => Promise<Response>): Promise<Response> {
  for (let waited = 0; ; waited += 200) {
    const response = await request();
    if (response.status !== 503 || waited >= 10_000) return response;
    await sleep(200);
  }
}

/** One query on a connection of its own (a connection kept across the restarts would be cut). */
async function query(text: string, values: unknown[]) {
  const client = new pg.Client(cluster.url);
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const eventIdsAfter = async (after: number): Promise<number[]> => (await query('select id from order_events where id > $1 order by id', [after])).map((row) => Number(row.id));

/** Each order with a key, as the database holds it: its lines and total, or nothing. */
async function storedOrders(keys: string[]) {
  const rows = await query(
    `select o.idempotency_key as key, o.public_id, o.total_cents, count(i.id)::int as lines, coalesce(sum(i.quantity * i.price_cents), 0)::int as sum
       from orders o left join order_items i on i.order_id = o.id where o.idempotency_key = any($1) group by o.id`,
    [keys],
  );
  return new Map(rows.map((row) => [row.key as string, row]));
}

Outage('two restarts and a 5 s stop: the server stays up, answers 503 within 2 s meanwhile, loses no order, and the stream gets every event once, in order', async () => {
  const { base, child } = await start();
  const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(KITCHEN) });
  const { accessToken } = await login.json();
  const queue = await (await fetch(`${base}/api/v1/orders/queue`, { headers: { Authorization: `Bearer ${accessToken}` } })).json();
  const firstEvent = queue.lastEventId as number;

  // The kitchen screen: the site's own stream client, reconnecting with Last-Event-ID.
  const received: number[] = [];
  let stopped: string | undefined;
  followEvents(`${base}/api/v1/orders/events`, {
    signal: screen.signal,
    token: () => accessToken,
    lastEventId: String(firstEvent),
    retryMs: [200],
    onEvent: (event) => received.push(Number(event.id)),
    onStop: (error) => (stopped = error.message),
  });

  let placing = true;
  const placed = keepPlacing([base], () => placing);
  await sleep(1000);
  cluster.restart();
  await sleep(1500);
  cluster.restart();
  await sleep(1500);
  cluster.pause();
  const down = Date.now();
  await sleep(5000);
  const up = Date.now();
  cluster.resume();
  await sleep(1500);
  placing = false;
  const attempts = await placed;

  assert.is(child.exitCode, null, 'the server process is alive');
  assert.is(child.signalCode, null);

  // Every answer was a 201 or a 503 in the error shape with Retry-After, none later than 2 s.
  const unexpected = attempts.filter((each) => each.status !== 201 && !(each.status === 503 && each.code === 'database_unavailable' && each.retryAfter === '2'));
  assert.equal(unexpected, [], 'only 201 and 503 database_unavailable');
  const slow = attempts.filter((each) => each.status === 503 && each.ms >= 2000);
  assert.equal(slow, [], 'every 503 within 2 s');
  const whileDown = attempts.filter((each) => each.startedAt >= down && each.startedAt + each.ms <= up);
  assert.ok(whileDown.length >= 20, `orders were tried while the database was stopped (${whileDown.length})`);
  assert.ok(whileDown.every((each) => each.status === 503), 'each of them answered 503');
  const acknowledged = attempts.filter((each) => each.status === 201);
  assert.ok(acknowledged.length >= 30, `orders were placed before, between and after (${acknowledged.length})`);
  assert.ok(acknowledged.some((each) => each.startedAt > up), 'orders are placed again once the database is back');

  // Every acknowledged order is whole; a refused one is absent (or, if its commit had
  // already happened when the connection was cut, whole, and its retry answers it).
  const stored = await storedOrders(attempts.map((each) => each.key));
  for (const each of acknowledged) {
    const row = stored.get(each.key);
    assert.ok(row, `order ${each.orderId} is stored`);
    assert.equal([row.public_id, row.lines, row.sum, row.total_cents], [each.orderId, 2, ORDER_TOTAL, ORDER_TOTAL]);
  }
  for (const each of attempts.filter((attempt) => attempt.status === 503)) {
    const row = stored.get(each.key);
    if (row) assert.equal([row.lines, row.total_cents], [2, ORDER_TOTAL], `refused order ${each.key} is whole or absent`);
    const retry = await placeOrder(base, each.key);
    assert.is(retry.status, 201);
    if (row) assert.is(retry.orderId, row.public_id, 'a retry answers the order whose commit made it');
  }
  const twice = await query('select idempotency_key from orders where idempotency_key = any($1) group by idempotency_key having count(*) > 1', [attempts.map((each) => each.key)]);
  assert.equal(twice, [], 'one order per key');

  // The stream, across its reconnects, got every event once and in order.
  const all = await eventIdsAfter(firstEvent);
  for (let waited = 0; received.length < all.length && waited < 10_000; waited += 100) await sleep(100);
  screen.abort();
  assert.is(stopped, undefined, 'the screen never gave up');
  assert.equal(received, all);
});

Outage('two servers on one database, one killed with -9 while placing: the other serves every order that was acknowledged', async () => {
  const [first, second] = [await start(), await start()];
  let placing = true;
  const placed = keepPlacing([first.base, second.base], () => placing);
  await sleep(800);
  second.child.kill('SIGKILL');
  await exited(second.child);
  await sleep(500);
  placing = false;
  const attempts = await placed;

  assert.is(first.child.exitCode, null);
  const acknowledged = attempts.filter((each) => each.status === 201);
  assert.ok(acknowledged.length >= 20, `${acknowledged.length} orders acknowledged`);
  assert.ok(attempts.some((each) => each.status === 0), 'some placements were cut off by the kill');
  for (const each of acknowledged) {
    const response = await fetch(`${first.base}/api/v1/orders/${each.orderId}`);
    assert.is(response.status, 200, `order ${each.orderId}`);
    const order = await response.json();
    assert.equal([order.items.length, order.totalCents, order.status], [2, ORDER_TOTAL, 'received']);
  }
  // Those cut off: absent or whole, and a retry through the survivor answers one order.
  const stored = await storedOrders(attempts.filter((each) => each.status === 0).map((each) => each.key));
  for (const each of attempts.filter((attempt) => attempt.status === 0)) {
    const row = stored.get(each.key);
    if (row) assert.equal([row.lines, row.total_cents], [2, ORDER_TOTAL]);
    const retry = await placeOrder(first.base, each.key);
    assert.is(retry.status, 201);
    if (row) assert.is(retry.orderId, row.public_id);
  }
});

Outage('the owner edits a price and uploads a photo while the database is stopped: 503, nothing changes, no activity; the same edits go through once it is back; menu answers already kept are served meanwhile', async () => {
  const { base, child } = await start();
  const auth = await bearerOf(base, ADMIN);
  const before = await (await fetch(`${base}/api/v1/admin/dishes/4`, { headers: auth })).json();
  const [{ n: activityBefore }] = await query('select count(*)::int as n from activity', []);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
  const edit = () => fetch(`${base}/api/v1/dishes/4`, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ version: before.version, priceCents: before.priceCents + 100 }) });
  const upload = (version: number) => fetch(`${base}/api/v1/dishes/4/picture?version=${version}`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'image/jpeg' }, body: new Uint8Array(photo) });

  const kept = await fetch(`${base}/api/v1/dishes/4`);
  const keptBody = await kept.text();

  cluster.pause();
  try {
    for (const response of [await edit(), await upload(before.version)]) {
      await assertUnavailable(response);
    }
    // Ten menu reads at once share one failed reading of the version: each gets the kept answer.
    const reads = await Promise.all(Array.from({ length: 10 }, () => fetch(`${base}/api/v1/dishes/4`)));
    for (const read of reads) assert.equal([read.status, read.headers.get('ETag'), await read.text()], [200, kept.headers.get('ETag'), keptBody]);
    const neverKept = await fetch(`${base}/api/v1/dishes/5`);
    assert.equal([neverKept.status, (await neverKept.json()).code], [503, 'database_unavailable']);
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  const [row] = await query('select price_cents, version, picture from dishes where id = 4', []);
  assert.equal([row.price_cents, row.version, row.picture], [before.priceCents, before.version, null], 'the dish as it was');
  assert.equal(await query('select count(*)::int as n from activity', []), [{ n: activityBefore }], 'no activity for what did not happen');
  assert.equal(await query('select count(*)::int as n from pictures', []), [{ n: 0 }], 'no picture stored');

  // Back: the very same requests (the same version) go through, once each.
  const edited = await whenBack(edit);
  assert.is(edited.status, 200);
  const uploaded = await upload((await edited.json()).version);
  assert.is(uploaded.status, 200);
  assert.is((await (await fetch(`${base}/api/v1/dishes/4`)).json()).priceCents, before.priceCents + 100);
  const actions = await query('select action from activity order by id desc limit 2', []);
  assert.equal(actions.map((each) => each.action), ['dish.picture', 'dish.updated']);
});

Outage('a search with a typo and the restaurant’s details while the database is stopped: 503, nothing changes, no activity; both go through once it is back', async () => {
  const { base, child } = await start();
  const auth = await bearerOf(base, ADMIN);
  const { version, guestDataDays: _, ...fields } = await (await fetch(`${base}/api/v1/restaurant`)).json();
  const [{ n: activityBefore }] = await query('select count(*)::int as n from activity', []);
  // A query never asked before: no kept answer can stand in for it.
  const search = () => fetch(`${base}/api/v1/dishes?q=${encodeURIComponent('carbonra')}`);
  const save = () => fetch(`${base}/api/v1/admin/restaurant`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ ...fields, version, name: 'Da Ada' }) });

  cluster.pause();
  try {
    for (const response of [await search(), await save()]) {
      await assertUnavailable(response);
    }
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  assert.equal(await query('select name, version from restaurant', []), [{ name: fields.name, version }], 'the details as they were');
  assert.equal(await query('select count(*)::int as n from activity', []), [{ n: activityBefore }], 'no activity for what did not happen');

  const found = await whenBack(search);
  assert.is(found.status, 200);
  assert.ok((await found.json()).dishes.some((dish: { name: string }) => /carbonara/i.test(dish.name)), 'the typo found its dish');
  const saved = await save();
  assert.is(saved.status, 200);
  assert.equal([(await saved.json()).name, (await (await fetch(`${base}/api/v1/restaurant`)).json()).name], ['Da Ada', 'Da Ada']);
  const [last] = await query('select action from activity order by id desc limit 1', []);
  assert.match(last.action, 'restaurant');
});

Outage('the day’s numbers, whose queries run side by side, answer 503 while the database is stopped and the same figures once it is back', async () => {
  const { base, child } = await start();
  const auth = await bearerOf(base, ADMIN);
  const day = () => fetch(`${base}/api/v1/admin/day`, { headers: auth });
  const before = await day();
  assert.is(before.status, 200);
  const figures = await before.json();

  cluster.pause();
  try {
    const response = await day();
    await assertUnavailable(response);
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  const after = await whenBack(day);
  assert.is(after.status, 200);
  const again = await after.json();
  assert.equal([again.placed, again.takingsCents, again.topDishes], [figures.placed, figures.takingsCents, figures.topDishes]);
});

Outage('the owner’s overview, eight queries side by side, answers 503 while the database is stopped and the same figures once it is back', async () => {
  const { base, child } = await start();
  const auth = await bearerOf(base, ADMIN);
  const overview = () => fetch(`${base}/api/v1/admin/overview`, { headers: auth });
  const before = await overview();
  assert.is(before.status, 200);
  const { at: _at, ...figures } = await before.json();

  cluster.pause();
  try {
    const response = await overview();
    await assertUnavailable(response);
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  const after = await whenBack(overview);
  assert.is(after.status, 200);
  const { at: _again, ...again } = await after.json();
  assert.equal(again, figures);
});

Outage('the menu editor’s one request answers 503 while the database is stopped, and a page’s address is still served (200, the shell) when its status cannot be asked; both as before once it is back', async () => {
  // A site of one page is enough: the server sends index.html for every page address.
  const site = join(dataDir, 'one-page-site');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Tavola</title>');
  const { base, child } = await startServer(SERVER, { ...env(), SITE_DIR: site });
  children.push(child);
  const auth = await bearerOf(base, ADMIN);
  const menu = () => fetch(`${base}/api/v1/admin/menu`, { headers: auth });
  const before = await menu();
  assert.is(before.status, 200);
  const categories = await before.json();
  const pages = async () => Promise.all(['/menu/3', '/menu/99999', '/it/menu?category=nope'].map(async (path) => (await fetch(`${base}${path}`)).status));
  assert.equal(await pages(), [200, 404, 404]);

  cluster.pause();
  try {
    await assertUnavailable(await menu());
    // Whether dish 99999 exists cannot be asked: the page is sent, and says so itself once its script asks the API.
    assert.equal(await pages(), [200, 200, 200]);
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  const after = await whenBack(menu);
  assert.is(after.status, 200);
  assert.equal(await after.json(), categories);
  assert.equal(await pages(), [200, 404, 404]);
});

Outage('a guest books while the database is stopped: the free times and the booking answer 503, nothing is written, and the same booking goes through once it is back', async () => {
  const { base, child } = await start();
  const rules = await (await fetch(`${base}/api/v1/bookings/rules`)).json();
  const date = new Date(Date.parse(`${rules.firstDate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const times = () => fetch(`${base}/api/v1/bookings/times?party=2&date=${date}`);
  const book = () => fetch(`${base}/api/v1/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' }, body: JSON.stringify({ party: 2, date, time: '20:00', name: 'Outage Guest', phone: '347 777 0000' }) });
  const [{ n: bookingsBefore }] = await query('select count(*)::int as n from bookings', []);
  cluster.pause();
  try {
    for (const response of [await times(), await book()]) {
      await assertUnavailable(response);
    }
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  assert.equal(await query('select count(*)::int as n from bookings', []), [{ n: bookingsBefore }], 'nothing booked');
  const booked = await whenBack(book);
  assert.is(booked.status, 201);
  assert.equal(await query("select status, time from bookings where name = 'Outage Guest'", []), [{ status: 'confirmed', time: '20:00' }], 'booked once');
});

Outage('paired screens through a database stop: pairing and a part done answer 503 and change nothing; the pass screen’s stream catches up with every order event once, in order', async () => {
  const { base, child } = await start();
  const auth = { 'Content-Type': 'application/json', ...(await bearerOf(base, ADMIN)) };
  const add = async (fields: Record<string, unknown>) => (await (await fetch(`${base}/api/v1/admin/displays`, { method: 'POST', headers: auth, body: JSON.stringify(fields) })).json()).pairing.code as string;
  const pair = (code: string) => fetch(`${base}/api/v1/displays/pair`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
  const pass = (await (await pair(await add({ name: 'Outage pass', kind: 'pass' }))).json()).credential;
  const oven = (await (await pair(await add({ name: 'Outage oven', kind: 'station', station: 2 }))).json()).credential;
  const laterCode = await add({ name: 'Outage bar', kind: 'station', station: 3 });
  const { lastEventId } = await (await fetch(`${base}/api/v1/orders/queue`, { headers: { Authorization: `Bearer ${pass}` } })).json();

  // The pass screen: the site's own stream client, with its display credential.
  const received: number[] = [];
  let stopped: string | undefined;
  const passScreen = new AbortController();
  followEvents(`${base}/api/v1/orders/events`, {
    signal: passScreen.signal,
    token: () => pass,
    lastEventId: String(lastEventId),
    retryMs: [200],
    onEvent: (event) => event.event === 'order' && received.push(Number(event.id)),
    onStop: (error) => (stopped = error.message),
  });
  // A pizza only: the oven's part is the whole order.
  const before = await (await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' }, body: JSON.stringify({ pickupName: 'Oven', pickupPhone: newPhone(), items: [{ dishId: 12, quantity: 1 }] }) })).json();
  const done = () => fetch(`${base}/api/v1/orders/${before.id}/parts/2/done`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${oven}` }, body: JSON.stringify({ version: 1 }) });

  cluster.pause();
  try {
    for (const response of [await pair(laterCode), await done()]) {
      await assertUnavailable(response);
    }
    await sleep(2500); // the screens' watch reads the database every second meanwhile
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  const [part] = await query("select p.done_at from order_parts p join orders o on o.id = p.order_id where o.public_id = $1 and p.station_id = 2", [before.id]);
  assert.is(part.done_at, null, 'the part is as it was');

  // Back: the very same requests go through; the code was not used up by the refused pairing.
  const marked = await whenBack(done);
  assert.equal([marked.status, (await marked.json()).status], [200, 'ready'], 'this order had only the oven’s part');
  assert.is((await pair(laterCode)).status, 200);
  const after = await placeOrder(base);
  assert.is(after.status, 201);
  const all = await eventIdsAfter(lastEventId);
  for (let waited = 0; received.length < all.length && waited < 10_000; waited += 100) await sleep(100);
  passScreen.abort();
  assert.is(stopped, undefined, 'the screen never gave up');
  assert.equal(received, all);
});

Outage('a host stand through a database stop: seating a party and a walk-in answer 503 and write nothing (no half a walk-in, no activity); its stream stays open; the same requests go through once it is back', async () => {
  const { base, child } = await start();
  const auth = { 'Content-Type': 'application/json', ...(await bearerOf(base, ADMIN)) };
  const { pairing } = await (await fetch(`${base}/api/v1/admin/displays`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Outage host', kind: 'host' }) })).json();
  const host = (await (await fetch(`${base}/api/v1/displays/pair`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: pairing.code }) })).json()).credential;
  const asHost = { 'Content-Type': 'application/json', Authorization: `Bearer ${host}` };
  // A booking taken by phone for the time the day is at now (open all hours), to be seated: a party is seated on its own day.
  // Late in the evening the last time a stay still fits before the day ends (22:00 for two hours): a party booked then is seated late, on its own day.
  const { date, timeZone, intervalMinutes, now, services } = await (await fetch(`${base}/api/v1/staff/bookings`, { headers: asHost })).json();
  const { stayMinutes } = await (await fetch(`${base}/api/v1/admin/booking-settings`, { headers: auth })).json();
  const wall = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms).split(':').map(Number) as [number, number];
  const [hours, minutes] = wall(Date.parse(now));
  const [lastHours, lastMinutes] = wall(Date.parse(services.at(-1).endsAt) - stayMinutes * 60_000);
  const slot = Math.min(Math.floor((hours * 60 + minutes) / intervalMinutes) * intervalMinutes, lastHours * 60 + lastMinutes);
  const time = `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
  const made = await fetch(`${base}/api/v1/staff/bookings`, { method: 'POST', headers: asHost, body: JSON.stringify({ party: 2, date, time, name: 'Outage Seated', table: 3 }) });
  assert.is(made.status, 201, await made.clone().text());
  const booking = await made.json();
  const seat = () => fetch(`${base}/api/v1/staff/bookings/${booking.id}`, { method: 'PATCH', headers: asHost, body: JSON.stringify({ version: booking.version, status: 'arrived' }) });
  const walkIn = () => fetch(`${base}/api/v1/staff/bookings/walk-ins`, { method: 'POST', headers: asHost, body: JSON.stringify({ party: 4, name: 'Outage Walk-in', table: 4, minutes: 60 }) });
  const stream = await fetch(`${base}/api/v1/staff/bookings/events`, { headers: { Authorization: `Bearer ${host}` } });
  assert.is(stream.status, 200);
  const [{ n: activityBefore }] = await query('select count(*)::int as n from activity', []);

  cluster.pause();
  try {
    for (const response of [await seat(), await walkIn()]) {
      await assertUnavailable(response);
    }
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  assert.equal(await query("select status, seated_at, version from bookings where name = 'Outage Seated'", []), [{ status: 'confirmed', seated_at: null, version: 1 }], 'not seated');
  assert.equal(await query("select count(*)::int as n from bookings where name = 'Outage Walk-in'", []), [{ n: 0 }], 'no walk-in');
  assert.equal(await query('select count(*)::int as n from activity', []), [{ n: activityBefore }], 'nothing recorded');

  // Back: the very same requests go through, once each; the stand's stream says so.
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seated = await whenBack(seat);
  assert.equal([seated.status, (await seated.json()).status], [200, 'arrived']);
  const walked = await whenBack(walkIn);
  assert.equal([walked.status, (await walked.json()).table], [201, 4]);
  assert.equal(await query("select count(*)::int as n from bookings where name = 'Outage Walk-in'", []), [{ n: 1 }], 'one walk-in');
  let heard = '';
  while (!heard.includes('event: bookings')) heard += (await reader.read()).value ?? '';
  await reader.cancel();
});

Outage('a waiter takes a payment while the database is stopped: 503, nothing taken, no activity; the same payment with its key is taken once when it is back, and once only', async () => {
  const { base, child } = await start();
  const auth = { 'Content-Type': 'application/json', ...(await bearerOf(base, { email: 'wanda@tavola.test', password: 'tavola-waiter' })) };
  const placed = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: auth, body: JSON.stringify({ table: 11, items: [{ dishId: 6, quantity: 2 }] }) });
  assert.is(placed.status, 201, await placed.clone().text());
  const bill = await (await fetch(`${base}/api/v1/staff/tables/11/bill`, { headers: auth })).json();
  const key = randomUUID();
  const pay = () => fetch(`${base}/api/v1/staff/bills/${bill.id}/payments`, { method: 'POST', headers: { ...auth, 'Idempotency-Key': key }, body: JSON.stringify({ version: bill.version, amountCents: bill.remainingCents, method: 'cash', tenderedCents: 5000 }) });
  const [{ n: activityBefore }] = await query('select count(*)::int as n from activity', []);

  cluster.pause();
  try {
    await assertUnavailable(await pay());
  } finally {
    cluster.resume();
  }
  assert.is(child.exitCode, null, 'the server process is alive');
  assert.equal(await query('select count(*)::int as n from payments where bill_id = $1', [bill.id]), [{ n: 0 }], 'nothing taken');
  assert.equal(await query('select count(*)::int as n from activity', []), [{ n: activityBefore }], 'nothing recorded');

  const taken = await whenBack(pay);
  const body = await taken.json();
  assert.equal([taken.status, body.bill.status, body.payment.changeCents], [201, 'paid', 5000 - bill.remainingCents]);
  // The answer lost on its way back: sent again, the same payment, not a second.
  const again = await pay();
  assert.equal([again.status, (await again.json()).payment.id], [201, body.payment.id]);
  assert.equal(await query('select count(*)::int as n, sum(amount_cents)::int as sum from payments where bill_id = $1', [bill.id]), [{ n: 1, sum: bill.remainingCents }]);
});

Outage.run();

Outage('guests’ e-mails waiting while the database stops: none lost, none sent twice once it is back', async () => {
  const smtp = await startTestSmtp();
  try {
    smtp.behave('later'); // the mail server asks to try later: the messages wait in the outbox
    const { base, child } = await startServer(SERVER, { ...env(), SMTP_URL: smtp.url, MAIL_FROM: 'bookings@tavola.test', SMTP_TIMEOUT_SECONDS: '2' });
    children.push(child);
    const rules = await (await fetch(`${base}/api/v1/bookings/rules`)).json();
    const date = new Date(Date.parse(`${rules.firstDate}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const names = ['Mail One', 'Mail Two', 'Mail Three', 'Mail Four', 'Mail Five'];
    for (const [i, name] of names.entries()) {
      const response = await fetch(`${base}/api/v1/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.8.0.${i + 1}` },
        body: JSON.stringify({ party: 2, date, time: ['19:00', '19:30', '20:00', '20:30', '21:00'][i], name, phone: newPhone(), email: `mail${i}@example.com` }),
      });
      assert.is(response.status, 201, await response.text());
    }
    const tried = async () => (await query("select count(*)::int as n from outbox where tries >= 1 and state = 'waiting' and to_address like 'mail_@example.com'", []))[0].n;
    for (let waited = 0; (await tried()) < 5; waited += 50) {
      assert.ok(waited < 10_000, 'each message tried once');
      await sleep(50);
    }
    cluster.pause();
    smtp.behave('accept');
    // The first retry falls due 10 s after the first try: while the database is away the worker cannot take it.
    await sleep(11_000);
    assert.is(smtp.received.length, 0, 'nothing sent without the database');
    cluster.resume();
    await smtp.waitFor(5, 30_000);
    const rows = await query("select message_id, state from outbox where to_address like 'mail_@example.com' order by id", []);
    assert.equal(rows.map((row) => row.state), ['sent', 'sent', 'sent', 'sent', 'sent']);
    assert.equal(smtp.received.map(({ mail }) => mail.messageId).sort(), rows.map((row) => row.message_id).sort(), 'each once');
    assert.is(child.exitCode, null);
  } finally {
    await smtp.stop();
  }
});
