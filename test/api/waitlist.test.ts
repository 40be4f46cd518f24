// The waitlist through the API (on SQLite, and on PostgreSQL in the second API group): a
// party needs a phone or an e-mail address; each is quoted the first moment a table that
// seats it frees, behind the parties ahead of it (first come, first seated); "your table is
// ready" goes through the outbox in the guest's language; every change carries its version
// and is recorded with who made it; seating from the list is one act that a refused table
// leaves unwritten; the day's quotes are set against the real waits. The clock is the
// test's: Saturday 21 November 2026, 19:00 in Rome (the dinner service ends at 23:00).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, WAITER, type TestApi } from '../helpers/api.js';
import { pairScreen } from '../helpers/displays.js';

const SEVEN_PM = Date.UTC(2026, 10, 21, 18, 0, 0);
const MINUTE = 60_000;
let api: TestApi;
let host: string;

interface Entry {
  id: number;
  name: string;
  party: number;
  status: string;
  quotedMinutes: number | null;
  expectedAt: string | null;
  bookingId: number | null;
  version: number;
}

/** The floor: table n+1 seats seats[n]; every other table is off the floor. */
async function floor(seats: number[]) {
  await api.db.updateTable('dining_tables').set({ active: 0 }).execute();
  for (const [i, count] of seats.entries()) await api.db.updateTable('dining_tables').set({ active: 1, seats: count }).where('number', '=', i + 1).execute();
}
const list = async () => (await api.authed('/api/v1/staff/waitlist', host)).json();
async function wait(fields: Record<string, unknown>, language = 'en'): Promise<Entry> {
  const response = await api.request('/api/v1/staff/waitlist', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host}`, 'Accept-Language': language }, body: JSON.stringify(fields) });
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
}
const change = (entry: Entry, status: string, token = host) => api.send('PATCH', `/api/v1/staff/waitlist/${entry.id}`, { version: entry.version, status }, token);

const Waitlist = suite('the waitlist');
Waitlist.before.each(async () => {
  api = await createTestApi({});
  api.clock.now = SEVEN_PM;
  host = (await pairScreen(api, (await api.login(ADMIN)).accessToken, { name: 'Host stand', kind: 'host' })).credential;
  await floor([2, 4]);
  // Both tables taken: table 1 until 20:00, table 2 until 20:30.
  assert.is((await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 60, name: 'At one' }, host)).status, 201);
  assert.is((await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 4, table: 2, minutes: 90, name: 'At two' }, host)).status, 201);
});

Waitlist('each party is quoted the first table that frees for it behind those ahead, in order of arrival; a phone or an e-mail address is needed', async () => {
  await expectError(await api.send('POST', '/api/v1/staff/waitlist', { party: 2, name: 'Nobody' }, host), 400, 'contact_needed', 'Give a phone number or an e-mail address: it is how they hear that their table is ready.');
  await expectError(await api.send('POST', '/api/v1/staff/waitlist', { party: 12, name: 'Too many', phone: '347 100 0000' }, host), 400, 'party_too_large');
  const rossi = await wait({ party: 2, name: 'Rossi', phone: '347 100 0001' });
  assert.equal([rossi.status, rossi.quotedMinutes, rossi.expectedAt], ['waiting', 60, '2026-11-21T19:00:00.000Z'], 'table 1 frees at 20:00');
  // Bianchi, also two: table 1 is Rossi's from 20:00, so table 2 at 20:30.
  const bianchi = await wait({ party: 2, name: 'Bianchi', email: 'bianchi@example.com' });
  assert.equal([bianchi.quotedMinutes, bianchi.expectedAt], [90, '2026-11-21T19:30:00.000Z']);
  // Verdi, four: only table 2 seats four, Bianchi's from 20:30 to 22:30; the service ends at 23:00, so 22:30.
  const verdi = await wait({ party: 4, name: 'Verdi', phone: '347 100 0003' });
  assert.equal([verdi.quotedMinutes, verdi.expectedAt], [210, '2026-11-21T21:30:00.000Z']);
  // Neri, four more: nothing before the service ends.
  const neri = await wait({ party: 4, name: 'Neri', phone: '347 100 0004' });
  assert.equal([neri.quotedMinutes, neri.expectedAt], [null, null]);
  const day = await list();
  assert.equal(day.entries.map((entry: Entry) => [entry.name, entry.status, entry.quotedMinutes]), [['Rossi', 'waiting', 60], ['Bianchi', 'waiting', 90], ['Verdi', 'waiting', 210], ['Neri', 'waiting', null]]);
  assert.is(day.entries[0].phoneText, '347 100 0001');
  // Rossi leaves: everyone behind moves up, and the expected times say so (the quotes stay as said).
  await change(rossi, 'left');
  const after = await list();
  assert.equal(after.entries.map((entry: Entry) => [entry.name, entry.status, entry.expectedAt]), [['Rossi', 'left', null], ['Bianchi', 'waiting', '2026-11-21T19:00:00.000Z'], ['Verdi', 'waiting', '2026-11-21T19:30:00.000Z'], ['Neri', 'waiting', '2026-11-21T21:30:00.000Z']]);
  const { entries } = await (await api.authed('/api/v1/admin/activity', (await api.login(ADMIN)).accessToken)).json();
  assert.equal(entries.slice(0, 2).map((entry: { action: string; subject: string; by: { name: string } }) => [entry.action, entry.subject, entry.by.name]), [['waitlist.left', 'Waitlist 1 · Rossi', 'Display: Host stand'], ['waitlist.added', 'Waitlist 4 · Neri', 'Display: Host stand']]);
});

Waitlist('"your table is ready" goes through the outbox in the guest’s language, can be undone, and a stale version says what the entry is now', async () => {
  const bianchi = await wait({ party: 2, name: 'Bianchi', email: 'bianchi@example.com' }, 'it');
  const ready = (await (await change(bianchi, 'notified')).json()) as Entry & { notifiedAt: string };
  assert.equal([ready.status, ready.notifiedAt, ready.version], ['notified', '2026-11-21T18:00:00.000Z', 2]);
  const mail = await api.db.selectFrom('outbox').select(['kind', 'to_address', 'subject', 'text_body', 'booking_id']).where('kind', '=', 'waitlist-ready').executeTakeFirstOrThrow();
  assert.equal([mail.to_address, mail.booking_id], ['bianchi@example.com', null]);
  assert.match(mail.subject, /^Il tuo tavolo da .+ è pronto$/);
  assert.match(mail.text_body, /il tuo tavolo per 2 persone è pronto/);
  // Another host acting on the version they saw is told what it is now.
  const stale = await expectError(await change(bianchi, 'left'), 409, 'conflict', 'Bianchi on the waitlist was changed meanwhile: they are told their table is ready now.');
  assert.is(stale.entry.status, 'notified');
  const undone = (await (await change(ready, 'waiting')).json()) as Entry & { notifiedAt: string | null };
  assert.equal([undone.status, undone.notifiedAt], ['waiting', null]);
  // A phone-only party: nothing is written (the stand shows the phone to call).
  const rossi = await wait({ party: 2, name: 'Rossi', phone: '347 100 0001' });
  assert.is((await change(rossi, 'notified')).status, 200);
  assert.is(Number((await api.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('count')).where('kind', '=', 'waitlist-ready').executeTakeFirstOrThrow()).count), 1);
  await expectError(await api.send('PATCH', `/api/v1/staff/waitlist/${rossi.id}`, { version: 2, status: 'seated' }, host), 400, 'invalid_field');
  await expectError(await api.send('PATCH', '/api/v1/staff/waitlist/999', { version: 1, status: 'left' }, host), 404, 'not_found', 'The waitlist has no entry 999.');
  // A waiter may run the list; a cook may not.
  assert.is((await api.authed('/api/v1/staff/waitlist', (await api.login(WAITER)).accessToken)).status, 200);
});

Waitlist('seated from the list in one act: the walk-in and the entry’s end; a table that is taken writes nothing; the quotes set against the real waits', async () => {
  const rossi = await wait({ party: 2, name: 'Rossi', phone: '347 100 0001', note: 'Coeliac' });
  const bianchi = await wait({ party: 2, name: 'Bianchi', phone: '347 100 0002' });
  api.clock.now = SEVEN_PM + 50 * MINUTE; // 19:50: table 1 is still taken until 20:00
  await expectError(await api.send('POST', `/api/v1/staff/waitlist/${rossi.id}/seat`, { version: rossi.version, table: 1 }, host), 409, 'table_unavailable', 'Table 1 is taken now (At one, 2 people, until 20:00): choose another table.');
  assert.is((await list()).entries[0].status, 'waiting', 'the refused seat wrote nothing');
  api.clock.now = SEVEN_PM + 65 * MINUTE; // 20:05
  const seated = await (await api.send('POST', `/api/v1/staff/waitlist/${rossi.id}/seat`, { version: rossi.version }, host)).json();
  assert.equal([seated.entry.status, seated.entry.bookingId, seated.booking.tables, seated.booking.name, seated.booking.note, seated.booking.walkIn], ['seated', seated.booking.id, [1], 'Rossi', 'Coeliac', true]);
  await expectError(await api.send('POST', `/api/v1/staff/waitlist/${rossi.id}/seat`, { version: seated.entry.version }, host), 409, 'invalid_transition', 'Rossi is seated on the waitlist: they cannot become seated.');
  api.clock.now = SEVEN_PM + 100 * MINUTE; // 20:40: Bianchi, quoted 90, seated after 100 minutes at table 2
  const second = await (await api.send('POST', `/api/v1/staff/waitlist/${bianchi.id}/seat`, { version: bianchi.version }, host)).json();
  assert.equal(second.booking.tables, [2]);
  const { accuracy, entries } = await list();
  assert.equal(accuracy, { seated: 2, quotedMinutes: 75, waitedMinutes: 83 }, 'quoted 60 and 90, waited 65 and 100');
  assert.equal(entries.map((entry: Entry) => [entry.name, entry.status, entry.expectedAt]), [['Rossi', 'seated', null], ['Bianchi', 'seated', null]]);
});

Waitlist.run();
