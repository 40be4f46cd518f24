import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBuilt } from '../helpers/built.js';
import { TEST_ACCOUNTS } from '../../src/server/seed/seed.js';
import { exited, startServer } from '../helpers/server-process.js';
import { newPhone } from '../helpers/phones.js';

// kill -9 in the middle of sign-ins and refreshes, then a restart on the same data folder:
// the database is whole, no token was used up without a successor, and every client's
// newest refresh token (whether or not its last request got an answer) still works. And
// kill -9 while paired stations mark their parts and the pass serves: every order's state
// agrees with its parts, and its version counts its events. And kill -9 while owners drag
// dishes about their categories: each category's places stay whole (one dish a place). And
// kill -9 while waiters take payments: every acknowledged payment is kept, no bill is paid
// past its total, and a payment in flight, sent again with its key, is taken once.
const SERVER = [process.execPath, 'dist/server/main.mjs'];
const ENV = { PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', JWT_SECRET: 'reliability-secret-reliability-secret' };
const CHAINS = 8;
const ROUNDS = 3;

interface Chain {
  /** The newest refresh token this client holds: the last one an answer gave it. */
  token: string;
  refreshes: number;
}

let dir: string;

const Crash = suite('reliability: kill -9 and restart');
Crash.before(async () => {
  await serverBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tavola-crash-'));
});
Crash.after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Refreshes the chain again and again until the server goes away. */
async function keepRefreshing(base: string, chain: Chain) {
  for (;;) {
    let answer: Response;
    try {
      answer = await post(base, '/api/v1/auth/refresh', { refreshToken: chain.token });
    } catch {
      return; // killed: this request may or may not have been applied
    }
    if (answer.status !== 200) throw new Error(`refresh answered ${answer.status}: ${await answer.text()}`);
    chain.token = (await answer.json()).refreshToken;
    chain.refreshes++;
  }
}

/** Signs in again and again; every sign-in that got an answer becomes one more chain. */
async function keepSigningIn(base: string, chains: Chain[]) {
  for (let i = 0; ; i++) {
    const account = TEST_ACCOUNTS[i % TEST_ACCOUNTS.length]!;
    try {
      const answer = await post(base, '/api/v1/auth/login', { email: account.email, password: account.password });
      if (answer.status === 200) chains.push({ token: (await answer.json()).refreshToken, refreshes: 0 });
    } catch {
      return;
    }
  }
}

/** Opens the database a killed server left, checks that SQLite finds it whole, then hands it to `check`. */
function afterTheKill(file: string, check: (db: SQLite.Database) => void) {
  const db = new SQLite(file, { readonly: true });
  try {
    assert.is((db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
    check(db);
  } finally {
    db.close();
  }
}

/** Kills the server with -9 after `ms` of `work`, and waits for the work to notice. */
async function killDuring(child: ChildProcess, work: Promise<unknown>[], ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  child.kill('SIGKILL');
  await exited(child);
  await Promise.all(work);
}

function checkDatabase(file: string) {
  afterTheKill(file, (db) => {
    // In a family nobody revoked, every token but the newest was used: none used up without a successor.
    const broken = db
      .prepare('select family, count(*) as tokens, count(used_at) as used from refresh_tokens group by family having count(revoked_at) = 0 and count(used_at) <> count(*) - 1')
      .all();
    assert.equal(broken, []);
  });
}

Crash(`${ROUNDS} rounds of kill -9 during sign-ins and refreshes: the database is whole and every newest token still works`, async () => {
  const data = join(dir, 'data');
  let { base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data });
  // A failed check still stops the server: its open pipes would keep the group running until its time-out.
  try {
    const chains: Chain[] = [];
    for (const account of [...TEST_ACCOUNTS, ...TEST_ACCOUNTS]) {
      const answer = await post(base, '/api/v1/auth/login', { email: account.email, password: account.password });
      chains.push({ token: (await answer.json()).refreshToken, refreshes: 0 });
    }
    assert.is(chains.length, CHAINS);

    for (let round = 0; round < ROUNDS; round++) {
      await killDuring(child, [...chains.map((chain) => keepRefreshing(base, chain)), keepSigningIn(base, chains)], 300 + 100 * round);
      checkDatabase(join(data, 'tavola.db'));

      ({ base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data }));
      for (const [i, chain] of chains.entries()) {
        const answer = await post(base, '/api/v1/auth/refresh', { refreshToken: chain.token });
        assert.is(answer.status, 200, `round ${round}, chain ${i} after ${chain.refreshes} refreshes: ${await answer.clone().text()}`);
        const successor = (await answer.json()).refreshToken;
        // Asked again at once, it is the same answer, not a second successor.
        assert.is((await (await post(base, '/api/v1/auth/refresh', { refreshToken: chain.token })).json()).refreshToken, successor);
        chain.token = successor;
      }
    }
    assert.ok(chains.reduce((sum, chain) => sum + chain.refreshes, 0) > 100, 'enough refreshes happened to be interrupted');
  } finally {
    child.kill();
    await exited(child);
  }
  checkDatabase(join(data, 'tavola.db'));
});

/** The API as a paired display or a person: JSON in and out, with the credential or token. */
const call = (base: string, token: string, method: string, path: string, body?: unknown) =>
  fetch(`${base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });

interface Ticket {
  id: string;
  status: string;
  version: number;
  parts: { station: number; done: boolean }[];
}

/** A station's screen: marks its part of every open ticket done, again and again, until the server goes away. */
async function keepCooking(base: string, credential: string, station: number) {
  for (;;) {
    try {
      const { orders } = (await (await call(base, credential, 'GET', '/orders/queue?limit=200')).json()) as { orders: Ticket[] };
      for (const ticket of orders.filter((each) => each.parts.some((part) => part.station === station && !part.done))) {
        await call(base, credential, 'POST', `/orders/${ticket.id}/parts/${station}/done`, { version: ticket.version });
      }
    } catch {
      return;
    }
  }
}

/** The pass: serves every ready order, and places new ones, until the server goes away. */
async function keepServing(base: string, credential: string) {
  for (;;) {
    try {
      await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pickupName: 'Crash', pickupPhone: newPhone(), items: [{ dishId: 12, quantity: 1 }, { dishId: 24, quantity: 1 }] }) });
      const { orders } = (await (await call(base, credential, 'GET', '/orders/queue?limit=200')).json()) as { orders: Ticket[] };
      for (const ticket of orders.filter((each) => each.status === 'ready')) await call(base, credential, 'PATCH', `/orders/${ticket.id}`, { status: 'served', version: ticket.version });
    } catch {
      return;
    }
  }
}

Crash(`${ROUNDS} rounds of kill -9 while stations mark their parts and the pass serves: each order's state agrees with its parts, its version with its events`, async () => {
  const data = join(dir, 'kitchen');
  let { base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data });
  try {
    const admin = (await (await post(base, '/api/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).json()).accessToken;
    const pair = async (fields: Record<string, unknown>) => {
      const { pairing } = await (await call(base, admin, 'POST', '/admin/displays', fields)).json();
      return (await (await post(base, '/api/v1/displays/pair', { code: pairing.code })).json()).credential as string;
    };
    const [pizza, bar, pass] = [await pair({ name: 'Oven', kind: 'station', station: 2 }), await pair({ name: 'Bar', kind: 'station', station: 3 }), await pair({ name: 'Pass', kind: 'pass' })];

    for (let round = 0; round < ROUNDS; round++) {
      await killDuring(child, [keepCooking(base, pizza, 2), keepCooking(base, bar, 3), keepServing(base, pass)], 400 + 100 * round);
      afterTheKill(join(data, 'tavola.db'), (db) => {
        // A part per station with dishes in the order; received: none done; ready or served: all done.
        const wrongParts = db
          .prepare(
            `select o.id, o.status from orders o
              where (select group_concat(station_id) from (select distinct station_id from order_items where order_id = o.id order by station_id))
                 <> (select group_concat(station_id) from (select station_id from order_parts where order_id = o.id order by station_id))
                 or (o.status = 'received' and exists (select 1 from order_parts where order_id = o.id and done_at is not null))
                 or (o.status in ('ready', 'served') and exists (select 1 from order_parts where order_id = o.id and done_at is null))`,
          )
          .all();
        assert.equal(wrongParts, [], `round ${round}`);
        // Each change of an order is one transaction with its event: the version counts them.
        const uncounted = db.prepare('select o.id from orders o where o.version <> (select count(*) from order_events e where e.order_id = o.id)').all();
        assert.equal(uncounted, [], `round ${round}`);
        const done = db.prepare("select count(*) as n from order_parts p join orders o on o.id = p.order_id where p.done_by like 'Display:%'").get() as { n: number };
        assert.ok(done.n > 5 * (round + 1), `round ${round}: parts were being marked (${done.n})`);
      });
      ({ base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data }));
      // The screens go on with the credentials they hold.
      assert.is((await call(base, pass, 'GET', '/orders/queue')).status, 200);
    }
  } finally {
    child.kill();
    await exited(child);
  }
});

/** An owner dragging dishes about a category, again and again, each move on the version just read, until the server goes away. */
async function keepMoving(base: string, token: string, category: number, start: number) {
  for (let i = start; ; i++) {
    try {
      const { dishes } = (await (await call(base, token, 'GET', `/admin/categories/${category}/dishes`)).json()) as { dishes: { id: number; version: number }[] };
      const dish = dishes[i % dishes.length]!;
      await call(base, token, 'POST', `/dishes/${dish.id}/move`, { version: dish.version, to: (i + 2) % dishes.length }); // never its own place
    } catch {
      return;
    }
  }
}

Crash(`${ROUNDS} rounds of kill -9 while owners drag dishes about: every category's places stay whole, one dish a place`, async () => {
  const data = join(dir, 'menu');
  let { base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data });
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const admin = (await (await post(base, '/api/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).json()).accessToken;
      // Two owners in Pasta & risotto (a 409 for the one who read first is part of it), one in Antipasti.
      await killDuring(child, [keepMoving(base, admin, 2, 0), keepMoving(base, admin, 2, 3), keepMoving(base, admin, 1, 1)], 300 + 100 * round);
      afterTheKill(join(data, 'tavola.db'), (db) => {
        // A move writes the category's places 0, 1, 2… in one transaction: never two dishes at one place.
        for (const category of [1, 2]) {
          const places = (db.prepare('select position from dishes where category_id = ? order by position').all(category) as { position: number }[]).map((row) => row.position);
          assert.equal(places, places.map((_, i) => i), `round ${round}, category ${category}`);
        }
        const moves = db.prepare("select count(*) as n from activity where action = 'dish.moved'").get() as { n: number };
        assert.ok(moves.n > 5 * (round + 1), `round ${round}: dishes were being moved (${moves.n})`);
      });
      ({ base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data }));
    }
  } finally {
    child.kill();
    await exited(child);
  }
});

/** A payment sent and not answered yet: the kill may or may not have let it through. */
interface Sent {
  key: string;
  billId: number;
  body: { version: number; amountCents: number; method: 'card' };
}

/**
 * A waiter at `table` until the server goes away: an order, then its bill paid €5 at a time
 * (the rest last), each payment with a key of its own. A payment answered 201 is in
 * `acknowledged` (its key and amount); the one in flight when the server went away stays in
 * `sent`, to be sent again after the restart.
 */
async function keepPaying(base: string, token: string, table: number, acknowledged: Map<string, number>, sent: Sent[]) {
  for (;;) {
    try {
      const placed = await call(base, token, 'POST', '/orders', { table, items: [{ dishId: 6, quantity: 1 }, { dishId: 1, quantity: 1 }] });
      if (placed.status !== 201) throw new Error(`an order answered ${placed.status}: ${await placed.text()}`);
      let bill = await (await call(base, token, 'GET', `/staff/tables/${table}/bill`)).json();
      while (bill.status === 'open') {
        const payment: Sent = { key: randomUUID(), billId: bill.id, body: { version: bill.version, amountCents: Math.min(500, bill.remainingCents), method: 'card' } };
        sent.push(payment);
        const answer = await pay(base, token, payment);
        if (answer.status !== 201) throw new Error(`a payment answered ${answer.status}: ${await answer.text()}`);
        sent.splice(sent.indexOf(payment), 1);
        acknowledged.set(payment.key, payment.body.amountCents);
        bill = (await answer.json()).bill;
      }
    } catch (error) {
      if (error instanceof TypeError) return; // the server went away (fetch failed)
      throw error;
    }
  }
}
const pay = (base: string, token: string, { key, billId, body }: Sent) =>
  fetch(`${base}/api/v1/staff/bills/${billId}/payments`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': key }, body: JSON.stringify(body) });

Crash(`${ROUNDS} rounds of kill -9 while waiters take payments: every acknowledged payment is there once, no bill is paid past its total, and a payment sent again after the restart is taken once`, async () => {
  const data = join(dir, 'bills');
  let { base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data });
  try {
    const acknowledged = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const waiter = (await (await post(base, '/api/v1/auth/login', { email: 'wanda@tavola.test', password: 'tavola-waiter' })).json()).accessToken;
      const sent: Sent[] = [];
      await killDuring(child, [1, 2, 3].map((table) => keepPaying(base, waiter, table, acknowledged, sent)), 400 + 100 * round);
      afterTheKill(join(data, 'tavola.db'), (db) => {
        const taken = new Map((db.prepare('select idempotency_key as key, amount_cents as amount from payments').all() as { key: string; amount: number }[]).map((row) => [row.key, row.amount]));
        for (const [key, amount] of acknowledged) assert.is(taken.get(key), amount, `round ${round}: an acknowledged payment is kept`);
        // Each bill: what was paid never exceeds what was ordered; a paid one is paid exactly.
        const wrong = db
          .prepare(
            `select b.id, b.status, (select coalesce(sum(amount_cents), 0) from payments where bill_id = b.id) as paid,
                    (select coalesce(sum(i.quantity * i.price_cents), 0) from order_items i join orders o on o.id = i.order_id where o.bill_id = b.id) as total
               from bills b where paid > total or (b.status = 'paid' and paid <> total)`,
          )
          .all();
        assert.equal(wrong, [], `round ${round}`);
        assert.ok(acknowledged.size > 3 * (round + 1), `round ${round}: payments were being taken (${acknowledged.size})`);
      });
      ({ base, child } = await startServer(SERVER, { ...ENV, DATA_DIR: data }));
      // What was in flight, sent again with its key: taken now, or answered as taken before; never twice.
      const again = (await (await post(base, '/api/v1/auth/login', { email: 'wanda@tavola.test', password: 'tavola-waiter' })).json()).accessToken;
      for (const payment of sent) {
        // Its bill is still at the version it named, or the payment was taken and is answered again.
        const answer = await pay(base, again, payment);
        assert.is(answer.status, 201, await answer.clone().text());
        acknowledged.set(payment.key, payment.body.amountCents);
      }
      afterTheKill(join(data, 'tavola.db'), (db) => {
        const keys = db.prepare('select idempotency_key as key, count(*) as n from payments group by idempotency_key having n > 1').all();
        assert.equal(keys, []);
      });
    }
  } finally {
    child.kill();
    await exited(child);
  }
});

Crash.run();
