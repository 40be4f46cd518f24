// Stations: each category's dishes go to its station; a station's screen marks its part of
// an order done, and the last part makes the order ready by itself. Racing screens: one
// winner and an explained 409 when they touch the same thing, none when they do not.
// Recall brings back what a screen bumped, on the order's version. The owner's stations
// and late thresholds, on their versions.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';
import { BAR_STATION, KITCHEN_STATION, pairScreen, PIZZA_STATION, type Paired } from '../helpers/displays.js';
import { closeStreams, readStream } from '../helpers/stream.js';
import { newPhone } from '../helpers/phones.js';

// Seeded dishes: 12 Margherita (pizza: Pizza oven), 20 Tiramisù (dolci: Kitchen), 24 Limonata della casa 4.50 (bevande: Bar).
const MIXED = { pickupName: 'Ada', pickupPhone: newPhone(), items: [{ dishId: 12, quantity: 2 }, { dishId: 20, quantity: 1 }, { dishId: 24, quantity: 2 }] };

let api: TestApi;
let admin: string;
let pizza: Paired;
let bar: Paired;
let kitchen: Paired;
let pass: Paired;

const place = async (body: unknown = { ...MIXED, pickupPhone: newPhone() }) => {
  const response = await api.postJson('/api/v1/orders', body);
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
};
const done = (screen: Paired, id: string, station: number, version: number) => api.send('POST', `/api/v1/orders/${id}/parts/${station}/done`, { version }, screen.credential);
const recall = (screen: Paired, id: string, version: number) => api.send('POST', `/api/v1/orders/${id}/recall`, { version }, screen.credential);
const parts = (order: { parts: { name: string; done: boolean }[] }) => order.parts.map((part) => `${part.name} ${part.done ? 'done' : 'open'}`);

const Parts = suite('stations and their parts of an order');
Parts.before.each(async () => {
  api = await createTestApi({ heartbeatMs: 30 });
  admin = (await api.login(ADMIN)).accessToken;
  pizza = await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION });
  bar = await pairScreen(api, admin, { name: 'Bar', kind: 'station', station: BAR_STATION });
  kitchen = await pairScreen(api, admin, { name: 'Kitchen', kind: 'station', station: KITCHEN_STATION });
  pass = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
});
Parts.after.each(closeStreams);

Parts('an order has a part per station with its dishes; the first part done makes it preparing, the last ready, each by its display', async () => {
  const order = await place();
  assert.equal(parts(order), ['Kitchen open', 'Pizza oven open', 'Bar open']);
  assert.equal(order.items.map((item: { name: string; station: number }) => `${item.name} @${item.station}`), ['Margherita @2', 'Tiramisù @1', 'Limonata della casa @3']);
  const diner = readStream(await api.request(`/api/v1/orders/${order.id}/events`));
  await diner.next(); // placed
  const first = await (await done(pizza, order.id, PIZZA_STATION, 1)).json();
  assert.equal([first.status, first.version, first.movedBy, parts(first)], ['preparing', 2, 'Display: Pizza oven', ['Kitchen open', 'Pizza oven done', 'Bar open']]);
  assert.is(first.parts[1].doneBy, 'Display: Pizza oven');
  const second = await (await done(bar, order.id, BAR_STATION, 2)).json();
  assert.equal([second.status, second.version], ['preparing', 3]);
  const last = await (await done(kitchen, order.id, KITCHEN_STATION, 3)).json();
  assert.equal([last.status, last.version, parts(last)], ['ready', 4, ['Kitchen done', 'Pizza oven done', 'Bar done']]);
  // The diner's live page sees it move, with its prices (a diner's order, not a ticket).
  const seen = (await diner.next(3)).map((event) => JSON.parse(event.data).order);
  assert.equal(seen.map((each) => each.status), ['preparing', 'preparing', 'ready']);
  assert.is(seen[2].totalCents, 2 * 1050 + 750 + 2 * 450);
  const { entries } = await (await api.authed('/api/v1/admin/activity?limit=3', admin)).json();
  assert.equal(
    entries.map((entry: { action: string; by: { name: string }; subject: string }) => `${entry.action} ${entry.by.name} ${entry.subject}`),
    ['order.part_done Display: Kitchen Order 1 · Kitchen', 'order.part_done Display: Bar Order 1 · Bar', 'order.part_done Display: Pizza oven Order 1 · Pizza oven'],
  );
});

Parts('two stations at once on one order: both are done, neither is a conflict', async () => {
  const order = await place();
  const answers = await Promise.all([done(pizza, order.id, PIZZA_STATION, 1), done(bar, order.id, BAR_STATION, 1)]);
  assert.equal(answers.map((answer) => answer.status), [200, 200]);
  const now = await (await api.request(`/api/v1/orders/${order.id}`)).json();
  assert.equal([now.version, parts(now)], [3, ['Kitchen open', 'Pizza oven done', 'Bar done']]);
});

Parts('two screens of one station racing on its part: one wins, the other gets a 409 that says who did it', async () => {
  const second = await pairScreen(api, admin, { name: 'Pizza oven 2', kind: 'station', station: PIZZA_STATION });
  const order = await place();
  const answers = await Promise.all([done(pizza, order.id, PIZZA_STATION, 1), done(second, order.id, PIZZA_STATION, 1)]);
  assert.equal(answers.map((answer) => answer.status).sort(), [200, 409]);
  // Either screen may win; the loser's message names the winner.
  const winner = answers[0].status === 200 ? 'Pizza oven' : 'Pizza oven 2';
  const loser = answers.find((answer) => answer.status === 409)!;
  const body = await loser.json();
  assert.is(body.code, 'conflict');
  assert.is(body.message, `Pizza oven's part of order 1 was marked done meanwhile (Display: ${winner}).`);
  assert.equal(parts(body.order), ['Kitchen open', 'Pizza oven done', 'Bar open']);
  // Asked again on the version that showed it done: nothing to do, said plainly.
  await expectError(await done(pizza, order.id, PIZZA_STATION, 2), 409, 'invalid_transition', "Pizza oven's part of order 1 is done already.");
});

Parts('a part of a cancelled order: 409 conflict when it was cancelled after the screen’s version; a station marks only its own part', async () => {
  const order = await place();
  const waiter = (await api.login(WAITER)).accessToken;
  await api.send('PATCH', `/api/v1/orders/${order.id}`, { status: 'cancelled', version: 1 }, waiter);
  const body = await expectError(await done(pizza, order.id, PIZZA_STATION, 1), 409, 'conflict', 'Order 1 changed meanwhile: it is cancelled now, moved by Wanda Rossi.');
  assert.is(body.order.status, 'cancelled');
  await expectError(await done(pizza, order.id, PIZZA_STATION, 2), 409, 'invalid_transition', 'Order 1 is cancelled: its parts cannot change.');
  const other = await place();
  await expectError(await done(pizza, other.id, BAR_STATION, 1), 403, 'forbidden', "This screen shows station 2: it marks only that station's part.");
  await expectError(await done(pass, other.id, PIZZA_STATION, 1), 403, 'forbidden', "A station's part is marked done by that station's screen; a person marks the whole order ready.");
  await expectError(await api.send('POST', `/api/v1/orders/${other.id}/parts/2/done`, { version: 1 }, (await api.login(KITCHEN)).accessToken), 403, 'forbidden');
  const drinks = await place({ pickupName: 'Bo', pickupPhone: newPhone(), items: [{ dishId: 24, quantity: 1 }] });
  await expectError(await done(pizza, drinks.id, PIZZA_STATION, 1), 404, 'not_found', 'Order 3 has no dishes for station 2.');
  await expectError(await done(pizza, other.id, PIZZA_STATION, 9), 409, 'conflict');
});

Parts('the pass marks the whole order ready (every part done, by the pass) and serves it; a station may not move a whole order', async () => {
  const order = await place();
  await expectError(await api.send('PATCH', `/api/v1/orders/${order.id}`, { status: 'ready', version: 1 }, pizza.credential), 403, 'forbidden', "Only Kitchen and Waiter staff and the pass move whole orders: a station's screen marks its part done.");
  const ready = await (await api.send('PATCH', `/api/v1/orders/${order.id}`, { status: 'ready', version: 1 }, pass.credential)).json();
  assert.equal([ready.status, ready.movedBy, parts(ready)], ['ready', 'Display: Pass', ['Kitchen done', 'Pizza oven done', 'Bar done']]);
  assert.equal(ready.parts.map((part: { doneBy: string }) => part.doneBy), ['Display: Pass', 'Display: Pass', 'Display: Pass']);
  assert.not.ok('totalCents' in ready, 'the pass gets a ticket');
  const served = await (await api.send('PATCH', `/api/v1/orders/${order.id}`, { status: 'served', version: 2 }, pass.credential)).json();
  assert.is(served.status, 'served');
  // A person marking it ready marks its parts done too, under their name.
  const other = await place();
  const kai = (await api.login(KITCHEN)).accessToken;
  await api.send('PATCH', `/api/v1/orders/${other.id}`, { status: 'preparing', version: 1 }, kai);
  const byKai = await (await api.send('PATCH', `/api/v1/orders/${other.id}`, { status: 'ready', version: 2 }, kai)).json();
  assert.equal([byKai.movedBy, byKai.parts[0].doneBy, byKai.totalCents], ['Kai Moretti', 'Kai Moretti', 2 * 1050 + 750 + 2 * 450]);
});

Parts('recall: a station brings its part back (a ready order goes back to preparing); the pass brings a served order back; stale versions are 409', async () => {
  const order = await place({ pickupName: 'Ada', pickupPhone: newPhone(), items: [{ dishId: 12, quantity: 1 }] });
  const ready = await (await done(pizza, order.id, PIZZA_STATION, 1)).json();
  assert.is(ready.status, 'ready');
  const { recalls } = await (await api.authed('/api/v1/display/recalls', pizza.credential)).json();
  assert.equal(recalls.map((each: { ticket: { id: string }; station: number; bumpedAt: string }) => [each.ticket.id, each.station, each.bumpedAt]), [[order.id, 2, '2026-11-21T12:00:00.000Z']]);
  await expectError(await recall(bar, order.id, 2), 409, 'not_recallable', 'Order 1 was not taken off this screen in the last 10 minutes: only its last 10 tickets can be brought back.');
  await expectError(await recall(pizza, order.id, 3), 409, 'conflict');
  const back = await (await recall(pizza, order.id, 2)).json();
  assert.equal([back.status, back.version, parts(back), back.movedBy], ['preparing', 3, ['Pizza oven open'], 'Display: Pizza oven']);
  await expectError(await recall(pizza, order.id, 3), 409, 'not_recallable');
  // The pass: served, then back to ready on the exact version.
  const again = await (await done(pizza, order.id, PIZZA_STATION, 3)).json();
  const served = await (await api.send('PATCH', `/api/v1/orders/${order.id}`, { status: 'served', version: again.version }, pass.credential)).json();
  await expectError(await recall(pass, order.id, served.version - 1), 409, 'conflict', 'Order 1 changed meanwhile: it is served now, moved by Display: Pass.');
  const unserved = await (await recall(pass, order.id, served.version)).json();
  assert.equal([unserved.status, unserved.version], ['ready', served.version + 1]);
  const row = await api.db.selectFrom('orders').select(['served_at', 'served_after_s', 'ready_at']).where('public_id', '=', order.id).executeTakeFirstOrThrow();
  assert.equal([row.served_at, row.served_after_s], [null, null], 'the day’s numbers do not count a service that was taken back');
  assert.ok(row.ready_at);
});

Parts('recall keeps the last 10 bumps of the last 10 minutes', async () => {
  const orders = [];
  for (let i = 0; i < 12; i++) orders.push(await place({ pickupName: `P${i}`, pickupPhone: newPhone(), items: [{ dishId: 24, quantity: 1 }] }));
  for (const order of orders) assert.is((await done(bar, order.id, BAR_STATION, 1)).status, 200);
  const { recalls } = await (await api.authed('/api/v1/display/recalls', bar.credential)).json();
  assert.equal(recalls.map((each: { ticket: { number: number } }) => each.ticket.number), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  await expectError(await recall(bar, orders[0].id, 2), 409, 'not_recallable');
  api.clock.now += 10 * 60_000;
  assert.equal((await (await api.authed('/api/v1/display/recalls', bar.credential)).json()).recalls, []);
  await expectError(await recall(bar, orders[11].id, 2), 409, 'not_recallable');
});

Parts.run();

const Owner = suite("the owner's stations and late times");
Owner.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

Owner('the board settings: stations and late times, for the boards; the Admin changes them on their version', async () => {
  const settings = await (await api.authed('/api/v1/board-settings', (await api.login(WAITER)).accessToken)).json();
  assert.equal(settings, {
    lateMinutes: 10,
    veryLateMinutes: 20,
    stations: [
      { id: 1, name: 'Kitchen', nameIt: 'Cucina', isDefault: true, italianToReview: false, version: 1 },
      { id: 2, name: 'Pizza oven', nameIt: 'Forno pizza', isDefault: false, italianToReview: false, version: 1 },
      { id: 3, name: 'Bar', nameIt: 'Bar', isDefault: false, italianToReview: false, version: 1 },
    ],
    version: 1,
  });
  await expectError(await api.authed('/api/v1/board-settings', (await api.login(STUDENT)).accessToken), 403, 'forbidden');
  const saved = await (await api.send('PUT', '/api/v1/admin/board-settings', { version: 1, lateMinutes: 8, veryLateMinutes: 15 }, admin)).json();
  assert.equal([saved.lateMinutes, saved.veryLateMinutes, saved.version], [8, 15, 2]);
  const stale = await expectError(await api.send('PUT', '/api/v1/admin/board-settings', { version: 1, lateMinutes: 5, veryLateMinutes: 6 }, admin), 409, 'conflict');
  assert.is(stale.settings.lateMinutes, 8);
  await expectError(await api.send('PUT', '/api/v1/admin/board-settings', { version: 2, lateMinutes: 15, veryLateMinutes: 15 }, admin), 400, 'invalid_field', 'veryLateMinutes must be more than lateMinutes.');
  await expectError(await api.send('PUT', '/api/v1/admin/board-settings', { version: 2, lateMinutes: 0, veryLateMinutes: 15 }, admin), 400, 'invalid_field');
});

Owner('a category sent to another station: its dishes ordered from then on go there; orders already placed keep theirs', async () => {
  const before = await place({ pickupName: 'Ada', pickupPhone: newPhone(), items: [{ dishId: 20, quantity: 1 }] });
  const grill = await (await api.send('POST', '/api/v1/admin/stations', { name: 'Grill' }, admin)).json();
  assert.equal(grill, { id: 4, name: 'Grill', nameIt: null, isDefault: false, italianToReview: false, version: 1 });
  await expectError(await api.send('POST', '/api/v1/admin/stations', { name: 'GRILL' }, admin), 409, 'station_exists', 'There is a station called GRILL already.');
  const dolci = await (await api.send('PATCH', '/api/v1/categories/5', { version: 1, station: 4 }, admin)).json();
  assert.equal([dolci.slug, dolci.station, dolci.version], ['dolci', 4, 2]);
  const after = await place({ pickupName: 'Bo', pickupPhone: newPhone(), items: [{ dishId: 20, quantity: 1 }] });
  assert.equal([after.items[0].station, after.parts[0].name], [4, 'Grill']);
  assert.is((await (await api.request(`/api/v1/orders/${before.id}`)).json()).items[0].station, 1);
  await expectError(await api.send('PATCH', '/api/v1/categories/5', { version: 2, station: 99 }, admin), 400, 'invalid_field', 'There is no station 99.');
});

Owner('stations renamed and made the default on their version; one in use is not removed, and says by what', async () => {
  const renamed = await (await api.send('PATCH', '/api/v1/admin/stations/3', { version: 1, name: 'Bancone' }, admin)).json();
  assert.equal([renamed.name, renamed.version], ['Bancone', 2]);
  await expectError(await api.send('PATCH', '/api/v1/admin/stations/3', { version: 1, name: 'Bar' }, admin), 409, 'conflict', 'Station 3 · Bancone was changed by someone else meanwhile. Here it is as it is now.');
  await expectError(await api.send('DELETE', '/api/v1/admin/stations/1?version=1', undefined, admin), 409, 'station_in_use', 'Kitchen is the default station: make another one the default first.');
  await expectError(await api.send('DELETE', '/api/v1/admin/stations/3?version=2', undefined, admin), 409, 'station_in_use', 'Drinks is cooked at Bancone: give that category another station first.');
  const spare = await (await api.send('POST', '/api/v1/admin/stations', { name: 'Fryer' }, admin)).json();
  const made = await (await api.send('PATCH', `/api/v1/admin/stations/${spare.id}`, { version: 1, isDefault: true }, admin)).json();
  assert.is(made.isDefault, true);
  const category = await (await api.send('POST', '/api/v1/categories', { name: 'Fritti' }, admin)).json();
  assert.is(category.station, spare.id, 'a new category goes to the default station');
  const gone = await (await api.send('POST', '/api/v1/admin/stations', { name: 'Spare' }, admin)).json();
  assert.is((await api.send('DELETE', `/api/v1/admin/stations/${gone.id}?version=1`, undefined, admin)).status, 204);
  const { stations } = await (await api.authed('/api/v1/board-settings', admin)).json();
  assert.equal(stations.map((station: { name: string; isDefault: boolean }) => `${station.name}${station.isDefault ? ' (default)' : ''}`), ['Kitchen', 'Pizza oven', 'Bancone', 'Fryer (default)']);
});

Owner("a station's Italian name: kept, sent to the boards with every part, and to review when the English changes after it", async () => {
  const grill = await (await api.send('POST', '/api/v1/admin/stations', { name: 'Grill', nameIt: 'Griglia' }, admin)).json();
  assert.equal([grill.name, grill.nameIt, grill.italianToReview], ['Grill', 'Griglia', false]);
  await api.send('PATCH', '/api/v1/categories/5', { version: 1, station: grill.id }, admin);
  const order = await place({ pickupName: 'Bo', pickupPhone: newPhone(), items: [{ dishId: 20, quantity: 1 }] });
  assert.equal(order.parts, [{ station: grill.id, name: 'Grill', nameIt: 'Griglia', done: false, doneBy: null }]);

  const renamed = await (await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 1, name: 'Charcoal grill' }, admin)).json();
  assert.equal([renamed.nameIt, renamed.italianToReview, renamed.version], ['Griglia', true, 2]);
  const held = await (await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 2, isDefault: true }, admin)).json();
  assert.is(held.italianToReview, true, 'still to review after a change that is not the Italian');
  const reviewed = await (await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 3, italianReviewed: true }, admin)).json();
  assert.equal([reviewed.nameIt, reviewed.italianToReview], ['Griglia', false]);
  await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 4, name: 'Grill' }, admin);
  const retranslated = await (await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 5, nameIt: 'Brace' }, admin)).json();
  assert.equal([retranslated.nameIt, retranslated.italianToReview], ['Brace', false]);
  const untranslated = await (await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 6, nameIt: null }, admin)).json();
  assert.equal([untranslated.nameIt, untranslated.italianToReview], [null, false]);
  const renamedAgain = await (await api.send('PATCH', `/api/v1/admin/stations/${grill.id}`, { version: 7, name: 'Griddle' }, admin)).json();
  assert.is(renamedAgain.italianToReview, false, 'no Italian, nothing to review');

  await expectError(await api.send('POST', '/api/v1/admin/stations', { name: 'Fryer', nameIt: '' }, admin), 400, 'invalid_field');
  await expectError(await api.send('POST', '/api/v1/admin/stations', { name: 'Fryer', nameIt: 'x'.repeat(41) }, admin), 400, 'invalid_field');
  const [kitchen] = (await (await api.authed('/api/v1/board-settings', admin)).json()).stations;
  assert.equal([kitchen.name, kitchen.nameIt], ['Kitchen', 'Cucina']);
});

Owner.run();
