// The host stand through the API: a paired display of kind `host` reads and changes the
// bookings of yesterday, today and tomorrow only (never settings, staff or orders); the day
// it reads carries the floor, the services, the late threshold and the server's clock; a
// party is seated, then finished (its table frees at once, as the online free times see);
// a walk-in holds its table for its stay (the free times online see it taken) or is told
// which booking is in the way and for how long it could stay; two hosts moving one booking:
// one wins, the other is told what changed; hosts and a waiter racing walk-ins, early seats and
// moves on four tables: one party per table; its stream lasts past two minutes and ends when
// it is unpaired. The clock is the test's: Saturday 21 November 2026, 19:00 in Rome.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, WAITER, type TestApi } from '../helpers/api.js';
import { pairScreen } from '../helpers/displays.js';
import { closeStreams, nextEventNamed, readStream } from '../helpers/stream.js';

const TODAY = '2026-11-21';
const SEVEN_PM = Date.UTC(2026, 10, 21, 18, 0, 0);
let api: TestApi;
let admin: string;
let host: string;

/** The floor: table n+1 seats seats[n]; every other table is off the floor. */
async function floor(seats: number[]) {
  await api.db.updateTable('dining_tables').set({ active: 0 }).execute();
  for (const [i, count] of seats.entries()) await api.db.updateTable('dining_tables').set({ active: 1, seats: count }).where('number', '=', i + 1).execute();
}
const day = async (token: string, date = TODAY) => (await api.authed(`/api/v1/staff/bookings?date=${date}`, token)).json();
const freeTimes = async (party: number) => (await (await api.request(`/api/v1/bookings/times?party=${party}&date=${TODAY}`)).json()).day.times.map((time: { time: string }) => time.time);

const Host = suite('the host stand');
Host.before.each(async () => {
  api = await createTestApi({ watchTimes: { checkMs: 50, markMs: 200 } });
  api.clock.now = SEVEN_PM;
  admin = (await api.login(ADMIN)).accessToken;
  host = (await pairScreen(api, admin, { name: 'Host stand', kind: 'host' })).credential;
});
Host.after.each(closeStreams);

Host('a host stand reads yesterday, today and tomorrow, with the floor, the services, the late threshold and the clock; nothing further, and no settings, staff or orders', async () => {
  await floor([2, 4]);
  const today = await day(host);
  assert.equal([today.date, today.label, today.bookings, today.lateMinutes, today.intervalMinutes, today.timeZone, today.now], [TODAY, 'Saturday 21 November', [], 15, 15, 'Europe/Rome', '2026-11-21T18:00:00.000Z']);
  assert.equal(today.tables, [{ number: 1, seats: 2, joinsWith: [], plan: null, shape: 'square' }, { number: 2, seats: 4, joinsWith: [], plan: null, shape: 'square' }]);
  assert.equal(today.services, [
    { startsAt: '2026-11-21T11:00:00.000Z', endsAt: '2026-11-21T14:00:00.000Z' },
    { startsAt: '2026-11-21T18:00:00.000Z', endsAt: '2026-11-21T22:00:00.000Z' },
  ]);
  assert.is((await day(host, '2026-11-20')).date, '2026-11-20');
  assert.is((await day(host, '2026-11-22')).date, '2026-11-22');
  await expectError(await api.authed('/api/v1/staff/bookings?date=2026-11-23', host), 403, 'forbidden', 'A host stand sees the bookings of yesterday, today and tomorrow only: Monday 23 November is not one of them.');
  await expectError(await api.authed('/api/v1/staff/bookings?date=2026-11-19', host), 403, 'forbidden', 'A host stand sees the bookings of yesterday, today and tomorrow only: Thursday 19 November is not one of them.');
  await expectError(await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: '2026-11-27', time: '19:30', name: 'Far' }, host), 403, 'forbidden');
  // A Waiter's day is any day.
  assert.is((await day((await api.login(WAITER)).accessToken, '2026-11-27')).date, '2026-11-27');
  for (const path of ['/api/v1/admin/booking-settings', '/api/v1/admin/staff', '/api/v1/admin/bookings/off-floor']) {
    await expectError(await api.authed(path, host), 403, 'display_not_allowed', 'This is a paired screen: it opens its own board and nothing else.');
  }
  await expectError(await api.authed('/api/v1/orders/queue', host), 403, 'forbidden', 'Only Kitchen and Waiter staff, and paired kitchen screens, can see and move orders.');
  await expectError(await api.authed('/api/v1/orders/events', host), 403, 'forbidden');
  await expectError(await api.authed('/api/v1/board-settings', host), 403, 'forbidden');
  await expectError(await api.authed('/api/v1/display/recalls', host), 403, 'forbidden');
  // A kitchen screen, the other way round, sees no bookings.
  const pass = (await pairScreen(api, admin, { name: 'Pass', kind: 'pass' })).credential;
  await expectError(await api.authed('/api/v1/staff/bookings', pass), 403, 'forbidden', 'Only Waiter and Admin staff, and paired host stands, can see and change bookings.');
  await expectError(await api.authed('/api/v1/staff/bookings', (await api.login(KITCHEN)).accessToken), 403, 'forbidden', 'Only Waiter and Admin staff, and paired host stands, can see and change bookings.');
});

Host('seated, then finished: the table is free from that minute (the free times online see it), the booking changes no more, and each step is recorded under the display', async () => {
  await floor([2]);
  api.clock.now = SEVEN_PM - 3 * 60 * 60_000; // 16:00: far enough ahead to book 19:00 online
  const { booking } = await (await api.postJson('/api/v1/bookings', { party: 2, date: TODAY, time: '19:00', name: 'Giulia Rossi', phone: '347 123 4567' })).json();
  api.clock.now = SEVEN_PM - 60 * 60_000; // 18:00
  assert.equal(await freeTimes(2), ['21:00'], 'the table is held 19:00–21:00');
  api.clock.now = SEVEN_PM + 5 * 60_000;
  const [found] = (await day(host)).bookings;
  assert.equal([found.name, found.seatedAt, found.finishedAt, found.walkIn], ['Giulia Rossi', null, null, false]);
  const seated = await (await api.send('PATCH', `/api/v1/staff/bookings/${found.id}`, { version: found.version, status: 'arrived' }, host)).json();
  assert.equal([seated.status, seated.seatedAt, seated.version], ['arrived', '2026-11-21T18:05:00.000Z', booking.version + 1]);
  api.clock.now = SEVEN_PM + 75 * 60_000; // 20:15
  const finished = await (await api.send('PATCH', `/api/v1/staff/bookings/${found.id}`, { version: seated.version, finished: true }, host)).json();
  assert.equal([finished.status, finished.finishedAt, finished.endsAt], ['arrived', '2026-11-21T19:15:00.000Z', '2026-11-21T19:15:00.000Z']);
  api.clock.now = SEVEN_PM - 60 * 60_000; // what the guests online see for the evening, as if asked at 18:00
  assert.equal(await freeTimes(2), ['20:15', '20:30', '20:45', '21:00'], 'free again from 20:15');
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${found.id}`, { version: finished.version, finished: true }, host), 409, 'invalid_transition', `Booking ${found.id} is finished already: only a party seated now can finish.`);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${found.id}`, { version: finished.version, status: 'confirmed' }, host), 409, 'invalid_transition', `Booking ${found.id} (Giulia Rossi) has finished: its table is free again, and it cannot change any more.`);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${found.id}`, { version: finished.version, finished: true, table: 1 }, host), 400, 'invalid_field', 'Finishing a stay changes nothing else: send version and finished only, not table.');
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(
    entries.slice(0, 2).map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name]),
    [
      ['booking.finished', 'Display: Host stand'],
      ['booking.arrived', 'Display: Host stand'],
    ],
  );
  // Undo arrived forgets when they sat down, and the booked times hold again.
  api.clock.now = SEVEN_PM + 90 * 60_000; // 20:30
  const other = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '21:00', name: 'Late table' }, host)).json();
  const arrived = await (await api.send('PATCH', `/api/v1/staff/bookings/${other.id}`, { version: 1, status: 'arrived' }, host)).json();
  const undone = await (await api.send('PATCH', `/api/v1/staff/bookings/${other.id}`, { version: arrived.version, status: 'confirmed' }, host)).json();
  assert.equal([arrived.seatedAt, arrived.startsAt, undone.seatedAt, undone.startsAt], ['2026-11-21T19:30:00.000Z', '2026-11-21T19:30:00.000Z', null, '2026-11-21T20:00:00.000Z']);
});

Host('a walk-in holds its table for its stay: the free times online see it; a table booked later says for how long they could stay', async () => {
  await floor([2, 2]);
  api.clock.now = SEVEN_PM - 60 * 60_000; // 18:00
  assert.equal(await freeTimes(2), ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);
  // Table 1 is booked at 20:00 by phone.
  const rossi = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '20:00', name: 'Rossi', table: 1 }, host)).json();
  assert.is(rossi.table, 1);
  api.clock.now = SEVEN_PM;
  const refused = await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1 }, host), 409, 'table_unavailable', 'Table 1 is booked at 20:00 (Rossi, 2 people): seat them for 60 minutes at most, or at another table.');
  assert.is(refused.minutes, 60);
  const short = await (await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 60, name: 'Two at the door' }, host)).json();
  assert.equal(
    [short.status, short.walkIn, short.table, short.time, short.seatedAt, short.startsAt, short.endsAt, short.source],
    ['arrived', true, 1, '19:00', '2026-11-21T18:00:00.000Z', '2026-11-21T18:00:00.000Z', '2026-11-21T19:00:00.000Z', 'staff'],
  );
  // No table given: the smallest free one for the owner's stay (table 2, to 21:00).
  const second = await (await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2 }, host)).json();
  assert.equal([second.table, second.name, second.endsAt], [2, '', '2026-11-21T20:00:00.000Z']);
  api.clock.now = SEVEN_PM - 60 * 60_000;
  assert.equal(await freeTimes(2), ['21:00'], 'both tables held until 21:00 (table 1: the walk-in, then Rossi)');
  api.clock.now = SEVEN_PM;
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2 }, host), 409, 'no_table_free', 'No table for 2 is free for 120 minutes from now: choose a table and a shorter stay, or ask them to wait.');
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 2 }, host), 409, 'table_unavailable', 'Table 2 is taken now (guest, 2 people, until 21:00): choose another table.');
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 3, table: 1 }, host), 400, 'party_too_large');
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 9 }, host), 409, 'table_unavailable', 'Table 9 is not on the floor.');
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, minutes: 5 }, host), 400, 'invalid_field');
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([entries[0].action, entries[0].by.name], ['booking.walk_in', 'Display: Host stand']);
  const { covers, bookings } = await day(host);
  assert.equal([covers, bookings.map((one: { walkIn: boolean }) => one.walkIn)], [{ booked: 2, arrived: 0, noShow: 0, walkIns: 4 }, [true, true, false]]);
});

Host('seated early: the stay starts now, as long as it was booked for, and holds the table on the stand and online; a walk-in cannot take it; undone, the booked time holds again', async () => {
  await floor([2]);
  const rossi = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '21:00', name: 'Rossi', table: 1 }, host)).json();
  assert.equal([rossi.startsAt, rossi.endsAt], ['2026-11-21T20:00:00.000Z', '2026-11-21T22:00:00.000Z']);
  api.clock.now = SEVEN_PM + 20 * 60_000; // 19:20, 100 minutes early
  const seated = await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, status: 'arrived' }, host)).json();
  assert.equal([seated.status, seated.time, seated.seatedAt, seated.startsAt, seated.endsAt], ['arrived', '21:00', '2026-11-21T18:20:00.000Z', '2026-11-21T18:20:00.000Z', '2026-11-21T20:20:00.000Z']);
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 30 }, host), 409, 'table_unavailable', 'Table 1 is taken now (Rossi, 2 people, until 21:20): choose another table.');
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2 }, host), 409, 'no_table_free');
  api.clock.now = SEVEN_PM - 60 * 60_000; // what the guests online see for the evening, as if asked at 18:00
  assert.equal(await freeTimes(2), [], 'Rossi holds the table 19:20–21:20, and the last time, 21:00, would meet that');
  api.clock.now = SEVEN_PM + 21 * 60_000;
  const undone = await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: seated.version, status: 'confirmed' }, host)).json();
  assert.equal([undone.status, undone.seatedAt, undone.startsAt, undone.endsAt], ['confirmed', null, '2026-11-21T20:00:00.000Z', '2026-11-21T22:00:00.000Z']);
  assert.is((await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 90 }, host)).status, 201, 'the table is free until 21:00 again');
});

Host('seating early is refused while another party is at the table, naming them; at another table it is seated now', async () => {
  await floor([2, 2]);
  const rossi = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '20:30', name: 'Rossi', table: 1 }, host)).json();
  const walkIn = await (await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 60, name: 'Verdi' }, host)).json();
  assert.equal([walkIn.table, walkIn.endsAt], [1, '2026-11-21T19:00:00.000Z']);
  api.clock.now = SEVEN_PM + 10 * 60_000;
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, status: 'arrived' }, host), 409, 'table_unavailable', 'Table 1 is taken now (Verdi, 2 people, until 20:00): seat Rossi at another table, or once it is free.');
  // At another table: seated there, now.
  const elsewhere = await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, status: 'arrived', table: 2 }, host)).json();
  assert.equal([elsewhere.table, elsewhere.startsAt], [2, '2026-11-21T18:10:00.000Z']);
});

Host('seating early is refused when a party booked meanwhile would meet it there', async () => {
  await floor([2]);
  api.clock.now = SEVEN_PM - 15 * 60_000; // 18:45
  const bianchi = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '19:00', name: 'Bianchi', table: 1 }, host)).json();
  const rossi = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '21:00', name: 'Rossi', table: 1 }, host)).json();
  assert.equal([bianchi.table, rossi.table], [1, 1]);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, status: 'arrived' }, host), 409, 'table_unavailable', 'Table 1 is booked at 19:00 (Bianchi, 2 people): seated now, Rossi would still be there then. Seat them at another table.');
});

Host('a no-show is marked once the party is late by the owner’s minutes, not before; a party is seated on its own day', async () => {
  await floor([2]);
  const rossi = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '19:30', name: 'Rossi' }, host)).json();
  api.clock.now = SEVEN_PM + 40 * 60_000; // 19:40, ten minutes late
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, status: 'no_show' }, host), 409, 'too_early', 'Rossi is booked for 19:30: a no-show can be marked from 19:45, when they are 15 minutes late.');
  api.clock.now = SEVEN_PM + 45 * 60_000;
  assert.equal((await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, status: 'no_show' }, host)).json()).status, 'no_show');
  const tomorrow = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: '2026-11-22', time: '19:30', name: 'Domani' }, host)).json();
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${tomorrow.id}`, { version: tomorrow.version, status: 'arrived' }, host), 409, 'invalid_transition', `Booking ${tomorrow.id} (Domani) is for Sunday 22 November: a party is seated on its own day.`);
});

Host('finished by mistake, undone: the table is theirs again until the end it had; not once another party sits there, nor once that end has passed', async () => {
  await floor([2]);
  api.clock.now = SEVEN_PM; // 19:00
  const rossi = await (await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, name: 'Rossi' }, host)).json();
  assert.equal([rossi.startsAt, rossi.endsAt], ['2026-11-21T18:00:00.000Z', '2026-11-21T20:00:00.000Z']);
  api.clock.now = SEVEN_PM + 30 * 60_000; // 19:30
  const finished = await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: rossi.version, finished: true }, host)).json();
  assert.equal([finished.finishedAt, finished.endsAt], ['2026-11-21T18:30:00.000Z', '2026-11-21T18:30:00.000Z']);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: finished.version, finished: false, table: 1 }, host), 400, 'invalid_field', 'Undoing a finish changes nothing else: send version and finished only, not table.');
  const back = await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: finished.version, finished: false }, host)).json();
  assert.equal([back.status, back.finishedAt, back.seatedAt, back.endsAt, back.version], ['arrived', null, '2026-11-21T18:00:00.000Z', '2026-11-21T20:00:00.000Z', finished.version + 1]);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: back.version, finished: false }, host), 409, 'invalid_transition', `Booking ${rossi.id} (Rossi) has not finished: there is nothing to undo.`);
  await expectError(await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 30 }, host), 409, 'table_unavailable', 'Table 1 is taken now (Rossi, 2 people, until 21:00): choose another table.');
  // Finished again, and the table given to Verdi: Rossi cannot have it back.
  const again = await (await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: back.version, finished: true }, host)).json();
  await api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table: 1, minutes: 60, name: 'Verdi' }, host);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: again.version, finished: false }, host), 409, 'table_unavailable', 'Table 1 is taken now (Verdi, 2 people, until 20:30): Rossi cannot have the table back.');
  api.clock.now = SEVEN_PM + 121 * 60_000; // 21:01: Rossi's stay would have ended at 21:00
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${rossi.id}`, { version: again.version, finished: false }, host), 409, 'invalid_transition', 'The stay of Rossi was held until 21:00, which has passed: there is nothing to give back.');
  const { entries } = await (await api.authed('/api/v1/admin/activity?limit=5', (await api.login(ADMIN)).accessToken)).json();
  assert.equal(
    entries.map((entry: { action: string; by: { name: string } }) => `${entry.action} ${entry.by.name}`),
    ['booking.walk_in Display: Host stand', 'booking.finished Display: Host stand', 'booking.finish_undone Display: Host stand', 'booking.finished Display: Host stand', 'booking.walk_in Display: Host stand'],
  );
});

Host('two hosts move one booking at once: one wins, the other is told what it is now', async () => {
  await floor([2, 2, 4]);
  const second = (await pairScreen(api, admin, { name: 'Door', kind: 'host' })).credential;
  const made = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '20:00', name: 'Bianchi' }, host)).json();
  const answers = await Promise.all([
    api.send('PATCH', `/api/v1/staff/bookings/${made.id}`, { version: made.version, table: 2 }, host),
    api.send('PATCH', `/api/v1/staff/bookings/${made.id}`, { version: made.version, table: 3, time: '20:30' }, second),
  ]);
  assert.equal(answers.map((answer) => answer.status).sort(), [200, 409]);
  const winner = await answers.find((answer) => answer.status === 200)!.json();
  const loser = await answers.find((answer) => answer.status === 409)!.json();
  assert.is(loser.code, 'conflict');
  assert.equal(loser.booking, winner);
  assert.match(loser.message, new RegExp(`^Booking ${made.id} \\(Bianchi\\) was changed meanwhile: it is now confirmed, 2 people at ${winner.time} on Saturday 21 November, table ${winner.table}\\.$`));
});

Host('hosts and waiters racing on four tables (walk-ins, early seats and moves at once): never two parties at one table at one time', async () => {
  await floor([4, 4, 4, 4]);
  const later = [];
  for (const table of [1, 2, 3, 4]) later.push(await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: TODAY, time: '20:30', name: `Later ${table}`, table }, host)).json());
  api.clock.now = SEVEN_PM + 5 * 60_000; // 19:05: every table free for 85 minutes
  const people = [host, (await pairScreen(api, (await api.login(ADMIN)).accessToken, { name: 'Door', kind: 'host' })).credential, (await api.login(WAITER)).accessToken];
  const asks = [];
  for (let round = 0; round < 6; round++) {
    for (const table of [1, 2, 3, 4]) {
      const who = people[(round + table) % people.length]!;
      asks.push(api.send('POST', '/api/v1/staff/bookings/walk-ins', { party: 2, table, minutes: 60, name: `Walk-in ${round}.${table}` }, who));
      // The party booked at this table for 20:30 seated early, or its booking moved to 19:30, against the walk-ins.
      const booking = later[table - 1]!;
      asks.push(round % 2 ? api.send('PATCH', `/api/v1/staff/bookings/${booking.id}`, { version: booking.version, status: 'arrived' }, who) : api.send('PATCH', `/api/v1/staff/bookings/${booking.id}`, { version: booking.version, time: '19:30' }, who));
    }
  }
  const answers = await Promise.all(asks);
  const statuses = answers.map((answer) => answer.status);
  assert.ok(statuses.every((status) => [200, 201, 409].includes(status)), statuses.join(' '));
  // At each table the first to land wins (a walk-in till 20:05, or the 20:30 party seated now or
  // moved to 19:30, each of which meets the others), and every other ask is told so: four wins.
  assert.is(statuses.filter((status) => status !== 409).length, 4, statuses.join(' '));
  // What the stand reads now: at each table, no two stays that hold it meet.
  const { bookings } = await day(host);
  const holding = (bookings as { table: number; status: string; startsAt: string; endsAt: string; name: string }[]).filter((booking) => ['confirmed', 'arrived'].includes(booking.status));
  for (const table of [1, 2, 3, 4]) {
    const stays = holding.filter((booking) => booking.table === table).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    for (let i = 1; i < stays.length; i++) assert.ok(stays[i - 1]!.endsAt <= stays[i]!.startsAt, `table ${table}: ${stays[i - 1]!.name} until ${stays[i - 1]!.endsAt} meets ${stays[i]!.name} from ${stays[i]!.startsAt}`);
    assert.ok(stays.filter((stay) => Date.parse(stay.startsAt) <= api.clock.now && api.clock.now < Date.parse(stay.endsAt)).length <= 1, `table ${table} holds one party now`);
  }
});

Host('its stream opens with what it is, hears every booking of its three days made online (and of no other day), lasts past two minutes, and ends when it is unpaired', async () => {
  const paired = await pairScreen(api, admin, { name: 'Front door', kind: 'host' });
  const stream = readStream(await api.request('/api/v1/staff/bookings/events', { headers: { Authorization: `Bearer ${paired.credential}` } }));
  assert.is(stream.response.status, 200);
  const [what] = await stream.next();
  assert.equal([what!.event, JSON.parse(what!.data)], ['display', { id: paired.id, name: 'Front door', kind: 'host', station: null, lang: 'en' }]);
  api.clock.now = SEVEN_PM + 3 * 60_000; // a person's stream would have ended at two minutes
  api.clock.now = SEVEN_PM - 3 * 60 * 60_000;
  const later = await api.postJson('/api/v1/bookings', { party: 2, date: '2026-11-27', time: '20:00', name: 'Next week', phone: '347 765 4320' });
  assert.is(later.status, 201);
  const made = await api.postJson('/api/v1/bookings', { party: 2, date: TODAY, time: '20:00', name: 'Online guest', phone: '347 765 4321' });
  assert.is(made.status, 201);
  const event = await nextEventNamed(stream, 'booking');
  assert.is(JSON.parse(event.data).name, 'Online guest', 'next week’s booking is not its business');
  await api.send('POST', `/api/v1/admin/displays/${paired.id}/unpair`, { version: 2 }, admin);
  assert.ok(await stream.ended(2000), 'the stream ended');
  await expectError(await api.authed('/api/v1/staff/bookings', paired.credential), 401, 'display_unpaired', 'This screen was unpaired. Ask the owner for a new code.');
});

Host.run();
