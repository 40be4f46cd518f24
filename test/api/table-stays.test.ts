// One table, one truth, through the API (on SQLite, and on PostgreSQL in the second API
// group): a table holds one party and one open bill from its first order or seat until the
// bill is paid. An order at a table nobody seated opens a stay there, which the host stand
// shows with what it owes and the free times online count; a party seated there is refused,
// naming the guests and their bill, unless the host says they are those guests (then they take
// that stay and its bill); a party lingering past its time with its bill open keeps its table;
// a party leaves (Finish) only once its bill owes nothing; the database refuses a second open
// bill on a table. The clock is the test's: Saturday 21 November 2026, 19:00 in Rome.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, tableCode, WAITER, type TestApi } from '../helpers/api.js';

const TODAY = '2026-11-21';
const SEVEN_PM = Date.UTC(2026, 10, 21, 18, 0, 0);
let api: TestApi;
let waiter: string;

interface Stay {
  id: number;
  status: string;
  name: string;
  party: number;
  tables: number[];
  walkIn: boolean;
  openedByOrder: boolean;
  partyKnown: boolean;
  billOpenCents: number | null;
  finishedAt: string | null;
  version: number;
}
interface Bill {
  id: number;
  table: number | null;
  bookingId: number | null;
  orders: number[];
  covers: number | null;
  coverTotalCents: number;
  totalCents: number;
  remainingCents: number;
  version: number;
}

/** The floor: table n+1 seats seats[n]; every other table is off the floor. */
async function floor(seats: number[]) {
  await api.db.updateTable('dining_tables').set({ active: 0 }).execute();
  for (const [i, count] of seats.entries()) await api.db.updateTable('dining_tables').set({ active: 1, seats: count }).where('number', '=', i + 1).execute();
}
/** Guests at `table` order from its QR code: dish 1 at €15.00 a portion. */
async function qrOrder(table: number, quantity = 1, guests?: number) {
  const response = await api.postJson('/api/v1/orders', { table, tableCode: tableCode(table), items: [{ dishId: 1, quantity }], ...(guests && { guests }) });
  assert.is(response.status, 201, await response.clone().text());
  return response.json() as Promise<{ number: number }>;
}
const stays = async (): Promise<Stay[]> => (await (await api.authed(`/api/v1/staff/bookings?date=${TODAY}`, waiter)).json()).bookings;
const openBills = async (): Promise<Bill[]> => (await (await api.authed('/api/v1/staff/bills', waiter)).json()).bills;
const billOf = async (table: number): Promise<Bill> => (await api.authed(`/api/v1/staff/tables/${table}/bill`, waiter)).json();
const walkIn = (body: Record<string, unknown>) => api.send('POST', '/api/v1/staff/bookings/walk-ins', body, waiter);
const freeTimes = async (party: number) => (await (await api.request(`/api/v1/bookings/times?party=${party}&date=${TODAY}`)).json()).day.times.map((time: { time: string }) => time.time);

const Stays = suite('one table, one truth');
Stays.before.each(async () => {
  api = await createTestApi({});
  api.clock.now = SEVEN_PM;
  waiter = (await api.login(WAITER)).accessToken;
  const admin = (await api.login(ADMIN)).accessToken;
  await api.db.updateTable('dishes').set({ price_cents: 1500, available: 1, archived_at: null }).where('id', '=', 1).execute();
  const { guestDataDays: _, ...fields } = await (await api.request('/api/v1/restaurant')).json();
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', { ...fields, coverCents: 250 }, admin)).status, 200);
});

Stays('an order at a table nobody seated opens a stay: the stand shows it taken with what it owes, the free times online do not offer it, and a walk-in seated there is refused, naming the guests and their bill', async () => {
  await floor([4]);
  assert.ok((await freeTimes(2)).includes('20:00'), 'free before the order');
  const { number } = await qrOrder(1);
  const [stay, ...others] = await stays();
  assert.equal(others, []);
  assert.equal([stay!.status, stay!.tables, stay!.walkIn, stay!.openedByOrder, stay!.partyKnown, stay!.name, stay!.billOpenCents], ['arrived', [1], true, true, false, '', 1500]);
  assert.not.ok((await freeTimes(2)).includes('20:00'), 'the table is the guests’ for their stay: 20:00 is not offered online');
  const refused = await expectError(await walkIn({ party: 2, table: 1 }), 409, 'table_taken', 'Table 1 is taken: guests are eating there, with €15.00 open on their bill. Seat this party at another table, or say they are those guests.');
  assert.equal(refused.table, 1);
  assert.equal([refused.stay, refused.bill.remainingCents, refused.sameGuests], [stay!.id, 1500, true]);
  await expectError(await walkIn({ party: 2 }), 409, 'no_table_free');
  const bills = await openBills();
  assert.equal(bills.map((bill) => [bill.table, bill.bookingId, bill.orders, bill.covers, bill.totalCents]), [[1, stay!.id, [number], null, 1500]]);
  // In Italian, the same refusal in its words.
  const italian = await api.request('/api/v1/staff/bookings/walk-ins', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${waiter}`, 'Accept-Language': 'it' }, body: JSON.stringify({ party: 2, table: 1 }) });
  await expectError(italian, 409, 'table_taken', 'Il tavolo 1 è occupato: ci sono clienti che stanno mangiando, con 15,00\u00a0€ ancora da pagare sul loro conto. Fai accomodare questo gruppo a un altro tavolo, oppure indica che sono gli stessi clienti.');
});

Stays('the host seats the guests who already ordered (sameGuests): one stay and one bill; their next round goes on it, and the cover charge counts them', async () => {
  await floor([4, 4, 4]);
  const first = await qrOrder(3, 4);
  const [opened] = await stays();
  const seated = await walkIn({ party: 4, table: 3, name: 'Rossi', sameGuests: true });
  assert.is(seated.status, 201, await seated.clone().text());
  const stay: Stay = await seated.json();
  assert.equal([stay.id, stay.name, stay.party, stay.partyKnown, stay.openedByOrder, stay.walkIn, stay.tables, stay.billOpenCents], [opened!.id, 'Rossi', 4, true, false, true, [3], 6000 + 1000]);
  const second = await qrOrder(3, 1);
  const bills = await openBills();
  assert.equal(bills.map((bill) => [bill.table, bill.bookingId, bill.orders, bill.covers, bill.coverTotalCents, bill.totalCents]), [[3, stay.id, [first.number, second.number], 4, 1000, 7500 + 1000]]);
  assert.equal((await stays()).map((one) => one.id), [stay.id], 'one stay at table 3');
  // Now seated by the host, they are not "guests nobody seated": another party is refused, and cannot claim to be them.
  await expectError(await walkIn({ party: 2, table: 3, sameGuests: true }), 409, 'table_unavailable');
});

Stays('a booked party arriving where they ordered first takes that bill when the host says they are those guests; otherwise it is refused', async () => {
  await floor([4, 4]);
  const booked = await api.send('POST', '/api/v1/staff/bookings', { party: 3, date: TODAY, time: '19:30', name: 'Galli', table: 2 }, waiter);
  assert.is(booked.status, 201, await booked.clone().text());
  const booking: Stay = await booked.json();
  // They sit down early and order from the QR code: the table is theirs until their booked time.
  const { number } = await qrOrder(2, 2);
  const opened = (await stays()).find((one) => one.openedByOrder)!;
  assert.equal([opened.tables, opened.billOpenCents], [[2], 3000]);
  api.clock.now += 35 * 60_000; // 19:35: the order's stay has run to the booking's time, its bill open
  waiter = (await api.login(WAITER)).accessToken;
  const arrive = (body: Record<string, unknown>) => api.send('PATCH', `/api/v1/staff/bookings/${booking.id}`, { version: booking.version, status: 'arrived', ...body }, waiter);
  await expectError(await arrive({}), 409, 'table_taken', 'Table 2 is taken: guests are eating there, with €30.00 open on their bill. Seat this party at another table, or say they are those guests.');
  const seated = await arrive({ sameGuests: true });
  assert.is(seated.status, 200, await seated.clone().text());
  const bill = await billOf(2);
  assert.equal([bill.bookingId, bill.orders, bill.covers, bill.totalCents], [booking.id, [number], 3, 3000 + 750]);
  assert.equal((await stays()).map((one) => [one.id, one.status, one.billOpenCents]), [[booking.id, 'arrived', 3750]], 'the order’s stay gave way to the booking’s');
});

Stays('an order at a table a booked party holds now goes on the table’s own bill: the party is seated over it only as those guests', async () => {
  await floor([4]);
  const booked = await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '19:00', name: 'Neri', table: 1 }, waiter);
  const booking: Stay = await booked.json();
  await qrOrder(1, 1);
  assert.equal((await stays()).map((one) => one.id), [booking.id], 'no stay opened: the booking holds the table now');
  const own = await billOf(1);
  assert.equal([own.bookingId, own.totalCents], [null, 1500]);
  const arrive = (body: Record<string, unknown>) => api.send('PATCH', `/api/v1/staff/bookings/${booking.id}`, { version: booking.version, status: 'arrived', ...body }, waiter);
  await expectError(await arrive({}), 409, 'table_taken', 'Table 1 is taken: guests are eating there, with €15.00 open on their bill. Seat this party at another table, or say they are those guests.');
  assert.is((await arrive({ sameGuests: true })).status, 200);
  const bill = await billOf(1);
  assert.equal([bill.id, bill.bookingId, bill.covers, bill.totalCents], [own.id, booking.id, 2, 1500 + 500]);
});

Stays('a party lingering past its time with its bill open keeps its table: a walk-in there is refused, naming them and what they owe; Finish waits for the bill; paid, the table is free', async () => {
  await floor([2]);
  const seated = await walkIn({ party: 2, table: 1, name: 'Bianchi', minutes: 30 });
  const stay: Stay = await seated.json();
  const order = await api.send('POST', '/api/v1/orders', { table: 1, items: [{ dishId: 1, quantity: 2 }] }, waiter);
  assert.is(order.status, 201);
  api.clock.now += 45 * 60_000; // past their 30 minutes, still eating
  waiter = (await api.login(WAITER)).accessToken;
  await expectError(await walkIn({ party: 2, table: 1 }), 409, 'table_taken', 'Table 1 is taken by Bianchi, with €35.00 open on their bill: choose another table.');
  await expectError(await walkIn({ party: 2 }), 409, 'no_table_free');
  const finish = await api.send('PATCH', `/api/v1/staff/bookings/${stay.id}`, { version: stay.version, finished: true }, waiter);
  await expectError(finish, 409, 'bill_open', 'Table 1’s bill has €35.00 open: take the payment before the guests leave, or move the bill to another table.');
  const bill = await billOf(1);
  const paid = await api.send('POST', `/api/v1/staff/bills/${bill.id}/payments`, { version: bill.version, amountCents: 3500, method: 'card' }, waiter);
  assert.is(paid.status, 201);
  assert.is((await walkIn({ party: 2, table: 1 })).status, 201);
});

Stays('a party whose bill owes nothing leaves with Finish, the bill closed with it; an arrival with orders on its bill cannot be undone', async () => {
  await floor([2, 2]);
  const quiet: Stay = await (await walkIn({ party: 2, table: 1, name: 'Quiet' })).json();
  const emptied = await api.send('POST', '/api/v1/orders', { table: 1, items: [{ dishId: 1, quantity: 1 }] }, waiter);
  const placed = await emptied.json();
  assert.is((await api.send('PATCH', `/api/v1/orders/${placed.id}`, { version: placed.version, status: 'cancelled' }, waiter)).status, 200);
  // Their dish cancelled, the cover charge still counts them: Finish waits until the waiter says no cover.
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${quiet.id}`, { version: quiet.version, finished: true }, waiter), 409, 'bill_open', 'Table 1’s bill has €5.00 open: take the payment before the guests leave, or move the bill to another table.');
  const bill = await billOf(1);
  assert.is((await api.send('PATCH', `/api/v1/staff/bills/${bill.id}`, { version: bill.version, covers: 0 }, waiter)).status, 200);
  const finished = await api.send('PATCH', `/api/v1/staff/bookings/${quiet.id}`, { version: quiet.version, finished: true }, waiter);
  assert.is(finished.status, 200, await finished.clone().text());
  assert.equal(await openBills(), [], 'its bill owing nothing closed with the stay');
  const booked: Stay = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '19:00', name: 'Eager', table: 2 }, waiter)).json();
  const arrived: Stay = await (await api.send('PATCH', `/api/v1/staff/bookings/${booked.id}`, { version: booked.version, status: 'arrived' }, waiter)).json();
  await api.send('POST', '/api/v1/orders', { table: 2, items: [{ dishId: 1, quantity: 1 }] }, waiter);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${arrived.id}`, { version: arrived.version, status: 'confirmed' }, waiter), 409, 'bill_open', 'Their bill at table 2 has orders on it: their arrival cannot be undone.');
});

Stays('how many are at the table, asked at its first order: the party and the cover charge count them; a pickup order is not asked', async () => {
  await floor([4, 4, 4, 4, 4]);
  await qrOrder(5, 1, 3);
  const [stay] = await stays();
  assert.equal([stay!.party, stay!.partyKnown], [3, true]);
  await qrOrder(5, 1, 5); // a second phone at the table says otherwise: the first word stands, the waiter counts them
  const bill = await billOf(5);
  assert.equal([bill.covers, bill.coverTotalCents, bill.totalCents], [3, 750, 3000 + 750]);
  await expectError(await api.postJson('/api/v1/orders', { pickupName: 'Ada', pickupPhone: '347 000 1111', guests: 2, items: [{ dishId: 1, quantity: 1 }] }), 400, 'invalid_field', 'How many are at the table is asked of an order to a table, not of a pickup order.');
});

Stays('orders at once at tables nobody seated: each table gets one stay and one bill, whatever the interleaving', async () => {
  await floor([4, 4, 4, 4]);
  await Promise.all([1, 2, 3, 4].flatMap((table) => [qrOrder(table), qrOrder(table), qrOrder(table, 2)]));
  const all = await stays();
  assert.equal(all.map((stay) => stay.tables[0]).sort(), [1, 2, 3, 4]);
  const bills = await openBills();
  assert.equal(bills.map((bill) => [bill.table, bill.orders.length, bill.totalCents]), [1, 2, 3, 4].map((table) => [table, 3, 6000]));
  assert.equal(bills.map((bill) => bill.bookingId).sort(), all.map((stay) => stay.id).sort());
});

Stays('the database refuses a second open bill on a table', async () => {
  await floor([4, 4, 4]);
  await qrOrder(3);
  const second = api.db.insertInto('bills').values({ table_number: 3, booking_id: null, status: 'open', covers: null, cover_cents: 0, opened_ms: api.clock.now }).execute();
  await second.then(
    () => assert.unreachable('a second open bill at table 3 was written'),
    (error: { code?: string }) => assert.ok(['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(error.code ?? ''), String(error.code)),
  );
});

Stays('every table now, as the Tables page reads it: the party, what its bill owes and the guests it counts; with nothing there, the last bill paid at it', async () => {
  await floor([2, 4, 4]);
  await qrOrder(1, 2);
  const rossi: Stay = await (await walkIn({ party: 3, table: 2, name: 'Rossi' })).json();
  const read = async () => (await (await api.authed('/api/v1/staff/tables/now', waiter)).json()) as { tables: { number: number; seats: number; stay: { id: number; name: string; party: number; partyKnown: boolean; openedByOrder: boolean } | null; bill: { id: number; remainingCents: number; covers: number | null; coverCents: number; orders: number } | null; lastBill: { id: number; totalCents: number } | null }[] };
  const first = await read();
  assert.equal(
    first.tables.map((table) => [table.number, table.seats, table.stay && [table.stay.name, table.stay.party, table.stay.partyKnown, table.stay.openedByOrder], table.bill && [table.bill.remainingCents, table.bill.covers, table.bill.coverCents, table.bill.orders], table.lastBill]),
    [
      [1, 2, ['', 1, false, true], [3000, null, 250, 1], null],
      [2, 4, ['Rossi', 3, true, false], null, null],
      [3, 4, null, null, null],
    ],
  );
  const bill = await billOf(1);
  assert.is((await api.send('POST', `/api/v1/staff/bills/${bill.id}/payments`, { version: bill.version, amountCents: 3000, method: 'cash' }, waiter)).status, 201);
  const after = await read();
  assert.equal([after.tables[0]!.stay, after.tables[0]!.bill, after.tables[0]!.lastBill], [null, null, { id: bill.id, closedAt: new Date(api.clock.now).toISOString(), totalCents: 3000 }]);
  const nothing = await expectError(await api.authed('/api/v1/staff/tables/1/bill', waiter), 404, 'no_bill', 'Nothing is open at table 1.');
  assert.equal(nothing.lastBill, { id: bill.id, closedAt: new Date(api.clock.now).toISOString(), totalCents: 3000 });
  assert.equal(after.tables[1]!.stay!.id, rossi.id);
});

Stays('the bill moves to another table with its party: the old table is free, the new one holds them, and each table’s QR code orders for whoever is there', async () => {
  await floor([2, 4, 4]);
  const rossi: Stay = await (await walkIn({ party: 2, table: 1, name: 'Rossi' })).json();
  await qrOrder(1, 1);
  const bill = await billOf(1);
  const move = (body: Record<string, unknown>) => api.send('POST', `/api/v1/staff/bills/${bill.id}/move`, { version: bill.version, ...body }, waiter);
  await expectError(await move({ toTable: 9 }), 400, 'invalid_field', 'There is no table 9 on the floor.');
  await expectError(await move({ toTable: 1 }), 400, 'invalid_field', 'Table 1’s bill is this one: choose another table.');
  await qrOrder(3, 1); // guests at table 3 already
  const taken = await expectError(await move({ toTable: 3 }), 409, 'table_taken', 'Table 3 is taken: guests are eating there, with €15.00 open on their bill. Choose another table.');
  assert.is(taken.sameGuests, false, 'a party moving is not offered to be the guests there');
  assert.is((await billOf(1)).version, bill.version, 'a refusal leaves the bill as it was');
  const moved = await move({ toTable: 2 });
  assert.is(moved.status, 200, await moved.clone().text());
  const after: Bill = await moved.json();
  assert.equal([after.id, after.table, after.bookingId, after.version], [bill.id, 2, rossi.id, bill.version + 1]);
  assert.equal((await stays()).find((stay) => stay.id === rossi.id)!.tables, [2]);
  await qrOrder(2, 1); // the new table's QR code: their bill
  assert.equal((await billOf(2)).orders.length, 2);
  await expectError(await api.authed('/api/v1/staff/tables/1/bill', waiter), 404, 'no_bill', 'Nothing is open at table 1.');
  await expectError(await move({ toTable: 3 }), 409, 'conflict');
});

Stays('a paid bill reopened by the Admin with why: open again at its table, recorded; not over other guests, not for a Waiter, not when open', async () => {
  await floor([2, 4]);
  await qrOrder(1, 1);
  const bill = await billOf(1);
  const paid = (await (await api.send('POST', `/api/v1/staff/bills/${bill.id}/payments`, { version: bill.version, amountCents: 1500, method: 'card' }, waiter)).json()).bill as Bill;
  const admin = (await api.login(ADMIN)).accessToken;
  const reopen = (token: string, version = paid.version) => api.send('POST', `/api/v1/staff/bills/${bill.id}/reopen`, { version, reason: 'Forgot the wine' }, token);
  await expectError(await reopen(waiter), 403, 'forbidden', 'Only the Admin can reopen a paid bill.');
  await expectError(await reopen(admin, paid.version - 1), 409, 'conflict');
  const opened = await reopen(admin);
  assert.is(opened.status, 200, await opened.clone().text());
  const again: Bill & { status: string } = await opened.json();
  assert.equal([again.status, again.remainingCents, again.version], ['open', 0, paid.version + 1]);
  assert.is((await billOf(1)).id, bill.id);
  await expectError(await reopen(admin, again.version), 409, 'bill_open', `Bill ${bill.id} is not paid: there is nothing to reopen.`);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([entries[0].action, entries[0].by.name], ['bill.reopened', 'Ada Conti']);
  // Reopened and left as it was: it owes nothing, and closes so; one that owes is paid instead.
  const closed = await api.send('POST', `/api/v1/staff/bills/${bill.id}/close`, { version: again.version }, waiter);
  assert.equal([closed.status, ((await closed.json()) as { status: string }).status], [200, 'paid']);
  await qrOrder(2, 1);
  const owing = await billOf(2);
  await expectError(await api.send('POST', `/api/v1/staff/bills/${owing.id}/close`, { version: owing.version }, waiter), 409, 'still_owed', '€15.00 remains on this bill: take the payment to close it.');
});

Stays.run();
