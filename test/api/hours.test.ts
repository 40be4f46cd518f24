// Opening hours through the API: read by everyone, edited by the Admin with a version,
// and orders refused while closed (409 `closed`, with the next opening), by the clock the
// test moves.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, type TestApi, tableCode } from '../helpers/api.js';
import { SAMPLE_WEEK } from '../../src/server/restaurant/opening-hours.js';

const Hours = suite('opening hours through the API');

let api: TestApi;
const ORDER = { table: 4, tableCode: tableCode(4), items: [{ dishId: 6, quantity: 1 }] };
// createTestApi starts at Saturday 21 November 2026, 13:00 in Rome; this is Monday 23 November, 11:00.
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 10, 0);

Hours.before.each(async () => {
  api = await createTestApi();
});

const put = async (body: unknown) => {
  const { accessToken } = await api.login(ADMIN);
  return api.request('/api/v1/admin/hours', { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` }, body: JSON.stringify(body) });
};

Hours('GET /hours: the week, the state now and the words for it, never cached', async () => {
  const response = await api.request('/api/v1/hours');
  assert.is(response.headers.get('Cache-Control'), 'no-store');
  assert.equal(await response.json(), {
    timeZone: 'Europe/Rome',
    week: SAMPLE_WEEK,
    closedDates: [],
    version: 1,
    open: true,
    closesAt: '2026-11-21T14:00:00.000Z',
    opensAt: null,
    summary: 'Open now · until 15:00',
    weekText: 'Tuesday to Sunday, 12:00–15:00 and 19:00–23:00',
  });
  api.clock.now = MONDAY_MORNING;
  const monday = await (await api.request('/api/v1/hours')).json();
  assert.equal([monday.open, monday.summary, monday.opensAt], [false, 'Closed · opens tomorrow at 12:00', '2026-11-24T11:00:00.000Z']);
});

Hours('orders are refused while closed, with the next opening; an order placed while open is still answered', async () => {
  const placed = await api.postJson('/api/v1/orders', ORDER, { 'Idempotency-Key': 'lunch-1' });
  assert.is(placed.status, 201);
  api.clock.now = MONDAY_MORNING;
  const refused = await expectError(await api.postJson('/api/v1/orders', ORDER), 409, 'closed', 'We are not taking orders now: we open tomorrow at 12:00. Your cart is kept.');
  assert.is(refused.opensAt, '2026-11-24T11:00:00.000Z');
  const again = await api.postJson('/api/v1/orders', ORDER, { 'Idempotency-Key': 'lunch-1' });
  assert.is(again.status, 201);
  assert.is((await again.json()).id, (await placed.json()).id);
  const orders = await api.db.selectFrom('orders').select('id').execute();
  assert.is(orders.length, 1); // the one placed at lunch, its replay answered, not placed again
});

Hours('the Admin sets the hours and closed dates; the change is in force at once and in the activity list', async () => {
  const week = { ...SAMPLE_WEEK, saturday: [{ opens: '18:00', closes: '02:00' }] };
  const saved = await put({ version: 1, week, closedDates: [{ date: '2026-12-25', note: 'Christmas' }, { date: '2026-12-24', note: 'Christmas Eve' }] });
  assert.is(saved.status, 200);
  const body = await saved.json();
  assert.equal([body.version, body.open, body.summary], [2, false, 'Closed · opens today at 18:00']);
  assert.equal(body.closedDates.map((each: { date: string }) => each.date), ['2026-12-24', '2026-12-25']);
  await expectError(await api.postJson('/api/v1/orders', ORDER), 409, 'closed', 'We are not taking orders now: we open today at 18:00. Your cart is kept.');
  api.clock.now = Date.UTC(2026, 10, 22, 0, 30); // 01:30 on Sunday in Rome: Saturday's late service
  assert.is((await api.postJson('/api/v1/orders', ORDER)).status, 201);
  const { accessToken } = await api.login(ADMIN);
  const { entries } = await (await api.authed('/api/v1/admin/activity', accessToken)).json();
  assert.equal([entries[0].action, entries[0].subject, entries[0].by.name], ['hours.updated', 'Opening hours', 'Ada Conti']);
  assert.equal(entries[0].after.week.saturday, [{ opens: '18:00', closes: '02:00' }]);
});

Hours('a stale version is a 409 with the hours as they are now', async () => {
  assert.is((await put({ version: 1, week: SAMPLE_WEEK, closedDates: [{ date: '2026-12-25', note: 'Christmas' }] })).status, 200);
  const stale = await expectError(await put({ version: 1, week: SAMPLE_WEEK, closedDates: [] }), 409, 'conflict', 'The opening hours were changed by someone else meanwhile. Here they are as they are now.');
  assert.equal(stale.hours.closedDates, [{ date: '2026-12-25', note: 'Christmas' }]);
  assert.is(stale.hours.version, 2);
});

Hours('hours that cannot be are refused, field by field, and nothing changes', async () => {
  const cases: [unknown, string, string][] = [
    [{ version: 1, week: { ...SAMPLE_WEEK, monday: [{ opens: '25:00', closes: '26:00' }] }, closedDates: [] }, 'week.monday.0.opens', 'week.monday.0.opens: must be a time from 00:00 to 23:59'],
    [{ version: 1, week: { ...SAMPLE_WEEK, monday: [{ opens: '12:00', closes: '12:00' }] }, closedDates: [] }, 'week.monday.0.closes', 'week.monday: a service cannot open and close at 12:00.'],
    [{ version: 1, week: { ...SAMPLE_WEEK, friday: [{ opens: '12:00', closes: '15:00' }, { opens: '14:00', closes: '23:00' }] }, closedDates: [] }, 'week.friday.1.opens', 'week.friday: the second service must start after the first ends (15:00).'],
    [{ version: 1, week: { ...SAMPLE_WEEK, friday: [...SAMPLE_WEEK.friday, { opens: '23:30', closes: '23:45' }] }, closedDates: [] }, 'week.friday', 'week.friday may have at most 2 entries.'],
    [{ version: 1, week: { ...SAMPLE_WEEK, funday: [] }, closedDates: [] }, 'week.funday', 'week.funday: not a field this takes.'],
    [{ version: 1, week: SAMPLE_WEEK, closedDates: [{ date: '2026-02-30', note: '' }] }, 'closedDates.0.date', 'closedDates.0.date: must be a real date'],
  ];
  for (const [body, field, message] of cases) {
    const error = await expectError(await put(body), 400, 'invalid_field', message);
    assert.is(error.field, field);
  }
  assert.is((await (await api.request('/api/v1/hours')).json()).version, 1);
});

Hours('stored hours that do not parse read as the sample week: orders go on', async () => {
  await api.db.updateTable('opening_hours').set({ week: '{broken' }).execute();
  const hours = await (await api.request('/api/v1/hours')).json();
  assert.equal([hours.week, hours.open], [SAMPLE_WEEK, true]);
  assert.is((await api.postJson('/api/v1/orders', ORDER)).status, 201);
});

Hours.run();
