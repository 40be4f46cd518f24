// Tables that join, through the API (on SQLite, and on PostgreSQL in the second API group):
// the owner says which tables may be pushed together; the host seats a party at joined
// tables, by choice or because no single table seats it; online bookings take a join for
// such a party; a joined stay holds every one of its tables, on the stand, online and in the
// database itself, which refuses a second party at any of them whoever writes it; hosts
// racing joins, walk-ins and moves never put two parties at one table. The clock is the
// test's: Saturday 21 November 2026, 19:00 in Rome.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, WAITER, type TestApi } from '../helpers/api.js';
import { pairScreen } from '../helpers/displays.js';
import { isBookingOverlap } from '../../src/server/db/dialect.js';

const TODAY = '2026-11-21';
const SEVEN_PM = Date.UTC(2026, 10, 21, 18, 0, 0);
let api: TestApi;
let admin: string;
let host: string;

interface Table {
  number: number;
  joinsWith: number[];
  version: number;
}
interface Booking {
  id: number;
  version: number;
  name: string;
  status: string;
  table: number | null;
  tables: number[];
  startsAt: string;
  endsAt: string;
}

/** The floor: table n+1 seats seats[n]; every other table is off the floor. */
async function floor(seats: number[]) {
  await api.db.updateTable('dining_tables').set({ active: 0 }).execute();
  for (const [i, count] of seats.entries()) await api.db.updateTable('dining_tables').set({ active: 1, seats: count }).where('number', '=', i + 1).execute();
}
const tables = async (): Promise<Table[]> => (await (await api.authed('/api/v1/admin/tables', admin)).json()).tables;
const table = async (number: number) => (await tables()).find((each) => each.number === number)!;
/** The owner lets `number` join `others` (on its version as it is now). */
async function joins(number: number, others: number[]) {
  const response = await api.send('PATCH', `/api/v1/admin/tables/${number}`, { version: (await table(number)).version, joinsWith: others }, admin);
  assert.is(response.status, 200, await response.clone().text());
  return (await response.json()) as Table;
}
const day = async () => (await api.authed(`/api/v1/staff/bookings?date=${TODAY}`, host)).json();
const freeTimes = async (party: number) => (await (await api.request(`/api/v1/bookings/times?party=${party}&date=${TODAY}`)).json()).day.times.map((time: { time: string }) => time.time);
const walkIn = (fields: Record<string, unknown>, token = host) => api.send('POST', '/api/v1/staff/bookings/walk-ins', fields, token);

const Joins = suite('tables that join');
Joins.before.each(async () => {
  api = await createTestApi({});
  api.clock.now = SEVEN_PM;
  admin = (await api.login(ADMIN)).accessToken;
  host = (await pairScreen(api, admin, { name: 'Host stand', kind: 'host' })).credential;
  await floor([4, 4, 2, 2]);
});

Joins('the owner says which tables join: both tables of a pair list it and take a new version; itself or a table that does not exist is a 400; each change recorded', async () => {
  const before = await table(2);
  const one = await joins(1, [2]);
  assert.equal([one.joinsWith, one.version], [[2], 2]);
  const two = await table(2);
  assert.equal([two.joinsWith, two.version], [[1], before.version + 1], 'table 2 gained a join: its version moved on');
  // An editor that still shows table 2 as it was is told it changed.
  const stale = await expectError(await api.send('PATCH', '/api/v1/admin/tables/2', { version: before.version, seats: 6 }, admin), 409, 'conflict', 'Table 2 · Table 2 was changed by someone else meanwhile. Here it is as it is now.');
  assert.equal(stale.table.joinsWith, [1]);
  await joins(2, [1, 3]);
  assert.equal((await tables()).slice(0, 4).map((each) => [each.number, each.joinsWith]), [[1, [2]], [2, [1, 3]], [3, [2]], [4, []]]);
  await expectError(await api.send('PATCH', '/api/v1/admin/tables/1', { version: (await table(1)).version, joinsWith: [1, 2] }, admin), 400, 'invalid_field', 'A table cannot join itself: leave 1 out.');
  await expectError(await api.send('PATCH', '/api/v1/admin/tables/1', { version: (await table(1)).version, joinsWith: [2, 99] }, admin), 400, 'invalid_field', 'There is no table 99.');
  assert.equal((await table(1)).joinsWith, [2], 'a refused change writes nothing');
  // The host stand reads the joins: 2+3 (6 seats), 1+2 (8), 1+2+3 (10).
  const today = await day();
  assert.equal(today.joins, [{ tables: [2, 3], seats: 6 }, { tables: [1, 2], seats: 8 }, { tables: [1, 2, 3], seats: 10 }]);
  assert.equal(today.tables.map((each: Table) => each.joinsWith), [[2], [1, 3], [2], []]);
  // Joins undone: an empty list.
  await joins(2, []);
  assert.equal((await day()).joins, []);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(entries.slice(0, 3).map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name]), [['table.updated', 'Ada Conti'], ['table.updated', 'Ada Conti'], ['table.updated', 'Ada Conti']]);
});

Joins('a walk-in of six at tables 1 + 2: both are held, as the stand, a second party and the free times online see; joins the owner does not allow, or too small, are refused in words', async () => {
  await joins(2, [1, 3]);
  await expectError(await walkIn({ party: 6, tables: [1, 3] }), 409, 'table_unavailable', 'Tables 1 + 3 do not join: the owner says which tables may, on the Tables page.');
  await expectError(await walkIn({ party: 7, tables: [2, 3] }), 409, 'table_unavailable', 'Tables 2 + 3 together do not seat 7.');
  await expectError(await walkIn({ party: 6, table: 1, tables: [1, 2] }), 400, 'invalid_field', 'Send table or tables, not both.');
  await expectError(await walkIn({ party: 6, tables: [1] }), 400, 'invalid_field');
  const seated = (await (await walkIn({ party: 6, tables: [1, 2], name: 'Ferri' })).json()) as Booking;
  assert.equal([seated.table, seated.tables, seated.status, seated.endsAt], [1, [1, 2], 'arrived', '2026-11-21T20:00:00.000Z']);
  // Table 2 is the joined stay's too: a walk-in there is told who is in the way.
  await expectError(await walkIn({ party: 2, table: 2 }), 409, 'table_unavailable', 'Table 2 is taken now (Ferri, 6 people, until 21:00): choose another table.');
  await expectError(await walkIn({ party: 5, tables: [2, 3] }), 409, 'table_unavailable', 'Table 2 is taken now (Ferri, 6 people, until 21:00): choose another table.');
  await expectError(await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '20:00', name: 'Neri', table: 2 }, host), 409, 'table_unavailable', 'Table 2 is booked at 20:00 on Saturday 21 November already.');
  // The stand draws it on both rows.
  const drawn = (await day()).bookings.find((booking: Booking) => booking.id === seated.id);
  assert.equal([drawn.table, drawn.tables], [1, [1, 2]]);
  // Online, a party of 6 has no join free until Ferri leaves at 21:00 (2 + 3 takes table 2 too);
  // a party of 2 still has tables 3 and 4.
  api.clock.now = SEVEN_PM - 60 * 60_000;
  assert.equal(await freeTimes(6), ['21:00']);
  assert.equal((await freeTimes(2)).slice(0, 2), ['19:00', '19:15']);
  // Finished: both tables are free from that minute.
  api.clock.now = SEVEN_PM + 30 * 60_000;
  const left = (await (await api.send('PATCH', `/api/v1/staff/bookings/${seated.id}`, { version: seated.version, finished: true }, host)).json()) as Booking;
  assert.is(left.endsAt, '2026-11-21T18:30:00.000Z');
  assert.is((await walkIn({ party: 2, table: 2, minutes: 60 })).status, 201, 'table 2 is free once the joined party has left');
});

Joins('no single table seats the party: the stand and online take the smallest free join, a party one table seats never takes one, and the largest join is what online bookings offer', async () => {
  await joins(2, [1, 3]);
  const rules = await (await api.request('/api/v1/bookings/rules')).json();
  assert.is(rules.largestTable, 10, '1 + 2 + 3 seat ten');
  // No table given: a party of 6 takes 2 + 3 (6 seats), the smallest join.
  const six = (await (await walkIn({ party: 6, minutes: 60 })).json()) as Booking;
  assert.equal(six.tables, [2, 3]);
  // A party of 4 takes table 1 alone; the next party of 4 is told none is free: no join (3 + 4 would be free) is made for a party one table seats.
  assert.equal(((await (await walkIn({ party: 4, minutes: 60 })).json()) as Booking).tables, [1]);
  await expectError(await walkIn({ party: 4, minutes: 60 }), 409, 'no_table_free');
  // Online: a party of 8 at 21:00 is given 1 + 2, and its booking holds both.
  api.clock.now = SEVEN_PM - 60 * 60_000;
  const made = await api.send('POST', '/api/v1/bookings', { party: 8, date: TODAY, time: '21:00', name: 'Galli', phone: '+39 347 123 4567' });
  assert.is(made.status, 201, await made.clone().text());
  const booked = (await day()).bookings.find((booking: Booking) => booking.name === 'Galli');
  assert.equal([booked.table, booked.tables], [1, [1, 2]]);
  assert.ok(!(await freeTimes(8)).includes('21:00'), '21:00 is taken for a party of 8 now');
  await expectError(await api.send('POST', '/api/v1/bookings', { party: 11, date: TODAY, time: '21:00', name: 'Many', phone: '+39 347 123 4568' }), 400, 'party_too_large');
});

Joins('a booking joined, moved and seated early: its tables go with it; early, each of its tables is checked and the party in the way named', async () => {
  await joins(1, [2]);
  const rossi = (await (await api.send('POST', '/api/v1/staff/bookings', { party: 4, date: TODAY, time: '21:00', name: 'Rossi', table: 1 }, host)).json()) as Booking;
  // The party grew to six: joined to table 2 on the booking's version.
  const grown = (await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, party: 6, tables: [1, 2] }, host)).json()) as Booking;
  assert.equal([grown.tables, grown.version], [[1, 2], rossi.version + 1]);
  // Back to table 1 alone for six: too small.
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: grown.version, table: 1 }, host), 409, 'table_unavailable', 'Table 1 does not seat 6.');
  // A walk-in at table 2 until 20:30; seating Rossi early would meet it there.
  const verdi = (await (await walkIn({ party: 2, table: 2, minutes: 90, name: 'Verdi' })).json()) as Booking;
  assert.is(verdi.table, 2);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: grown.version, status: 'arrived' }, host), 409, 'table_unavailable', 'Table 2 is taken now (Verdi, 2 people, until 20:30): seat Rossi at another table, or once it is free.');
  // Once Verdi has left, seated early: both tables held from now.
  api.clock.now = SEVEN_PM + 20 * 60_000;
  await api.send('PATCH', `/api/v1/staff/bookings/${verdi.id}`, { version: verdi.version, finished: true }, host);
  const early = (await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: grown.version, status: 'arrived' }, host)).json()) as Booking;
  assert.equal([early.status, early.tables, early.startsAt], ['arrived', [1, 2], '2026-11-21T18:20:00.000Z']);
  await expectError(await walkIn({ party: 2, table: 2, minutes: 30 }), 409, 'table_unavailable', 'Table 2 is taken now (Rossi, 6 people, until 21:20): choose another table.');
  const { entries } = await (await api.authed('/api/v1/admin/activity', (await api.login(ADMIN)).accessToken)).json();
  const moved = entries.find((entry: { action: string }) => entry.action === 'booking.moved');
  assert.equal([moved.before.tables, moved.after.tables], [undefined, [1, 2]]);
});

Joins('the database itself refuses a second party at a joined table, whoever writes it', async () => {
  await joins(1, [2]);
  const seated = (await (await walkIn({ party: 6, tables: [1, 2] })).json()) as Booking;
  const other = (await (await walkIn({ party: 2, table: 3 })).json()) as Booking;
  // Written past the booking code: table 2 for the other party, at the same time.
  const error = await api.db
    .insertInto('booking_tables')
    .values({ booking_id: other.id, table_number: 2, status: 'arrived', starts_ms: Date.parse(seated.startsAt), ends_ms: Date.parse(seated.endsAt) })
    .execute()
    .then(
      () => null,
      (caught: unknown) => caught,
    );
  assert.ok(isBookingOverlap(error), String(error));
  // A stay's times follow its booking (a trigger): finished, table 2 is free to the database too.
  await api.send('PATCH', `/api/v1/staff/bookings/${seated.id}`, { version: seated.version, finished: true }, host);
  const rows = await api.db.selectFrom('booking_tables').select(['table_number', 'ends_ms']).where('booking_id', '=', seated.id).orderBy('table_number').execute();
  assert.equal(rows.map((row) => [row.table_number, Number(row.ends_ms)]), [[1, SEVEN_PM + 60_000], [2, SEVEN_PM + 60_000]]);
});

Joins('hosts and waiters racing joins, walk-ins and moves on four tables at once: never two parties at one table at one time', async () => {
  await joins(2, [1, 3]);
  await joins(3, [2, 4]);
  const later = (await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '20:30', name: 'Later', table: 4 }, host)).json()) as Booking;
  api.clock.now = SEVEN_PM + 5 * 60_000;
  const people = [host, (await pairScreen(api, (await api.login(ADMIN)).accessToken, { name: 'Door', kind: 'host' })).credential, (await api.login(WAITER)).accessToken];
  const asks = [];
  for (let round = 0; round < 5; round++) {
    const who = (n: number) => people[(round + n) % people.length]!;
    asks.push(walkIn({ party: 6, tables: [1, 2], minutes: 60, name: `Join 1+2 ${round}` }, who(0)));
    asks.push(walkIn({ party: 5, tables: [2, 3], minutes: 60, name: `Join 2+3 ${round}` }, who(1)));
    asks.push(walkIn({ party: 4, tables: [3, 4], minutes: 60, name: `Join 3+4 ${round}` }, who(2)));
    asks.push(walkIn({ party: 2, table: 3 + (round % 2), minutes: 60, name: `Single ${round}` }, who(0)));
    asks.push(api.send('PATCH', `/api/v1/staff/bookings/${later.id}`, round % 2 ? { version: later.version, status: 'arrived' } : { version: later.version, time: '19:30', tables: [3, 4] }, who(1)));
  }
  const statuses = (await Promise.all(asks)).map((answer) => answer.status);
  assert.ok(statuses.every((status) => [200, 201, 409].includes(status)), statuses.join(' '));
  const holding = ((await day()).bookings as Booking[]).filter((booking) => ['confirmed', 'arrived'].includes(booking.status));
  // Only joins ask for tables 1 and 2: whichever lands first, one of them is seated.
  assert.ok(holding.some((booking) => booking.tables.length > 1 && booking.name.startsWith('Join')), 'a joined party was seated');
  for (const number of [1, 2, 3, 4]) {
    const stays = holding.filter((booking) => booking.tables.includes(number)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    for (let i = 1; i < stays.length; i++) assert.ok(stays[i - 1]!.endsAt <= stays[i]!.startsAt, `table ${number}: ${stays[i - 1]!.name} until ${stays[i - 1]!.endsAt} meets ${stays[i]!.name} from ${stays[i]!.startsAt}`);
  }
  // What the database holds agrees with what the stand reads.
  const rows = await api.db.selectFrom('booking_tables').select(['booking_id', 'table_number']).where('status', 'in', ['confirmed', 'arrived']).orderBy('booking_id').orderBy('table_number').execute();
  assert.equal(
    rows.map((row) => `${row.booking_id}:${row.table_number}`),
    holding
      .sort((a, b) => a.id - b.id)
      .flatMap((booking) => [...booking.tables].sort((x, y) => x - y).map((number) => `${booking.id}:${number}`)),
  );
});

Joins.run();
