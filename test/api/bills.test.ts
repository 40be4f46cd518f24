// The bill through the API (on SQLite, and on PostgreSQL in the second API group): a table's
// orders gather on one bill from the stay's seating until it is paid, the same dish on one
// line, the cover charge per guest, the VAT inside the total; payments by card, cash (with the
// change) and another method, with tips; split evenly to the cent; paid in full, the bill
// closes and the stay finishes, so the table is free again. A payment sent twice is taken
// once, a stale version is a 409 with the bill as it is, two waiters paying at once never pay
// more than the total, and only Waiter and Admin staff take money. The clock is the test's:
// Saturday 21 November 2026, 19:00 in Rome.
import * as paidBillVat from '../../src/server/db/migrations/031-paid-bill-vat.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, tableCode, WAITER, type TestApi } from '../helpers/api.js';
import { pairScreen } from '../helpers/displays.js';

const SEVEN_PM = Date.UTC(2026, 10, 21, 18, 0, 0);
let api: TestApi;
let waiter: string;
let admin: string;
let WINE: number;

interface Bill {
  id: number;
  table: number | null;
  bookingId: number | null;
  guest: string | null;
  status: string;
  closedAt: string | null;
  askedAt: string | null;
  orders: number[];
  lines: { key: string; dishId: number; name: string; quantity: number; unitCents: number; totalCents: number; vatBp: number }[];
  changes: { kind: string; name: string; quantity: number; otherTable: number | null; reason: string | null; started: boolean; by: string }[];
  covers: number | null;
  coverCents: number;
  coverTotalCents: number;
  discounts: { amountCents: number; reason: string; by: string }[];
  discountCents: number;
  totalCents: number;
  vat: { rateBp: number; grossCents: number; vatCents: number }[];
  paidCents: number;
  tipsCents: number;
  remainingCents: number;
  payments: { amountCents: number; tipCents: number; method: string; methodName: string | null; reason: string | null; tenderedCents: number | null; changeCents: number | null; takenBy: string }[];
  version: number;
  shares?: number[];
}

/** Dishes at known prices: 1 and 2 (one category, 10 % VAT) at €12.50 and €9.00; the "wine", a dish of another category set to 22 %, at €18.00. */
async function prices() {
  const { category_id } = await api.db.selectFrom('dishes').select('category_id').where('id', '=', 1).executeTakeFirstOrThrow();
  const other = await api.db.selectFrom('dishes').select(['id', 'category_id']).where('category_id', '<>', category_id).orderBy('id').executeTakeFirstOrThrow();
  WINE = other.id;
  for (const [id, cents] of [[1, 1250], [2, 900], [WINE, 1800]] as const) await api.db.updateTable('dishes').set({ price_cents: cents, available: 1, archived_at: null }).where('id', '=', id).execute();
  await api.db.updateTable('categories').set({ vat_bp: 2200 }).where('id', '=', other.category_id).execute();
}

async function order(table: number, items: { dishId: number; quantity: number }[], token = waiter) {
  const response = await api.send('POST', '/api/v1/orders', { table, items }, token);
  assert.is(response.status, 201, await response.clone().text());
  return response.json() as Promise<{ id: string; number: number; version: number }>;
}
const billOf = async (table: number, token = waiter): Promise<Bill> => {
  const response = await api.authed(`/api/v1/staff/tables/${table}/bill`, token);
  assert.is(response.status, 200, await response.clone().text());
  return response.json();
};
function pay(bill: Pick<Bill, 'id' | 'version'>, fields: Record<string, unknown>, { token = waiter, key }: { token?: string; key?: string } = {}) {
  return api.request(`/api/v1/staff/bills/${bill.id}/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...(key && { 'Idempotency-Key': key }) },
    body: JSON.stringify({ version: bill.version, ...fields }),
  });
}
async function paid(bill: Pick<Bill, 'id' | 'version'>, fields: Record<string, unknown>, options?: { token?: string; key?: string }) {
  const response = await pay(bill, fields, options);
  assert.is(response.status, 201, await response.clone().text());
  return (await response.json()) as { bill: Bill; payment: Bill['payments'][number] };
}
/** `minutes` pass; the staff sign in again (an access token lasts minutes). */
async function later(minutes: number) {
  api.clock.now += minutes * 60_000;
  waiter = (await api.login(WAITER)).accessToken;
  admin = (await api.login(ADMIN)).accessToken;
}
async function seat(table: number, party: number, name: string) {
  const response = await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party, table, name }, waiter);
  assert.is(response.status, 201, await response.clone().text());
  return response.json() as Promise<{ id: number; version: number }>;
}

const Bills = suite('bills');
Bills.before.each(async () => {
  api = await createTestApi({});
  api.clock.now = SEVEN_PM;
  waiter = (await api.login(WAITER)).accessToken;
  admin = (await api.login(ADMIN)).accessToken;
  await prices();
  // The owner's cover charge: €2.50 a guest.
  const restaurant = await (await api.request('/api/v1/restaurant')).json();
  const { guestDataDays: _, ...fields } = restaurant;
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', { ...fields, coverCents: 250 }, admin)).status, 200);
});

Bills('a seated table’s orders gather on one bill: the same dish on one line, the cover charge per guest, the VAT by rate inside the total', async () => {
  const stay = await seat(7, 4, 'Rossi');
  const first = await order(7, [{ dishId: 1, quantity: 2 }, { dishId: WINE, quantity: 1 }]);
  await later(10);
  // The diners order more from the table's QR code: the same bill.
  const second = await api.postJson('/api/v1/orders', { table: 7, tableCode: tableCode(7), items: [{ dishId: 1, quantity: 1 }, { dishId: 2, quantity: 2 }] });
  assert.is(second.status, 201);
  const bill = await billOf(7);
  assert.equal([bill.table, bill.bookingId, bill.guest, bill.status, bill.orders.length, bill.orders[0]], [7, stay.id, 'Rossi', 'open', 2, first.number]);
  assert.equal(
    bill.lines.map((line) => [line.dishId, line.quantity, line.unitCents, line.totalCents, line.vatBp]),
    [
      [1, 3, 1250, 3750, 1000],
      [WINE, 1, 1800, 1800, 2200],
      [2, 2, 900, 1800, 1000],
    ],
  );
  // 4 guests × €2.50 = €10.00; 37.50 + 18.00 + 18.00 + 10.00 = €83.50.
  assert.equal([bill.covers, bill.coverCents, bill.coverTotalCents, bill.totalCents, bill.paidCents, bill.remainingCents], [4, 250, 1000, 8350, 0, 8350]);
  // VAT inside: 22 % of 18.00 is 3.25 (18.00 × 22 / 122 = 3.2459…); 10 % of 65.50 is 5.95 (65.50 × 10 / 110 = 5.9545…).
  assert.equal(bill.vat, [
    { rateBp: 2200, grossCents: 1800, vatCents: 325 },
    { rateBp: 1000, grossCents: 6550, vatCents: 595 },
  ]);
  // The waiter counts three guests after all: the cover charge follows, recorded with who.
  const counted = await api.send('PATCH', `/api/v1/staff/bills/${bill.id}`, { version: bill.version, covers: 3 }, waiter);
  assert.is(counted.status, 200);
  const after = (await counted.json()) as Bill;
  assert.equal([after.covers, after.coverTotalCents, after.totalCents, after.version], [3, 750, 8100, bill.version + 1]);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([entries[0].action, entries[0].subject, entries[0].by.name], ['bill.covers', `Bill ${bill.id} · Table 7`, 'Wanda Rossi']);
});

Bills('the owner sets a category’s VAT rate; a dish ordered after carries it, one ordered before keeps its own', async () => {
  const before = await order(4, [{ dishId: 2, quantity: 1 }]);
  const { categories } = await (await api.authed('/api/v1/admin/categories', admin)).json();
  const { category_id } = await api.db.selectFrom('dishes').select('category_id').where('id', '=', 2).executeTakeFirstOrThrow();
  const category = categories.find((one: { id: number }) => one.id === category_id);
  assert.is(category.vatBp, 1000);
  const changed = await api.send('PATCH', `/api/v1/categories/${category.id}`, { version: category.version, vatBp: 400 }, admin);
  assert.equal([changed.status, (await changed.json()).vatBp], [200, 400]);
  await expectError(await api.send('PATCH', `/api/v1/categories/${category.id}`, { version: category.version + 1, vatBp: 10_001 }, admin), 400, 'invalid_field');
  await order(4, [{ dishId: 2, quantity: 1 }]);
  const bill = await billOf(4);
  assert.equal(bill.lines.map((line) => [line.dishId, line.quantity, line.vatBp]), [[2, 1, 1000], [2, 1, 400]], 'the same dish at another rate is another line');
  assert.ok(before.number > 0);
});

Bills('two tables’ bills joined for a party spread over them: one bill, its guests counted, later orders at either table on it; paid in full, both stays finish', async () => {
  const one = await seat(7, 4, 'Marini');
  const two = await seat(8, 2, 'Marini too');
  await order(7, [{ dishId: 1, quantity: 2 }]);
  await order(8, [{ dishId: 2, quantity: 1 }]);
  let seven = await billOf(7);
  const eight = await billOf(8);
  await paid(eight, { amountCents: 500, method: 'card' });
  const joinTo = (body: Record<string, unknown>) => api.send('POST', `/api/v1/staff/bills/${seven.id}/join`, body, waiter);
  await expectError(await joinTo({ version: seven.version, other: seven.id, otherVersion: seven.version }), 400, 'invalid_field', 'A bill cannot be joined to itself.');
  await expectError(await joinTo({ version: seven.version, other: eight.id, otherVersion: eight.version }), 409, 'conflict');
  const fresh = await billOf(8);
  const joined = await joinTo({ version: seven.version, other: fresh.id, otherVersion: fresh.version });
  assert.is(joined.status, 200);
  seven = await joined.json();
  // 2 × 12.50 + 9.00, 6 guests × 2.50; the €5.00 paid at table 8 is on it.
  assert.equal([seven.covers, seven.totalCents, seven.paidCents, seven.remainingCents], [6, 2500 + 900 + 1500, 500, 4400]);
  const gone = await (await api.authed(`/api/v1/staff/bills/${fresh.id}`, waiter)).json();
  assert.equal([gone.status, gone.joinedInto, gone.orders, gone.payments.length], ['joined', seven.id, [], 0]);
  // Table 8 orders again: the joined bill has it, and table 8 shows that bill.
  await order(8, [{ dishId: 2, quantity: 1 }]);
  assert.equal([(await billOf(8)).id, (await billOf(8)).totalCents], [seven.id, 4900 + 900]);
  seven = await billOf(7);
  await paid(seven, { amountCents: seven.remainingCents, method: 'cash' });
  const day = await (await api.authed('/api/v1/staff/bookings?date=2026-11-21', waiter)).json();
  assert.equal(day.bookings.filter((booking: { id: number }) => [one.id, two.id].includes(booking.id)).map((booking: { finishedAt: string | null }) => booking.finishedAt !== null), [true, true]);
  await expectError(await api.authed('/api/v1/staff/tables/8/bill', waiter), 404, 'no_bill');
  // The joined stays have paid: table 8's QR code orders nothing more for them; the next party seated there orders again.
  const fromTheCode = () => api.postJson('/api/v1/orders', { table: 8, tableCode: tableCode(8), items: [{ dishId: 2, quantity: 1 }] });
  await expectError(await fromTheCode(), 409, 'bill_paid', 'Table 8’s bill is paid: thank you! To order more, ask a waiter.');
  await later(2);
  await expectError(await fromTheCode(), 409, 'bill_paid');
  await seat(8, 2, 'Galli');
  assert.is((await fromTheCode()).status, 201);
  assert.equal([(await billOf(8)).guest, (await billOf(8)).totalCents], ['Galli', 900 + 500]);
});

Bills('a line moves to another table’s bill when its guests move; a line taken off with why is a Waiter’s until the kitchen starts it, then the Admin’s; never below what is paid; the close lists what was taken off', async () => {
  await seat(7, 4, 'Conti');
  const first = await order(7, [{ dishId: 1, quantity: 3 }, { dishId: 2, quantity: 2 }]);
  let seven = await billOf(7);
  // 3 × 12.50 + 2 × 9.00 + 4 guests × 2.50.
  assert.is(seven.totalCents, 6550);
  const [pasta, other] = seven.lines as [Bill['lines'][number], Bill['lines'][number]];
  const move = (bill: Bill, body: Record<string, unknown>) => api.send('POST', `/api/v1/staff/bills/${bill.id}/line-moves`, { version: bill.version, ...body }, waiter);
  const remove = (bill: Bill, body: Record<string, unknown>, token = waiter) => api.send('POST', `/api/v1/staff/bills/${bill.id}/line-removals`, { version: bill.version, ...body }, token);
  await later(1);
  // Two guests move to table 9, where nobody sits: its bill opens with their two dishes.
  const moved = await move(seven, { line: pasta.key, quantity: 2, toTable: 9 });
  assert.is(moved.status, 200, await moved.clone().text());
  const { bill, to } = (await moved.json()) as { bill: Bill; to: Bill };
  assert.equal(bill.lines.map((line) => [line.dishId, line.quantity, line.totalCents]), [[1, 1, 1250], [2, 2, 1800]]);
  // Nobody sat at table 9: the move opens a stay there (as an order would), whose bill it is.
  assert.equal([bill.totalCents, bill.version, to.table, typeof to.bookingId, to.covers, to.totalCents], [4050, seven.version + 1, 9, 'number', null, 2500]);
  assert.equal(to.lines.map((line) => [line.dishId, line.quantity, line.unitCents, line.totalCents]), [[1, 2, 1250, 2500]]);
  assert.equal(bill.changes.map((change) => [change.kind, change.name, change.quantity, change.otherTable, change.by]), [['moved', pasta.name, -2, 9, 'Wanda Rossi']]);
  assert.equal(to.changes.map((change) => [change.kind, change.name, change.quantity, change.otherTable, change.by]), [['moved', pasta.name, 2, 7, 'Wanda Rossi']]);
  await expectError(await move(seven, { line: pasta.key, quantity: 1, toTable: 9 }), 409, 'conflict');
  seven = bill;
  await expectError(await move(seven, { line: pasta.key, quantity: 2, toTable: 9 }), 400, 'invalid_field', `The bill has 1 × ${pasta.name}: move or take off at most that many.`);
  await expectError(await move(seven, { line: pasta.key, quantity: 1, toTable: 7 }), 400, 'invalid_field', 'Table 7’s bill is this one: choose another table.');
  await expectError(await move(seven, { line: pasta.key, quantity: 1, toTable: 999 }), 400, 'invalid_field', 'There is no table 999 on the floor.');
  await expectError(await move(seven, { line: 'no-such-line', quantity: 1, toTable: 9 }), 400, 'invalid_field', `That line is not on bill ${seven.id} now: here is the bill as it is.`);

  // Not started yet: the Waiter takes one off, with why.
  const off = await remove(seven, { line: other.key, quantity: 1, reason: 'Sent back: too salty' });
  assert.is(off.status, 201, await off.clone().text());
  seven = await off.json();
  assert.equal([seven.totalCents, seven.lines.map((line) => [line.dishId, line.quantity])], [3150, [[1, 1], [2, 1]]]);
  // Its order cannot be cancelled now: the bill leaves those dishes out already.
  await expectError(await api.send('PATCH', `/api/v1/orders/${first.id}`, { status: 'cancelled', version: first.version }, waiter), 409, 'bill_changed', `Dishes of order ${first.number} were moved or taken off on its bill: the bill counts them so already, so the order cannot be cancelled now. Cancel an order before changing its bill.`);
  // The kitchen starts the order: taking its dishes off is the Admin's now.
  const kitchen = (await api.login(KITCHEN)).accessToken;
  assert.is((await api.send('PATCH', `/api/v1/orders/${first.id}`, { status: 'preparing', version: first.version }, kitchen)).status, 200);
  await expectError(await remove(seven, { line: other.key, quantity: 1, reason: 'Changed their mind' }), 403, 'admin_only', `The kitchen has started ${other.name}: taking it off the bill is the Admin’s.`);
  await expectError(await remove(seven, { line: other.key, quantity: 1, reason: 'x' }, admin), 400, 'invalid_field');
  // A pasta moved on again from table 9 to table 10 is still one the kitchen started: not the Waiter's to take off there.
  const nine = await billOf(9);
  const onward = await move(nine, { line: pasta.key, quantity: 1, toTable: 10 });
  assert.is(onward.status, 200, await onward.clone().text());
  const ten = (await onward.json()).to as Bill;
  await expectError(await remove(ten, { line: pasta.key, quantity: 1, reason: 'Cold' }), 403, 'admin_only');
  const byAdmin = await remove(seven, { line: other.key, quantity: 1, reason: 'Changed their mind' }, admin);
  assert.is(byAdmin.status, 201);
  seven = await byAdmin.json();
  assert.equal(seven.changes.map((change) => [change.kind, change.quantity, change.reason, change.started, change.by]), [
    ['moved', -2, null, false, 'Wanda Rossi'],
    ['removed', -1, 'Sent back: too salty', false, 'Wanda Rossi'],
    ['removed', -1, 'Changed their mind', true, 'Ada Conti'],
  ]);
  // 12.50 and the cover charge; €20.00 paid, the pasta cannot come off any more.
  assert.equal([seven.totalCents, seven.lines.length, seven.vat], [2250, 1, [{ rateBp: 1000, grossCents: 2250, vatCents: 205 }]]);
  const part = await paid(seven, { amountCents: 2000, method: 'card' });
  await expectError(await remove(part.bill, { line: pasta.key, quantity: 1, reason: 'Cold' }, admin), 409, 'less_than_paid', '€20.00 is paid on this bill already: it cannot come to less. Give money back instead (the Admin’s).');

  const day = await (await api.authed('/api/v1/admin/close?date=2026-11-21', admin)).json();
  assert.equal(day.removed.map((line: { table: number; name: string; quantity: number; amountCents: number; started: boolean; reason: string; by: string }) => [line.table, line.name, line.quantity, line.amountCents, line.started, line.reason, line.by]), [
    [7, other.name, 1, 900, false, 'Sent back: too salty', 'Wanda Rossi'],
    [7, other.name, 1, 900, true, 'Changed their mind', 'Ada Conti'],
  ]);
  assert.equal(day.openBills.map((open: { table: number; totalCents: number; remainingCents: number }) => [open.table, open.totalCents, open.remainingCents]), [[7, 2250, 250], [9, 1250, 1250], [10, 1250, 1250]]);
  // Table 9 pays its dish; the close's VAT counts it there.
  await paid(await billOf(9), { amountCents: 1250, method: 'card' });
  const after = await (await api.authed('/api/v1/admin/close?date=2026-11-21', admin)).json();
  assert.equal([after.bills, after.vat], [1, [{ rateBp: 1000, grossCents: 1250, vatCents: 114 }]]);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  // Newest first: table 9's bill paid in full (its stay finished), then the changes.
  assert.equal(entries.slice(0, 7).map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name]), [
    ['bill.paid', 'Wanda Rossi'],
    ['booking.finished', 'Wanda Rossi'],
    ['bill.payment', 'Wanda Rossi'],
    ['bill.line_removed', 'Ada Conti'],
    ['bill.line_moved', 'Wanda Rossi'],
    ['bill.line_removed', 'Wanda Rossi'],
    ['bill.line_moved', 'Wanda Rossi'],
  ]);
});

Bills('split evenly in N: the shares differ by a cent at most and add up to what remains, for N from 1 to 20', async () => {
  await seat(7, 3, 'Bianchi');
  await order(7, [{ dishId: 1, quantity: 1 }, { dishId: 2, quantity: 1 }]);
  const bill = await billOf(7);
  assert.is(bill.totalCents, 1250 + 900 + 3 * 250); // €29.00
  for (let ways = 1; ways <= 20; ways++) {
    const { shares } = (await (await api.authed(`/api/v1/staff/bills/${bill.id}?ways=${ways}`, waiter)).json()) as Bill;
    assert.is(shares!.length, ways);
    assert.is(shares!.reduce((sum, share) => sum + share, 0), 2900, `${ways} ways`);
    assert.ok(Math.max(...shares!) - Math.min(...shares!) <= 1, `${ways} ways: ${shares}`);
  }
  const three = (await (await api.authed(`/api/v1/staff/bills/${bill.id}?ways=3`, waiter)).json()) as Bill;
  assert.equal(three.shares, [967, 967, 966]);
  await expectError(await api.authed(`/api/v1/staff/bills/${bill.id}?ways=21`, waiter), 400, 'invalid_field');
  await expectError(await api.authed(`/api/v1/staff/bills/${bill.id}?ways=0`, waiter), 400, 'invalid_field');
});

Bills('paid by card with a tip, cash with the change and a voucher: the bill closes, the stay finishes and the table is free for the next party', async () => {
  const stay = await seat(7, 2, 'Verdi');
  await order(7, [{ dishId: 1, quantity: 2 }]); // 25.00 + 5.00 cover = €30.00
  await later(50);
  let bill = await billOf(7);
  assert.is(bill.totalCents, 3000);
  const card = await paid(bill, { amountCents: 1000, tipCents: 200, method: 'card' });
  assert.equal([card.payment.amountCents, card.payment.tipCents, card.payment.method, card.payment.tenderedCents, card.payment.changeCents, card.payment.takenBy], [1000, 200, 'card', null, null, 'Wanda Rossi']);
  assert.equal([card.bill.paidCents, card.bill.tipsCents, card.bill.remainingCents, card.bill.status], [1000, 200, 2000, 'open']);
  bill = card.bill;
  const cash = await paid(bill, { amountCents: 1500, method: 'cash', tenderedCents: 2000 });
  assert.equal([cash.payment.tenderedCents, cash.payment.changeCents], [2000, 500]);
  bill = cash.bill;
  // Nothing over what remains: the rest is a tip.
  const over = await expectError(await pay(bill, { amountCents: 600, method: 'card' }), 400, 'invalid_field', '€5.00 remains on this bill: take at most that, and put anything more as a tip.');
  assert.is(over.field, 'amountCents');
  await expectError(await pay(bill, { amountCents: 500, method: 'cash', tenderedCents: 400 }), 400, 'invalid_field', '€4.00 handed over is less than the €5.00 to pay with the tip.');
  await expectError(await pay(bill, { amountCents: 500, method: 'other' }), 400, 'invalid_field', 'Say what the other method is (a voucher, a bank transfer…).');
  await expectError(await pay(bill, { amountCents: 500, method: 'card', tenderedCents: 500 }), 400, 'invalid_field');
  await expectError(await pay(bill, { amountCents: 12.5, method: 'card' }), 400, 'invalid_field');
  await expectError(await pay(bill, { amountCents: -100, method: 'card' }), 400, 'invalid_field');
  const last = await paid(bill, { amountCents: 500, method: 'other', methodName: 'Voucher' });
  assert.equal([last.bill.status, last.bill.remainingCents, last.bill.paidCents, last.bill.tipsCents, last.payment.methodName], ['paid', 0, 3000, 200, 'Voucher']);
  assert.ok(last.bill.closedAt);
  // Closed: nothing more is taken, and the answer shows it.
  const closed = await expectError(await pay(last.bill, { amountCents: 100, method: 'card' }), 409, 'bill_closed', `Bill ${bill.id} is paid and closed: nothing more can be taken on it.`);
  assert.is(closed.bill.status, 'paid');
  // The stay finished with the payment: the table is free, and a new order opens a new bill.
  const day = await (await api.authed('/api/v1/staff/bookings?date=2026-11-21', waiter)).json();
  const verdi = day.bookings.find((booking: { id: number }) => booking.id === stay.id);
  assert.is(verdi.finishedAt, '2026-11-21T18:50:00.000Z');
  await seat(7, 2, 'Neri');
  await order(7, [{ dishId: 2, quantity: 1 }]);
  const next = await billOf(7);
  assert.ok(next.id !== bill.id);
  assert.equal([next.guest, next.totalCents, next.payments.length], ['Neri', 900 + 500, 0]);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  // Each payment recorded with who took it; the last closed the bill and finished the stay.
  assert.equal(
    entries.slice(1, 5).map((entry: { action: string; subject: string; by: { name: string } }) => [entry.action, entry.subject, entry.by.name]),
    [
      ['bill.paid', `Bill ${bill.id} · Table 7`, 'Wanda Rossi'],
      ['booking.finished', 'Booking 1 · Verdi · Saturday 21 November 19:00', 'Wanda Rossi'],
      ['bill.payment', `Bill ${bill.id} · Table 7`, 'Wanda Rossi'],
      ['bill.payment', `Bill ${bill.id} · Table 7`, 'Wanda Rossi'],
    ],
  );
});

Bills('a payment sent twice with its Idempotency-Key is taken once; the key with another payment is a 409; a stale version shows the bill as it is', async () => {
  await seat(7, 2, 'Conti');
  await order(7, [{ dishId: 1, quantity: 2 }]);
  const bill = await billOf(7);
  const first = await paid(bill, { amountCents: 1000, method: 'card' }, { key: 'pay-1' });
  // The answer was lost; the phone sends it again, on the version it had.
  const again = await paid(bill, { amountCents: 1000, method: 'card' }, { key: 'pay-1' });
  assert.equal(again.payment, first.payment);
  assert.is(again.bill.paidCents, 1000);
  await expectError(await pay(bill, { amountCents: 2000, method: 'card' }, { key: 'pay-1' }), 409, 'idempotency_conflict');
  // Another waiter, on the version from before the payment: told, and shown the bill now.
  const stale = await expectError(await pay(bill, { amountCents: 2000, method: 'card' }), 409, 'conflict', `Bill ${bill.id} was changed meanwhile: here it is as it is now (€20.00 remains).`);
  assert.equal([stale.bill.paidCents, stale.bill.remainingCents, stale.bill.version], [1000, 2000, first.bill.version]);
  const rows = await api.db.selectFrom('payments').select('amount_cents').where('bill_id', '=', bill.id).execute();
  assert.equal(rows, [{ amount_cents: 1000 }]);
});

Bills('a refusal leaves the bill at its version: the amount over what remains, a discount over it, a dish not on it; the next payment on that version is taken', async () => {
  await seat(3, 2, 'Neri');
  await order(3, [{ dishId: 1, quantity: 2 }]);
  const bill = await billOf(3);
  const over = await expectError(await pay(bill, { amountCents: 9000, method: 'card' }), 400, 'invalid_field', '€30.00 remains on this bill: take at most that, and put anything more as a tip.');
  assert.is(over.bill.version, bill.version);
  const discount = await expectError(await api.send('POST', `/api/v1/staff/bills/${bill.id}/discounts`, { version: bill.version, amountCents: 9000, reason: 'Too much' }, waiter), 400, 'invalid_field');
  assert.is(discount.bill.version, bill.version);
  const removal = await expectError(await api.send('POST', `/api/v1/staff/bills/${bill.id}/line-removals`, { version: bill.version, line: 'no-such-line', quantity: 1, reason: 'Wrong' }, waiter), 400, 'invalid_field');
  assert.is(removal.bill.version, bill.version);
  assert.is((await billOf(3)).version, bill.version);
  const taken = await paid(over.bill, { amountCents: 3000, method: 'card' });
  assert.equal([taken.bill.status, taken.bill.version], ['paid', bill.version + 1]);
});

Bills('two waiters paying the same bill at once, 20 rounds: one is taken, the other told; never more than the total', async () => {
  const other = (await api.login({ ...WAITER })).accessToken;
  for (let round = 0; round < 20; round++) {
    const table = 1 + (round % 5);
    await order(table, [{ dishId: 2, quantity: 1 }]);
    const bill = await billOf(table);
    const answers = await Promise.all([pay(bill, { amountCents: bill.remainingCents, method: 'card' }), pay(bill, { amountCents: bill.remainingCents, method: 'cash' }, { token: other })]);
    const statuses = answers.map((answer) => answer.status).sort();
    assert.equal(statuses, [201, 409], `round ${round}`);
    const loser = await answers.find((answer) => answer.status === 409)!.json();
    assert.ok(['conflict', 'bill_closed'].includes(loser.code), loser.code);
    assert.is(loser.bill.status, 'paid');
    const sum = await api.db.selectFrom('payments').select((eb) => eb.fn.sum<number>('amount_cents').as('sum')).where('bill_id', '=', bill.id).executeTakeFirstOrThrow();
    assert.is(Number(sum.sum), bill.totalCents);
  }
});

Bills('Kitchen and Student cannot see or take payments; a host stand reads a bill but takes no money; a pickup order is a bill of its own', async () => {
  await order(4, [{ dishId: 2, quantity: 1 }]);
  const bill = await billOf(4);
  // Nobody seated them: the order opened a stay at table 4 (its party not known: no cover charge counted yet).
  assert.equal([typeof bill.bookingId, bill.covers, bill.coverTotalCents, bill.totalCents], ['number', null, 0, 900]);
  const kitchen = (await api.login(KITCHEN)).accessToken;
  const student = (await api.login(STUDENT)).accessToken;
  for (const token of [kitchen, student]) {
    await expectError(await api.authed('/api/v1/staff/tables/4/bill', token), 403, 'forbidden', 'Only Waiter and Admin staff, and paired host stands, can see bills.');
    await expectError(await pay(bill, { amountCents: 900, method: 'card' }, { token }), 403, 'forbidden', 'Only Waiter and Admin staff can take payments and change a bill.');
  }
  const host = (await pairScreen(api, admin, { name: 'Host stand', kind: 'host' })).credential;
  assert.is((await billOf(4, host)).id, bill.id);
  await expectError(await pay(bill, { amountCents: 900, method: 'card' }, { token: host }), 403, 'forbidden', 'Only Waiter and Admin staff can take payments and change a bill.');
  await expectError(await api.request(`/api/v1/staff/bills/${bill.id}`), 401, 'unauthorized');
  await expectError(await api.authed('/api/v1/staff/tables/9/bill', waiter), 404, 'no_bill', 'Nothing is open at table 9.');
  await expectError(await api.authed('/api/v1/staff/bills/999', waiter), 404, 'not_found', 'There is no bill 999.');
  const pickup = await api.postJson('/api/v1/orders', { pickupName: 'Ada', pickupPhone: '347 000 1111', items: [{ dishId: 1, quantity: 1 }] });
  assert.is(pickup.status, 201);
  const { number } = await pickup.json();
  const { bills } = (await (await api.authed('/api/v1/staff/bills', waiter)).json()) as { bills: Bill[] };
  const own = bills.find((one) => one.orders.includes(number))!;
  assert.equal([own.table, own.totalCents, own.covers], [null, 1250, null]);
  assert.equal(bills.map((one) => one.table), [4, null], 'tables by number, then pickups');
});

Bills('a cancelled order leaves the bill; orders of a table with nobody seated share the table’s open bill; the Italian answers are Italian', async () => {
  const kept = await order(5, [{ dishId: 1, quantity: 1 }]);
  const dropped = await order(5, [{ dishId: 2, quantity: 3 }]);
  const cancel = await api.send('PATCH', `/api/v1/orders/${dropped.id}`, { version: dropped.version, status: 'cancelled' }, waiter);
  assert.ok(cancel.status === 200, await cancel.text());
  const bill = await billOf(5);
  assert.equal([bill.orders, bill.lines.map((line) => line.dishId), bill.totalCents], [[kept.number, dropped.number], [1], 1250]);
  const response = await api.request(`/api/v1/staff/bills/${bill.id}/payments`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${waiter}`, 'Accept-Language': 'it' }, body: JSON.stringify({ version: bill.version, amountCents: 2000, method: 'card' }) });
  await expectError(response, 400, 'invalid_field', 'Su questo conto restano 12,50\u00a0€: incassa al massimo questa cifra e registra l’eccedenza come mancia.');
});

Bills('split by lines: three carbonara 1 + 2, the wine in halves, the cover charge evenly; the shares add up to what remains after a discount and a payment; a line nobody had, rows that do not match and a stale version are refused', async () => {
  await seat(7, 2, 'Galli');
  await order(7, [{ dishId: 1, quantity: 3 }, { dishId: WINE, quantity: 1 }]);
  const bill = await billOf(7);
  assert.equal(bill.lines.map((line) => [line.dishId, line.totalCents]), [[1, 3750], [WINE, 1800]]);
  const split = (body: unknown) => api.send('POST', `/api/v1/staff/bills/${bill.id}/split-by-lines`, body, waiter);
  const answer = await split({ version: bill.version, lines: [[1, 2], [1, 1]] });
  assert.is(answer.status, 200);
  // Ada: 12.50 + 9.00 + 2.50; Bruno: 25.00 + 9.00 + 2.50; together the €60.50 total.
  assert.equal((await answer.json()).shares, [2400, 3650]);
  await expectError(await split({ version: bill.version, lines: [[1, 2], [0, 0]] }), 400, 'invalid_field', `Nobody had ${bill.lines[1]!.name}: give it to at least one guest.`);
  await expectError(await split({ version: bill.version, lines: [[1, 2]] }), 400, 'invalid_field', 'The bill has 2 lines: give a row of weights for each, in its order.');
  await expectError(await split({ version: bill.version, lines: [[1, 2], [1, 1, 1]] }), 400, 'invalid_field', 'Every row has a weight for each of the 2 guests.');
  await expectError(await split({ version: bill.version, lines: [[1, 2.5], [1, 1]] }), 400, 'invalid_field');
  await expectError(await split({ version: bill.version + 1, lines: [[1, 2], [1, 1]] }), 409, 'conflict');
  // €5.50 off: the €55.00 that remains, shared 2400 : 3650 to the cent (2181.82 and 3318.18).
  const discounted = await api.send('POST', `/api/v1/staff/bills/${bill.id}/discounts`, { version: bill.version, amountCents: 550, reason: 'Wait for the table' }, waiter);
  assert.is(discounted.status, 201, await discounted.clone().text());
  const off: Bill = await discounted.json();
  const afterDiscount = await (await split({ version: off.version, lines: [[1, 2], [1, 1]] })).json();
  assert.equal([afterDiscount.shares, afterDiscount.bill.remainingCents], [[2182, 3318], 5500]);
  // Ada pays her share; what remains (€33.18) is split again in the same proportion (1316.23 and 2001.77).
  const first = await paid(off, { amountCents: 2182, method: 'card' });
  const again = await (await split({ version: first.bill.version, lines: [[1, 2], [1, 1]] })).json();
  assert.equal([again.shares, again.bill.remainingCents], [[1316, 2002], 3318]);
});

Bills('the day closed: money by method, tips, covers and the average per cover, the VAT, the bills still open, the cash counted against what the cash payments say; a closed day takes no payment until reopened', async () => {
  await seat(7, 2, 'Rossi');
  await order(7, [{ dishId: 1, quantity: 2 }, { dishId: WINE, quantity: 1 }]); // 25.00 + 18.00 + 5.00 cover = €48.00
  await seat(8, 3, 'Bianchi');
  await order(8, [{ dishId: 2, quantity: 3 }]); // 27.00 + 7.50 cover = €34.50
  await order(9, [{ dishId: 1, quantity: 1 }]); // nobody seated: €12.50, left open
  await later(60);
  const seven = await billOf(7);
  const card = await paid(seven, { amountCents: 4800, tipCents: 300, method: 'card' });
  const eight = await billOf(8);
  await paid(eight, { amountCents: 2000, method: 'cash', tenderedCents: 2500 });
  const cash = await paid((await billOf(8)), { amountCents: 1450, tipCents: 50, method: 'cash' });
  assert.is(cash.bill.status, 'paid');
  assert.is(card.bill.status, 'paid');
  const day = await (await api.authed('/api/v1/admin/close?date=2026-11-21', admin)).json();
  assert.equal(day.methods, [
    { method: 'card', methodName: null, count: 1, amountCents: 4800, tipsCents: 300 },
    { method: 'cash', methodName: null, count: 2, amountCents: 3450, tipsCents: 50 },
  ]);
  assert.equal([day.takenCents, day.tipsCents, day.bills, day.covers, day.averagePerCoverCents, day.expectedCashCents], [8250, 350, 2, 5, 1650, 3500]);
  // 22 %: 18.00 → 3.25; 10 %: bill 7's 30.00 → 2.73, bill 8's 34.50 → 3.14: 5.87 in all.
  assert.equal(day.vat, [
    { rateBp: 2200, grossCents: 1800, vatCents: 325 },
    { rateBp: 1000, grossCents: 6450, vatCents: 587 },
  ]);
  assert.equal(day.openBills.map((bill: { table: number; totalCents: number; remainingCents: number }) => [bill.table, bill.totalCents, bill.remainingCents]), [[9, 1250, 1250]]);
  assert.is(day.closed, null);
  // The day's numbers set the money taken beside the served orders' takings.
  const figures = await (await api.authed('/api/v1/admin/day?date=2026-11-21', admin)).json();
  assert.equal([figures.takenCents, figures.weekBefore.takenCents], [8250, 0]);
  await expectError(await api.authed('/api/v1/admin/close', waiter), 403, 'forbidden', 'Only the Admin can close the day.');

  // Ada counts €34.00 in the drawer: a euro short.
  const closing = await api.send('POST', '/api/v1/admin/close', { date: '2026-11-21', countedCashCents: 3400 }, admin);
  assert.is(closing.status, 201);
  const closed = (await closing.json()).closed;
  assert.equal([closed.countedCashCents, closed.expectedCashCents, closed.differenceCents, closed.by], [3400, 3500, -100, 'Ada Conti']);
  await expectError(await api.send('POST', '/api/v1/admin/close', { date: '2026-11-21', countedCashCents: 3500 }, admin), 409, 'day_closed', 'Saturday 21 November is closed already: reopen it first to close it again.');
  const nine = await billOf(9);
  await expectError(await pay(nine, { amountCents: 1250, method: 'card' }), 409, 'day_closed', 'Saturday 21 November is closed: the Admin reopens it to take more payments.');
  const reopened = await api.send('POST', '/api/v1/admin/close/2026-11-21/reopen', {}, admin);
  assert.equal([reopened.status, (await reopened.json()).closed], [200, null]);
  await expectError(await api.send('POST', '/api/v1/admin/close/2026-11-21/reopen', {}, admin), 409, 'day_open', 'Saturday 21 November is not closed.');
  await paid(nine, { amountCents: 1250, method: 'card' });
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  // Paid in full, the stay table 9's order opened finishes (nobody seated them: its third booking row, a guest's).
  assert.equal(entries.slice(1, 4).map((entry: { action: string; subject: string; by: { name: string } }) => [entry.action, entry.subject, entry.by.name]), [
    ['booking.finished', 'Booking 3 · guest · Saturday 21 November 19:00', 'Wanda Rossi'],
    ['day.reopened', 'The day’s money', 'Ada Conti'],
    ['day.closed', 'The day’s money', 'Ada Conti'],
  ]);
});

Bills('the close counts each other method by its name (Satispay, Buoni pasto): trimmed, one row in any letter case, named as first written; the CSVs name it so too, in English and Italian', async () => {
  await seat(7, 2, 'Rossi');
  await order(7, [{ dishId: 1, quantity: 2 }]); // 25.00 + 5.00 cover = €30.00
  await seat(8, 3, 'Bianchi');
  await order(8, [{ dishId: 2, quantity: 3 }]); // 27.00 + 7.50 cover = €34.50
  await later(60);
  let seven = (await paid(await billOf(7), { amountCents: 1000, method: 'card' })).bill;
  seven = (await paid(seven, { amountCents: 800, tipCents: 100, method: 'other', methodName: 'Satispay' })).bill;
  seven = (await paid(seven, { amountCents: 700, method: 'other', methodName: 'Buoni pasto' })).bill;
  seven = (await paid(seven, { amountCents: 500, method: 'other', methodName: '  buoni PASTO ' })).bill;
  assert.is(seven.status, 'paid');
  let eight = (await paid(await billOf(8), { amountCents: 1450, method: 'other', methodName: 'satispay' })).bill;
  eight = (await paid(eight, { amountCents: 2000, method: 'other', methodName: 'Buoni pasto' })).bill;
  assert.is(eight.status, 'paid');
  // €5.00 given back on the other method, which a refund does not name: a row of its own, last.
  const back = await api.send('POST', `/api/v1/staff/bills/${eight.id}/refunds`, { version: eight.version, amountCents: 500, reason: 'Dish never came', method: 'other' }, admin);
  assert.is(back.status, 201, await back.clone().text());
  const day = await (await api.authed('/api/v1/admin/close?date=2026-11-21', admin)).json();
  assert.equal(day.methods, [
    { method: 'card', methodName: null, count: 1, amountCents: 1000, tipsCents: 0 },
    { method: 'other', methodName: 'Buoni pasto', count: 3, amountCents: 3200, tipsCents: 0 },
    { method: 'other', methodName: 'Satispay', count: 2, amountCents: 2250, tipsCents: 100 },
    { method: 'other', methodName: null, count: 1, amountCents: -500, tipsCents: 0 },
  ]);
  assert.equal([day.takenCents, day.tipsCents, day.expectedCashCents], [5950, 100, 0]);
  // The payments' CSV names each other method as the close does ("buoni PASTO" reads "Buoni pasto").
  const english = await (await api.authed('/api/v1/admin/close.csv?date=2026-11-21', admin)).text();
  assert.equal(english.split('\r\n').map((line) => line.split(',').slice(2, 7).join(',')), [
    'bill,table,method,method_name,amount_eur',
    `${seven.id},7,card,,10.00`,
    `${seven.id},7,other,Satispay,8.00`,
    `${seven.id},7,other,Buoni pasto,7.00`,
    `${seven.id},7,other,Buoni pasto,5.00`,
    `${eight.id},8,other,Satispay,14.50`,
    `${eight.id},8,other,Buoni pasto,20.00`,
    `${eight.id},8,other,,-5.00`,
    '',
  ]);
  const italian = await api.request('/api/v1/admin/close.csv?date=2026-11-21', { headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': 'it' } });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await italian.arrayBuffer());
  assert.equal(text.split('\r\n').map((line) => line.split(';').slice(2, 7).join(';')), [
    'conto;tavolo;metodo;nome_metodo;importo_eur',
    `${seven.id};7;Carta;;10,00`,
    `${seven.id};7;Altro;Satispay;8,00`,
    `${seven.id};7;Altro;Buoni pasto;7,00`,
    `${seven.id};7;Altro;Buoni pasto;5,00`,
    `${eight.id};8;Altro;Satispay;14,50`,
    `${eight.id};8;Altro;Buoni pasto;20,00`,
    `${eight.id};8;Altro;;-5,00`,
    '',
  ]);
});

Bills('only a day that has begun, and none before the first order, can be closed: a future day and an empty past are 400 on date; a closed day is a 409 until reopened, then closes again', async () => {
  const close = (date: string, headers: Record<string, string> = {}) =>
    api.request('/api/v1/admin/close', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, ...headers }, body: JSON.stringify({ date, countedCashCents: 5000 }) });
  const refused = async (date: string, message: string) => {
    const body = await expectError(await close(date), 400, 'invalid_field', message);
    assert.is(body.field, 'date');
  };
  const closedDays = () => api.db.selectFrom('day_closes').select('date').orderBy('date').execute();
  // Saturday 21 November, 19:00 in Rome: tomorrow has not begun, nor has 2099.
  await refused('2099-01-01', 'Thursday 1 January 2099 has not begun yet: only a day that has begun can be closed.');
  await refused('2026-11-22', 'Sunday 22 November 2026 has not begun yet: only a day that has begun can be closed.');
  const italian = await expectError(await close('2026-11-22', { 'Accept-Language': 'it-IT,it;q=0.9' }), 400, 'invalid_field', 'La giornata di domenica 22 novembre 2026 non è ancora cominciata: si può chiudere solo una giornata già iniziata.');
  assert.is(italian.field, 'date');
  // The restaurant's first order, placed this evening: its first day is today.
  await order(4, [{ dishId: 1, quantity: 1 }]);
  await refused('1900-01-01', 'Monday 1 January 1900 is before the restaurant’s first order (Saturday 21 November 2026): there is nothing to close.');
  await refused('2026-11-20', 'Friday 20 November 2026 is before the restaurant’s first order (Saturday 21 November 2026): there is nothing to close.');
  await expectError(await close('2026-11-20', { 'Accept-Language': 'it' }), 400, 'invalid_field', 'La giornata di venerdì 20 novembre 2026 è precedente al primo ordine del ristorante (sabato 21 novembre 2026): non c’è nulla da chiudere.');
  assert.equal(await closedDays(), [], 'nothing refused was recorded');

  // 00:30 in Rome (23:30 UTC): Sunday has begun and closes; Monday has not.
  await later(5 * 60 + 30);
  const sunday = await close('2026-11-22');
  assert.equal([sunday.status, (await sunday.json()).closed.countedCashCents], [201, 5000]);
  await refused('2026-11-23', 'Monday 23 November 2026 has not begun yet: only a day that has begun can be closed.');
  // Saturday, a day past: it closes once; again is a 409 until it is reopened, then it closes again.
  assert.is((await close('2026-11-21')).status, 201);
  await expectError(await close('2026-11-21'), 409, 'day_closed', 'Saturday 21 November is closed already: reopen it first to close it again.');
  assert.is((await api.send('POST', '/api/v1/admin/close/2026-11-21/reopen', {}, admin)).status, 200);
  assert.is((await close('2026-11-21')).status, 201);
  assert.equal(await closedDays(), [{ date: '2026-11-21' }, { date: '2026-11-22' }]);

  // A restaurant that has taken no order yet (its order removed): only today closes.
  for (const table of ['display_bumps', 'order_parts', 'order_events', 'order_items', 'orders'] as const) await api.db.deleteFrom(table).execute();
  await refused('2026-11-21', 'The restaurant has taken no order yet: before today there is nothing to close.');
  await expectError(await close('2026-11-21', { 'Accept-Language': 'it' }), 400, 'invalid_field', 'Il ristorante non ha ancora ricevuto ordini: prima di oggi non c’è nulla da chiudere.');
  assert.is((await close('2026-11-23')).status, 400);
  assert.is((await close('2026-11-22')).status, 409, 'today, closed already');
});

Bills('discounts with a reason: a Waiter up to the owner’s limit, more is the Admin’s; the VAT follows; a discount that leaves nothing to pay closes the bill; a refund is the Admin’s, recorded, and the day’s close lists both', async () => {
  await seat(7, 2, 'Costa');
  await order(7, [{ dishId: 1, quantity: 2 }, { dishId: WINE, quantity: 1 }]); // 25.00 + 18.00 + 5.00 = €48.00
  let bill = await billOf(7);
  const discount = (fields: Record<string, unknown>, token = waiter) => api.send('POST', `/api/v1/staff/bills/${bill.id}/discounts`, { version: bill.version, ...fields }, token);
  // The owner's limit is €10.00 a bill (the default): €8.00 by the waiter, then €4.00 more is the Admin's.
  const given = await discount({ amountCents: 800, reason: 'Wine was corked' });
  assert.is(given.status, 201);
  bill = await given.json();
  assert.equal([bill.discountCents, bill.totalCents, bill.remainingCents], [800, 4000, 4000]);
  assert.equal(bill.discounts.map((one) => [one.amountCents, one.reason, one.by]), [[800, 'Wine was corked', 'Wanda Rossi']]);
  // The €8.00 comes off each rate in proportion: 18.00 of 48.00 at 22 % (3.00), 30.00 at 10 % (5.00).
  assert.equal(bill.vat, [
    { rateBp: 2200, grossCents: 1500, vatCents: 270 },
    { rateBp: 1000, grossCents: 2500, vatCents: 227 },
  ]);
  await expectError(await discount({ amountCents: 400, reason: 'Birthday' }), 403, 'admin_only', 'Discounts over €10.00 on one bill are the Admin’s: ask them.');
  await expectError(await discount({ amountCents: 100, reason: '' }), 400, 'invalid_field');
  await expectError(await discount({ amountCents: 5000, reason: 'Too much' }, admin), 400, 'invalid_field', '€40.00 remains on this bill: a discount cannot be more.');
  bill = await (await discount({ amountCents: 400, reason: 'Birthday' }, admin)).json();
  assert.equal([bill.discountCents, bill.totalCents], [1200, 3600]);
  // Half paid, then the rest taken off: the bill closes, as a last payment would.
  bill = (await paid(bill, { amountCents: 1800, method: 'card' })).bill;
  bill = await (await discount({ amountCents: 1800, reason: 'The owner’s friends' }, admin)).json();
  assert.equal([bill.status, bill.remainingCents, bill.paidCents, bill.totalCents], ['paid', 0, 1800, 1800]);

  // The guest was charged for a dish never served: €5.00 back in cash, by the Admin only.
  const refund = (fields: Record<string, unknown>, token = admin) => api.send('POST', `/api/v1/staff/bills/${bill.id}/refunds`, { version: bill.version, ...fields }, token);
  await expectError(await refund({ amountCents: 500, reason: 'Dish never came', method: 'cash' }, waiter), 403, 'forbidden', 'Only the Admin can give money back.');
  await expectError(await refund({ amountCents: 2000, reason: 'Too much', method: 'cash' }), 400, 'invalid_field', '€18.00 was paid on this bill: a refund cannot be more.');
  const back = await refund({ amountCents: 500, reason: 'Dish never came', method: 'cash' });
  assert.is(back.status, 201);
  bill = await back.json();
  assert.equal([bill.status, bill.paidCents, bill.totalCents, bill.remainingCents], ['paid', 1300, 1300, 0]);
  assert.equal(bill.payments.map((payment) => [payment.amountCents, payment.reason]), [[1800, null], [-500, 'Dish never came']]);
  const day = await (await api.authed('/api/v1/admin/close?date=2026-11-21', admin)).json();
  assert.equal(day.discounts.map((one: { amountCents: number; reason: string; by: string }) => [one.amountCents, one.reason, one.by]), [
    [800, 'Wine was corked', 'Wanda Rossi'],
    [400, 'Birthday', 'Ada Conti'],
    [1800, 'The owner’s friends', 'Ada Conti'],
    [500, 'Dish never came', 'Ada Conti'],
  ]);
  assert.equal(day.refunds.map((one: { amountCents: number; reason: string }) => [one.amountCents, one.reason]), [[-500, 'Dish never came']]);
  assert.equal(day.methods, [
    { method: 'card', methodName: null, count: 1, amountCents: 1800, tipsCents: 0 },
    { method: 'cash', methodName: null, count: 1, amountCents: -500, tipsCents: 0 },
  ]);
  assert.is(day.expectedCashCents, -500);
  // The close's VAT is the paid bill's own, as it comes to after the refund (kept as it was paid, and again at the refund).
  assert.equal([day.bills, day.covers, day.averagePerCoverCents, day.vat], [1, 2, 650, bill.vat]);
  assert.equal(bill.vat, [
    { rateBp: 2200, grossCents: 487, vatCents: 88 },
    { rateBp: 1000, grossCents: 813, vatCents: 74 },
  ]);
  // A database whose bills were paid before the VAT was kept gets it when it is migrated: the same rows.
  const kept = () => api.db.selectFrom('paid_bill_vat').select(['bill_id', 'rate_bp', 'gross_cents', 'vat_cents']).orderBy('rate_bp').execute();
  const before = await kept();
  for (const index of ['paid_bill_vat_closed', 'bills_paid_guests', 'payments_at_method', 'payments_refunds']) await api.db.schema.dropIndex(index).execute();
  await api.db.schema.dropTable('paid_bill_vat').execute();
  await paidBillVat.up(api.db);
  assert.equal(await kept(), before);
  assert.is(before.length, 2);
  // The accountant's CSV: one line a payment, the refund negative with its reason.
  const csv = await api.authed('/api/v1/admin/close.csv?date=2026-11-21', admin);
  assert.equal([csv.status, csv.headers.get('Content-Type'), csv.headers.get('Content-Disposition')], [200, 'text/csv; charset=utf-8', 'attachment; filename="tavola-payments-2026-11-21.csv"']);
  const csvText = await csv.text();
  const lines = csvText.split('\r\n').map((line) => line.split(',').slice(2).join(','));
  assert.equal(lines, ['bill,table,method,method_name,amount_eur,tip_eur,reason,taken_by', `${bill.id},7,card,,18.00,0.00,,Wanda Rossi`, `${bill.id},7,cash,,-5.00,0.00,Dish never came,Ada Conti`, '']);
  // Taken at 19:00 in Rome: the English file says so, with Rome's offset (the instant exact), as the Italian says 19:00.
  assert.equal(csvText.split('\r\n').slice(0, 3).map((line) => line.split(',')[1]), ['at', '2026-11-21T19:00:00+01:00', '2026-11-21T19:00:00+01:00']);
  // The Italian accountant's: semicolons, decimal commas, the methods in Italian, a refund still a number.
  const italian = await api.request('/api/v1/admin/close.csv?date=2026-11-21', { headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': 'it-IT,it;q=0.9' } });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await italian.arrayBuffer());
  assert.ok(text.startsWith('\uFEFFpagamento;data_ora;conto;tavolo;metodo;nome_metodo;importo_eur;mancia_eur;motivo;incassato_da\r\n'), text.slice(0, 120));
  assert.equal(
    text.split('\r\n').slice(1).map((line) => line.split(';').slice(2).join(';')),
    [`${bill.id};7;Carta;;18,00;0,00;;Wanda Rossi`, `${bill.id};7;Contanti;;-5,00;0,00;Dish never came;Ada Conti`, ''],
  );
  assert.match(text.split('\r\n')[1]!, /^\d+;2026-11-21 19:00:00;/);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(entries.slice(0, 1).map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name]), [['bill.refund', 'Ada Conti']]);
});

Bills('the table’s guests read their own bill by its QR code and ask for it once; the waiters see when; paid, it says so', async () => {
  await seat(7, 2, 'Ferri');
  await order(7, [{ dishId: 1, quantity: 2 }]);
  const read = (code: string) => api.request(`/api/v1/table-codes/${code}/bill`);
  const guest = await read(tableCode(7));
  assert.is(guest.status, 200);
  assert.is(guest.headers.get('Cache-Control'), 'no-store');
  const bill = await guest.json();
  assert.equal(Object.keys(bill).sort(), ['askedAt', 'closedAt', 'covers', 'coverCents', 'coverTotalCents', 'discountCents', 'lines', 'paidCents', 'remainingCents', 'status', 'table', 'tipsCents', 'totalCents', 'vat'].sort(), 'no guest name, no payments, nobody’s names');
  assert.equal([bill.table, bill.totalCents, bill.askedAt], [7, 3000, null]);
  // Another table's code reads that table's bill, and nothing is on it.
  await expectError(await read(tableCode(8)), 404, 'no_bill', 'Nothing is on table 8’s bill yet: order from the menu first.');
  await expectError(await read('not-a-code'), 404, 'table_code_unknown');
  const ask = () => api.request(`/api/v1/table-codes/${tableCode(7)}/bill/ask`, { method: 'POST' });
  const asked = await (await ask()).json();
  assert.is(asked.askedAt, '2026-11-21T18:00:00.000Z');
  api.clock.now += 60_000;
  assert.is((await (await ask()).json()).askedAt, '2026-11-21T18:00:00.000Z', 'the first time is kept');
  await later(1);
  const staff = await billOf(7);
  assert.is(staff.askedAt, '2026-11-21T18:00:00.000Z');
  await paid(staff, { amountCents: staff.remainingCents, method: 'card' });
  const after = await (await read(tableCode(7))).json();
  assert.equal([after.status, after.remainingCents, after.closedAt], ['paid', 0, '2026-11-21T18:02:00.000Z']);
  await expectError(await ask(), 409, 'bill_closed', 'This bill is paid already. Thank you!');
  // The stay has paid: its QR code orders nothing more, and the host stand marks it paid.
  await expectError(await api.postJson('/api/v1/orders', { table: 7, tableCode: tableCode(7), items: [{ dishId: 1, quantity: 1 }] }), 409, 'bill_paid', 'Table 7’s bill is paid: thank you! To order more, ask a waiter.');
  const stand = await (await api.authed('/api/v1/staff/bookings?date=2026-11-21', waiter)).json();
  assert.equal(stand.bookings.filter((booking: { name: string }) => booking.name === 'Ferri').map((booking: { finishedAt: string; billPaidAt: string }) => [booking.finishedAt, booking.billPaidAt]), [['2026-11-21T18:02:00.000Z', '2026-11-21T18:02:00.000Z']]);
  // Half an hour after, the table's page has nothing to show.
  api.clock.now += 31 * 60_000;
  await expectError(await read(tableCode(7)), 404, 'no_bill');
  // …and the table's code orders again.
  assert.is((await api.postJson('/api/v1/orders', { table: 7, tableCode: tableCode(7), items: [{ dishId: 1, quantity: 1 }] })).status, 201);
});

Bills('the pre-bill by e-mail: written to the outbox in the guest’s language with the restaurant’s VAT number, the lines, the VAT by rate and "not a fiscal receipt"; recorded with who sent it', async () => {
  await seat(7, 2, 'Ferri');
  await order(7, [{ dishId: 1, quantity: 2 }, { dishId: WINE, quantity: 1 }]);
  const bill = await billOf(7);
  const send = (body: Record<string, unknown>, token = waiter) => api.send('POST', `/api/v1/staff/bills/${bill.id}/email`, body, token);
  assert.is((await send({ email: 'ferri@example.com', lang: 'it' })).status, 202);
  const restaurant = await (await api.request('/api/v1/restaurant')).json();
  const [pasta, wine] = bill.lines.map((line) => line.name);
  const row = await api.db.selectFrom('outbox').selectAll().where('kind', '=', 'pre-bill').executeTakeFirstOrThrow();
  assert.equal([row.to_address, row.to_name, row.subject, row.state, row.booking_id], ['ferri@example.com', '', `Preconto del tavolo 7 – ${restaurant.name}`, 'waiting', null]);
  const euro = (text: string) => `${text}\u00a0€`;
  assert.is(
    row.text_body,
    [
      [restaurant.name, restaurant.legalName, restaurant.address, `P. IVA ${restaurant.vatNumber}`].join('\n'),
      [`2 × ${pasta}  ${euro('25,00')}`, `1 × ${wine}  ${euro('18,00')}`, `2 × Coperto  ${euro('5,00')}`, `Totale  ${euro('48,00')}`, `di cui IVA 22 %  ${euro('3,25')}`, `di cui IVA 10 %  ${euro('2,73')}`].join('\n'),
      'Preconto, documento non fiscale',
    ].join('\n\n'),
  );
  assert.match(row.html_body, '<html lang="it">');
  // In the request's language when none is named; an address that is not one, and Kitchen staff, are refused.
  assert.is((await send({ email: 'ada@example.com' })).status, 202);
  const english = await api.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', 'ada@example.com').executeTakeFirstOrThrow();
  assert.equal([english.subject, english.text_body.endsWith('Pre-bill, not a fiscal receipt')], [`Table 7’s pre-bill at ${restaurant.name}`, true]);
  await expectError(await send({ email: 'not an address' }), 400, 'invalid_field');
  await expectError(await send({ email: 'ferri@example.com' }, (await api.login(KITCHEN)).accessToken), 403, 'forbidden', 'Only Waiter and Admin staff can take payments and change a bill.');
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([entries[0].action, entries[0].by.name, entries[1].action], ['bill.emailed', 'Wanda Rossi', 'bill.emailed']);
});

Bills.run();
