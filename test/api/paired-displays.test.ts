// Paired displays: the owner adds one and gets a one-time code; the tablet pairs with it and
// holds a credential (only its hash is kept) that opens the board, its stream, the moves of
// its kind and the Sold out panel, and nothing else; unpairing ends it at once, its open
// stream within 2 seconds. Codes used twice, expired, guessed (throttled like sign-in).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, tableCode, WAITER, type TestApi } from '../helpers/api.js';
import { KITCHEN_STATION, pairScreen, PIZZA_STATION } from '../helpers/displays.js';
import { closeStreams, readStream } from '../helpers/stream.js';
import { newPhone } from '../helpers/phones.js';

const UNPAIRED = 'This screen was unpaired. Ask the owner for a new code.';
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

let api: TestApi;
let admin: string;

const Pairing = suite('pairing a display');
Pairing.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

Pairing('the Admin adds a display and gets a code once; the tablet pairs with it, in any spelling a person types it', async () => {
  const added = await api.send('POST', '/api/v1/admin/displays', { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION }, admin);
  assert.is(added.status, 201);
  const { display, pairing } = await added.json();
  assert.match(pairing.code, CODE);
  assert.equal([pairing.path, pairing.expiresAt], [`/pair#${pairing.code}`, '2026-11-21T12:10:00.000Z']);
  assert.equal(display, { id: 1, name: 'Pizza oven', kind: 'station', station: 2, paired: false, pairedAt: null, lastSeenAt: null, streamOpen: false, pairingExpiresAt: '2026-11-21T12:10:00.000Z', lang: 'en', version: 1 });
  // Typed on a tablet: lower case, no hyphen, a space, O for 0 and l for 1.
  const typed = ` ${pairing.code.replace('-', '').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l')}`;
  const paired = await api.postJson('/api/v1/displays/pair', { code: typed });
  assert.is(paired.status, 200);
  const body = await paired.json();
  assert.match(body.credential, /^tvd_[A-Za-z0-9_-]{43}$/);
  assert.equal(body.display, { id: 1, name: 'Pizza oven', kind: 'station', station: { id: 2, name: 'Pizza oven', nameIt: 'Forno pizza' }, lang: 'en' });
  const row = await api.db.selectFrom('displays').selectAll().executeTakeFirstOrThrow();
  assert.not.ok(JSON.stringify(row).includes(body.credential.slice(4)), 'the credential is not stored');
  assert.not.ok(JSON.stringify(row).includes(pairing.code.replace('-', '')), 'nor the code');
  const [listed] = (await (await api.authed('/api/v1/admin/displays', admin)).json()).displays;
  assert.equal([listed.paired, listed.pairedAt, listed.lastSeenAt, listed.pairingExpiresAt, listed.version], [true, '2026-11-21T12:00:00.000Z', '2026-11-21T12:00:00.000Z', null, 2]);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(
    entries.slice(0, 2).map((entry: { action: string; by: { name: string; kind: string } }) => [entry.action, entry.by.name, entry.by.kind]),
    [
      ['display.paired', 'Display: Pizza oven', 'display'],
      ['display.created', 'Ada Conti', 'person'],
    ],
  );
});

Pairing('a code works once, for 10 minutes; a wrong or malformed one says so', async () => {
  const { code } = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  await expectError(await api.postJson('/api/v1/displays/pair', { code }), 410, 'pairing_code_used', 'This code was used already: ask the owner for a new one.');
  const second = await (await api.send('POST', '/api/v1/admin/displays', { name: 'Bar', kind: 'station', station: 3, lang: 'en' }, admin)).json();
  api.clock.now += 10 * 60_000;
  await expectError(await api.postJson('/api/v1/displays/pair', { code: second.pairing.code }), 410, 'pairing_code_expired', 'This code has expired (a code works for 10 minutes): ask the owner for a new one.');
  await expectError(await api.postJson('/api/v1/displays/pair', { code: 'ZZZZ-ZZZZ' }), 404, 'pairing_code_unknown', "This code is not one we gave out: check it on the owner's Displays page.");
  await expectError(await api.postJson('/api/v1/displays/pair', { code: 'UUUU-UUUU' }), 400, 'invalid_field', 'A pairing code is 8 letters and digits, like 7QK2-M9XD.');
  // A new code for the same display pairs a new device; the earlier one stops being it.
  admin = (await api.login(ADMIN)).accessToken; // ten minutes on: a new access token
  const renewed = await (await api.send('POST', `/api/v1/admin/displays/${second.display.id}/pairing-code`, { version: 1 }, admin)).json();
  assert.match(renewed.pairing.code, CODE);
  await expectError(await api.postJson('/api/v1/displays/pair', { code: second.pairing.code }), 404, 'pairing_code_unknown');
  assert.is((await api.postJson('/api/v1/displays/pair', { code: renewed.pairing.code })).status, 200);
});

Pairing('two tablets typing one code at once: one is paired, the other told it was used', async () => {
  const { pairing } = await (await api.send('POST', '/api/v1/admin/displays', { name: 'Pass', kind: 'pass' }, admin)).json();
  const answers = await Promise.all([0, 1].map(() => api.postJson('/api/v1/displays/pair', { code: pairing.code })));
  assert.equal(answers.map((answer) => answer.status).sort(), [200, 410]);
});

Pairing('guessing is throttled like sign-in: 20 attempts per address in 15 minutes, then 429 with Retry-After; a success gives its attempt back', async () => {
  const { pairing } = await (await api.send('POST', '/api/v1/admin/displays', { name: 'Pass', kind: 'pass' }, admin)).json();
  for (let i = 0; i < 19; i++) assert.is((await api.postJson('/api/v1/displays/pair', { code: `ZZZZ-ZZ${String(i).padStart(2, '2').replace(/[01]/g, '9')}` })).status, 404);
  assert.is((await api.postJson('/api/v1/displays/pair', { code: pairing.code })).status, 200, 'the 20th, right, is let through and given back');
  assert.is((await api.postJson('/api/v1/displays/pair', { code: 'ZZZZ-ZZZZ' })).status, 404, 'so one more guess is counted');
  const refused = await expectError(await api.postJson('/api/v1/displays/pair', { code: 'ZZZZ-ZZZZ' }), 429, 'too_many_attempts');
  assert.match(refused.message, /^Too many pairing attempts from this connection\. Try again in \d+ seconds\.$/);
  api.clock.now += 15 * 60_000;
  assert.is((await api.postJson('/api/v1/displays/pair', { code: 'ZZZZ-ZZZZ' })).status, 404, 'a new window');
});

Pairing('the owner renames a display and changes what it shows, on its version; a stale one is 409 with the display now', async () => {
  const { id } = await pairScreen(api, admin, { name: 'Oven', kind: 'station', station: PIZZA_STATION });
  const renamed = await (await api.send('PATCH', `/api/v1/admin/displays/${id}`, { version: 2, name: 'Pizza oven', station: KITCHEN_STATION }, admin)).json();
  assert.equal([renamed.name, renamed.station, renamed.version], ['Pizza oven', 1, 3]);
  const stale = await expectError(await api.send('PATCH', `/api/v1/admin/displays/${id}`, { version: 2, name: 'Oven' }, admin), 409, 'conflict', 'Display 1 · Pizza oven was changed by someone else meanwhile. Here it is as it is now.');
  assert.is(stale.display.name, 'Pizza oven');
  const pass = await (await api.send('PATCH', `/api/v1/admin/displays/${id}`, { version: 3, kind: 'pass' }, admin)).json();
  assert.equal([pass.kind, pass.station], ['pass', null]);
  await expectError(await api.send('PATCH', `/api/v1/admin/displays/${id}`, { version: 4, kind: 'station' }, admin), 400, 'invalid_field', "A station's screen needs its station.");
  await expectError(await api.send('POST', '/api/v1/admin/displays', { name: 'Bar', kind: 'station', station: 99, lang: 'en' }, admin), 400, 'invalid_field', 'There is no station 99.');
  await expectError(await api.send('POST', '/api/v1/admin/displays', { name: 'Pass', kind: 'pass', station: 1, lang: 'en' }, admin), 400, 'invalid_field', 'The pass shows whole orders: it has no station.');
  // Its moves are recorded under its name: one name, one display.
  await api.send('POST', '/api/v1/admin/displays', { name: 'Bar', kind: 'station', station: 3, lang: 'en' }, admin);
  await expectError(await api.send('POST', '/api/v1/admin/displays', { name: 'BAR', kind: 'pass' }, admin), 409, 'display_exists', 'There is a display called BAR already.');
  await expectError(await api.send('PATCH', `/api/v1/admin/displays/${id}`, { version: 4, name: 'bar' }, admin), 409, 'display_exists', 'There is a display called bar already.');
});

Pairing('the displays are the Admin’s: 401 for a guest, 403 for the other roles', async () => {
  const others = await Promise.all([KITCHEN, WAITER, STUDENT].map(async (account) => (await api.login(account)).accessToken));
  for (const [method, path, body] of [
    ['GET', '/api/v1/admin/displays', undefined],
    ['POST', '/api/v1/admin/displays', { name: 'Pass', kind: 'pass' }],
    ['PATCH', '/api/v1/admin/displays/1', { version: 1, name: 'x' }],
    ['POST', '/api/v1/admin/displays/1/pairing-code', { version: 1 }],
    ['POST', '/api/v1/admin/displays/1/unpair', { version: 1 }],
    ['DELETE', '/api/v1/admin/displays/1?version=1', undefined],
  ] as const) {
    await expectError(await api.send(method, path, body), 401, 'unauthorized');
    for (const token of others) await expectError(await api.send(method, path, body, token), 403, 'forbidden', 'Only the Admin can manage the displays.');
  }
});

Pairing.run();

const Credential = suite('a display credential opens its board and nothing else');
Credential.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});
Credential.after.each(closeStreams);

Credential('on every endpoint that needs someone: what its kind may do, else 403', async () => {
  const station = await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION });
  const pass = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  const order = await (await api.postJson('/api/v1/orders', { table: 7, tableCode: tableCode(7), items: [{ dishId: 12, quantity: 1 }] })).json();
  const { paths } = await (await api.request('/api/v1/openapi.json')).json();
  // What each kind may do (status 2xx, or a 4xx about the request, never 401 or 403).
  const allowed: Record<string, string[]> = {
    station: ['GET /orders/queue', 'GET /display', 'GET /display/recalls', 'GET /board-settings', 'PATCH /dishes/{id}', 'GET /choice-options', 'PATCH /choice-options/{id}', 'POST /orders/{id}/parts/{station}/done', 'POST /orders/{id}/recall'],
    pass: ['GET /orders/queue', 'GET /display', 'GET /display/recalls', 'GET /board-settings', 'PATCH /orders/{id}', 'POST /orders/{id}/recall', 'POST /staff/tables/{table}/courses/{course}/fire'],
  };
  const fill = (path: string) => path.replace('{id}', path.startsWith('/orders') ? order.id : '1').replace('{station}', '2').replace('{number}', '7').replace('{name}', 'x.webp').replace('{code}', 'x').replace('{table}', '7').replace('{course}', '3');
  const seen: string[] = [];
  for (const [kind, { credential }] of [['station', station], ['pass', pass]] as const) {
    for (const [path, operations] of Object.entries(paths as Record<string, Record<string, { security?: Record<string, unknown>[] }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        // Endpoints behind a Bearer token (a booking's manage link has a key of its own); the stream has a test of its own.
        if (!operation.security?.some((scheme) => 'Bearer' in scheme) || name === 'GET /orders/events') continue;
        const response = await api.send(method.toUpperCase(), `/api/v1${fill(path)}`, method === 'get' || method === 'delete' ? undefined : {}, credential);
        const ok = allowed[kind]!.includes(name);
        const refused = response.status === 401 || response.status === 403;
        if (ok === refused) seen.push(`${kind}: ${name} answered ${response.status} ${(await response.json()).code}`);
      }
    }
  }
  assert.equal(seen, []);
  // Not a person: no order placed with it, no account, no prices.
  await expectError(await api.send('POST', '/api/v1/orders', { table: 7, items: [{ dishId: 12, quantity: 1 }] }, pass.credential), 403, 'display_not_allowed', 'This is a paired screen: it opens its own board and nothing else.');
  await expectError(await api.authed('/api/v1/auth/me', pass.credential), 403, 'display_not_allowed');
  const { orders } = await (await api.authed('/api/v1/orders/queue', station.credential)).json();
  const placed = orders.find((each: { id: string }) => each.id === order.id);
  assert.equal(placed.items, [{ dishId: 12, name: 'Margherita', quantity: 1, station: 2 }]);
  assert.not.ok('totalCents' in placed);
  assert.not.ok(JSON.stringify(orders).includes('priceCents'));
});

Credential('a pickup order’s phone reaches the pass, not the stations: in the queue, the stream, a part done and a recall', async () => {
  const station = await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION });
  const pass = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  const streams = await Promise.all([station, pass].map(async (screen) => readStream(await api.request('/api/v1/orders/events', { headers: { Authorization: `Bearer ${screen.credential}` } }))));
  for (const stream of streams) await stream.next(2); // what it is, and the settings
  const phone = newPhone();
  const international = (typed: string) => typed.replaceAll(' ', '');
  const order = await (await api.postJson('/api/v1/orders', { pickupName: 'Ada', pickupPhone: phone, items: [{ dishId: 12, quantity: 1 }] })).json();
  const phoneIn = async (response: Promise<Response>, pick: (body: { orders: { id: string; pickupPhone?: string | null }[] }) => { pickupPhone?: string | null } | undefined) => pick(await (await response).json())?.pickupPhone;
  const queued = (screen: { credential: string }) => phoneIn(api.authed('/api/v1/orders/queue', screen.credential), (body) => body.orders.find((each: { id: string }) => each.id === order.id));
  assert.equal([await queued(pass), await queued(station)], [international(phone), null]);
  const streamed = await Promise.all(streams.map(async (stream) => JSON.parse((await stream.next())[0]!.data).order.pickupPhone));
  assert.equal(streamed, [null, international(phone)], 'the stream: the station, then the pass');
  const done = await api.send('POST', `/api/v1/orders/${order.id}/parts/${PIZZA_STATION}/done`, { version: 1 }, station.credential);
  assert.is((await done.json()).pickupPhone, null);
  const { recalls } = await (await api.authed('/api/v1/display/recalls', station.credential)).json();
  assert.equal(recalls.map((recall: { ticket: { id: string; pickupPhone: string | null } }) => [recall.ticket.id, recall.ticket.pickupPhone]), [[order.id, null]]);
});

Credential('a station’s screen marks a dish sold out, and nothing else about it; the pass may not', async () => {
  const station = await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION });
  const pass = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  const sold = await (await api.send('PATCH', '/api/v1/dishes/12', { version: 1, available: false }, station.credential)).json();
  assert.is(sold.available, false);
  await expectError(await api.send('PATCH', '/api/v1/dishes/12', { version: 2, priceCents: 1 }, station.credential), 403, 'forbidden');
  await expectError(await api.send('PATCH', '/api/v1/dishes/12', { version: 2, available: true }, pass.credential), 403, 'forbidden');
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([entries[0].action, entries[0].by], ['dish.sold_out', { id: station.id, name: 'Display: Pizza oven', kind: 'display' }]);
});

Credential('a display’s stream outlives any access token: an order placed after the 2-minute mark still arrives', async () => {
  const { credential } = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  const stream = readStream(await api.request('/api/v1/orders/events', { headers: { Authorization: `Bearer ${credential}` } }));
  assert.is(stream.response.status, 200);
  // It opens with what the display is and the board's settings.
  const [display, settings] = await stream.next(2);
  assert.equal([display!.event, JSON.parse(display!.data)], ['display', { id: 1, name: 'Pass', kind: 'pass', station: null, lang: 'en' }]);
  assert.equal([settings!.event, JSON.parse(settings!.data).lateMinutes], ['settings', 10]);
  api.clock.now += 10 * 60_000;
  const order = await (await api.postJson('/api/v1/orders', { pickupName: 'Ada', pickupPhone: newPhone(), items: [{ dishId: 12, quantity: 2 }] })).json();
  const [event] = await stream.next();
  const { type, order: ticket } = JSON.parse(event!.data);
  assert.equal([type, ticket.id, ticket.items], ['placed', order.id, [{ dishId: 12, name: 'Margherita', quantity: 2, station: 2 }]]);
  assert.not.ok('totalCents' in ticket, 'a ticket: no prices');
});

Credential('unpairing: the next request is 401 with the message the screen shows, and the open stream ends within 2 seconds', async () => {
  const { credential, id } = await pairScreen(api, admin, { name: 'Pass', kind: 'pass' });
  const stream = readStream(await api.request('/api/v1/orders/events', { headers: { Authorization: `Bearer ${credential}` } }));
  assert.is(stream.response.status, 200);
  const [open] = (await (await api.authed('/api/v1/admin/displays', admin)).json()).displays;
  assert.is(open.streamOpen, true);
  const unpaired = await (await api.send('POST', `/api/v1/admin/displays/${id}/unpair`, { version: 2 }, admin)).json();
  assert.equal([unpaired.paired, unpaired.streamOpen, unpaired.version], [false, false, 3]);
  const started = Date.now();
  assert.ok(await stream.ended(2000), 'the stream ended');
  assert.ok(Date.now() - started < 2000);
  const refused = await expectError(await api.authed('/api/v1/orders/queue', credential), 401, 'display_unpaired', UNPAIRED);
  assert.equal([refused.status, (await api.authed('/api/v1/orders/events', credential)).status], [401, 401]);
  // A removed display is the same, and its past stays in the activity list under its name.
  const again = await pairScreen(api, admin, { name: 'Bar', kind: 'station', station: 3 });
  assert.is((await api.send('DELETE', `/api/v1/admin/displays/${again.id}?version=2`, undefined, admin)).status, 204);
  await expectError(await api.authed('/api/v1/display', again.credential), 401, 'display_unpaired', UNPAIRED);
  await expectError(await api.authed('/api/v1/display', `tvd_${'A'.repeat(43)}`), 401, 'display_unpaired', UNPAIRED);
});

Credential('an open display stream is told, within seconds, when the owner changes what it is or the late times', async () => {
  const { credential, id } = await pairScreen(api, admin, { name: 'Oven', kind: 'station', station: PIZZA_STATION });
  const stream = readStream(await api.request('/api/v1/orders/events', { headers: { Authorization: `Bearer ${credential}` } }));
  await stream.next(2); // what it is, and the settings
  await api.send('PATCH', `/api/v1/admin/displays/${id}`, { version: 2, name: 'Pizza oven', station: KITCHEN_STATION }, admin);
  const [changed] = await stream.next(1, 2500);
  assert.equal([changed!.event, JSON.parse(changed!.data)], ['display', { id, name: 'Pizza oven', kind: 'station', station: { id: 1, name: 'Kitchen', nameIt: 'Cucina' }, lang: 'en' }]);
  await api.send('PUT', '/api/v1/admin/board-settings', { version: 1, lateMinutes: 7, veryLateMinutes: 12 }, admin);
  const [settings] = await stream.next(1, 2500);
  assert.equal([settings!.event, JSON.parse(settings!.data).lateMinutes, JSON.parse(settings!.data).veryLateMinutes], ['settings', 7, 12]);
});

Credential('what a display is, and people keep their 2-minute tokens on the same endpoints', async () => {
  const { credential } = await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION });
  assert.equal(await (await api.authed('/api/v1/display', credential)).json(), { id: 1, name: 'Pizza oven', kind: 'station', station: { id: 2, name: 'Pizza oven', nameIt: 'Forno pizza' }, lang: 'en' });
  await expectError(await api.authed('/api/v1/display', (await api.login(KITCHEN)).accessToken), 403, 'forbidden', 'Only a paired display asks what it is.');
  const { accessToken } = await api.login(KITCHEN);
  api.clock.now += 120_000;
  const expired = await api.authed('/api/v1/orders/queue', accessToken);
  assert.equal([expired.status, expired.headers.get('X-Token-Expired')], [401, 'true']);
  assert.is((await api.authed('/api/v1/orders/queue', credential)).status, 200);
});

Credential.run();
