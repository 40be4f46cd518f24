// Today at a glance (GET /admin/overview), on SQLite and PostgreSQL alike: each figure equals
// what this test books, orders, marks sold out and pairs; takings so far beside the same
// weekday a week before until the same time of day; the Admin's only.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';
import { pairScreen } from '../helpers/displays.js';
import { newPhone } from '../helpers/phones.js';
import { closeStreams, nextEventNamed, readStream } from '../helpers/stream.js';
import { readHours, writeHours } from '../../src/server/restaurant/hours-store.js';
import { ALL_DAY_WEEK } from '../../src/server/restaurant/opening-hours.js';

const Overview = suite('today at a glance');
let api: TestApi;

Overview.before.each(async () => {
  api = await createTestApi({ heartbeatMs: 30 });
  for (const table of ['order_events', 'order_items', 'order_parts', 'orders'] as const) await api.db.deleteFrom(table).execute();
  const hours = await readHours(api.db);
  await writeHours(api.db, { week: ALL_DAY_WEEK, closedDates: [] }, hours.version + 1);
});
Overview.after.each(closeStreams);

const at = (iso: string) => (api.clock.now = Date.parse(iso));
const token = async (account: { email: string; password: string }) => (await api.login(account)).accessToken;

async function place(iso: string, items: [number, number][]) {
  at(iso);
  const response = await api.postJson('/api/v1/orders', { pickupName: 'Ada', pickupPhone: newPhone(), items: items.map(([dishId, quantity]) => ({ dishId, quantity })) });
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
}

async function move(order: { id: string; version: number }, statuses: string[]) {
  let version = order.version;
  for (const status of statuses) {
    const response = await api.send('PATCH', `/api/v1/orders/${order.id}`, { status, version }, await token(status === 'served' ? WAITER : KITCHEN));
    assert.is(response.status, 200, await response.clone().text());
    version = (await response.json()).version;
  }
}

/** The order's bill paid at `iso`: `cents` of it, or all. */
async function payFor(order: { id: string }, iso: string, cents?: number) {
  at(iso);
  const { bill_id } = await api.db.selectFrom('orders').select('bill_id').where('public_id', '=', order.id).executeTakeFirstOrThrow();
  const waiter = await token(WAITER);
  const bill = await (await api.authed(`/api/v1/staff/bills/${bill_id}`, waiter)).json();
  const paid = await api.send('POST', `/api/v1/staff/bills/${bill_id}/payments`, { version: bill.version, amountCents: cents ?? bill.remainingCents, method: 'card' }, waiter);
  assert.is(paid.status, 201, await paid.clone().text());
}

const overview = async () => {
  const response = await api.authed('/api/v1/admin/overview', await token(ADMIN));
  assert.is(response.status, 200, await response.clone().text());
  assert.is(response.headers.get('Cache-Control'), 'no-store');
  return response.json();
};

Overview('the Admin’s only: 401 for a guest, 403 for Kitchen and Waiter', async () => {
  await expectError(await api.request('/api/v1/admin/overview'), 401, 'unauthorized');
  for (const account of [KITCHEN, WAITER]) await expectError(await api.authed('/api/v1/admin/overview', await token(account)), 403, 'forbidden');
});

Overview('each figure is what happened today, now; takings beside last Saturday until the same time', async () => {
  // Saturday 14 November: one served before 13:00 Rome (12:00 UTC), one served after it (not counted).
  const lastWeekEarly = await place('2026-11-14T10:00:00Z', [[1, 2]]); // 2 × 7.50
  await move(lastWeekEarly, ['preparing', 'ready', 'served']);
  const lastWeekLate = await place('2026-11-14T18:00:00Z', [[6, 1]]);
  await move(lastWeekLate, ['preparing', 'ready', 'served']);
  // Money taken: last Saturday, one bill paid before 13:00 (counted) and one after (not).
  await payFor(lastWeekEarly, '2026-11-14T10:30:00Z');
  await payFor(lastWeekLate, '2026-11-14T18:30:00Z');
  // Saturday 21 November, until 13:00 in Rome: served, cancelled, and three open in three states.
  const served = await place('2026-11-21T09:00:00Z', [[6, 2]]); // 2 × 14.50
  await move(served, ['preparing', 'ready', 'served']);
  await move(await place('2026-11-21T09:10:00Z', [[6, 1]]), ['cancelled']);
  await place('2026-11-21T11:00:00Z', [[1, 1]]);
  await move(await place('2026-11-21T11:10:00Z', [[1, 1]]), ['preparing']);
  const ready = await place('2026-11-21T11:20:00Z', [[1, 1]]);
  await move(ready, ['preparing', 'ready']);
  // Today: the served order paid, and €5.00 of one not served yet.
  await payFor(served, '2026-11-21T09:30:00Z');
  await payFor(ready, '2026-11-21T11:25:00Z', 500);
  // Bookings today: one arrived at lunch, two to come tonight, one cancelled.
  at('2026-11-21T11:30:00Z');
  const waiter = await token(WAITER);
  const book = async (fields: Record<string, unknown>) => (await api.send('POST', '/api/v1/staff/bookings', { date: '2026-11-21', ...fields }, waiter)).json();
  const lunch = await book({ party: 3, time: '12:30', name: 'Bianchi' });

  const arrived = await api.send('PATCH', `/api/v1/staff/bookings/${lunch.id}`, { version: lunch.version, status: 'arrived' }, waiter);
  assert.is(arrived.status, 200, await arrived.clone().text());
  const verdi = await book({ party: 2, time: '20:00', name: 'Verdi' });
  const neri = await book({ party: 4, time: '19:30', name: 'Neri' });
  const gone = await book({ party: 2, time: '21:00', name: 'Gialli' });
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${gone.id}`, { version: gone.version, status: 'cancelled' }, waiter)).status, 200);
  // Two dishes sold out; two screens paired, one of them with its stream open now.
  at('2026-11-21T12:00:00Z');
  const kitchen = await token(KITCHEN);
  for (const id of [16, 3]) assert.is((await api.send('PATCH', `/api/v1/dishes/${id}`, { version: 1, available: false }, kitchen)).status, 200);
  const admin = await token(ADMIN);
  const pass = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: 2 });
  const stream = readStream(await api.request('/api/v1/orders/events', { headers: { Authorization: `Bearer ${pass.credential}` } }));
  await nextEventNamed(stream, 'display');

  const now = await overview();
  assert.equal([now.date, now.at], ['2026-11-21', '2026-11-21T12:00:00.000Z']);
  assert.equal(now.covers, { booked: 9, arrived: 3, noShow: 0, walkIns: 0 });
  assert.equal(now.openOrders, { received: 1, preparing: 1, ready: 1 });
  assert.equal(now.takings, { cents: 2900, weekBeforeCents: 1500, weekBeforeDate: '2026-11-14', takenCents: 3400, weekBeforeTakenCents: 1500 });
  assert.equal(now.soldOut, { count: 2, dishes: [{ id: 3, name: (await dishName(3)) }, { id: 16, name: (await dishName(16)) }] });
  assert.equal([now.screens.paired, now.screens.online, now.screens.quiet.map((screen: { name: string }) => screen.name)], [2, 1, ['Pizza oven']]);
  assert.equal(now.nextBookings.map((booking: { time: string; name: string; party: number; id: number }) => [booking.time, booking.name, booking.party, booking.id]), [
    ['19:30', 'Neri', 4, neri.id],
    ['20:00', 'Verdi', 2, verdi.id],
  ]);
});

Overview('a quiet morning reads as zeros and empty lists', async () => {
  at('2026-11-21T06:00:00Z');
  const now = await overview();
  assert.equal([now.covers, now.openOrders, now.takings, now.soldOut, now.screens, now.nextBookings], [
    { booked: 0, arrived: 0, noShow: 0, walkIns: 0 },
    { received: 0, preparing: 0, ready: 0 },
    { cents: 0, weekBeforeCents: 0, weekBeforeDate: '2026-11-14', takenCents: 0, weekBeforeTakenCents: 0 },
    { count: 0, dishes: [] },
    { paired: 0, online: 0, quiet: [] },
    [],
  ]);
});

Overview('the Admin follows the orders’ stream (the overview’s live figures) but cannot move an order; Student and the host stand cannot follow it', async () => {
  at('2026-11-21T12:00:00Z');
  const admin = await token(ADMIN);
  const stream = readStream(await api.authed('/api/v1/orders/events', admin));
  const placed = await place('2026-11-21T12:00:00Z', [[6, 1]]);
  const event = JSON.parse((await nextEventNamed(stream, 'order')).data);
  assert.equal([event.order.id, event.order.status], [placed.id, 'received']);
  await expectError(await api.send('PATCH', `/api/v1/orders/${placed.id}`, { status: 'preparing', version: 1 }, admin), 403, 'forbidden', 'Only Kitchen and Waiter staff, and paired kitchen screens, can see and move orders.');
  await expectError(await api.authed('/api/v1/orders/events', await token(STUDENT)), 403, 'forbidden', 'Only Kitchen, Waiter and Admin staff, and paired kitchen screens, can follow the orders.');
});

const dishName = async (id: number) => (await api.db.selectFrom('dishes').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

Overview.run();
