// Table bookings through the API: the free times a party sees (from the hours, the floor,
// the stay, the lead time and the horizon), booking and its honest refusals, the guest's
// manage link (change, cancel, the cut-off, the .ics), the staff's day (phone bookings,
// accept, arrived, no-show, moves on their versions), the owner's settings, and the last
// table booked by many at once: exactly one gets it. The clock is the test's: Saturday
// 21 November 2026, 13:00 in Rome; the sample week (closed on Mondays, 12–15 and 19–23).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import ICAL from 'ical.js';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';
import { closeStreams, nextEventNamed, readStream } from '../helpers/stream.js';
import { isBookingOverlap } from '../../src/server/db/dialect.js';
import { sweepBookingData } from '../../src/server/bookings/data-sweep.js';

const FRIDAY = '2026-11-27';
let api: TestApi;

const guest = (over: Record<string, unknown> = {}) => ({ party: 2, date: FRIDAY, time: '19:30', name: 'Giulia Rossi', phone: '347 123 4567', ...over });
const book = (over: Record<string, unknown> = {}) => api.postJson('/api/v1/bookings', guest(over));
const booked = async (over: Record<string, unknown> = {}) => {
  const response = await book(over);
  assert.is(response.status, 201, await response.clone().text());
  return response.json() as Promise<{ booking: Record<string, unknown>; key: string }>;
};
const withKey = (key: string, method = 'GET', path = '/api/v1/booking', body?: unknown) =>
  api.request(path, { method, headers: { 'Booking-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
const times = async (party: number, date: string) => (await api.request(`/api/v1/bookings/times?party=${party}&date=${date}`)).json();
/** The floor: table n+1 seats seats[n]; every other table is off the floor. */
async function floor(seats: number[]) {
  await api.db.updateTable('dining_tables').set({ active: 0 }).execute();
  for (const [i, count] of seats.entries()) await api.db.updateTable('dining_tables').set({ active: 1, seats: count }).where('number', '=', i + 1).execute();
}
const DINNER = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00'];
const LUNCH = ['12:00', '12:15', '12:30', '12:45', '13:00'];

const Free = suite('the free times of a day');
Free.before.each(async () => {
  api = await createTestApi();
});

Free('every quarter hour of both services, the last a stay (2 hours) before closing; today only from the lead time (1 hour) on', async () => {
  const rules = await (await api.request('/api/v1/bookings/rules')).json();
  assert.equal(rules, { largestParty: 8, largestTable: 4, phone: '06 1234 5678', phoneLink: 'tel:+390612345678', firstDate: '2026-11-21', lastDate: '2027-01-20', intervalMinutes: 15, stayMinutes: 120, needsApproval: false, timeZone: 'Europe/Rome' });
  const friday = await times(2, FRIDAY);
  assert.equal([friday.day.label, friday.day.state, friday.note], ['Friday 27 November', 'free', null]);
  assert.equal(friday.day.times.map((time: { time: string }) => time.time), [...LUNCH, ...DINNER]);
  assert.is(friday.day.times[5].startsAt, '2026-11-27T18:00:00.000Z'); // 19:00 in Rome (CET, UTC+1)
  const today = await times(2, '2026-11-21'); // 13:00 now: lunch is over for bookings
  assert.equal(today.day.times.map((time: { time: string }) => time.time), DINNER);
  assert.equal(today.around.map((day: { date: string; state: string }) => `${day.date} ${day.state}`), ['2026-11-22 free', '2026-11-23 closed', '2026-11-24 free']);
});

Free('a closed day, a past day and a day past the horizon say so, and name the nearest day with times', async () => {
  const monday = await times(2, '2026-11-23');
  assert.equal([monday.day.state, monday.day.times], ['closed', []]);
  assert.is(monday.note, 'We are closed on Monday 23 November; Tuesday 24 November has 12:00, 12:15, 12:30 and later.');
  assert.is((await times(2, '2026-11-20')).day.state, 'past');
  // Days a date field passes through while a year is typed: answered as past or too far, never a 500.
  for (const [date, state] of [['0002-11-25', 'past'], ['0202-11-25', 'past'], ['1000-01-01', 'past'], ['9999-12-31', 'too_far']]) {
    assert.is((await times(2, date!)).day.state, state, date);
  }
  assert.is((await times(2, '2027-01-21')).day.state, 'too_far');
  await expectError(await api.request('/api/v1/bookings/times?party=9&date=2026-11-27'), 400, 'party_too_large', 'Online bookings are for up to 8 people: for 9, please call us.');
  await expectError(await api.request('/api/v1/bookings/times?party=2&date=2026-02-30'), 400, 'invalid_field');
});

Free('a table is held for the whole stay: with one table, a booking at 19:30 takes every dinner time that would overlap it', async () => {
  await floor([4]);
  await booked({ time: '19:30' });
  const friday = await times(2, FRIDAY);
  assert.equal(friday.day.times.map((time: { time: string }) => time.time), LUNCH);
  // Back to back is not an overlap: 17:30 ends as 19:30 starts (a lunch at 12:00 ends at 14:00).
  await booked({ time: '12:00', phone: '347 000 0001' });
  assert.equal((await times(2, FRIDAY)).day.times.map((time: { time: string }) => time.time), []);
  assert.is((await times(2, FRIDAY)).note, 'Fully booked on Friday 27 November; Saturday 28 November has 12:00, 12:15, 12:30 and later.');
});

Free('pacing: at most so many parties and guests start in one quarter hour', async () => {
  const admin = (await api.login(ADMIN)).accessToken;
  const settings = await (await api.authed('/api/v1/admin/booking-settings', admin)).json();
  assert.is((await api.send('PUT', '/api/v1/admin/booking-settings', { ...settings, pacingParties: 2, pacingSeats: 6 }, admin)).status, 200);
  await booked({ party: 2 });
  await booked({ party: 2, phone: '347 000 0001' });
  assert.not.ok((await times(2, FRIDAY)).day.times.some((time: { time: string }) => time.time === '19:30'), 'two parties start at 19:30 already');
  assert.ok((await times(2, FRIDAY)).day.times.some((time: { time: string }) => time.time === '19:45'));
  await expectError(await book({ phone: '347 000 0002' }), 409, 'time_taken', '19:30 was just booked; 19:15 and 19:45 are free.');
});

const Book = suite('booking a table');
Book.before.each(async () => {
  api = await createTestApi();
});

Book('the smallest table that seats the party; the phone in international form; the manage link shown once, kept hashed', async () => {
  await floor([6, 2, 4, 2]);
  const { booking, key } = await booked({ party: 3, phone: '347 123 4567', email: 'giulia@example.com', note: 'A high chair, please' });
  assert.match(key, /^[A-Za-z0-9_-]{22}$/);
  assert.equal(booking, {
    status: 'confirmed', party: 3, date: FRIDAY, time: '19:30', when: 'Friday 27 November at 19:30', startsAt: '2026-11-27T18:30:00.000Z', endsAt: '2026-11-27T20:30:00.000Z',
    name: 'Giulia Rossi', phone: '+393471234567', phoneText: '347 123 4567', email: 'giulia@example.com', note: 'A high chair, please', changeableUntil: '2026-11-27T16:30:00.000Z', version: 1,
  });
  const row = await api.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
  assert.equal([row.table_number, row.source, row.key_hash === key, row.key_hash!.length], [3, 'online', false, 43]);
  assert.equal(await (await withKey(key)).json(), booking);
  const two = await booked({ party: 2, phone: '+44 20 7946 0958' });
  assert.is(two.booking.phone, '+442079460958');
  assert.is((await api.db.selectFrom('bookings').select('table_number').where('phone', '=', '+442079460958').executeTakeFirstOrThrow()).table_number, 2);
});

Book('honest refusals: too many people, no table that big, closed, past, not a time, too soon, too far, a phone we cannot call, a bot', async () => {
  await expectError(await book({ party: 9 }), 400, 'party_too_large', 'Online bookings are for up to 8 people: for 9, please call us.');
  await floor([4, 2]);
  await expectError(await book({ party: 6 }), 400, 'party_too_large', 'No table of ours seats 6: please call us, and we will see what we can do.');
  await expectError(await book({ date: '2026-11-23' }), 400, 'closed', 'We are closed on Monday 23 November: choose another day.');
  await expectError(await book({ date: '2026-11-20' }), 400, 'time_not_offered', 'Friday 20 November has passed: choose a day from today on.');
  await expectError(await book({ date: '2026-11-21', time: '12:30' }), 400, 'time_not_offered', '12:30 on Saturday 21 November has passed.');
  api.clock.now = Date.UTC(2026, 10, 21, 17, 30); // 18:30 in Rome
  await expectError(await book({ date: '2026-11-21', time: '19:15' }), 400, 'time_not_offered', 'Online bookings are taken at least 1 hour ahead: for 19:15 today, please call us.');
  await expectError(await book({ time: '19:37' }), 400, 'time_not_offered', '19:37 is not a time we take bookings for on Friday 27 November: the times are 12:00 to 21:00, every 15 minutes.');
  await expectError(await book({ date: '2027-02-01' }), 400, 'time_not_offered', 'Bookings open 60 days ahead: Monday 1 February is further away than that.');
  const phone = await expectError(await book({ phone: '12' }), 400, 'invalid_field', '“12” is not a phone number we can call. For a number from abroad, add its country code (+44 20 7946 0958).');
  assert.is(phone.field, 'phone');
  await expectError(await book({ website: 'http://spam.example' }), 400, 'invalid_field', 'This form was filled in by a program, not a person: nothing was booked. If you are a person, please call us.');
  await expectError(await book({ extra: 1 }), 400, 'invalid_field', 'extra: not a field this takes.');
  assert.is(Number((await api.db.selectFrom('bookings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n), 0);
});

Book('one phone number holds at most 3 bookings to come; one client address makes at most 10 bookings in 15 minutes', async () => {
  for (const time of ['19:00', '19:15', '19:30']) await booked({ time });
  await expectError(await book({ time: '19:45' }), 409, 'too_many_bookings', 'This phone number has 3 bookings to come already: change or cancel one of them (its link is in its confirmation), or call us.');
  for (let i = 0; i < 6; i++) await booked({ phone: `347 000 000${i}` });
  const refused = await expectError(await book({ phone: '347 000 0009' }), 429, 'too_many_bookings', 'Too many bookings from this connection. Try again in 900 seconds, or call us.');
  assert.ok(refused);
});

Book('with approval on: the guest sees "requested", it holds no table, and the staff accept it (a table then) or decline it', async () => {
  await floor([4]);
  const admin = (await api.login(ADMIN)).accessToken;
  const settings = await (await api.authed('/api/v1/admin/booking-settings', admin)).json();
  await api.send('PUT', '/api/v1/admin/booking-settings', { ...settings, needsApproval: true }, admin);
  const first = await booked();
  const second = await booked({ phone: '347 000 0001' });
  assert.equal([first.booking.status, second.booking.status], ['requested', 'requested']);
  const day = await (await api.authed(`/api/v1/staff/bookings?date=${FRIDAY}`, admin)).json();
  assert.equal(day.bookings.map((each: { table: number | null; status: string }) => `${each.status} ${each.table}`), ['requested null', 'requested null']);
  const accepted = await (await api.send('PATCH', `/api/v1/staff/bookings/${day.bookings[0].id}`, { version: 1, status: 'confirmed' }, admin)).json();
  assert.equal([accepted.status, accepted.table, accepted.version], ['confirmed', 1, 2]);
  // The lunch times are free: the only table is held 19:30–21:30.
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${day.bookings[1].id}`, { version: 1, status: 'confirmed' }, admin), 409, 'time_taken', '19:30 was just booked; 12:45 and 13:00 are free.');
  const declined = await (await api.send('PATCH', `/api/v1/staff/bookings/${day.bookings[1].id}`, { version: 1, status: 'declined' }, admin)).json();
  assert.is(declined.status, 'declined');
  assert.is((await (await withKey(second.key)).json()).status, 'declined');
});

Book('the last table, booked by 50 at once: exactly one gets it, the others a 409 with what else is free, nothing half-written', async () => {
  api = await createTestApi({ bookingLimits: { client: 1000, windowMs: 60_000 } });
  await floor([4, 4]);
  await booked({ time: '19:30', phone: '347 999 0000' }); // table 1 for the evening
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book({ time: '19:30', phone: `347 100 ${String(i).padStart(4, '0')}` })));
  assert.equal(answers.map((answer) => answer.status).sort(), [201, ...Array(49).fill(409)]);
  for (const answer of answers.filter((each) => each.status === 409)) {
    const body = await answer.json();
    assert.equal([body.code, body.message, body.times], ['time_taken', '19:30 was just booked; 12:45 and 13:00 are free.', ['12:45', '13:00']]);
  }
  const rows = await api.db.selectFrom('bookings').select(['table_number', 'status']).orderBy('id').execute();
  assert.equal(rows, [{ table_number: 1, status: 'confirmed' }, { table_number: 2, status: 'confirmed' }]);
});

Book('the database itself refuses two bookings holding one table at overlapping times, whoever writes them', async () => {
  const row = { status: 'confirmed', party: 2, date: FRIDAY, time: '19:30', starts_ms: Date.UTC(2026, 10, 27, 18, 30), ends_ms: Date.UTC(2026, 10, 27, 20, 30), table_number: 5, name: 'A', source: 'staff' as const, created_at: 'x', updated_at: 'x' };
  await api.db.insertInto('bookings').values(row).execute();
  const overlap = await api.db.insertInto('bookings').values({ ...row, starts_ms: row.starts_ms + 3_600_000, ends_ms: row.ends_ms + 3_600_000 }).execute().then(() => null, (error: unknown) => error);
  assert.ok(isBookingOverlap(overlap), String(overlap));
  // Back to back, on another table, or holding nothing (cancelled, requested): allowed.
  await api.db.insertInto('bookings').values({ ...row, starts_ms: row.ends_ms, ends_ms: row.ends_ms + 7_200_000 }).execute();
  await api.db.insertInto('bookings').values({ ...row, table_number: 6 }).execute();
  await api.db.insertInto('bookings').values({ ...row, status: 'cancelled' }).execute();
  const { id } = await api.db.insertInto('bookings').values({ ...row, status: 'requested', table_number: null }).returning('id').executeTakeFirstOrThrow();
  // An update that would overlap is refused too.
  const moved = await api.db.updateTable('bookings').set({ status: 'confirmed', table_number: 5 }).where('id', '=', id).execute().then(() => null, (error: unknown) => error);
  assert.ok(isBookingOverlap(moved), String(moved));
});

const Manage = suite("the guest's manage link");
Manage.before.each(async () => {
  api = await createTestApi();
});

Manage('change the time and the party on the version seen; a stale version says what the booking is now; cancel', async () => {
  const { booking, key } = await booked();
  const changed = await (await withKey(key, 'PATCH', '/api/v1/booking', { version: 1, time: '20:15', party: 4 })).json();
  assert.equal([changed.time, changed.party, changed.version, changed.startsAt], ['20:15', 4, 2, '2026-11-27T19:15:00.000Z']);
  const stale = await expectError(await withKey(key, 'PATCH', '/api/v1/booking', { version: 1, time: '19:00' }), 409, 'conflict', 'Your booking was changed meanwhile: it is now confirmed, 4 people at 20:15 on Friday 27 November.');
  assert.is(stale.booking.version, 2);
  assert.is(booking.version, 1);
  const cancelled = await (await withKey(key, 'POST', '/api/v1/booking/cancel', { version: 2 })).json();
  assert.equal([cancelled.status, cancelled.changeableUntil, cancelled.version], ['cancelled', null, 3]);
  await expectError(await withKey(key, 'PATCH', '/api/v1/booking', { version: 3, time: '19:00' }), 409, 'invalid_transition', 'This booking is cancelled: there is nothing to change.');
  // Cancelled, it holds nothing: the times are free again.
  assert.ok((await times(2, FRIDAY)).day.times.some((time: { time: string }) => time.time === '20:15'));
});

Manage('until the cut-off (2 hours before): after it, a 409 that says to call', async () => {
  const { key } = await booked();
  api.clock.now = Date.parse('2026-11-27T16:30:00.000Z'); // 17:30 in Rome, two hours before 19:30
  await expectError(await withKey(key, 'POST', '/api/v1/booking/cancel', { version: 1 }), 409, 'too_late_to_change', 'A booking can be changed or cancelled online until 2 hours before it: please call us.');
  assert.is((await (await withKey(key)).json()).changeableUntil, null);
  api.clock.now -= 1;
  assert.is((await withKey(key, 'POST', '/api/v1/booking/cancel', { version: 1 })).status, 200);
});

Manage('a link that does not work: 404 whatever is wrong with it; none at all is a 400', async () => {
  await booked();
  for (const key of ['A'.repeat(22), 'short', 'x'.repeat(200), '../../etc', '%00']) {
    await expectError(await withKey(key), 404, 'booking_not_found', 'This booking link does not work: check that it is complete, or call us.');
  }
  await expectError(await api.request('/api/v1/booking'), 400, 'invalid_field', "Send the booking's secret (the part of its link after #) in the Booking-Key header.");
});

Manage('the .ics: RFC 5545 in the restaurant’s time zone, read back by a calendar library at the same instants', async () => {
  const { key, booking } = await booked({ name: 'Rossi, Giulia; party' });
  const response = await withKey(key, 'GET', '/api/v1/booking/calendar');
  assert.is(response.headers.get('Content-Type'), 'text/calendar; charset=utf-8');
  assert.is(response.headers.get('Content-Disposition'), 'attachment; filename="tavola-booking.ics"');
  const text = await response.text();
  assert.ok(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75), 'lines folded at 75 octets');
  assert.match(text, 'DTSTART;TZID=Europe/Rome:20261127T193000\r\n');
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  assert.is(event.startDate.toJSDate().toISOString(), booking.startsAt);
  assert.is(event.endDate.toJSDate().toISOString(), booking.endsAt);
  assert.is(event.summary, 'Table for 2 at Tavola');
  assert.is(event.description, `Booked for Rossi, Giulia; party, 2 people.\nChange or cancel: http://localhost/booking#${key}`);
});

Manage('the nights the clocks change in 2026: a booking is at the time the guest chose, in the .ics too', async () => {
  api.clock.now = Date.UTC(2026, 2, 20, 12);
  const spring = await booked({ date: '2026-03-29', time: '20:00' }); // Sunday: summer time from 02:00
  assert.is(spring.booking.startsAt, '2026-03-29T18:00:00.000Z');
  api.clock.now = Date.UTC(2026, 9, 20, 12);
  const autumn = await booked({ date: '2026-10-25', time: '20:00', phone: '347 000 0001' }); // Sunday: winter time from 03:00
  assert.is(autumn.booking.startsAt, '2026-10-25T19:00:00.000Z');
  for (const { key, booking } of [spring, autumn]) {
    const calendar = new ICAL.Component(ICAL.parse(await (await withKey(key, 'GET', '/api/v1/booking/calendar')).text()));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    assert.is(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).startDate.toJSDate().toISOString(), booking.startsAt);
  }
});

const Staff = suite("the staff's bookings");
let waiter: string;
Staff.before.each(async () => {
  api = await createTestApi({ heartbeatMs: 30 });
  waiter = (await api.login(WAITER)).accessToken;
});
Staff.after.each(closeStreams);

Staff('the day by time with its covers; a booking taken by phone at a table of their choosing; arrived and no-show; the activity list names who', async () => {
  await floor([2, 4, 4, 6]);
  await booked({ party: 2, time: '20:00' });
  const phoned = await (await api.send('POST', '/api/v1/staff/bookings', { party: 5, date: FRIDAY, time: '19:00', name: 'Bianchi', phone: '06 1234 5678', table: 4 }, waiter)).json();
  assert.equal([phoned.status, phoned.table, phoned.source, phoned.phone], ['confirmed', 4, 'staff', '+390612345678']);
  const day = await (await api.authed(`/api/v1/staff/bookings?date=${FRIDAY}`, waiter)).json();
  assert.equal(day.bookings.map((each: { time: string; name: string; table: number }) => `${each.time} ${each.name} ${each.table}`), ['19:00 Bianchi 4', '20:00 Giulia Rossi 1']);
  const [first, second] = day.bookings;
  api.clock.now = Date.parse('2026-11-27T19:30:00.000Z'); // 20:30 in Rome: Bianchi is at the table, Rossi half an hour late
  waiter = (await api.login(WAITER)).accessToken;
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${first.id}`, { version: 1, status: 'arrived' }, waiter)).status, 200);
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${second.id}`, { version: 1, status: 'no_show' }, waiter)).status, 200);
  const after = await (await api.authed(`/api/v1/staff/bookings?date=${FRIDAY}`, waiter)).json();
  assert.equal(after.covers, { booked: 7, arrived: 5, noShow: 2, walkIns: 0 });
  const admin = (await api.login(ADMIN)).accessToken;
  const { entries } = await (await api.authed('/api/v1/admin/activity?limit=3', admin)).json();
  assert.equal(entries.map((entry: { action: string; by: { name: string } }) => `${entry.action} ${entry.by.name}`), ['booking.no_show Wanda Rossi', 'booking.arrived Wanda Rossi', 'booking.created Wanda Rossi']);
});

Staff('a party no table seats: the guest is told to call, the staff what they can do', async () => {
  await floor([2, 4]);
  await expectError(await api.send('POST', '/api/v1/staff/bookings', { party: 7, date: FRIDAY, time: '19:30', name: 'Grande' }, waiter), 400, 'party_too_large', 'No table on the floor seats 7: the largest seats 4. Book the party as two bookings, or add a table on the Tables page.');
});

Staff('moves on their versions: to a taken table a 409 that says so; a stale version a 409 that says what it is now; a finished booking cannot come back', async () => {
  await floor([4, 4]);
  await booked({ time: '19:30' });
  const { id } = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: FRIDAY, time: '19:30', name: 'Verdi' }, waiter)).json();
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 1, table: 1 }, waiter), 409, 'table_unavailable', 'Table 1 is booked at 19:30 on Friday 27 November already.');
  const later = await (await api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 1, time: '21:00', party: 4 }, waiter)).json();
  assert.equal([later.time, later.table, later.version], ['21:00', 2, 2]);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 1, status: 'cancelled' }, waiter), 409, 'conflict', `Booking ${id} (Verdi) was changed meanwhile: it is now confirmed, 4 people at 21:00 on Friday 27 November, table 2.`);
  await api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 2, status: 'cancelled' }, waiter);
  await expectError(await api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 3, status: 'arrived' }, waiter), 409, 'invalid_transition', `Booking ${id} is cancelled: it cannot become arrived.`);
});

Staff('each role on each staff and owner endpoint: Waiter and Admin run the bookings, only the Admin the settings; a guest is asked to sign in', async () => {
  const { id } = await (await api.send('POST', '/api/v1/staff/bookings', { party: 2, date: FRIDAY, time: '19:30', name: 'Matrix' }, waiter)).json();
  const settings = await (await api.authed('/api/v1/admin/booking-settings', (await api.login(ADMIN)).accessToken)).json();
  const STAFF = 'Only Waiter and Admin staff, and paired host stands, can see and change bookings.';
  const OWNER = 'Only the Admin can change how bookings are taken.';
  const calls: [string, string, unknown, string][] = [
    ['GET', `/api/v1/staff/bookings?date=${FRIDAY}`, undefined, STAFF],
    ['POST', '/api/v1/staff/bookings', { party: 2, date: FRIDAY, time: '20:00', name: 'Matrix two' }, STAFF],
    ['PATCH', `/api/v1/staff/bookings/${id}`, { version: 1, note: 'By the window' }, STAFF],
    ['POST', '/api/v1/staff/bookings/walk-ins', { party: 2, name: 'Walk-in Matrix' }, STAFF],
    ['GET', '/api/v1/staff/bookings/events', undefined, STAFF],
    ['GET', '/api/v1/admin/bookings/off-floor', undefined, OWNER],
    ['GET', '/api/v1/admin/booking-settings', undefined, OWNER],
    ['PUT', '/api/v1/admin/booking-settings', settings, OWNER],
  ];
  const tokens = { Kitchen: (await api.login(KITCHEN)).accessToken, Student: (await api.login(STUDENT)).accessToken, Waiter: waiter, Admin: (await api.login(ADMIN)).accessToken };
  const seen: string[] = [];
  for (const [method, path, body, refusal] of calls) {
    const guest = await api.request(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    seen.push(`guest ${method} ${path.split('?')[0]} ${guest.status}`);
    for (const [role, token] of Object.entries(tokens)) {
      const answer = body ? await api.send(method, path, body, token) : await api.request(path, { method, headers: { Authorization: `Bearer ${token}` } });
      const allowed = role === 'Admin' || (role === 'Waiter' && refusal === STAFF);
      if (allowed) {
        // Let through (the Admin's PATCH after the Waiter's is a 409 on its version: not a refusal of the role).
        if (answer.status === 401 || answer.status === 403 || answer.status >= 500) seen.push(`${role} ${method} ${path} refused ${answer.status}`);
        await answer.body?.cancel();
      } else {
        const body = await expectError(answer, 403, 'forbidden');
        if (body.message !== refusal) seen.push(`${role} ${method} ${path}: ${body.message}`);
      }
    }
  }
  assert.equal(seen, calls.map(([method, path]) => `guest ${method} ${path.split('?')[0]} 401`));
  const admin = tokens.Admin;
  // The Admin's PUT in the table above saved the same settings as version 2.
  const now = await (await api.authed('/api/v1/admin/booking-settings', admin)).json();
  assert.equal(now, { intervalMinutes: 15, stayMinutes: 120, leadMinutes: 60, horizonDays: 60, cancelCutoffMinutes: 120, largestParty: 8, pacingParties: 0, pacingSeats: 0, needsApproval: false, lateMinutes: 15, version: 2 });
  const saved = await (await api.send('PUT', '/api/v1/admin/booking-settings', { ...now, intervalMinutes: 30, stayMinutes: 90 }, admin)).json();
  assert.is(saved.version, 3);
  assert.equal((await times(2, FRIDAY)).day.times.map((time: { time: string }) => time.time), ['12:00', '12:30', '13:00', '13:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30']);
  const stale = await expectError(await api.send('PUT', '/api/v1/admin/booking-settings', now, admin), 409, 'conflict', 'The booking settings were changed by someone else meanwhile. Here they are as they are now.');
  assert.is(stale.settings.stayMinutes, 90);
});

Staff('live: a booking made online reaches the staff stream at once, whole; the owner’s settings say read the day again; a table taken off the floor lists its bookings to move', async () => {
  const stream = readStream(await api.authed('/api/v1/staff/bookings/events', waiter));
  const { booking } = await booked();
  const event = await nextEventNamed(stream, 'booking');
  const sent = JSON.parse(event.data);
  assert.equal([event.event, sent.name, sent.time, sent.status, sent.version, typeof sent.id, sent.table !== null], ['booking', booking.name, booking.time, 'confirmed', 1, 'number', true]);
  const owner = (await api.login(ADMIN)).accessToken;
  const settings = await (await api.authed('/api/v1/admin/booking-settings', owner)).json();
  assert.is((await api.send('PUT', '/api/v1/admin/booking-settings', { ...settings, lateMinutes: 20 }, owner)).status, 200);
  const [again] = await stream.next();
  assert.equal([again!.event, again!.data], ['bookings', '{}']);
  const admin = (await api.login(ADMIN)).accessToken;
  const table = (await api.db.selectFrom('bookings').select('table_number').executeTakeFirstOrThrow()).table_number!;
  await api.send('PATCH', `/api/v1/admin/tables/${table}`, { version: 1, active: false }, admin);
  const { bookings } = await (await api.authed('/api/v1/admin/bookings/off-floor', admin)).json();
  assert.equal(bookings.map((each: { name: string; table: number; tableOffFloor: boolean }) => [each.name, each.table, each.tableOffFloor]), [['Giulia Rossi', table, true]]);
});

const Kept = suite('what is kept, and for how long');
Kept.before.each(async () => {
  api = await createTestApi();
});

Kept("a guest's details are removed 30 days after the booking's day; the counts stay for the day's numbers", async () => {
  const { key } = await booked({ party: 3, email: 'giulia@example.com', note: 'Window' });
  api.clock.now = Date.parse('2026-11-27T19:30:00.000Z'); // 20:30 on the booking's Friday in Rome: they arrive
  const waiter = (await api.login(WAITER)).accessToken;
  const [{ id }] = (await (await api.authed(`/api/v1/staff/bookings?date=${FRIDAY}`, waiter)).json()).bookings;
  await api.send('PATCH', `/api/v1/staff/bookings/${id}`, { version: 1, status: 'arrived' }, waiter);
  // On 27 December (30 days after) nothing goes; on the 28th it does, in batches.
  assert.is(await sweepBookingData(api.db, Date.parse('2026-12-27T12:00:00Z'), 30, 'Europe/Rome'), 0);
  assert.is(await sweepBookingData(api.db, Date.parse('2026-12-28T12:00:00Z'), 30, 'Europe/Rome', { batch: 1 }), 1);
  const row = await api.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
  assert.equal([row.name, row.phone, row.email, row.note, row.key_hash, row.data_removed_at], ['', null, null, null, null, '2026-12-28T12:00:00.000Z']);
  await expectError(await withKey(key), 404, 'booking_not_found');
  const admin = (await api.login(ADMIN)).accessToken;
  const day = await (await api.authed(`/api/v1/admin/day?date=${FRIDAY}`, admin)).json();
  assert.equal(day.covers, { booked: 3, arrived: 3, noShow: 0, walkIns: 0 });
  assert.is(await sweepBookingData(api.db, Date.parse('2026-12-28T13:00:00Z'), 30, 'Europe/Rome'), 0);
});

Free.run();
Book.run();
Manage.run();
Staff.run();
Kept.run();
