import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestError, SESSION_ENDED } from '../../src/core/http.js';
import { minutesLate, type DayOfBookings, type StaffBooking } from '../../src/shared/booking-records.js';
import type { BookingsApi, StaffChange, WalkIn } from '../../src/site/bookings/api.js';
import { findGuests } from '../../src/site/host/guest-search.js';
import { dayList, refreshList } from '../../src/site/host/host-list.js';
import { barText, lanesOf, spanOf, stateOf, tableState } from '../../src/site/host/host-timeline.js';
import { hostPlan } from '../../src/site/host/host-plan.js';
import { hostView } from '../../src/site/host/host-view.js';
import { fakeStreams, settle } from '../helpers/site.js';

// The host view in happy-dom with a fake API and stream: what a bar and a table say at an
// instant (late past the owner's threshold, seated, free until the next), finding a guest,
// a move by keyboard sent on its version (and Escape sending nothing), a 409 that puts the
// booking where it is now with the API's words, a dropped stream that claims no table free
// and refuses a move with the reason, then reads the day again; a walk-in refused with a
// 503 and seated on the next try; a person's stream that ends with the sign-in renewed.
// Guests who sat down and ordered with nobody seating them: what the bar, the table, the
// phone's line and the plan say (what their bill has open on every seated party); a walk-in
// and an arrival refused at their table, then seated as those guests with one button; Finish
// refused while the bill is open, in the API's words beside it.
// In Chromium, test/browser/host-stand.test.ts drags bars and pairs a real stand.

const NOW = Date.parse('2026-11-21T19:20:00Z'); // 20:20 in Rome
const at = (time: string) => `2026-11-21T${time}:00.000Z`;
const booking = (id: number, overrides: Partial<StaffBooking> = {}): StaffBooking => ({
  id,
  status: 'confirmed',
  party: 2,
  date: '2026-11-21',
  time: '20:00',
  when: 'Saturday 21 November at 20:00',
  startsAt: at('19:00'),
  endsAt: at('21:00'),
  name: `Guest ${id}`,
  phone: `+39347000000${id}`,
  phoneText: `347 000 000${id}`,
  email: '',
  note: '',
  changeableUntil: null,
  version: 1,
  table: id,
  source: 'online',
  createdAt: at('10:00'),
  tableOffFloor: false,
  seatedAt: null,
  finishedAt: null,
  walkIn: false,
  billAskedAt: null,
  billPaidAt: null,
  billOpenCents: null,
  partyKnown: true,
  openedByOrder: false,
  ...overrides,
  tables: overrides.tables ?? (overrides.table === null ? [] : [overrides.table ?? id]),
});
const DAY = (bookings: StaffBooking[]): DayOfBookings => ({
  date: '2026-11-21',
  label: 'Saturday 21 November',
  bookings,
  covers: { booked: 6, arrived: 2, noShow: 0, walkIns: 0 },
  tables: [1, 2, 3, 4].map((number) => ({ number, seats: 4, joinsWith: [], plan: null, shape: 'square' as const })),
  joins: [],
  services: [{ startsAt: at('18:00'), endsAt: at('22:00') }],
  lateMinutes: 15,
  intervalMinutes: 15,
  timeZone: 'Europe/Rome',
  now: new Date(NOW).toISOString(),
});

const Words = suite('host view: what a bar and a table say');

Words('late past the threshold, seated, left; a table seated, expected, free until the next, and nothing claimed offline', () => {
  const span = spanOf(DAY([]))!;
  assert.equal([span.clock(span.from), span.clock(span.to)], ['19:00', '23:00']);
  assert.is(minutesLate(booking(1), 15, NOW), 20);
  assert.is(minutesLate(booking(1), 25, NOW), 0);
  assert.equal(stateOf(booking(1), 15, NOW, span), { words: 'Late 20 min', late: true });
  assert.equal(stateOf(booking(1, { status: 'arrived' }), 15, NOW, span), { words: 'Seated', late: false });
  assert.equal(stateOf(booking(1, { status: 'arrived', walkIn: true }), 15, NOW, span), { words: 'Walk-in, seated', late: false });
  assert.equal(stateOf(booking(1, { status: 'arrived', billAskedAt: at('19:30') }), 15, NOW, span), { words: '🔔 Asks for the bill', late: false });
  assert.equal(stateOf(booking(1, { status: 'arrived', finishedAt: at('19:40') }), 15, NOW, span), { words: 'Left 20:40', late: false });
  assert.equal(stateOf(booking(1, { status: 'arrived', finishedAt: at('19:40'), billPaidAt: at('19:40') }), 15, NOW, span), { words: 'Paid, left 20:40', late: false });
  assert.equal(stateOf(booking(1, { status: 'no_show' }), 15, NOW, span), { words: 'No-show', late: false });
  const bookings = [
    booking(1, { status: 'arrived', name: 'Rossi' }),
    booking(2, { name: 'Bianchi' }),
    booking(3, { startsAt: at('19:45'), endsAt: at('21:45'), time: '20:45' }),
    booking(4, { status: 'arrived', finishedAt: at('19:10'), endsAt: at('19:10') }),
  ];
  const table = (number: number, known = true) => tableState({ number, seats: 4, joinsWith: [], plan: null, shape: 'square' }, bookings, 15, NOW, span, known);
  assert.equal(table(1), { words: 'Seated: Rossi until 22:00', kind: 'seated' });
  assert.equal(table(2), { words: 'Expecting Bianchi, late 20 min', kind: 'late' });
  assert.equal(table(3), { words: 'Free until 20:45', kind: 'soon' });
  assert.equal(table(4), { words: 'Free', kind: 'free' });
  assert.equal(table(4, false), { words: 'Not known while offline', kind: 'unknown' });
});

Words('bars in lanes that never cover each other; the note on the bar', () => {
  // A no-show's bar 20:00–22:00, a walk-in seated there at 20:20, a booking after the no-show's end, one after the walk-in's.
  const noShow = booking(1, { status: 'no_show' });
  const walkIn = booking(2, { status: 'arrived', walkIn: true, startsAt: at('19:20'), endsAt: at('20:20') });
  const later = booking(3, { startsAt: at('21:00'), endsAt: at('22:00') });
  const after = booking(4, { startsAt: at('20:20'), endsAt: at('21:00') });
  const { lane, count } = lanesOf([noShow, walkIn, after, later]);
  assert.equal([[...lane], count], [[[1, 0], [2, 1], [4, 1], [3, 0]], 2]);
  assert.equal(lanesOf([noShow, later]).count, 1, 'one after the other: one lane');
  const booked = { words: 'Booked', late: false };
  assert.is(barText(booking(5, { name: 'Rossi', note: 'Severe nut allergy' }), booked), 'Rossi · 2 · ✎ Severe nut allergy\nBooked');
  assert.is(barText(booking(5, { name: 'Rossi' }), booked), 'Rossi · 2\nBooked');
});

Words('a waiter’s phone list said again as time moves on: late by more, late now; focus and buttons kept', () => {
  const today = DAY([booking(1, { name: 'Rossi' }), booking(2, { status: 'arrived', name: 'Bianchi' }), booking(3, { name: 'Neri', startsAt: at('19:45'), endsAt: at('21:45'), time: '20:45' })]);
  const span = spanOf(today)!;
  const list = document.createElement('ol');
  list.append(...dayList(today, span, NOW, { select: () => {}, change: async () => true }));
  const said = () => [...list.querySelectorAll('.host-list-item')].map((item) => `${item.className} | ${item.querySelector('p')!.textContent}`);
  assert.equal(said(), ['host-list-item confirmed late | Table 1 · Late 20 min', 'host-list-item arrived | Table 2 · Seated', 'host-list-item confirmed | Table 3 · Booked']);
  const button = list.querySelector<HTMLButtonElement>('.host-list-item[data-booking="3"] .row button')!;
  refreshList(list, today, span, NOW + 45 * 60_000); // 21:05 in Rome: Neri, booked for 20:45, is late past 15 minutes
  assert.equal(said(), ['host-list-item confirmed late | Table 1 · Late 65 min', 'host-list-item arrived | Table 2 · Seated', 'host-list-item confirmed late | Table 3 · Late 20 min']);
  assert.is(list.querySelector('.host-list-item[data-booking="3"] .row button'), button, 'the same buttons: nothing drawn anew');
});

/** Guests who sat down at table 3 at 20:02 and ordered (€15.00), nobody having seated them or said how many. */
const ordered = (overrides: Partial<StaffBooking> = {}) =>
  booking(3, { status: 'arrived', walkIn: true, openedByOrder: true, partyKnown: false, party: 1, name: '', phone: '', phoneText: '', time: '20:02', startsAt: at('19:02'), endsAt: at('21:02'), seatedAt: at('19:02'), source: 'staff', billOpenCents: 1500, ...overrides });

Words('guests who ordered with nobody seating them: taken, in words, "?" for how many, and what their bill has open; a party past its time with its bill open keeps its table', () => {
  const span = spanOf(DAY([]))!;
  const state = stateOf(ordered(), 15, NOW, span);
  assert.equal(state, { words: 'Seated themselves · €15.00 open', late: false });
  assert.is(barText(ordered(), state), 'Ordered at the table · ?\nSeated themselves · €15.00 open');
  assert.is(barText(ordered({ partyKnown: true, party: 3 }), stateOf(ordered({ billOpenCents: null }), 15, NOW, span)), 'Ordered at the table · 3\nSeated themselves');
  // Every seated party with something open on its bill says how much; nothing open, nothing said.
  assert.equal(stateOf(booking(1, { status: 'arrived', billOpenCents: 3500 }), 15, NOW, span).words, 'Seated · €35.00 open');
  assert.equal(stateOf(booking(1, { status: 'arrived', walkIn: true, billOpenCents: 0 }), 15, NOW, span).words, 'Walk-in, seated');
  assert.equal(stateOf(booking(1, { status: 'arrived', billAskedAt: at('19:30'), billOpenCents: 4200 }), 15, NOW, span).words, '🔔 Asks for the bill · €42.00 open');
  const floorTable = (number: number) => ({ number, seats: 4, joinsWith: [], plan: null, shape: 'square' as const });
  assert.equal(tableState(floorTable(3), [ordered()], 15, NOW, span, true), { words: 'Ordered at the table, until 22:02', kind: 'seated' });
  // Rossi's time ended at 20:00 (it is 20:20): with their bill open they hold the table; paid, it is free.
  const lingering = booking(1, { status: 'arrived', name: 'Rossi', startsAt: at('17:00'), endsAt: at('19:00'), billOpenCents: 3500 });
  assert.equal(tableState(floorTable(1), [lingering], 15, NOW, span, true), { words: 'Seated: Rossi, past 20:00', kind: 'seated' });
  assert.equal(tableState(floorTable(1), [{ ...lingering, billOpenCents: null }], 15, NOW, span, true), { words: 'Free', kind: 'free' });
  assert.equal(tableState(floorTable(3), [ordered({ startsAt: at('17:00'), endsAt: at('19:00') })], 15, NOW, span, true), { words: 'Ordered at the table, past 20:00', kind: 'seated' });
  // A waiter's phone: the line, its state.
  const today = DAY([ordered()]);
  const [line] = dayList(today, span, NOW, { select: () => {}, change: async () => true });
  assert.equal([line!.querySelector('.link-button')!.textContent, line!.querySelector('p')!.textContent], ['20:02 · Ordered at the table · ? people', 'Table 3 · Seated themselves · €15.00 open']);
  assert.equal([...line!.querySelectorAll('.row button')].map((button) => button.textContent), ['Finished: free the table'], 'nobody marked them arrived: nothing to undo');
  // The floor plan: the table taken, who, since when, what is open; a party lingering with its bill open there too.
  const plan = hostPlan({ day: DAY([ordered(), lingering]), span, now: NOW, live: true, select: () => {}, seatAt: () => {} });
  const three = plan.querySelector<HTMLElement>('[data-table="3"]')!;
  assert.equal([three.className.split(' ')[0], three.textContent], ['seated', '3\nOrdered at the table · ?\n20:02\n€15.00 open']);
  assert.is(three.getAttribute('aria-label'), 'Table 3 Ordered at the table · ? 20:02 €15.00 open, since 20:02, Ordered at the table, until 22:02');
  assert.is(plan.querySelector('[data-table="1"]')!.textContent, '1\nRossi · 2\n€35.00 open');
});

Words('find a guest: any part of the name, accents aside; three digits or more of the phone', () => {
  const bookings = [booking(1, { name: 'Nicolò Bianchi', phone: '+393471234567' }), booking(2, { name: 'Rossi', phone: '+393339876543' })];
  assert.equal(findGuests(bookings, 'nicolo').map((one) => one.id), [1]);
  assert.equal(findGuests(bookings, ' ROSS ').map((one) => one.id), [2]);
  assert.equal(findGuests(bookings, '347 123').map((one) => one.id), [1]);
  assert.equal(findGuests(bookings, '34'), [], 'two digits are too few to find by phone');
  assert.equal(findGuests(bookings, ''), []);
});

Words.run();

const View = suite('host view: moves, conflicts, offline, walk-ins');
let calls: string[];
let streams: ReturnType<typeof fakeStreams>;
let controller: AbortController;
let day: DayOfBookings;

function fakeBookings(overrides: Partial<BookingsApi> = {}): BookingsApi {
  return {
    day: async () => {
      calls.push('day');
      return day;
    },
    changeForGuest: async (target: StaffBooking, change: StaffChange) => {
      calls.push(`change ${target.id} v${target.version} ${JSON.stringify(change)}`);
      // As the API answers: `table` moves the stay whole to that one table.
      return { ...target, ...change, ...(change.table !== undefined && { tables: [change.table] }), version: target.version + 1 } as StaffBooking;
    },
    walkIn: async (fields: WalkIn) => {
      calls.push(`walk-in ${JSON.stringify(fields)}`);
      return booking(9, { status: 'arrived', walkIn: true, name: fields.name ?? '', party: fields.party, table: 4, startsAt: at('19:20'), endsAt: at('21:20') });
    },
    // Nobody waiting: the waitlist is read with the day, and says so.
    waitlist: async () => ({ date: day.date, entries: [], accuracy: { seated: 0, quotedMinutes: null, waitedMinutes: null } }),
    ...overrides,
  } as BookingsApi;
}

function mount(api: BookingsApi, extra: Partial<Parameters<typeof hostView>[0]> = {}) {
  const connection = document.createElement('p');
  const view = hostView({ api, follow: streams.follow, token: () => 'tvd_host', signal: controller.signal, announce: () => {}, date: undefined, dayAddress: (date) => `/display?date=${date}`, days: 'three', navigate: () => {}, connection, refused: () => false, ...extra });
  document.body.append(connection, view.node);
  return connection;
}
const bar = (id: number) => document.querySelector<HTMLButtonElement>(`.booking-bar[data-booking="${id}"]`)!;
const rowOf = (id: number) => bar(id).closest<HTMLElement>('.host-row')!.dataset.table;
const key = (target: Element, name: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
const outcome = () => document.querySelector('.host-outcome')!.textContent;

View.before.each(() => {
  resetDom('/display');
  calls = [];
  streams = fakeStreams();
  controller = new AbortController();
  day = DAY([booking(1, { name: 'Rossi' }), booking(2, { name: 'Bianchi', status: 'arrived' })]);
});
View.after.each(() => controller.abort());

View('a move by keyboard: down a table, a quarter later, Enter sends it on its version; Escape sends nothing', async () => {
  mount(fakeBookings());
  await settle();
  assert.equal(calls, ['day']);
  bar(1).focus();
  key(bar(1), 'ArrowDown');
  key(bar(1), 'ArrowRight');
  assert.is(rowOf(1), '2', 'the bar waits on table 2');
  assert.ok(bar(1).classList.contains('moving'));
  key(bar(1), 'Enter');
  await settle();
  assert.equal(calls.slice(1), ['change 1 v1 {"table":2,"time":"20:15"}']);
  assert.is(outcome(), 'Moved: Rossi, 2 people, table 2 at 20:15.');
  assert.is(document.activeElement, bar(1), 'focus stays on the bar');
  key(bar(1), 'ArrowDown');
  key(bar(1), 'Escape');
  assert.is(rowOf(1), '2', 'put back');
  assert.equal(calls.length, 2, 'nothing sent');
  // A seated party moves to another table, not another time.
  key(bar(2), 'ArrowRight');
  assert.is(bar(2).classList.contains('moving'), false);
});

View('the plan redrawn (a booking changed elsewhere) keeps focus on the table the host was on', async () => {
  localStorage.setItem('tavola.host-view', 'plan');
  try {
    mount(fakeBookings());
    await settle();
    const table = (number: number) => document.querySelector<HTMLButtonElement>(`.host-plan [data-table="${number}"]`)!;
    const before = table(3);
    before.focus();
    streams.sendRaw('booking', booking(1, { name: 'Rossi Verdi', version: 2 }));
    await settle();
    assert.ok(table(1).textContent!.includes('Rossi Verdi'), 'drawn anew with the change');
    assert.is.not(table(3), before, 'a new table 3');
    assert.is(document.activeElement, table(3), 'focus on table 3 still');
  } finally {
    localStorage.removeItem('tavola.host-view');
  }
});

View('a 409: the booking where it is now, in the API’s words', async () => {
  const now = booking(1, { name: 'Rossi', table: 4, version: 3 });
  const message = 'Booking 1 (Rossi) was changed meanwhile: it is now confirmed, 2 people at 20:00 on Saturday 21 November, table 4.';
  mount(fakeBookings({ changeForGuest: async () => Promise.reject(new RequestError(409, 'Request failed (HTTP 409)', false, { code: 'conflict', message, booking: now })) }));
  await settle();
  key(bar(1), 'ArrowDown');
  key(bar(1), 'Enter');
  await settle();
  assert.is(outcome(), message);
  assert.is(rowOf(1), '4');
});

View('offline: since when, no table claimed free, a move refused with the reason and nothing sent; back online reads the day again', async () => {
  const connection = mount(fakeBookings());
  await settle();
  streams.open();
  assert.is(connection.textContent, 'Live: bookings appear by themselves.');
  streams.reconnecting();
  assert.match(connection.textContent!, /^Offline since \d\d:\d\d\. Reconnecting by itself; tables are not shown free until it is back\.$/);
  assert.equal([...new Set([...document.querySelectorAll('.table-state')].map((node) => node.textContent))], ['Not known while offline']);
  key(bar(1), 'ArrowDown');
  key(bar(1), 'Enter');
  await settle();
  assert.match(outcome()!, /^This screen is offline since \d\d:\d\d: nothing was changed, and nothing waits to be sent\. Try again when it is back online\.$/);
  assert.equal(calls, ['day']);
  assert.is(rowOf(1), '1', 'back where it was');
  day = DAY([...day.bookings, booking(3, { name: 'Meanwhile' })]);
  streams.open();
  await settle();
  assert.equal(calls, ['day', 'day']);
  assert.ok(bar(3), 'caught up');
  assert.ok([...document.querySelectorAll('.table-state')].some((node) => node.textContent === 'Free'));
});

View('a walk-in refused with a 503 keeps the form and says why; the next try seats them', async () => {
  let fail = true;
  const api = fakeBookings();
  const seat = api.walkIn;
  mount({ ...api, walkIn: (fields: WalkIn) => (fail ? Promise.reject(new RequestError(503, 'Request failed (HTTP 503)', false, { code: 'database_unavailable', message: 'The database is unavailable: try again in a moment.' })) : seat(fields)) } as BookingsApi);
  await settle();
  streams.open();
  document.querySelector<HTMLButtonElement>('[aria-controls="walk-in"]')!.click();
  document.querySelector<HTMLInputElement>('#walk-in-party')!.value = '3';
  document.querySelector<HTMLInputElement>('#walk-in-name')!.value = 'At the door';
  const form = document.querySelector<HTMLFormElement>('form.walk-in')!;
  form.requestSubmit();
  await settle();
  assert.is(form.querySelector('.outcome')!.textContent, 'The database is unavailable: try again in a moment.');
  assert.is(document.querySelector<HTMLInputElement>('#walk-in-name')!.value, 'At the door', 'nothing typed is lost');
  fail = false;
  form.requestSubmit();
  await settle();
  assert.equal(calls.at(-1), 'walk-in {"party":3,"name":"At the door"}');
  assert.is(outcome(), 'Seated: 3 people at table 4 until 22:20.');
  assert.ok(bar(9));
  assert.is(document.querySelector<HTMLElement>('#walk-in')!.hidden, true);
});

const TAKEN = 'Table {table} is taken: guests are eating there, with €15.00 open on their bill. Seat this party at another table, or say they are those guests.';
const tableTaken = (table: number) => new RequestError(409, 'Request failed (HTTP 409)', false, { code: 'table_taken', message: TAKEN.replace('{table}', String(table)), table, stay: 3, bill: { id: 7, remainingCents: 1500 }, sameGuests: true });
const barsAt = (table: number) => [...document.querySelectorAll(`.host-row[data-table="${table}"] .booking-bar`)].map((node) => node.textContent);

View('a walk-in at a table where guests ordered with nobody seating them: refused in the API’s words, then seated as those guests with one button; one party at the table', async () => {
  day = DAY([ordered()]);
  const api = fakeBookings();
  mount({
    ...api,
    walkIn: async (fields: WalkIn) => {
      calls.push(`walk-in ${JSON.stringify(fields)}`);
      if (!fields.sameGuests) throw tableTaken(3);
      return ordered({ openedByOrder: false, partyKnown: true, party: fields.party, name: fields.name ?? '', version: 2 });
    },
  } as BookingsApi);
  await settle();
  streams.open();
  assert.equal(barsAt(3), ['Ordered at the table · ?\nSeated themselves · €15.00 open']);
  assert.is(document.querySelector('.host-row[data-table="3"] .table-state')!.textContent, 'Ordered at the table, until 22:02');
  document.querySelector<HTMLButtonElement>('[aria-controls="walk-in"]')!.click();
  const option = document.querySelector<HTMLOptionElement>('#walk-in-table option[value="3"]')!;
  assert.is(option.textContent, 'Table 3 · 4 seats · Ordered at the table, until 22:02', 'the form says so before the host chooses');
  document.querySelector<HTMLSelectElement>('#walk-in-table')!.value = '3';
  document.querySelector<HTMLInputElement>('#walk-in-name')!.value = 'Neri';
  const form = document.querySelector<HTMLFormElement>('form.walk-in')!;
  form.requestSubmit();
  await settle();
  assert.is(form.querySelector('.outcome')!.textContent, TAKEN.replace('{table}', '3'));
  const same = form.querySelector<HTMLButtonElement>('button.same-guests')!;
  assert.is(same.textContent, 'They are those guests: seat them at table 3');
  same.click();
  await settle();
  assert.equal(calls.slice(-2), ['walk-in {"party":2,"table":3,"name":"Neri"}', 'walk-in {"party":2,"table":3,"name":"Neri","sameGuests":true}']);
  assert.is(outcome(), 'Seated: 2 people at table 3 until 22:02.');
  assert.equal(barsAt(3), ['Neri · 2\nWalk-in, seated · €15.00 open'], 'one party at table 3');
  assert.is(document.querySelector<HTMLElement>('#walk-in')!.hidden, true);
});

View('the walk-in form changed after a refusal: the button goes, and Seat them sends the form as it is', async () => {
  day = DAY([ordered()]);
  mount({ ...fakeBookings(), walkIn: async () => Promise.reject(tableTaken(3)) } as BookingsApi);
  await settle();
  document.querySelector<HTMLButtonElement>('[aria-controls="walk-in"]')!.click();
  document.querySelector<HTMLSelectElement>('#walk-in-table')!.value = '3';
  const form = document.querySelector<HTMLFormElement>('form.walk-in')!;
  form.requestSubmit();
  await settle();
  assert.ok(form.querySelector('button.same-guests'));
  const select = document.querySelector<HTMLSelectElement>('#walk-in-table')!;
  select.value = '2';
  select.dispatchEvent(new Event('input', { bubbles: true }));
  assert.equal([form.querySelector('button.same-guests'), form.querySelector('.outcome')!.textContent], [null, '']);
});

View('a booked party marked arrived where guests ordered first: refused beside Arrived in the API’s words, seated as those guests with one button; the stay the order opened gives way', async () => {
  day = DAY([booking(1, { name: 'Galli', party: 3, table: 4 }), ordered({ table: 4 })]);
  mount(
    fakeBookings({
      changeForGuest: async (target: StaffBooking, change: StaffChange) => {
        calls.push(`change ${target.id} v${target.version} ${JSON.stringify(change)}`);
        if (!change.sameGuests) throw tableTaken(4);
        return { ...target, status: 'arrived', seatedAt: at('19:20'), billOpenCents: 1500, version: target.version + 1 };
      },
    }),
  );
  await settle();
  streams.open();
  assert.equal(barsAt(4), ['Galli · 3\nLate 20 min', 'Ordered at the table · ?\nSeated themselves · €15.00 open']);
  bar(1).click();
  const panel = document.querySelector<HTMLElement>('.booking-panel')!;
  const arrived = [...panel.querySelectorAll('button')].find((button) => button.textContent === 'Arrived')!;
  arrived.focus();
  arrived.click();
  await settle();
  assert.is(panel.querySelector('.panel-outcome')!.textContent, TAKEN.replace('{table}', '4'));
  assert.is(outcome(), TAKEN.replace('{table}', '4'), 'and at the top');
  assert.is(document.activeElement?.textContent, 'Arrived', 'the panel drawn anew (the day read again), focus on the same button');
  const same = panel.querySelector<HTMLButtonElement>('button.same-guests')!;
  assert.is(same.textContent, 'They are those guests: seat them at table 4');
  same.click();
  await settle();
  assert.equal(calls.filter((call) => call.startsWith('change')), ['change 1 v1 {"status":"arrived"}', 'change 1 v1 {"status":"arrived","sameGuests":true}']);
  assert.is(outcome(), 'Seated: Galli, 3 people, table 4.');
  assert.equal(barsAt(4), ['Galli · 3\nSeated · €15.00 open'], 'one party at table 4');
  assert.is(panel.querySelector('button.same-guests'), null);
});

View('Finish refused while the bill is open: the API’s words beside the button, nothing else offered', async () => {
  const message = 'Table 2’s bill has €35.00 open: take the payment before the guests leave, or move the bill to another table.';
  day = DAY([booking(1, { name: 'Rossi' }), booking(2, { name: 'Bianchi', status: 'arrived', billOpenCents: 3500 })]);
  mount(fakeBookings({ changeForGuest: async () => Promise.reject(new RequestError(409, 'Request failed (HTTP 409)', false, { code: 'bill_open', message, bill: { id: 7, remainingCents: 3500 } })) }));
  await settle();
  assert.equal(barsAt(2), ['Bianchi · 2\nSeated · €35.00 open']);
  bar(2).click();
  const panel = document.querySelector<HTMLElement>('.booking-panel')!;
  [...panel.querySelectorAll('button')].find((button) => button.textContent === 'Finished: free the table')!.click();
  await settle();
  assert.is(panel.querySelector('.panel-outcome')!.textContent, message);
  assert.is(panel.querySelector('button.same-guests'), null);
  assert.equal(barsAt(2), ['Bianchi · 2\nSeated · €35.00 open'], 'still seated');
});

View('the day not read, the database away: the API’s words for it (not "HTTP 503"), tried again by itself', async () => {
  const unavailable = new RequestError(503, 'Request failed (HTTP 503)', false, { code: 'database_unavailable', message: 'The database is not answering right now. Please try again in a moment.' });
  mount(fakeBookings({ day: async () => Promise.reject(unavailable) }));
  await settle();
  assert.is(document.querySelector('[role="alert"] p')?.textContent, 'The database is not answering right now. Please try again in a moment. Trying again every 10 seconds.');
});

View('a person’s stream that ends with the sign-in: signed in again, it follows again and reads the day', async () => {
  let renewed = 0;
  mount(fakeBookings(), { renew: async () => ++renewed > 0 });
  await settle();
  assert.is(streams.followed.length, 1);
  streams.stop(new RequestError(401, SESSION_ENDED, true));
  await settle();
  assert.equal([renewed, streams.followed.length, calls], [1, 2, ['day', 'day']]);
});

View.run();
