import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi, tableCode } from '../helpers/api.js';
import { failInserts } from '../helpers/database.js';
import { closeStreams, readStream } from '../helpers/stream.js';
import { pairScreen } from '../helpers/displays.js';

const ORDERS = '/api/v1/orders';
/** Suites that place many orders lift the limits (they have their own tests). */
const UNLIMITED = { orderLimits: { client: 1_000_000, table: 1_000_000, phone: 1_000_000, windowMs: 60_000 } };
let api: TestApi;

// Dishes of the seeded menu: 1 Bruschetta 7.50, 6 Carbonara 14.50, 16 Branzino 24.00.
const ORDER = { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 2 }, { dishId: 1, quantity: 1 }], note: 'No pepper on one.' };

const place = (body: unknown, headers: Record<string, string> = {}) => api.postJson(ORDERS, body, headers);
const placed = async (body: unknown = ORDER) => {
  const response = await place(body);
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
};
const move = (id: string, body: unknown, token: string) =>
  api.request(`${ORDERS}/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
const counts = async () => {
  const count = async (table: 'orders' | 'order_items' | 'order_events') => Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return [await count('orders'), await count('order_items'), await count('order_events')];
};

const Place = suite('POST /orders');
Place.before.each(async () => {
  api = await createTestApi();
});

Place('a guest places an order: 201, Location, prices and total from the menu, a public id and a number', async () => {
  const response = await place({ ...ORDER, items: ORDER.items.map((item) => ({ ...item, priceCents: 1 })), totalCents: 2 });
  assert.is(response.status, 201);
  const order = await response.json();
  assert.is(response.headers.get('Location'), `/api/v1/orders/${order.id}`);
  assert.match(order.id, /^[A-Za-z0-9_-]{22}$/);
  assert.equal(order, {
    id: order.id,
    number: 1,
    table: 7,
    pickupName: null,
    takenBy: null,
    status: 'received',
    course: null,
    firedAt: null,
    note: 'No pepper on one.',
    items: [
      { dishId: 6, name: 'Spaghetti alla carbonara', quantity: 2, priceCents: 1450, station: 1 },
      { dishId: 1, name: 'Bruschetta al pomodoro', quantity: 1, priceCents: 750, station: 1 },
    ],
    parts: [{ station: 1, name: 'Kitchen', nameIt: 'Cucina', done: false, doneBy: null }],
    totalCents: 3650,
    currency: 'EUR',
    version: 1,
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    movedBy: null,
  });
  assert.equal(await (await api.request(`${ORDERS}/${order.id}`)).json(), order);
});

Place('names and notes are stored NFC-normalised; text that would print wrong on a ticket is a 400 naming the field', async () => {
  const order = await placed({ pickupName: 'Jose\u0301', pickupPhone: '+39 347 123 4567', note: 'No basil\r\nExtra napkins', items: [{ dishId: 6, quantity: 1 }] });
  assert.is(order.pickupName, 'Jos\u00e9');
  assert.is(order.note, 'No basil\nExtra napkins');
  const before = await counts();
  const refused = async (body: unknown, field: string, message: string) => {
    const answer = await expectError(await place(body), 400, 'invalid_field', message);
    assert.is(answer.field, field);
  };
  const items = [{ dishId: 6, quantity: 1 }];
  await refused({ pickupName: 'Bob\u202Eevil', pickupPhone: '+39 347 123 4567', items }, 'pickupName', 'pickupName must not contain characters that change the direction of text.');
  await refused({ pickupName: '\u200B\u200D\u2060', pickupPhone: '+39 347 123 4567', items }, 'pickupName', 'pickupName must have at least one visible character.');
  await refused({ pickupName: 'Bo\u0000b', pickupPhone: '+39 347 123 4567', items }, 'pickupName', 'pickupName must be one line without control characters.');
  await refused({ table: 7, tableCode: tableCode(7), note: 'ring\u0007', items }, 'note', 'note must not contain control characters.');
  // A lone surrogate can only arrive as a JSON escape: send the text as written.
  const lone = await api.request(ORDERS, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"pickupName":"Bob\\ud800","items":[{"dishId":6,"quantity":1}]}' });
  assert.is((await expectError(lone, 400, 'invalid_field', 'pickupName must not contain a broken character (a lone UTF-16 surrogate).')).field, 'pickupName');
  assert.equal(await counts(), before, 'a refused order writes nothing');
});

Place('a pickup order has a name and no table; numbers go up one by one', async () => {
  const first = await placed({ pickupName: '  Ada ', pickupPhone: '+39 347 123 4567', items: [{ dishId: 26, quantity: 3 }] });
  const second = await placed({ pickupName: 'Bo', pickupPhone: '+39 347 123 4567', items: [{ dishId: 26, quantity: 1 }] });
  assert.equal([first.table, first.pickupName, first.totalCents], [null, 'Ada', 750]);
  assert.is(second.number, first.number + 1);
  assert.is.not(second.id, first.id);
});

const badOrders: [string, unknown, string, string][] = [
  ['both a table and a pickup name', { ...ORDER, pickupName: 'Ada', pickupPhone: '+39 347 123 4567' }, 'table', 'Give a table number or a pickup name (one of them).'],
  ['neither a table nor a pickup name', { items: ORDER.items }, 'table', 'Give a table number or a pickup name (one of them).'],
  ['a table that does not exist', { ...ORDER, table: 25 }, 'table', 'There is no table 25.'],
  ['a dish that does not exist', { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 1 }, { dishId: 999, quantity: 1 }] }, 'items.1.dishId', 'Dish 999 is not on the menu.'],
  ['a dish twice', { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 1 }, { dishId: 6, quantity: 2 }] }, 'items.1.dishId', 'Dish 6 is listed twice: give each dish once, with its quantity.'],
  ['no dishes', { table: 7, tableCode: tableCode(7), items: [] }, 'items', 'items must not be empty.'],
  ['31 lines', { table: 7, tableCode: tableCode(7), items: Array.from({ length: 31 }, (_, i) => ({ dishId: i + 1, quantity: 1 })) }, 'items', 'items may have at most 30 entries.'],
  ['a quantity of 0', { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 0 }] }, 'items.0.quantity', 'items.0.quantity must be at least 1.'],
  ['a quantity of 21', { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 21 }] }, 'items.0.quantity', 'items.0.quantity must be at most 20.'],
  ['a quantity that is not a whole number', { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 1.5 }] }, 'items.0.quantity', 'items.0.quantity must be a whole number.'],
  ['a note over 200 characters', { ...ORDER, note: 'n'.repeat(201) }, 'note', 'note is too long.'],
  ['a table that is text', { ...ORDER, table: '7' }, 'table', 'table must be a number.'],
];
for (const [what, body, field, message] of badOrders) {
  Place(`${what}: 400 naming ${field}, and nothing is written`, async () => {
    const before = await counts();
    const error = await expectError(await place(body), 400, 'invalid_field', message);
    assert.is(error.field, field);
    assert.equal(await counts(), before);
  });
}

Place('refused in Italian in the Italian words: a diner reads why on an Italian page', async () => {
  await api.db.updateTable('dishes').set({ available: 0 }).where('id', '=', 16).execute();
  const inItalian = (body: unknown) => api.request('/api/v1/orders', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': 'it' }, body: JSON.stringify(body) });
  await expectError(await inItalian({ items: ORDER.items }), 400, 'invalid_field', 'Indica un numero di tavolo o un nome per il ritiro (uno dei due).');
  await expectError(await inItalian({ ...ORDER, table: 25 }), 400, 'invalid_field', 'Il tavolo 25 non esiste.');
  await expectError(await inItalian({ table: 7, tableCode: tableCode(7), items: [{ dishId: 999, quantity: 1 }] }), 400, 'invalid_field', 'Il piatto 999 non è nel menù.');
  await expectError(await inItalian({ table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 1 }, { dishId: 6, quantity: 2 }] }), 400, 'invalid_field', 'Il piatto 6 compare due volte: indica ogni piatto una volta sola, con la sua quantità.');
  await expectError(await inItalian({ table: 2, tableCode: tableCode(2), items: [{ dishId: 16, quantity: 1 }] }), 400, 'invalid_field', 'Branzino al forno: non disponibile al momento.');
  await expectError(await inItalian({ ...ORDER, pickupPhone: '+39 347 123 4567' }), 400, 'invalid_field', 'Il numero di telefono serve per un ordine da ritirare: un ordine al tavolo viene portato al tavolo.');
});

Place('a dish the kitchen cannot make now: 400 naming it, nothing written', async () => {
  await api.db.updateTable('dishes').set({ available: 0 }).where('id', '=', 16).execute();
  const before = await counts();
  await expectError(await place({ table: 2, tableCode: tableCode(2), items: [{ dishId: 6, quantity: 1 }, { dishId: 16, quantity: 1 }] }), 400, 'invalid_field', 'Branzino al forno is sold out right now.');
  assert.equal(await counts(), before);
});

Place('a failure halfway through the writes leaves nothing half-written', async () => {
  const restore = await failInserts(api.db, 'order_events', 'disk full');
  const before = await counts();
  const original = console.error;
  console.error = () => {};
  try {
    assert.is((await place(ORDER)).status, 500);
  } finally {
    console.error = original;
    await restore();
  }
  assert.equal(await counts(), before);
});

Place('Idempotency-Key: the same request again answers the same order, and places only one', async () => {
  const key = { 'Idempotency-Key': 'b5f3c1de-8a0e-4a55-9d61-3f3e0d7c1a42' };
  const before = await counts();
  const first = await place(ORDER, key);
  const again = await place(ORDER, key);
  assert.equal([first.status, again.status], [201, 201]);
  assert.equal(await again.json(), await first.json());
  assert.equal(await counts(), [before[0]! + 1, before[1]! + 2, before[2]! + 1]);
});

Place('Idempotency-Key: sent twice at once, still one order', async () => {
  const key = { 'Idempotency-Key': 'double-click-1' };
  const answers = await Promise.all([place(ORDER, key), place(ORDER, key), place(ORDER, key)]);
  const ids = await Promise.all(answers.map(async (response) => (await response.json()).id));
  assert.is(new Set(ids).size, 1);
  assert.is((await counts())[0], 1);
});

Place('Idempotency-Key: the same key with another order is a 409', async () => {
  const key = { 'Idempotency-Key': 'key-1' };
  await place(ORDER, key);
  await expectError(await place({ ...ORDER, table: 8 }, key), 409, 'idempotency_conflict', 'This Idempotency-Key was already used for a different order. Use a new key for a new order.');
});

Place('Idempotency-Key: over 100 characters or with spaces is a 400', async () => {
  await expectError(await place(ORDER, { 'Idempotency-Key': 'k'.repeat(101) }), 400, 'invalid_field');
  await expectError(await place(ORDER, { 'Idempotency-Key': 'has space' }), 400, 'invalid_field');
});

Place('orders are limited per client address: past the limit, 429 with Retry-After; a replay does not count', async () => {
  api = await createTestApi({ orderLimits: { client: 3, table: 100, windowMs: 600_000 } });
  await place(ORDER, { 'Idempotency-Key': 'a' });
  await place(ORDER, { 'Idempotency-Key': 'a' });
  await place(ORDER);
  await place(ORDER);
  const blocked = await place(ORDER);
  await expectError(blocked, 429, 'too_many_orders', 'Too many orders from this connection. Try again in 600 seconds.');
  assert.is(blocked.headers.get('Retry-After'), '600');
  api.clock.now += 600_000;
  assert.is((await place(ORDER)).status, 201);
});

const PICKUP = { pickupName: 'Ada', pickupPhone: '347 123 4567', items: [{ dishId: 6, quantity: 1 }] };
const tableOrder = (table: number) => ({ table, tableCode: tableCode(table), items: [{ dishId: 6, quantity: 1 }] });

Place('a dining room on one address: 120 orders to 40 tables in 10 minutes are all placed, with the default limits', async () => {
  // The seeded floor has 24 tables: 16 more. Every order comes from the test client's one address.
  for (let number = 25; number <= 40; number++) await api.db.insertInto('dining_tables').values({ number, label: `Table ${number}`, code: tableCode(number) }).execute();
  for (let round = 0; round < 3; round++) {
    for (let table = 1; table <= 40; table++) {
      const response = await place(tableOrder(table));
      assert.is(response.status, 201, `round ${round + 1}, table ${table}: ${await response.clone().text()}`);
    }
    api.clock.now += 180_000; // 3 rounds in 9 minutes
  }
  assert.is(Number((await api.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n), 120);
});

Place('one table may place 20 orders in 10 minutes; the 21st is 429 and the next table is not affected', async () => {
  for (let i = 0; i < 20; i++) assert.is((await place(tableOrder(3))).status, 201);
  const blocked = await place(tableOrder(3));
  await expectError(blocked, 429, 'too_many_orders', 'Too many orders to this table in a short time. Ask a waiter, or try again in 600 seconds.');
  assert.is(blocked.headers.get('Retry-After'), '600');
  assert.is((await place(tableOrder(4))).status, 201);
  // A wrong code counts under its own key: guessing never uses up table 4's orders.
  for (let i = 0; i < 25; i++) assert.is((await place({ ...tableOrder(4), tableCode: 'guess' })).status, i < 20 ? 403 : 429);
  assert.is((await place(tableOrder(4))).status, 201);
  api.clock.now += 600_000;
  assert.is((await place(tableOrder(3))).status, 201);
});

Place('40 pickup orders for one phone: 5 placed, 35 refused with 429; written another way it is the same number; another phone is not affected', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const phone = ['347 123 4567', '+39 347 123 4567', '+393471234567', '(347) 123-4567'][i % 4]!;
    statuses.push((await place({ ...PICKUP, pickupPhone: phone })).status);
  }
  assert.equal(statuses, [...Array(5).fill(201), ...Array(35).fill(429)]);
  await expectError(await place(PICKUP), 429, 'too_many_orders', 'Too many pickup orders for this phone number. Call us, or try again in 600 seconds.');
  assert.is((await place({ ...PICKUP, pickupPhone: '+44 20 7946 0958' })).status, 201);
});

Place('a refused order gives back what it took: a phone past its limit does not use up the address', async () => {
  api = await createTestApi({ orderLimits: { client: 6, phone: 2, windowMs: 600_000 } });
  for (let i = 0; i < 2; i++) assert.is((await place(PICKUP)).status, 201);
  for (let i = 0; i < 10; i++) assert.is((await place(PICKUP)).status, 429);
  for (let i = 0; i < 4; i++) assert.is((await place(tableOrder(i + 1))).status, 201, `order ${i + 3} of the address's 6`);
  await expectError(await place(tableOrder(9)), 429, 'too_many_orders', 'Too many orders from this connection. Try again in 600 seconds.');
});

Place('staff taking orders are not limited', async () => {
  api = await createTestApi({ orderLimits: { client: 2, table: 1, windowMs: 600_000 } });
  const waiter = await api.login(WAITER);
  for (let i = 0; i < 5; i++) assert.is((await place({ table: 3, items: [{ dishId: 6, quantity: 1 }] }, { Authorization: `Bearer ${waiter.accessToken}` })).status, 201);
  assert.is((await place(tableOrder(3))).status, 201);
  await expectError(await place(tableOrder(3)), 429, 'too_many_orders');
});

Place('a pickup order needs a phone number, kept in international form and shown to staff only', async () => {
  await expectError(await place({ ...PICKUP, pickupPhone: undefined }), 400, 'invalid_field', 'A pickup order needs a phone number, so the kitchen can call you when it waits.');
  const wrong = await place({ ...PICKUP, pickupPhone: '12345' });
  assert.is((await expectError(wrong, 400, 'invalid_field', '“12345” is not a phone number we can call. For a number from abroad, add its country code (+44 20 7946 0958).')).field, 'pickupPhone');
  await expectError(await place({ ...tableOrder(3), pickupPhone: '347 123 4567' }), 400, 'invalid_field', 'A phone number is for a pickup order: an order to a table is brought to it.');
  await placed(tableOrder(3)); // beside it on the queue, an order without a phone
  const order = await placed(PICKUP);
  assert.is(order.pickupPhone, undefined, "the diner's answer leaves the phone out");
  assert.is((await (await api.request(`${ORDERS}/${order.id}`)).json()).pickupPhone, undefined);
  assert.is((await api.db.selectFrom('orders').select('pickup_phone').where('public_id', '=', order.id).executeTakeFirstOrThrow()).pickup_phone, '+393471234567');
  const kitchen = await api.login(KITCHEN);
  const queue = await (await api.request(`${ORDERS}/queue`, { headers: { Authorization: `Bearer ${kitchen.accessToken}` } })).json();
  assert.equal(queue.orders.map((open: { number: number; pickupPhone: string | null }) => [open.number, open.pickupPhone]), [[1, null], [2, '+393471234567']]);
  const moved = await (await move(order.id, { status: 'preparing', version: 1 }, kitchen.accessToken)).json();
  assert.is(moved.pickupPhone, '+393471234567');
  assert.is(moved.pickupPhoneText, '+39 347 123 4567', 'as people read it, for the ticket');
});

Place('an unknown order is 404', async () => {
  await expectError(await api.request(`${ORDERS}/AAAAAAAAAAAAAAAAAAAAAA`), 404, 'not_found', 'There is no such order.');
});

Place.run();

// The whole table: every state, every target, every role.
const STATES = ['received', 'preparing', 'ready', 'served', 'cancelled'] as const;
const ALLOWED: Record<string, string[]> = {
  Kitchen: ['received>preparing', 'preparing>ready', 'received>cancelled'],
  Waiter: ['ready>served', 'received>cancelled', 'preparing>cancelled'],
  // A paired pass display; a station's display moves no whole order (it marks its part done).
  Pass: ['received>ready', 'preparing>ready', 'ready>served', 'received>cancelled', 'preparing>cancelled'],
  Station: [],
  Admin: [],
  Student: [],
};
// A move that exists from that state for someone (else it is an invalid transition).
const EXISTS = new Set([...ALLOWED.Kitchen!, ...ALLOWED.Waiter!, ...ALLOWED.Pass!]);
/** Refused whatever the move: not allowed to move whole orders at all. */
const NEVER = ['Admin', 'Student', 'Station'];

const Moves = suite('PATCH /orders/{id}: the transition table × roles');
const tokens: Record<string, string> = {};
Moves.before(async () => {
  api = await createTestApi(UNLIMITED);
  for (const account of [KITCHEN, WAITER, ADMIN, STUDENT]) tokens[account.role] = (await api.login(account)).accessToken;
  tokens.Pass = (await pairScreen(api, tokens.Admin!, { name: 'Pass', kind: 'pass' })).credential;
  tokens.Station = (await pairScreen(api, tokens.Admin!, { name: 'Kitchen', kind: 'station', station: 1 })).credential;
});

for (const role of ['Kitchen', 'Waiter', 'Pass', 'Station', 'Admin', 'Student']) {
  Moves(`${role}: each of the 25 moves is 200, 403 or 409 as the table says`, async () => {
    const seen: string[] = [];
    for (const from of STATES) {
      for (const to of STATES) {
        const order = await placed();
        await api.db.updateTable('orders').set({ status: from }).where('public_id', '=', order.id).execute();
        const response = await move(order.id, { status: to, version: 1 }, tokens[role]!);
        const body = await response.json();
        const expected = NEVER.includes(role) || (EXISTS.has(`${from}>${to}`) && !ALLOWED[role]!.includes(`${from}>${to}`)) ? 403 : ALLOWED[role]!.includes(`${from}>${to}`) ? 200 : 409;
        seen.push(`${from}>${to} ${response.status}${response.status === expected ? '' : ` (expected ${expected}: ${body.message})`}`);
        if (expected === 200) assert.equal([body.status, body.version], [to, 2]);
        if (expected === 409) assert.is(body.code, 'invalid_transition');
      }
    }
    assert.not.match(seen.join('\n'), 'expected');
  });
}

Moves('Admin and Student get the same 403 as on the queue', async () => {
  const order = await placed();
  await expectError(await move(order.id, { status: 'preparing', version: 1 }, tokens.Admin!), 403, 'forbidden', 'Only Kitchen and Waiter staff, and paired kitchen screens, can see and move orders.');
});

Moves('a move another role makes is 403 naming it', async () => {
  const order = await placed();
  await expectError(await move(order.id, { status: 'preparing', version: 1 }, tokens.Waiter!), 403, 'forbidden', 'Waiter staff may not move an order from received to preparing.');
});

Moves('a move from a stale version (two screens at once) is 409 conflict with the order as it is now', async () => {
  const order = await placed();
  assert.is((await move(order.id, { status: 'preparing', version: 1 }, tokens.Kitchen!)).status, 200);
  const body = await expectError(await move(order.id, { status: 'preparing', version: 1 }, tokens.Kitchen!), 409, 'conflict', `Order ${order.number} changed meanwhile: it is preparing now, moved by Kai Moretti.`);
  assert.equal([body.order.id, body.order.status, body.order.version], [order.id, 'preparing', 2]);
});

Moves('two screens at once: one move wins, the other gets 409', async () => {
  const order = await placed();
  const answers = await Promise.all([move(order.id, { status: 'preparing', version: 1 }, tokens.Kitchen!), move(order.id, { status: 'cancelled', version: 1 }, tokens.Kitchen!)]);
  assert.equal(answers.map((response) => response.status).sort(), [200, 409]);
});

Moves('without a token 401; an unknown order 404; a status that does not exist 400', async () => {
  const order = await placed();
  assert.is((await api.request(`${ORDERS}/${order.id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"status":"ready","version":1}' })).status, 401);
  await expectError(await move('AAAAAAAAAAAAAAAAAAAAAA', { status: 'ready', version: 1 }, tokens.Kitchen!), 404, 'not_found');
  await expectError(await move(order.id, { status: 'eaten', version: 1 }, tokens.Kitchen!), 400, 'invalid_field');
});

Moves('every change is kept as an event, in order, with the order after it', async () => {
  const order = await placed();
  await move(order.id, { status: 'preparing', version: 1 }, tokens.Kitchen!);
  await move(order.id, { status: 'ready', version: 2 }, tokens.Kitchen!);
  await move(order.id, { status: 'served', version: 3 }, tokens.Waiter!);
  const rows = await api.db.selectFrom('order_events').innerJoin('orders', 'orders.id', 'order_events.order_id').select(['order_events.data']).where('orders.public_id', '=', order.id).orderBy('order_events.id').execute();
  assert.equal(rows.map((row) => { const { type, order: after } = JSON.parse(row.data); return `${type} ${after.status} v${after.version}`; }), ['placed received v1', 'moved preparing v2', 'moved ready v3', 'moved served v4']);
});

Moves('a move whose event cannot be written is undone: the order keeps its state', async () => {
  const order = await placed();
  const restore = await failInserts(api.db, 'order_events', 'disk full');
  const original = console.error;
  console.error = () => {};
  try {
    assert.is((await move(order.id, { status: 'preparing', version: 1 }, tokens.Kitchen!)).status, 500);
  } finally {
    console.error = original;
    await restore();
  }
  const now = await (await api.request(`${ORDERS}/${order.id}`)).json();
  assert.equal([now.status, now.version], ['received', 1]);
});

Moves.run();

const Queue = suite('GET /orders/queue');
Queue.before(async () => {
  api = await createTestApi();
  // A service under way, a minute between orders: table 9's served (off the queue), then 4's being made, 7's and 2's just placed.
  const kai = (await api.login(KITCHEN)).accessToken;
  const wanda = (await api.login(WAITER)).accessToken;
  const at = (table: number, items: { dishId: number; quantity: number }[], note = '') => placed({ table, tableCode: tableCode(table), items, note });
  const coffees = await at(9, [{ dishId: 26, quantity: 3 }]);
  for (const [status, version, token] of [['preparing', 1, kai], ['ready', 2, kai], ['served', 3, wanda]] as const) assert.is((await move(coffees.id, { status, version }, token)).status, 200);
  api.clock.now += 60_000;
  const pizzas = await at(4, [{ dishId: 12, quantity: 2 }, { dishId: 20, quantity: 1 }], 'One pizza without basil.');
  assert.is((await move(pizzas.id, { status: 'preparing', version: 1 }, kai)).status, 200);
  api.clock.now += 60_000;
  await at(7, [{ dishId: 6, quantity: 1 }, { dishId: 16, quantity: 1 }, { dishId: 24, quantity: 2 }]);
  api.clock.now += 60_000;
  await at(2, [{ dishId: 7, quantity: 2 }, { dishId: 21, quantity: 2 }], 'Nut allergy at this table.');
});

for (const account of [KITCHEN, WAITER]) {
  Queue(`${account.role} gets the open orders, oldest first, and the last event id`, async () => {
    const response = await api.authed(`${ORDERS}/queue`, (await api.login(account)).accessToken);
    assert.is(response.status, 200);
    const { orders, lastEventId } = await response.json();
    assert.equal(orders.map((order: { table: number; status: string }) => `${order.table} ${order.status}`), ['4 preparing', '7 received', '2 received']);
    assert.equal(orders[0].items, [
      { dishId: 12, name: 'Margherita', quantity: 2, priceCents: 1050, station: 2 },
      { dishId: 20, name: 'Tiramisù', quantity: 1, priceCents: 750, station: 1 },
    ]);
    assert.equal(orders[0].parts, [
      { station: 1, name: 'Kitchen', nameIt: 'Cucina', done: false, doneBy: null },
      { station: 2, name: 'Pizza oven', nameIt: 'Forno pizza', done: false, doneBy: null },
    ]);
    assert.equal([orders[0].number, orders[0].note, orders[0].totalCents, orders[0].createdAt], [2, 'One pizza without basil.', 2850, '2026-11-21T12:01:00.000Z']);
    assert.is(lastEventId, 8, 'four events of the served order, two of the one being made, one each of the other two');
  });
}

for (const account of [ADMIN, STUDENT]) {
  Queue(`${account.role} gets 403`, async () => {
    const response = await api.authed(`${ORDERS}/queue`, (await api.login(account)).accessToken);
    await expectError(response, 403, 'forbidden', 'Only Kitchen and Waiter staff, and paired kitchen screens, can see and move orders.');
  });
}

Queue('a guest gets 401; an expired token 401 with X-Token-Expired', async () => {
  assert.is((await api.request(`${ORDERS}/queue`)).status, 401);
  const { accessToken } = await api.login(KITCHEN);
  api.clock.now += 121_000;
  const response = await api.authed(`${ORDERS}/queue`, accessToken);
  assert.is(response.status, 401);
  assert.is(response.headers.get('X-Token-Expired'), 'true');
});

Queue.run();

const Streams = suite('order event streams');
Streams.before.each(async () => {
  api = await createTestApi({ heartbeatMs: 30, ...UNLIMITED });
});
Streams.after.each(closeStreams);
const openStaff = async (token: string, lastEventId?: string) => {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  return readStream(await api.request(`${ORDERS}/events`, { headers }));
};

Streams('a staff stream sends each new event with its id, live', async () => {
  const stream = await openStaff((await api.login(KITCHEN)).accessToken);
  assert.is(stream.response.status, 200);
  assert.is(stream.response.headers.get('Content-Type'), 'text/event-stream');
  const order = await placed();
  const [event] = await stream.next();
  assert.equal([event!.id, event!.event], ['1', 'order']);
  assert.equal(JSON.parse(event!.data), { type: 'placed', order: { ...order, pickupPhone: null, pickupPhoneText: null } }, 'staff are sent the phone field');
  await stream.close();
});

Streams('resuming with Last-Event-ID gets every event missed, none twice, then the live ones', async () => {
  const token = (await api.login(KITCHEN)).accessToken;
  const first = await placed();
  const second = await placed();
  await move(first.id, { status: 'preparing', version: 1 }, token);
  const stream = await openStaff(token, '1'); // had the first order's event, missed the next two
  const missed = await stream.next(2);
  assert.equal(missed.map((event) => event.id), ['2', '3']);
  assert.equal(missed.map((event) => JSON.parse(event.data).type), ['placed', 'moved']);
  assert.is(JSON.parse(missed[0]!.data).order.id, second.id);
  await move(second.id, { status: 'preparing', version: 1 }, token);
  assert.equal((await stream.next()).map((event) => event.id), ['4']);
  await stream.close();
});

Streams('events published while the missed ones are still being read arrive once, in order', async () => {
  const token = (await api.login(KITCHEN)).accessToken;
  for (let i = 0; i < 20; i++) await placed();
  const streamPromise = openStaff(token, '0');
  const late = Promise.all(Array.from({ length: 10 }, () => place(ORDER)));
  const stream = await streamPromise;
  await late;
  const events = await stream.next(30, 5000);
  assert.equal(events.map((event) => Number(event.id)), Array.from({ length: 30 }, (_, i) => i + 1));
  await stream.close();
});

Streams('a bad Last-Event-ID is a 400', async () => {
  const token = (await api.login(KITCHEN)).accessToken;
  const response = await api.request(`${ORDERS}/events`, { headers: { Authorization: `Bearer ${token}`, 'Last-Event-ID': 'abc' } });
  await expectError(response, 400, 'invalid_field', 'Last-Event-ID must be the id of an event (a whole number).');
});

Streams('heartbeats keep the connection open: a comment line at each interval', async () => {
  const response = await api.request(`${ORDERS}/events`, { headers: { Authorization: `Bearer ${(await api.login(KITCHEN)).accessToken}` } });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while ((text.match(/: heartbeat/g) ?? []).length < 2) text += (await reader.read()).value;
  assert.match(text, ': open\n\n');
  await reader.cancel();
});

Streams('the stream ends when the access token expires; the reconnect gets 401 with X-Token-Expired', async () => {
  const token = (await api.login(WAITER)).accessToken;
  const stream = await openStaff(token);
  await placed();
  assert.is((await stream.next()).length, 1);
  api.clock.now += 120_000;
  assert.ok(await stream.ended(), 'the server ended the stream at the next heartbeat');
  const again = await api.request(`${ORDERS}/events`, { headers: { Authorization: `Bearer ${token}`, 'Last-Event-ID': '1' } });
  assert.is(again.status, 401);
  assert.is(again.headers.get('X-Token-Expired'), 'true');
});

Streams('the staff stream is for Kitchen and Waiter, and the Admin reads it (the overview): Student 403, a guest 401', async () => {
  await expectError(await api.authed(`${ORDERS}/events`, (await api.login(STUDENT)).accessToken), 403, 'forbidden', 'Only Kitchen, Waiter and Admin staff, and paired kitchen screens, can follow the orders.');
  const admin = await api.authed(`${ORDERS}/events`, (await api.login(ADMIN)).accessToken);
  assert.equal([admin.status, admin.headers.get('content-type')], [200, 'text/event-stream']);
  await admin.body!.cancel();
  assert.is((await api.request(`${ORDERS}/events`)).status, 401);
});

Streams("a diner's stream needs no token: that order's events from the start, then live, and no one else's", async () => {
  const token = (await api.login(KITCHEN)).accessToken;
  const mine = await placed();
  await move(mine.id, { status: 'preparing', version: 1 }, token);
  const stream = readStream(await api.request(`${ORDERS}/${mine.id}/events`));
  assert.equal((await stream.next(2)).map((event) => `${JSON.parse(event.data).type} ${JSON.parse(event.data).order.status}`), ['placed received', 'moved preparing']);
  await placed(); // someone else's
  await move(mine.id, { status: 'ready', version: 2 }, token);
  const [next] = await stream.next();
  assert.equal([next!.id, JSON.parse(next!.data).order.status], ['4', 'ready']);
  await stream.close();
});

Streams("a diner's stream of a pickup order leaves out the phone number; the kitchen's has it", async () => {
  const token = (await api.login(KITCHEN)).accessToken;
  const staff = await openStaff(token);
  const mine = await placed({ pickupName: 'Ada', pickupPhone: '347 123 4567', items: [{ dishId: 6, quantity: 1 }] });
  const diner = readStream(await api.request(`${ORDERS}/${mine.id}/events`));
  const [placedEvent] = await diner.next();
  assert.equal(JSON.parse(placedEvent!.data), { type: 'placed', order: mine });
  assert.is(JSON.parse((await staff.next())[0]!.data).order.pickupPhone, '+393471234567');
  await move(mine.id, { status: 'preparing', version: 1 }, token);
  assert.not.ok('pickupPhone' in JSON.parse((await diner.next())[0]!.data).order);
  await Promise.all([diner.close(), staff.close()]);
});

Streams("a diner's stream of an unknown order is 404", async () => {
  await expectError(await api.request(`${ORDERS}/AAAAAAAAAAAAAAAAAAAAAA/events`), 404, 'not_found');
});

Streams.run();
