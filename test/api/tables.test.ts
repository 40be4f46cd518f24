// The floor and ordering at the table: each role on the tables' endpoints, versions, a
// table's code right, wrong, missing and renewed, a waiter's (or the kitchen's) order
// without a code that names who took it, pickup without any, a table taken off the floor.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, tableCode, TEST_COST, WAITER, type TestApi } from '../helpers/api.js';
import { freshDatabase } from '../helpers/database.js';
import { newPhone } from '../helpers/phones.js';

const Tables = suite('tables and their codes');

let api: TestApi;
let admin: string;

Tables.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

const send: TestApi['send'] = (...args) => api.send(...args);
const ITEMS = [{ dishId: 6, quantity: 1 }];
const order = (body: Record<string, unknown>, token?: string) => send('POST', '/api/v1/orders', { items: ITEMS, ...body }, token);

Tables('every table endpoint is the Admin’s: 401 for a guest, 403 for the other roles; the codes only in the Admin’s answers', async () => {
  const others = await Promise.all([KITCHEN, WAITER, STUDENT].map(async (account) => (await api.login(account)).accessToken));
  const calls: [string, string, unknown][] = [
    ['GET', '/api/v1/admin/tables', undefined],
    ['POST', '/api/v1/admin/tables', { number: 30, seats: 2 }],
    ['PATCH', '/api/v1/admin/tables/7', { version: 1, label: 'Window' }],
    ['POST', '/api/v1/admin/tables/7/code', { version: 1 }],
  ];
  for (const [method, path, body] of calls) {
    const init = (token?: string) => ({ method, headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
    await expectError(await api.request(path, init()), 401, 'unauthorized');
    for (const token of others) await expectError(await api.request(path, init(token)), 403, 'forbidden', 'Only the Admin can manage the tables.');
  }
  const { tables } = await (await api.authed('/api/v1/admin/tables', admin)).json();
  assert.is(tables.length, 24);
  assert.equal(tables[6], { number: 7, label: 'Table 7', seats: 4, active: true, code: 'table-7', joinsWith: [], plan: null, shape: 'square', version: 1 });
  assert.equal(await (await api.request('/api/v1/table-codes/table-7')).json(), { number: 7, label: 'Table 7' });
});

Tables('a fresh database gives each table a code of its own, 128 random bits', async () => {
  const db = await freshDatabase();
  await prepareDatabase(db, { passwords: createPasswords({ cost: TEST_COST }), testAccounts: false });
  const codes = (await db.selectFrom('dining_tables').select('code').execute()).map((row) => row.code);
  assert.is(new Set(codes).size, 24);
  for (const code of codes) assert.match(code, /^[A-Za-z0-9_-]{22}$/);
  await db.destroy();
});

Tables('an order to a table needs its code: missing and wrong are 403 and nothing is written; right is 201', async () => {
  const missing = await expectError(await order({ table: 7 }), 403, 'table_code_required', 'An order to table 7 is placed from the QR code on the table: scan it, or order for pickup. Your cart is kept.');
  assert.is(missing.field, 'tableCode');
  await expectError(await order({ table: 7, tableCode: tableCode(8) }), 403, 'table_code_wrong', "This is not table 7's code now: scan the QR code on your table again. Your cart is kept.");
  await expectError(await order({ table: 7, tableCode: 'table-7 ' }), 403, 'table_code_wrong');
  const before = (await api.db.selectFrom('orders').select('id').execute()).length;
  assert.is((await api.db.selectFrom('orders').select('id').execute()).length, before, 'nothing written');
  const placed = await order({ table: 7, tableCode: tableCode(7) });
  assert.is(placed.status, 201);
  assert.equal([(await placed.json()).table, before + 1], [7, (await api.db.selectFrom('orders').select('id').execute()).length]);
  assert.is((await order({ pickupName: 'Ada', pickupPhone: newPhone() })).status, 201, 'pickup needs no code');
});

Tables('a renewed code: the old one stops working at once, the new one works; a stale version is 409', async () => {
  const renewed = await (await send('POST', '/api/v1/admin/tables/7/code', { version: 1 }, admin)).json();
  assert.match(renewed.code, /^[A-Za-z0-9_-]{22}$/);
  assert.is(renewed.version, 2);
  await expectError(await order({ table: 7, tableCode: tableCode(7) }), 403, 'table_code_wrong');
  await expectError(await api.request('/api/v1/table-codes/table-7'), 404, 'table_code_unknown', 'This table code does not work (any more): scan the QR code on your table again, or ask a waiter.');
  assert.is((await order({ table: 7, tableCode: renewed.code })).status, 201);
  const stale = await expectError(await send('POST', '/api/v1/admin/tables/7/code', { version: 1 }, admin), 409, 'conflict', 'Table 7 · Table 7 was changed by someone else meanwhile. Here it is as it is now.');
  assert.is(stale.table.code, renewed.code);
});

Tables('a Waiter or Kitchen token places a table order without a code, and the order names them; Student and Admin need the code', async () => {
  const [waiter, kitchen, student] = (await Promise.all([WAITER, KITCHEN, STUDENT].map(async (account) => (await api.login(account)).accessToken))) as [string, string, string];
  const byWaiter = await (await order({ table: 7 }, waiter)).json();
  assert.equal([byWaiter.table, byWaiter.takenBy], [7, 'Wanda Rossi']);
  const byKitchen = await (await order({ table: 3 }, kitchen)).json();
  assert.is(byKitchen.takenBy, 'Kai Moretti');
  await expectError(await order({ table: 7 }, student), 403, 'table_code_required');
  await expectError(await order({ table: 7 }, admin), 403, 'table_code_required');
  const pickup = await (await order({ pickupName: 'Ada', pickupPhone: newPhone() }, waiter)).json();
  assert.is(pickup.takenBy, null, 'a pickup order is no table’s');
  await expectError(await order({ table: 7 }, 'not-a-token'), 401, 'unauthorized');
  // The kitchen sees who took it.
  const { orders } = await (await api.authed('/api/v1/orders/queue?limit=200', kitchen)).json();
  assert.is(orders.find((each: { id: string }) => each.id === byWaiter.id).takenBy, 'Wanda Rossi');
});

Tables('the Admin adds, labels and takes a table off the floor; its orders and its code stop; all in the activity list', async () => {
  const added = await send('POST', '/api/v1/admin/tables', { number: 30, label: 'Terrace 3', seats: 2 }, admin);
  assert.is(added.status, 201);
  const table = await added.json();
  assert.equal([table.number, table.label, table.seats, table.active, table.version], [30, 'Terrace 3', 2, true, 1]);
  await expectError(await send('POST', '/api/v1/admin/tables', { number: 30 }, admin), 409, 'table_exists', 'There is a table 30 already.');
  assert.is((await order({ table: 30, tableCode: table.code })).status, 201);
  const off = await (await send('PATCH', '/api/v1/admin/tables/30', { version: 1, active: false }, admin)).json();
  assert.equal([off.active, off.version], [false, 2]);
  await expectError(await order({ table: 30, tableCode: table.code }), 400, 'invalid_field', 'Table 30 is not taking orders now: ask a waiter, or order for pickup.');
  await expectError(await api.request(`/api/v1/table-codes/${table.code}`), 404, 'table_code_unknown');
  const invalid = await expectError(await send('PATCH', '/api/v1/admin/tables/30', { version: 2, seats: 0 }, admin), 400, 'invalid_field');
  assert.is(invalid.field, 'seats');
  await expectError(await send('PATCH', '/api/v1/admin/tables/99', { version: 1, label: 'x' }, admin), 404, 'not_found', 'There is no table 99.');
  await send('POST', '/api/v1/admin/tables/30/code', { version: 2 }, admin);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(entries.slice(0, 3).map((entry: { action: string; subject: string }) => `${entry.action} ${entry.subject}`), [
    'table.code_renewed Table 30 · Terrace 3',
    'table.deactivated Table 30 · Terrace 3',
    'table.created Table 30 · Terrace 3',
  ]);
  assert.not.ok(JSON.stringify(entries).includes(table.code), 'no code in the activity list');
});

Tables('the floor plan: a table placed and shaped on its version; a place another table has is a 409 naming it; off the grid a 400; the host stand reads the places', async () => {
  const table = async (number: number) => (await (await api.authed('/api/v1/admin/tables', admin)).json()).tables.find((each: { number: number }) => each.number === number);
  const placed = await (await send('PATCH', '/api/v1/admin/tables/1', { version: 1, plan: { x: 2, y: 1 }, shape: 'round' }, admin)).json();
  assert.equal([placed.plan, placed.shape, placed.version], [{ x: 2, y: 1 }, 'round', 2]);
  await expectError(await send('PATCH', '/api/v1/admin/tables/2', { version: 1, plan: { x: 2, y: 1 } }, admin), 409, 'place_taken', 'Table 1 stands there already: move it first.');
  assert.is((await table(2)).plan, null, 'the refused move wrote nothing');
  await expectError(await send('PATCH', '/api/v1/admin/tables/2', { version: 1, plan: { x: 12, y: 0 } }, admin), 400, 'invalid_field');
  await expectError(await send('PATCH', '/api/v1/admin/tables/2', { version: 1, shape: 'oval' }, admin), 400, 'invalid_field');
  // Moved away, the place is free for another.
  await send('PATCH', '/api/v1/admin/tables/1', { version: 2, plan: { x: 3, y: 1 } }, admin);
  assert.equal((await (await send('PATCH', '/api/v1/admin/tables/2', { version: 1, plan: { x: 2, y: 1 } }, admin)).json()).plan, { x: 2, y: 1 });
  const day = await (await api.authed('/api/v1/staff/bookings', (await api.login(WAITER)).accessToken)).json();
  assert.equal(day.tables.slice(0, 3).map((each: { number: number; plan: unknown; shape: string }) => [each.number, each.plan, each.shape]), [[1, { x: 3, y: 1 }, 'round'], [2, { x: 2, y: 1 }, 'square'], [3, null, 'square']]);
  // Unplaced again: null.
  assert.is((await (await send('PATCH', '/api/v1/admin/tables/1', { version: 3, plan: null }, admin)).json()).plan, null);
});

Tables.run();
