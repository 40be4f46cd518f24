// The day's numbers: the Admin's only; the figures equal the orders this test places and
// moves, on the restaurant's day in its time zone (an order at 00:30 in Rome is the next
// day's), on the days the clocks change (23 and 25 hours), beside the same weekday a week
// before; and the CSV of the day's orders.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readHours, writeHours } from '../../src/server/restaurant/hours-store.js';
import { ALL_DAY_WEEK } from '../../src/server/restaurant/opening-hours.js';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';
import { newPhone } from '../helpers/phones.js';

const Day = suite("the day's numbers");

let api: TestApi;
// Access tokens live two minutes and this test moves the clock by days: each call signs in anew.
const tokenOf = async (account: { email: string; password: string }) => (await api.login(account)).accessToken;

Day.before.each(async () => {
  api = await createTestApi();
  // Only this test's orders, and the restaurant open at every hour it places them.
  await api.db.deleteFrom('order_events').execute();
  await api.db.deleteFrom('order_items').execute();
  await api.db.deleteFrom('order_parts').execute();
  await api.db.deleteFrom('orders').execute();
  const hours = await readHours(api.db);
  await writeHours(api.db, { week: ALL_DAY_WEEK, closedDates: [] }, hours.version + 1);
});

const at = (iso: string) => (api.clock.now = Date.parse(iso));
const send = (method: string, path: string, body: unknown, token: string) =>
  api.request(path, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

/** Places a pickup order of these dishes at `iso` (UTC); answers the order. */
async function place(iso: string, items: [number, number][], name = 'Ada') {
  at(iso);
  const response = await api.postJson('/api/v1/orders', { pickupName: name, pickupPhone: newPhone(), items: items.map(([dishId, quantity]) => ({ dishId, quantity })) });
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
}

/** Moves an order through the states to `to`, each at its own time. */
async function move(order: { id: string; version: number }, steps: [string, string][]) {
  let version = order.version;
  for (const [status, iso] of steps) {
    at(iso);
    const token = await tokenOf(status === 'served' ? WAITER : KITCHEN);
    const response = await send('PATCH', `/api/v1/orders/${order.id}`, { status, version }, token);
    assert.is(response.status, 200, await response.clone().text());
    version = (await response.json()).version;
  }
}

const figures = async (date: string) => {
  const response = await api.authed(`/api/v1/admin/day?date=${date}`, await tokenOf(ADMIN));
  assert.is(response.status, 200);
  return response.json();
};

Day('the Admin’s only: 401 for a guest, 403 for the other roles; a date that is not one is 400', async () => {
  const others = await Promise.all([KITCHEN, WAITER, STUDENT].map(async (account) => (await api.login(account)).accessToken));
  const admin = await tokenOf(ADMIN);
  for (const path of ['/api/v1/admin/day', '/api/v1/admin/day.csv']) {
    await expectError(await api.request(path), 401, 'unauthorized');
    for (const token of others) await expectError(await api.authed(path, token), 403, 'forbidden', 'Only the Admin can see the day’s numbers.');
  }
  for (const date of ['2026-02-30', '21-11-2026', 'today']) {
    const body = await expectError(await api.authed(`/api/v1/admin/day?date=${date}`, admin), 400, 'invalid_field');
    assert.is(body.field, 'date');
  }
});

Day('the figures are the orders placed and moved that day, in Rome’s day, beside a week before', async () => {
  // Saturday 21 November 2026 in Rome (UTC+1). 23:30 UTC on the 20th is already the 21st in Rome.
  const early = await place('2026-11-20T23:30:00Z', [[6, 2]]); // Carbonara 14.50 × 2
  const lunch = await place('2026-11-21T11:10:00Z', [[6, 1], [1, 2]]); // 14.50 + 2 × 7.50
  const cancelled = await place('2026-11-21T11:40:00Z', [[6, 5]]);
  await place('2026-11-21T18:05:00Z', [[1, 1]]); // still open
  await place('2026-11-21T23:30:00Z', [[6, 1]]); // 00:30 on the 22nd in Rome: not this day
  await place('2026-11-14T12:00:00Z', [[1, 3]]); // a week before
  await move(early, [['preparing', '2026-11-20T23:35:00Z'], ['ready', '2026-11-20T23:50:00Z'], ['served', '2026-11-20T23:54:00Z']]); // 20 min, 4 min
  await move(lunch, [['preparing', '2026-11-21T11:12:00Z'], ['ready', '2026-11-21T11:40:00Z'], ['served', '2026-11-21T11:50:00Z']]); // 30 min, 10 min
  await move(cancelled, [['cancelled', '2026-11-21T11:45:00Z']]);

  const day = await figures('2026-11-21');
  assert.equal([day.date, day.timeZone, day.from, day.to], ['2026-11-21', 'Europe/Rome', '2026-11-20T23:00:00.000Z', '2026-11-21T23:00:00.000Z']);
  assert.equal([day.placed, day.served, day.cancelled, day.takingsCents, day.averageTicketCents], [4, 2, 1, 2900 + 2950, 2925]);
  assert.is(day.perHour.length, 24);
  assert.equal(
    day.perHour.filter((hour: { orders: number }) => hour.orders).map((hour: { hour: string; orders: number }) => `${hour.hour}:${hour.orders}`),
    ['00:1', '12:2', '19:1'],
  );
  // The cancelled order's five carbonara do not count; a tie goes to the lower dish id.
  assert.equal(day.topDishes, [
    { dishId: 1, name: 'Bruschetta al pomodoro', quantity: 3 },
    { dishId: 6, name: 'Spaghetti alla carbonara', quantity: 3 },
  ]);
  assert.equal(day.medianMinutes, { receivedToReady: 25, readyToServed: 7 });
  assert.equal([day.weekBefore.date, day.weekBefore.placed, day.weekBefore.served, day.weekBefore.takingsCents], ['2026-11-14', 1, 0, 0]);
  assert.equal((await figures('2026-11-22')).placed, 1, 'the order at 00:30 belongs to the next day');
});

Day('the days the clocks change: 23 hours in March, 25 in October with 02 twice', async () => {
  await place('2026-10-25T00:30:00Z', [[1, 1]]); // 02:30 summer time
  await place('2026-10-25T01:30:00Z', [[1, 1]]); // 02:30 again, winter time
  const october = await figures('2026-10-25');
  assert.is(october.perHour.length, 25);
  assert.equal(october.perHour.slice(0, 5).map((hour: { hour: string; orders: number }) => `${hour.hour}:${hour.orders}`), ['00:0', '01:0', '02:1', '02:1', '03:0']);
  assert.equal([october.from, october.to], ['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
  // The CSV writes both on the wall clock: in English each with its offset, so the two 02:30s stay apart.
  const csv = async (lang: string) => (await (await api.request('/api/v1/admin/day.csv?date=2026-10-25', { headers: { Authorization: `Bearer ${await tokenOf(ADMIN)}`, 'Accept-Language': lang } })).text()).split('\r\n').slice(1, 3);
  assert.equal((await csv('en')).map((line) => line.split(',')[1]), ['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00']);
  assert.equal((await csv('it')).map((line) => line.split(';')[1]), ['2026-10-25 02:30:00', '2026-10-25 02:30:00']);
  const march = await figures('2026-03-29');
  assert.is(march.perHour.length, 23);
  assert.equal(march.perHour.slice(0, 3).map((hour: { hour: string }) => hour.hour), ['00', '01', '03']);
});

Day('without a date, today in Rome; nothing placed reads as zeros and nulls', async () => {
  at('2026-11-21T23:30:00Z');
  const today = await (await api.authed('/api/v1/admin/day', await tokenOf(ADMIN))).json();
  assert.equal([today.date, today.placed, today.averageTicketCents, today.medianMinutes, today.topDishes], ['2026-11-22', 0, null, { receivedToReady: null, readyToServed: null }, []]);
});

Day('the CSV holds the day’s orders, oldest first, on Rome’s wall clock in both languages (English with its offset); a name a spreadsheet would run is made text', async () => {
  const first = await place('2026-11-21T11:10:00Z', [[6, 1]], '=HYPERLINK("x")');
  await move(first, [['preparing', '2026-11-21T11:12:00Z'], ['ready', '2026-11-21T11:30:00Z']]);
  await place('2026-11-21T12:00:00Z', [[1, 2]], 'Rossi, party of 4');
  const response = await api.authed('/api/v1/admin/day.csv?date=2026-11-21', await tokenOf(ADMIN));
  assert.equal([response.status, response.headers.get('Content-Type'), response.headers.get('Content-Disposition')], [200, 'text/csv; charset=utf-8', 'attachment; filename="tavola-orders-2026-11-21.csv"']);
  assert.is(
    await response.text(),
    [
      'number,placed_at,table,pickup_name,taken_by,status,total_eur,ready_at,served_at',
      `${first.number},2026-11-21T12:10:00+01:00,,"'=HYPERLINK(""x"")",,ready,14.50,2026-11-21T12:30:00+01:00,`,
      `${first.number + 1},2026-11-21T13:00:00+01:00,,"Rossi, party of 4",,received,15.00,,`,
      '',
    ].join('\r\n'),
  );
  // In Italian, what a spreadsheet in Italian opens as it is: semicolons, a decimal comma, Rome's
  // wall clock, Italian headers and states, and the byte-order mark that makes Excel read UTF-8.
  const italian = await api.request('/api/v1/admin/day.csv?date=2026-11-21', { headers: { Authorization: `Bearer ${await tokenOf(ADMIN)}`, 'Accept-Language': 'it' } });
  assert.equal([italian.status, italian.headers.get('Content-Type')], [200, 'text/csv; charset=utf-8']);
  assert.is(
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(await italian.arrayBuffer()),
    [
      '\uFEFFnumero;ordinato_alle;tavolo;nome_asporto;preso_da;stato;totale_eur;pronto_alle;servito_alle',
      `${first.number};2026-11-21 12:10:00;;"'=HYPERLINK(""x"")";;pronto;14,50;2026-11-21 12:30:00;`,
      `${first.number + 1};2026-11-21 13:00:00;;Rossi, party of 4;;ricevuto;15,00;;`,
      '',
    ].join('\r\n'),
  );
});

Day.run();
