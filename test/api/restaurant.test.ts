// The restaurant's details (the imprint and the privacy notice show them): everyone reads
// them; the Admin sets them on their version; bad ones are refused with the field named;
// every change is in the activity list. And old pickup orders' phone numbers are removed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, WAITER, type TestApi } from '../helpers/api.js';
import { failInserts } from '../helpers/database.js';
import { sweepPickupPhones } from '../../src/server/orders/phone-sweep.js';

const Restaurant = suite("the restaurant's details");
let api: TestApi;
let admin: string;

Restaurant.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

const SAMPLE = { name: 'Tavola', legalName: 'Tavola S.r.l.', address: 'Via dei Serpenti 42, 00184 Roma RM, Italia', vatNumber: '12345678903', phone: '+39 06 1234 5678', email: 'ciao@tavola.example', italianHeld: false, coverCents: 0, discountLimitCents: 1000 };
const CHANGE = { version: 1, name: 'Da Ada', legalName: 'Ada Conti & C. S.a.s.', address: 'Via Merulana 10, 00185 Roma RM, Italia', vatNumber: 'IT 01234567897', phone: '06 7654 3210', email: 'ada@daada.example' };

Restaurant('everyone reads the details: the sample restaurant on a fresh database, with how long guests’ details are kept', async () => {
  const response = await api.request('/api/v1/restaurant');
  assert.is(response.status, 200);
  assert.equal(await response.json(), { ...SAMPLE, version: 1, guestDataDays: 30 });
});

Restaurant('the Admin sets them on their version; the VAT number is kept as 11 digits; the activity list says who and what', async () => {
  const saved = await api.send('PUT', '/api/v1/admin/restaurant', CHANGE, admin);
  assert.is(saved.status, 200);
  const expected = { ...CHANGE, vatNumber: '01234567897', italianHeld: false, coverCents: 0, discountLimitCents: 1000, version: 2, guestDataDays: 30 };
  assert.equal(await saved.json(), expected);
  assert.equal(await (await api.request('/api/v1/restaurant')).json(), expected);
  const stale = await expectError(await api.send('PUT', '/api/v1/admin/restaurant', { ...CHANGE, name: 'Other' }, admin), 409, 'conflict', "The restaurant's details were changed by someone else meanwhile. Here they are as they are now.");
  assert.is((stale.restaurant as { name: string }).name, 'Da Ada');
  const [entry] = (await (await api.authed('/api/v1/admin/activity?limit=1', admin)).json()).entries;
  assert.equal([entry.action, entry.by.name, entry.before.name, entry.after.vatNumber], ['restaurant.updated', 'Ada Conti', 'Tavola', '01234567897']);
});

Restaurant('only the Admin: 401 for a guest, 403 for staff', async () => {
  await expectError(await api.send('PUT', '/api/v1/admin/restaurant', CHANGE), 401, 'unauthorized');
  for (const account of [KITCHEN, WAITER]) await expectError(await api.send('PUT', '/api/v1/admin/restaurant', CHANGE, (await api.login(account)).accessToken), 403, 'forbidden', 'Only the Admin can change the restaurant’s details.');
});

Restaurant('a wrong VAT number, phone or e-mail is a 400 naming the field, and nothing changes', async () => {
  const refused = async (change: Record<string, unknown>, field: string) => assert.is((await expectError(await api.send('PUT', '/api/v1/admin/restaurant', { ...CHANGE, ...change }, admin), 400, 'invalid_field')).field, field);
  await refused({ vatNumber: '12345678901' }, 'vatNumber'); // the check digit is 3
  await refused({ vatNumber: '1234567890' }, 'vatNumber');
  await refused({ phone: '12' }, 'phone');
  await refused({ email: 'not an address' }, 'email');
  await refused({ name: '' }, 'name');
  await refused({ legalName: 'A\u202Eb' }, 'legalName');
  assert.is((await (await api.request('/api/v1/restaurant')).json()).version, 1);
});

Restaurant('a change whose activity record cannot be written is not made at all, and the next save works', async () => {
  const restore = await failInserts(api.db, 'activity', 'disk full');
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', CHANGE, admin)).status, 500);
  await restore();
  assert.equal(await (await api.request('/api/v1/restaurant')).json(), { ...SAMPLE, version: 1, guestDataDays: 30 });
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', CHANGE, admin)).status, 200);
});

Restaurant("pickup orders' phone numbers are removed after the days guests' details are kept; the orders stay", async () => {
  const order = await (await api.postJson('/api/v1/orders', { pickupName: 'Ada', pickupPhone: '347 123 4567', items: [{ dishId: 6, quantity: 1 }] })).json();
  const phone = async () => (await api.db.selectFrom('orders').select('pickup_phone').where('public_id', '=', order.id).executeTakeFirstOrThrow()).pickup_phone;
  const day = 24 * 60 * 60 * 1000;
  assert.is(await sweepPickupPhones(api.db, api.clock.now + 30 * day - 1, 30), 0);
  assert.is(await phone(), '+393471234567');
  assert.is(await sweepPickupPhones(api.db, api.clock.now + 30 * day + 1, 30), 1);
  assert.is(await phone(), null);
  assert.is((await (await api.request(`/api/v1/orders/${order.id}`)).json()).pickupName, 'Ada');
});

Restaurant('the cover charge per guest: set in cents, kept when left out, never negative or a fraction of a cent', async () => {
  const set = await api.send('PUT', '/api/v1/admin/restaurant', { ...CHANGE, coverCents: 250 }, admin);
  assert.is((await set.json()).coverCents, 250);
  const kept = await api.send('PUT', '/api/v1/admin/restaurant', { ...CHANGE, version: 2 }, admin);
  assert.equal([(await kept.json()).coverCents, (await (await api.request('/api/v1/restaurant')).json()).coverCents], [250, 250]);
  for (const coverCents of [-1, 2.5, '250', 10_001]) {
    assert.is((await expectError(await api.send('PUT', '/api/v1/admin/restaurant', { ...CHANGE, version: 3, coverCents }, admin), 400, 'invalid_field')).field, 'coverCents');
  }
});

Restaurant.run();
