// A table's order by course (issue 69), through the API, on SQLite and on PostgreSQL (the
// second API group): the waiter sends every course at once; drinks and the first course go
// to the kitchen, each later course is an order of its own, held, shown as coming, until it
// is fired; firing twice (even at once) fires once; a fired course's time in the kitchen runs
// from its firing. The clock is the test's: Saturday 21 November 2026, 19:00 in Rome.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';
import { BAR_STATION, pairScreen } from '../helpers/displays.js';

const SEVEN_PM = Date.UTC(2026, 10, 21, 18, 0, 0);
let api: TestApi;
let waiter: string;
let admin: string;
/** The first dish of each of the seed's categories, by slug. */
let dish: Record<string, number>;

interface Order {
  number: number;
  status: string;
  course: number | null;
  firedAt: string | null;
  table: number;
  takenBy: string | null;
  items: { dishId: number; quantity: number; seat?: number; note?: string; priceCents?: number }[];
  version: number;
}

const send = (table: number, body: unknown, key?: string, token = waiter) =>
  api.request(`/api/v1/staff/tables/${table}/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...(key && { 'Idempotency-Key': key }) }, body: JSON.stringify(body) });
const fire = (table: number, course: number, token = waiter) => api.request(`/api/v1/staff/tables/${table}/courses/${course}/fire`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

/** Four guests, three courses and drinks: 12 dishes, one line moved to another course by the waiter. */
const fourGuests = () => ({
  guests: 4,
  items: [
    { dishId: dish.bevande!, quantity: 2 },
    { dishId: dish.antipasti!, quantity: 2, seat: 1 },
    { dishId: dish.primi!, quantity: 3 },
    { dishId: dish.primi!, quantity: 1, seat: 4, note: 'No cheese' },
    { dishId: dish.secondi!, quantity: 3 },
    // A pasta as a main, for the guest who wants no starter.
    { dishId: dish.primi!, quantity: 1, course: 3, seat: 2 },
  ],
});

const Courses = suite('a table’s order by course');
Courses.before.each(async () => {
  api = await createTestApi({});
  api.clock.now = SEVEN_PM;
  waiter = (await api.login(WAITER)).accessToken;
  admin = (await api.login(ADMIN)).accessToken;
  const rows = await api.db.selectFrom('dishes').innerJoin('categories', 'categories.id', 'dishes.category_id').select(['dishes.id', 'categories.slug']).where('dishes.archived_at', 'is', null).orderBy('dishes.id').execute();
  dish = {};
  for (const row of rows) dish[row.slug] ??= row.id;
  await api.db.updateTable('dishes').set({ available: 1 }).execute();
});

Courses('the waiter sends every course at once: drinks and the antipasti go to the kitchen, the primi and secondi wait as orders of their own; the bill has every line and the four guests', async () => {
  const response = await send(5, fourGuests());
  assert.is(response.status, 201, await response.clone().text());
  const { orders } = (await response.json()) as { orders: Order[] };
  assert.equal(
    orders.map((order) => [order.course, order.status, order.table, order.takenBy, order.firedAt, order.items.map((item) => [item.dishId, item.quantity, item.seat ?? null, item.note ?? null])]),
    [
      [0, 'received', 5, 'Wanda Rossi', null, [[dish.bevande, 2, null, null]]],
      [1, 'received', 5, 'Wanda Rossi', null, [[dish.antipasti, 2, 1, null]]],
      [2, 'held', 5, 'Wanda Rossi', null, [[dish.primi, 3, null, null], [dish.primi, 1, 4, 'No cheese']]],
      [3, 'held', 5, 'Wanda Rossi', null, [[dish.secondi, 3, null, null], [dish.primi, 1, 2, null]]],
    ],
  );
  // The kitchen sees them all, the held ones as held.
  const kitchen = (await api.login(KITCHEN)).accessToken;
  const queue = (await (await api.authed('/api/v1/orders/queue', kitchen)).json()).orders as Order[];
  assert.equal(queue.filter((order) => order.table === 5).map((order) => [order.course, order.status]), [[0, 'received'], [1, 'received'], [2, 'held'], [3, 'held']]);
  // One bill: every line, four guests.
  const bill = await (await api.authed('/api/v1/staff/tables/5/bill', waiter)).json();
  assert.equal([bill.orders, bill.covers], [orders.map((order) => order.number), 4]);
  const total = orders.reduce((sum, order) => sum + order.items.reduce((lines, item) => lines + item.priceCents! * item.quantity, 0), 0);
  assert.is(bill.totalCents - bill.coverTotalCents, total);
});

Courses('fire the secondi: they go to the kitchen, their time from now; firing again is refused with who fired them; a course never held is refused too', async () => {
  const { orders } = (await (await send(5, fourGuests())).json()) as { orders: Order[] };
  api.clock.now = SEVEN_PM + 30 * 60_000;
  waiter = (await api.login(WAITER)).accessToken; // a person's token lasts two minutes
  const fired = await fire(5, 3);
  assert.is(fired.status, 200, await fired.clone().text());
  const [secondi, ...others] = ((await fired.json()) as { orders: Order[] }).orders;
  assert.equal(others, []);
  assert.equal([secondi!.number, secondi!.status, secondi!.course, secondi!.firedAt], [orders[3]!.number, 'received', 3, '2026-11-21T18:30:00.000Z']);
  await expectError(await fire(5, 3), 409, 'nothing_held', 'Mains for table 5: fired already, by Wanda Rossi.');
  await expectError(await fire(5, 1), 409, 'nothing_held', 'Table 5 has no Starters held.');
  await expectError(await fire(6, 3), 409, 'nothing_held', 'Table 6 has no Mains held.');
  // In Italian.
  const italian = await api.request('/api/v1/staff/tables/5/courses/3/fire', { method: 'POST', headers: { Authorization: `Bearer ${waiter}`, 'Accept-Language': 'it' } });
  await expectError(italian, 409, 'nothing_held', 'Secondi del tavolo 5: marcia già data da Wanda Rossi.');
  // Its time in the kitchen runs from the firing: ready 12 minutes after it, 42 after the order.
  api.clock.now = SEVEN_PM + 42 * 60_000;
  const kitchen = (await api.login(KITCHEN)).accessToken;
  const moved = await api.send('PATCH', `/api/v1/orders/${(await api.db.selectFrom('orders').select('public_id').where('id', '=', secondi!.number).executeTakeFirstOrThrow()).public_id}`, { status: 'preparing', version: secondi!.version }, kitchen);
  assert.is(moved.status, 200, await moved.clone().text());
  const ready = await api.send('PATCH', `/api/v1/orders/${(await api.db.selectFrom('orders').select('public_id').where('id', '=', secondi!.number).executeTakeFirstOrThrow()).public_id}`, { status: 'ready', version: secondi!.version + 1 }, kitchen);
  assert.is(ready.status, 200, await ready.clone().text());
  const row = await api.db.selectFrom('orders').select(['ready_after_s', 'placed_ms', 'fired_ms']).where('id', '=', secondi!.number).executeTakeFirstOrThrow();
  assert.equal([Number(row.ready_after_s), Number(row.placed_ms), Number(row.fired_ms)], [12 * 60, SEVEN_PM, SEVEN_PM + 30 * 60_000]);
});

Courses('two waiters fire the primi at once: one fires them, the other is told; one event, one move', async () => {
  const { orders } = (await (await send(5, fourGuests())).json()) as { orders: Order[] };
  const second = (await api.login(WAITER)).accessToken;
  const events = async () => (await api.db.selectFrom('order_events').select('id').where('order_id', '=', orders[2]!.number).execute()).length;
  const before = await events();
  const answers = await Promise.all([fire(5, 2), fire(5, 2, second)]);
  assert.equal(answers.map((answer) => answer.status).sort(), [200, 409]);
  const refused = answers.find((answer) => answer.status === 409)!;
  await expectError(refused, 409, 'nothing_held', 'First courses for table 5: fired already, by Wanda Rossi.');
  assert.is(await events(), before + 1, 'fired once');
  const row = await api.db.selectFrom('orders').select(['status', 'version']).where('id', '=', orders[2]!.number).executeTakeFirstOrThrow();
  assert.equal([row.status, row.version], ['received', 2]);
});

Courses('the same send again under its Idempotency-Key answers the same orders; another send under it is a 409', async () => {
  const first = (await (await send(5, fourGuests(), 'pad-5-1')).json()) as { orders: Order[] };
  const again = await send(5, fourGuests(), 'pad-5-1');
  assert.is(again.status, 201);
  assert.equal(((await again.json()) as { orders: Order[] }).orders.map((order) => order.number), first.orders.map((order) => order.number));
  assert.is(Number((await api.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('table_number', '=', 5).executeTakeFirstOrThrow()).n), 4, 'nothing placed twice');
  await expectError(await send(5, { items: [{ dishId: dish.dolci!, quantity: 1 }] }, 'pad-5-1'), 409, 'idempotency_conflict');
});

Courses('who may: Kitchen and Waiter staff send; the Student and the Admin are refused; a waiter and the pass fire (the pass answered in tickets), the kitchen and a station’s screen do not; a held course is cancelled by a waiter, not moved by the kitchen', async () => {
  const student = (await api.login(STUDENT)).accessToken;
  await expectError(await send(5, fourGuests(), undefined, student), 403, 'forbidden', 'A table’s order by course is taken by Kitchen or Waiter staff.');
  await expectError(await send(5, fourGuests(), undefined, admin), 403, 'forbidden');
  await expectError(await api.request('/api/v1/staff/tables/5/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fourGuests()) }), 401, 'unauthorized');
  const kitchen = (await api.login(KITCHEN)).accessToken;
  const { orders } = (await (await send(5, fourGuests(), undefined, kitchen)).json()) as { orders: Order[] };
  assert.is(orders[0]!.takenBy, 'Kai Moretti');
  await expectError(await fire(5, 2, kitchen), 403, 'forbidden', 'A held course is fired by a waiter, or from the pass.');
  const bar = await pairScreen(api, admin, { name: 'Bar', kind: 'station', station: BAR_STATION });
  await expectError(await fire(5, 2, bar.credential), 403, 'forbidden', 'A held course is fired by a waiter, or from the pass.');
  const pass = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  const fired = await fire(5, 2, pass.credential);
  assert.is(fired.status, 200);
  const ticket = ((await fired.json()) as { orders: Order[] }).orders[0]!;
  assert.equal([ticket.status, ticket.course, 'priceCents' in ticket.items[0]!], ['received', 2, false]);
  assert.is((await api.db.selectFrom('orders').select('moved_by').where('id', '=', ticket.number).executeTakeFirstOrThrow()).moved_by, 'Display: Pass');
  // The secondi, still held: the kitchen cannot start them, a waiter can take them off.
  const secondi = orders[3]!;
  const publicId = (await api.db.selectFrom('orders').select('public_id').where('id', '=', secondi.number).executeTakeFirstOrThrow()).public_id;
  await expectError(await api.send('PATCH', `/api/v1/orders/${publicId}`, { status: 'preparing', version: secondi.version }, kitchen), 409, 'invalid_transition');
  const cancelled = await api.send('PATCH', `/api/v1/orders/${publicId}`, { status: 'cancelled', version: secondi.version }, waiter);
  assert.is(cancelled.status, 200, await cancelled.clone().text());
  await expectError(await fire(5, 3), 409, 'nothing_held', 'Table 5 has no Mains held.');
});

Courses('the owner sets a category’s course: the next send follows it; a course out of 0 to 4 is a 400', async () => {
  const category = (await api.db.selectFrom('categories').select(['id', 'version', 'course']).where('slug', '=', 'dolci').executeTakeFirstOrThrow());
  assert.is(category.course, 4);
  const changed = await api.send('PATCH', `/api/v1/categories/${category.id}`, { version: category.version, course: 0 }, admin);
  assert.is(changed.status, 200, await changed.clone().text());
  assert.is((await changed.json()).course, 0);
  const listed = (await (await api.authed('/api/v1/staff/courses', waiter)).json()).categories as { slug: string; course: number }[];
  assert.equal(listed, [{ slug: 'antipasti', course: 1 }, { slug: 'primi', course: 2 }, { slug: 'pizza', course: 2 }, { slug: 'secondi', course: 3 }, { slug: 'dolci', course: 0 }, { slug: 'bevande', course: 0 }]);
  await expectError(await api.send('PATCH', `/api/v1/categories/${category.id}`, { version: category.version + 1, course: 5 }, admin), 400, 'invalid_field');
  const { orders } = (await (await send(5, { items: [{ dishId: dish.dolci!, quantity: 1 }, { dishId: dish.secondi!, quantity: 1 }] })).json()) as { orders: Order[] };
  assert.equal(orders.map((order) => [order.course, order.status]), [[0, 'received'], [3, 'received']]);
  await expectError(await send(5, { items: [{ dishId: dish.dolci!, quantity: 1, course: 7 }] }), 400, 'invalid_field');
});

Courses.run();
