import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CompiledQuery, sql, type LogEvent } from 'kysely';
import { sweepRefreshTokens } from '../../src/server/auth/token-sweep.js';
import { dialectOf } from '../../src/server/db/dialect.js';
import { growMenu, openOrders } from '../bench/scale-data.js';
import { ADMIN, createTestApi, KITCHEN, type TestApi, tableCode } from '../helpers/api.js';
import { pairScreen, PIZZA_STATION } from '../helpers/displays.js';
import { newPhone } from '../helpers/phones.js';
import { HOLDING_STATUSES } from '../../src/shared/booking-records.js';

// Every query the API runs for its lists and lookups, recorded while the API answers real
// requests on a grown database (3,000 dishes, 300 open orders), then asked for its plan:
// none reads a whole table. On SQLite: no `SCAN` of a table but through the partial
// index of open orders (or of the six categories, or the full-text index), and no
// sorting of a whole list. On PostgreSQL, with sequential scans turned off for the
// question: no `Seq Scan` of a table, so an index serves each one.
let api: TestApi;
let recording = false;
let recorded: CompiledQuery[] = [];
const log = (event: LogEvent) => {
  if (recording && event.level === 'query') recorded.push(event.query);
};

const Plans = suite('query plans: every list and lookup goes through an index');
Plans.before(async () => {
  api = await createTestApi({ log });
  await growMenu(api.db, 3000);
  await openOrders(api.db, 300);
  if (dialectOf(api.db) === 'postgres') await sql`analyze`.execute(api.db);
});

/** Runs `requests` and answers the plan of every SELECT, UPDATE and DELETE they ran, one text per query. */
async function plansOf(requests: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
  recorded = [];
  recording = true;
  try {
    await requests();
  } finally {
    recording = false;
  }
  const asked = recorded.filter((query) => /^\s*(select|update|delete|with)\b/i.test(query.sql) && !/pg_notify|pg_advisory/.test(query.sql));
  assert.ok(asked.length > 0, 'the requests ran queries');
  if (dialectOf(api.db) === 'sqlite') {
    return Promise.all(
      asked.map(async (query) => {
        const { rows } = await api.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
        return { sql: query.sql, plan: rows.map((row) => row.detail).join('\n') };
      }),
    );
  }
  return api.db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    const plans = [];
    for (const query of asked) {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      plans.push({ sql: query.sql, plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
    await sql`reset enable_seqscan`.execute(connection);
    return plans;
  });
}

const BIG = '(dishes|orders|order_items|order_events|order_parts|users|refresh_tokens|throttles|password_links|activity|displays|display_bumps|bookings)';
function assertIndexed(plans: { sql: string; plan: string }[]) {
  for (const { sql: text, plan } of plans) {
    const where = `\n${text}\n${plan}`;
    if (dialectOf(api.db) === 'sqlite') {
      // A page in primary key order (`order by "id" limit ?`) is a scan of the rowids that stops at the limit.
      const page = /order by "id" limit \?$/.test(text);
      for (const line of plan.split('\n')) {
        const scan = new RegExp(`^SCAN ${BIG}\\b`).test(line);
        assert.ok(!scan || line === 'SCAN orders USING INDEX orders_open' || (page && /^SCAN \w+$/.test(line)), `a whole table is read:${where}`);
      }
      // A sum per group (the day's best-selling dishes) is sorted after grouping: as many rows as dishes, not a list's.
      if (!/ group by /.test(text)) assert.not.match(plan, 'USE TEMP B-TREE FOR ORDER BY', `a whole list is sorted:${where}`);
    } else {
      assert.not.match(plan, new RegExp(`Seq Scan on ${BIG}\\b`), `no index serves it:${where}`);
    }
  }
}

async function read(response: Response | Promise<Response>, status = 200) {
  const answer = await response;
  assert.is(answer.status, status);
  return answer.json();
}

Plans('the menu: pages in menu order, by category, highlights, one dish, categories', async () => {
  assertIndexed(
    await plansOf(async () => {
      const first = await read(api.request('/api/v1/dishes?limit=50'));
      assert.is(first.dishes.length, 50);
      await read(api.request(`/api/v1/dishes?limit=50&after=${first.next}`));
      await read(api.request('/api/v1/dishes?after=2990'));
      await read(api.request('/api/v1/dishes?category=pizza'));
      await read(api.request('/api/v1/dishes?featured=true'));
      await read(api.request('/api/v1/dishes?featured=false&category=dolci'));
      await read(api.request('/api/v1/dishes/2500'));
      await read(api.request('/api/v1/categories'));
    }),
  );
});

Plans('search: words of three letters or more go through the trigram index, page after page', async () => {
  assertIndexed(
    await plansOf(async () => {
      const first = await read(api.request('/api/v1/search?q=saffron'));
      assert.is(first.dishes.length, 50);
      await read(api.request(`/api/v1/search?q=saffron&after=${first.next}`));
      await read(api.request('/api/v1/dishes?q=saffron%20risotto&category=pizza'));
      await read(api.request('/api/v1/dishes?q=margherita'));
      // A typo: its candidates are read through the words' two indexes.
      assert.ok((await read(api.request('/api/v1/search?q=saffrno'))).dishes.length > 0);
      await read(api.request('/api/v1/dishes?q=carbonra&without=milk'));
    }),
  );
});

Plans('orders: the queue page by page, one order, the streams catching up, a move', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const authed = { Authorization: `Bearer ${accessToken}` };
  const placed = await read(api.postJson('/api/v1/orders', { table: 3, tableCode: tableCode(3), items: [{ dishId: 1, quantity: 1 }] }, { 'Idempotency-Key': 'plans-1' }), 201);
  assertIndexed(
    await plansOf(async () => {
      const first = await read(api.request('/api/v1/orders/queue?limit=50', { headers: authed }));
      assert.is(first.orders.length, 50);
      await read(api.request(`/api/v1/orders/queue?after=${first.next}`, { headers: authed }));
      await read(api.request(`/api/v1/orders/${placed.id}`));
      await read(api.postJson('/api/v1/orders', { table: 3, tableCode: tableCode(3), items: [{ dishId: 1, quantity: 1 }] }, { 'Idempotency-Key': 'plans-1' }), 201);
      for (const path of ['/api/v1/orders/events', `/api/v1/orders/${placed.id}/events`]) {
        const stream = await api.request(path, { headers: { ...authed, 'Last-Event-ID': '0' } });
        const reader = stream.body!.getReader();
        const decoder = new TextDecoder();
        for (let text = ''; !text.includes('\nid: ') && !text.startsWith('id: '); ) text += decoder.decode((await reader.read()).value);
        await reader.cancel();
      }
      const moved = await api.request(`/api/v1/orders/${placed.id}`, { method: 'PATCH', headers: { ...authed, 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'preparing', version: 1 }) });
      assert.is(moved.status, 200);
    }),
  );
});

Plans('kitchen screens: pairing, a display’s queue, stream, part done and recall, its recall list, the owner’s list, the pickup board', async () => {
  // Many displays and bumps beside the ones asked for, so an unindexed lookup would show.
  const now = api.clock.now;
  const displays = Array.from({ length: 1000 }, (_, i) => ({ name: `Plan screen ${i}`, kind: 'pass', credential_hash: `plans-credential-${i}`, pairing_hash: `plans-pairing-${i}`, created_at: '2026-11-01T00:00:00.000Z' }));
  for (let i = 0; i < displays.length; i += 500) await api.db.insertInto('displays').values(displays.slice(i, i + 500)).execute();
  const bumps = Array.from({ length: 2000 }, (_, i) => ({ display_id: 1 + (i % 1000), order_id: 1 + (i % 200), station_id: null, at: now - 1000 }));
  for (let i = 0; i < bumps.length; i += 500) await api.db.insertInto('display_bumps').values(bumps.slice(i, i + 500)).execute();
  if (dialectOf(api.db) === 'postgres') await sql`analyze`.execute(api.db);
  const { accessToken } = await api.login(ADMIN);
  const station = await pairScreen(api, accessToken, { name: 'Plans oven', kind: 'station', station: PIZZA_STATION });
  const pass = await pairScreen(api, accessToken, { name: 'Plans pass', kind: 'pass' });
  const placed = await read(api.postJson('/api/v1/orders', { pickupName: 'Plan', pickupPhone: newPhone(), items: [{ dishId: 12, quantity: 1 }] }), 201);
  const as = (credential: string) => ({ Authorization: `Bearer ${credential}` });
  const plans = await plansOf(async () => {
    const added = await read(api.send('POST', '/api/v1/admin/displays', { name: 'Plans bar', kind: 'station', station: PIZZA_STATION }, accessToken), 201);
    await read(api.postJson('/api/v1/displays/pair', { code: added.pairing.code }));
    await read(api.authed('/api/v1/admin/displays', accessToken));
    await read(api.request('/api/v1/orders/queue?limit=50', { headers: as(station.credential) }));
    await read(api.request('/api/v1/display', { headers: as(station.credential) }));
    await read(api.request('/api/v1/board-settings', { headers: as(station.credential) }));
    const stream = await api.request('/api/v1/orders/events', { headers: { ...as(pass.credential), 'Last-Event-ID': '0' } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    for (let text = ''; !text.includes('\nid: ') && !text.startsWith('id: '); ) text += decoder.decode((await reader.read()).value);
    await reader.cancel();
    await read(api.send('POST', `/api/v1/orders/${placed.id}/parts/${PIZZA_STATION}/done`, { version: 1 }, station.credential));
    await read(api.request('/api/v1/display/recalls', { headers: as(station.credential) }));
    await read(api.send('POST', `/api/v1/orders/${placed.id}/recall`, { version: 2 }, station.credential));
    await read(api.request('/api/v1/pickup-board'));
    await read(api.send('POST', `/api/v1/admin/displays/${added.display.id}/unpair`, { version: 2 }, accessToken));
  });
  assertIndexed(plans);
});

Plans('bookings: the free times of a week, booking, the manage link, the staff’s day and moves, the tables off the floor, the phone cap', async () => {
  // Two months of bookings beside the ones asked for: lunch and dinner at every table, every day.
  const rows = [];
  for (let day = 0; day < 60; day++) {
    const date = new Date(Date.UTC(2026, 9, 1 + day)).toISOString().slice(0, 10);
    for (let table = 1; table <= 24; table++) {
      for (const [time, hour] of [['12:00', 11], ['19:00', 18]] as const) {
        const starts = Date.UTC(2026, 9, 1 + day, hour);
        rows.push({ status: 'confirmed', party: 2, date, time, starts_ms: starts, ends_ms: starts + 7_200_000, table_number: table, name: 'Plan', phone: `+39347${String(rows.length).padStart(7, '0')}`, source: 'staff' as const, created_at: 'x', updated_at: 'x' });
      }
    }
  }
  // Around the stays held already, which no booking may overlap: the order placed at table 3 above opened one there today.
  const held = await api.db.selectFrom('booking_tables').select(['table_number', 'starts_ms', 'ends_ms']).where('status', 'in', [...HOLDING_STATUSES]).execute();
  const free = rows.filter((row) => !held.some((stay) => stay.table_number === row.table_number && Number(stay.starts_ms) < row.ends_ms && Number(stay.ends_ms) > row.starts_ms));
  assert.is(free.length, rows.length - 1, 'one lunch at table 3 left out');
  for (let i = 0; i < free.length; i += 500) await api.db.insertInto('bookings').values(free.slice(i, i + 500)).execute();
  if (dialectOf(api.db) === 'postgres') await sql`analyze`.execute(api.db);
  const { accessToken } = await api.login(ADMIN);
  const plans = await plansOf(async () => {
    await read(api.request('/api/v1/bookings/times?party=2&date=2026-12-04'));
    const made = await read(api.postJson('/api/v1/bookings', { party: 2, date: '2026-12-04', time: '20:00', name: 'Plan', phone: '347 123 4567' }), 201);
    const key = { 'Booking-Key': made.key, 'Content-Type': 'application/json' };
    await read(api.request('/api/v1/booking', { headers: key }));
    await read(api.request('/api/v1/booking', { method: 'PATCH', headers: key, body: JSON.stringify({ version: 1, time: '20:15' }) }));
    const day = await read(api.authed('/api/v1/staff/bookings?date=2026-12-04', accessToken));
    const id = day.bookings.find((each: { name: string; time: string }) => each.time === '20:15').id;
    await read(api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 2, table: 9 }, accessToken));
    await read(api.authed('/api/v1/admin/bookings/off-floor', accessToken));
  });
  assertIndexed(plans);
});

Plans('accounts: sign-in and its limits, the Bearer check, a refresh', async () => {
  assertIndexed(
    await plansOf(async () => {
      const { refreshToken, accessToken } = await api.login(KITCHEN);
      await read(api.authed('/api/v1/auth/me', accessToken));
      await read(api.postJson('/api/v1/auth/refresh', { refreshToken }));
      await read(api.postJson('/api/v1/auth/refresh', { refreshToken: 'not-a-token' }), 401);
      await read(api.postJson('/api/v1/auth/login', { email: KITCHEN.email, password: 'wrong' }), 401);
    }),
  );
});

Plans('staff accounts: the list, an invitation and its link, a deactivation ending sign-ins, a reset, my own password', async () => {
  // Many sign-ins and links beside the ones asked for, so an unindexed lookup would show.
  const now = api.clock.now;
  const rows = Array.from({ length: 2000 }, (_, i) => ({ user_id: 1 + (i % 3), family: `staff-plans-${i % 400}`, token_hash: `staff-plans-${i}`, expires_at: now + 1e9, used_at: null, revoked_at: null }));
  for (let i = 0; i < rows.length; i += 500) await api.db.insertInto('refresh_tokens').values(rows.slice(i, i + 500)).execute();
  const links = Array.from({ length: 1000 }, (_, i) => ({ user_id: 1 + (i % 3), token_hash: `staff-link-${i}`, expires_at: now - 1, used_at: now - 2 }));
  await api.db.insertInto('password_links').values(links).execute();
  if (dialectOf(api.db) === 'postgres') await sql`analyze`.execute(api.db);
  const { accessToken } = await api.login(ADMIN);
  const send = (method: string, path: string, body: unknown, token = accessToken) =>
    api.request(path, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  assertIndexed(
    await plansOf(async () => {
      await read(api.authed('/api/v1/admin/staff?limit=2', accessToken));
      await read(api.authed('/api/v1/admin/staff?after=2', accessToken));
      await read(api.authed('/api/v1/admin/staff/2', accessToken));
      const invited = await read(send('POST', '/api/v1/admin/staff', { name: 'Plan Person', email: 'plans@tavola.test', role: 'Waiter' }), 201);
      const token = invited.link.path.split('#')[1];
      await read(api.postJson('/api/v1/auth/password-link', { token }));
      const signedIn = await read(api.postJson('/api/v1/auth/set-password', { token, password: 'a long enough password' }));
      assert.is((await send('POST', '/api/v1/profile/password', { currentPassword: 'a long enough password', newPassword: 'another long password' }, signedIn.accessToken)).status, 200);
      await read(send('PATCH', `/api/v1/admin/staff/${invited.staff.id}`, { version: 1, active: false }));
      await read(send('POST', '/api/v1/admin/staff/2/password-link', { version: 1 }), 201);
    }),
  );
});

Plans("the day's numbers and its CSV: the day's orders found through orders_placed_ms, their dishes through order_items_sales", async () => {
  const { accessToken } = await api.login(ADMIN);
  const plans = await plansOf(async () => {
    await read(api.authed('/api/v1/admin/day?date=2026-11-21', accessToken));
    assert.is((await api.authed('/api/v1/admin/day.csv?date=2026-11-21', accessToken)).status, 200);
  });
  assertIndexed(plans);
  const ranged = plans.filter(({ sql: text }) => /"placed_ms" >= /.test(text));
  assert.ok(ranged.length >= 4, `the day's queries ran (${ranged.length})`);
  const all = plans.map(({ sql: text, plan }) => `${text}\n${plan}`).join('\n---\n');
  assert.ok(ranged.every(({ plan }) => /orders_placed_ms/.test(plan)), all);
  assert.ok(ranged.some(({ plan }) => /order_items_sales/.test(plan)), all);
});

Plans('the sitemap lists every dish on purpose: in id order through the primary key, never sorted', async () => {
  const plans = await plansOf(async () => {
    const answer = await api.request('/sitemap.xml');
    assert.is(answer.status, 200);
    assert.ok((await answer.text()).split('<url>').length > 3000);
  });
  const dishes = plans.find(({ sql: text }) => /from "dishes"/.test(text))!;
  if (dialectOf(api.db) === 'sqlite') assert.is(dishes.plan, 'SCAN dishes', dishes.plan); // rowid order: the primary key
  else assert.match(dishes.plan, /Index (Only )?Scan using dishes_pkey on dishes/, dishes.plan);
  for (const { plan } of plans) assert.not.match(plan, /TEMP B-TREE|Sort|Seq Scan on dishes/, plan);
});

Plans('the refresh-token sweep: each batch found through the index on expiry or revocation', async () => {
  const now = api.clock.now;
  const rows = Array.from({ length: 3000 }, (_, i) => ({ user_id: 1, family: `plans-${i % 300}`, token_hash: `plans-hash-${i}`, expires_at: now + i, used_at: null, revoked_at: i % 10 ? null : now }));
  for (let i = 0; i < rows.length; i += 500) await api.db.insertInto('refresh_tokens').values(rows.slice(i, i + 500)).execute();
  if (dialectOf(api.db) === 'postgres') await sql`analyze refresh_tokens`.execute(api.db);
  const deleted = await plansOf(() => sweepRefreshTokens(api.db, now + 8 * 24 * 60 * 60 * 1000, { batch: 100 }));
  assertIndexed(deleted);
  assert.ok(deleted.some(({ plan }) => /refresh_tokens_expires_at/.test(plan)) && deleted.some(({ plan }) => /refresh_tokens_revoked_at/.test(plan)), 'both indexes are used');
});

Plans.run();
