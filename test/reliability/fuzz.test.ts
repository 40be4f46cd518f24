import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import { MAX_BODY_BYTES } from '../../src/server/http/json-body.js';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { ADMIN, createTestApi, KITCHEN, STUDENT } from '../helpers/api.js';
import { pairScreen, PIZZA_STATION } from '../helpers/displays.js';

// A table of bad requests against every endpoint, over a real socket: each gets its exact
// status and code in the API's error shape with the security headers, and none a 5xx.

interface Case {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code: string;
  /** The field the error must name, when one is at fault. */
  field?: string;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const OWNER_WRITES = [['POST', '/api/v1/categories'], ['POST', '/api/v1/dishes'], ['PATCH', '/api/v1/dishes/3']];
const GET_ENDPOINTS = ['/api/v1/categories', '/api/v1/dishes', '/api/v1/dishes/3', '/api/v1/search?q=pizza', '/api/v1/openapi.json', '/api/v1/auth/me', '/api/v1/profile', '/api/v1/orders/queue', '/api/v1/orders/events'];
const PROTECTED = ['/api/v1/auth/me', '/api/v1/profile', '/api/v1/orders/queue', '/api/v1/orders/events', '/api/v1/admin/staff', '/api/v1/admin/staff/1', '/api/v1/admin/displays', '/api/v1/display', '/api/v1/display/recalls', '/api/v1/board-settings', '/api/v1/staff/bookings', '/api/v1/staff/bookings/events', '/api/v1/admin/booking-settings'];
/** What a paired display may open: a credential no display holds is a 401 the screen shows, however it is spelled. */
const DISPLAY_ENDPOINTS = ['/api/v1/orders/queue', '/api/v1/orders/events', '/api/v1/display', '/api/v1/display/recalls', '/api/v1/board-settings'];
const POST_ENDPOINTS = ['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/password-link', '/api/v1/auth/set-password', '/api/v1/orders', '/api/v1/displays/pair', '/api/v1/bookings'];
/** Paths that are also an order id to PATCH, which needs a token first. */
const ALSO_AN_ORDER = ['/api/v1/orders/queue', '/api/v1/orders/events'];

/** A JSON body of exactly `size` bytes (a long password: too long for the schema, not for the limit). */
const bodyOfSize = (size: number) => {
  const shell = JSON.stringify({ email: 'a@b.c', password: '' });
  return JSON.stringify({ email: 'a@b.c', password: 'p'.repeat(size - shell.length) });
};

function cases(token: string, studentToken: string, adminToken: string, display: string): Case[] {
  const table: Case[] = [];
  for (const path of GET_ENDPOINTS) {
    const allow = path.includes('?') ? path.slice(0, path.indexOf('?')) : path;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']) {
      // A method the path also has for staff (moving an order, the owner's menu writes): a guest gets 401 first.
      const order = (method === 'PATCH' && ALSO_AN_ORDER.includes(allow)) || OWNER_WRITES.some(([m, p]) => m === method && p === allow);
      table.push({ method, path: allow, headers: JSON_TYPE, body: method === 'TRACE' || method === 'OPTIONS' ? undefined : '{"x":', status: order ? 401 : 405, code: order ? 'unauthorized' : 'method_not_allowed' });
    }
    table.push({ method: 'GET', path: `${allow}/`, status: 404, code: 'not_found' });
    table.push({ method: 'GET', path: allow.replace('/api/v1', '/API/v1'), status: 404, code: 'not_found' });
  }
  for (const path of POST_ENDPOINTS) {
    table.push(
      { method: 'POST', path, headers: JSON_TYPE, body: '{"email": "kai@tavola.test",', status: 400, code: 'malformed_json' },
      { method: 'POST', path, headers: JSON_TYPE, body: '', status: 400, code: 'malformed_json' },
      { method: 'POST', path, headers: JSON_TYPE, body: '\u0000\u0001', status: 400, code: 'malformed_json' },
      { method: 'POST', path, headers: JSON_TYPE, body: '[]', status: 400, code: 'invalid_field' },
      { method: 'POST', path, headers: JSON_TYPE, body: 'null', status: 400, code: 'invalid_field' },
      { method: 'POST', path, headers: JSON_TYPE, body: '{"email":42,"password":[],"refreshToken":{}}', status: 400, code: 'invalid_field' },
      { method: 'POST', path, headers: JSON_TYPE, body: '{"__proto__":{"admin":true}}', status: 400, code: 'invalid_field' },
      { method: 'POST', path, headers: { 'Content-Type': 'text/plain' }, body: '{}', status: 415, code: 'unsupported_media_type' },
      { method: 'POST', path, headers: { 'Content-Type': 'application/json;' }, body: '{}', status: 415, code: 'unsupported_media_type' },
      { method: 'POST', path, headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--', status: 415, code: 'unsupported_media_type' },
      { method: 'POST', path, body: '{}', status: 415, code: 'unsupported_media_type' },
      { method: 'POST', path, headers: { ...JSON_TYPE, 'Sec-Fetch-Site': 'cross-site' }, body: '{}', status: 403, code: 'cross_origin' },
      { method: 'POST', path, headers: { ...JSON_TYPE, Origin: 'https://evil.example' }, body: '{}', status: 403, code: 'cross_origin' },
      { method: 'POST', path, headers: JSON_TYPE, body: bodyOfSize(MAX_BODY_BYTES + 1), status: 413, code: 'body_too_large' },
      { method: 'GET', path, status: 405, code: 'method_not_allowed' },
      { method: 'DELETE', path, status: 405, code: 'method_not_allowed' },
      { method: 'POST', path: `${path}/`, headers: JSON_TYPE, body: '{}', status: 404, code: 'not_found' },
    );
  }
  // Orders: bad orders, bad moves, odd ids.
  const order = (body: unknown, headers: Record<string, string> = {}): Case => ({ method: 'POST', path: '/api/v1/orders', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body), status: 400, code: 'invalid_field' });
  table.push(
    order({ table: 7, items: [{ dishId: 6, quantity: 1 }], pickupName: 'x' }),
    order({ table: 0, items: [{ dishId: 6, quantity: 1 }] }),
    order({ table: 7, items: [{ dishId: 6, quantity: -1 }] }),
    order({ table: 7, items: [{ dishId: '6', quantity: 1 }] }),
    order({ table: 7, items: 'all of it' }),
    order({ table: 7, items: [{ dishId: 6, quantity: 1 }], note: 7 }),
    order({ table: 7, items: [{ dishId: 6, quantity: 1 }] }, { 'Idempotency-Key': 'é' }),
    order({ table: 1e300, items: [{ dishId: 6, quantity: 1 }] }),
    order({ table: 7, items: [{ dishId: 2 ** 53, quantity: 1 }] }),
  );
  // Text a person reads on a ticket: nothing that prints wrong or not at all (readable-text.ts).
  // JSON.stringify writes control characters and lone surrogates as \u escapes, as a client would.
  const UNREADABLE = ['Bob\u202Eevil', 'Bob\u2066evil', 'Ann\u200Fa', '\u200B\u200B', '\u3164', '\u2800 ', 'Bo\u0000b', 'Bo\u001Bb', 'Bo\u0085b', 'Bob\ud800', '\udc00Ann'];
  const items = [{ dishId: 6, quantity: 1 }];
  const unreadable = (body: unknown, field: string): Case => ({ method: 'POST', path: '/api/v1/orders', headers: JSON_TYPE, body: JSON.stringify(body), status: 400, code: 'invalid_field', field });
  for (const text of UNREADABLE) table.push(unreadable({ pickupName: text, items }, 'pickupName'), unreadable({ table: 7, note: text, items }, 'note'));
  table.push(unreadable({ pickupName: 'Ann\nBob', items }, 'pickupName'));
  // A pickup order's phone: needed, a number that can exist, not sent with a table.
  for (const phone of [undefined, '', 'call me', '12', '+39 347 123 45678 9012', '+999 123 456', '3'.repeat(41), 7, null]) {
    table.push(unreadable({ pickupName: 'Ada', pickupPhone: phone, items }, 'pickupPhone'));
  }
  table.push(unreadable({ table: 7, tableCode: 'x', pickupPhone: '+39 347 123 4567', items }, 'pickupPhone'));
  for (const id of ['x', 'AAAAAAAAAAAAAAAAAAAAAA', '%00', '..%2F..', 'constructor']) {
    table.push({ method: 'GET', path: `/api/v1/orders/${id}`, status: 404, code: 'not_found' });
    table.push({ method: 'GET', path: `/api/v1/orders/${id}/events`, status: 404, code: 'not_found' });
    table.push({ method: 'PATCH', path: `/api/v1/orders/${id}`, headers: { ...JSON_TYPE, Authorization: `Bearer ${token}` }, body: '{"status":"ready","version":1}', status: 404, code: 'not_found' });
  }
  for (const body of ['{"status":"ready"}', '{"status":"eaten","version":1}', '{"status":"ready","version":"1"}', '{"status":"ready","version":0}', '[]', '{']) {
    table.push({ method: 'PATCH', path: '/api/v1/orders/AAAAAAAAAAAAAAAAAAAAAA', headers: { ...JSON_TYPE, Authorization: `Bearer ${token}` }, body, status: 400, code: body === '{' ? 'malformed_json' : 'invalid_field' });
  }
  table.push({ method: 'PATCH', path: '/api/v1/orders/AAAAAAAAAAAAAAAAAAAAAA', headers: { ...JSON_TYPE, Authorization: `Bearer ${studentToken}` }, body: '{"status":"ready","version":1}', status: 403, code: 'forbidden' });
  table.push({ method: 'GET', path: '/api/v1/orders/events', headers: { Authorization: `Bearer ${token}`, 'Last-Event-ID': '-1' }, status: 400, code: 'invalid_field' });
  table.push({ method: 'GET', path: '/api/v1/orders/events', headers: { Authorization: `Bearer ${studentToken}` }, status: 403, code: 'forbidden' });

  // 16,384 bytes is allowed through to the schema (which finds the password too long); one more is 413.
  table.push({ method: 'POST', path: '/api/v1/auth/login', headers: JSON_TYPE, body: bodyOfSize(MAX_BODY_BYTES), status: 400, code: 'invalid_field' });
  table.push({ method: 'POST', path: '/api/v1/auth/refresh', headers: JSON_TYPE, body: JSON.stringify({ refreshToken: 'r'.repeat(201) }), status: 400, code: 'invalid_field' });
  for (const path of PROTECTED) {
    // The scheme's letter case does not matter (RFC 9110: `bearer` signs in as `Bearer` does); two spaces, or anything else, is a 401.
    for (const authorization of [undefined, '', 'Bearer', 'Bearer ', `Bearer  ${token}`, `Bearer ${token}=`, `Bearer ${token}.x`, `Basic ${token}`, 'Bearer a.b.c', `Bearer ${'x'.repeat(8000)}`, 'Bearer \u00e9.\u00e9.\u00e9']) {
      const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
      table.push({ method: 'GET', path, headers, status: 401, code: 'unauthorized' });
    }
  }
  table.push({ method: 'GET', path: '/api/v1/orders/queue', headers: { Authorization: `Bearer ${studentToken}` }, status: 403, code: 'forbidden' });
  // Display credentials edited, cut short or made up; one used where only a person may go.
  for (const path of DISPLAY_ENDPOINTS) {
    for (const credential of [`${display}x`, display.slice(0, -1), `${display}=`, 'tvd_', `tvd_${'A'.repeat(43)}`, `tvd_${'x'.repeat(8000)}`, 'tvd_\u00e9']) {
      table.push({ method: 'GET', path, headers: { Authorization: `Bearer ${credential}` }, status: 401, code: 'display_unpaired' });
    }
  }
  for (const path of ['/api/v1/auth/me', '/api/v1/profile', '/api/v1/admin/staff', '/api/v1/admin/displays', '/api/v1/admin/day']) {
    table.push({ method: 'GET', path, headers: { Authorization: `Bearer ${display}` }, status: 403, code: 'display_not_allowed' });
  }
  // Pairing codes, and the display's own moves with bad bodies and odd ids.
  const pair = (body: string, status = 400, code = 'invalid_field'): Case => ({ method: 'POST', path: '/api/v1/displays/pair', headers: JSON_TYPE, body, status, code });
  table.push(pair('{}'), pair('{"code":5}'), pair('{"code":""}'), pair(`{"code":"${'A'.repeat(21)}"}`), pair('{"code":"ABCD-EFGH","x":1}'), pair('{"code":"ABCD-EFG"}'), pair('{"code":"UUUU-UUUU"}'), pair('{"code":"\\u0000\\u0000"}'), pair('{"code":"ABCD-EFGH"}', 404, 'pairing_code_unknown'));
  const byDisplay = { ...JSON_TYPE, Authorization: `Bearer ${display}` };
  for (const path of ['/api/v1/orders/AAAAAAAAAAAAAAAAAAAAAA/parts/2/done', '/api/v1/orders/AAAAAAAAAAAAAAAAAAAAAA/recall']) {
    for (const body of ['{}', '{"version":"1"}', '{"version":0}', '{"version":1,"x":1}', '[]']) table.push({ method: 'POST', path, headers: byDisplay, body, status: 400, code: 'invalid_field' });
    table.push({ method: 'POST', path, headers: byDisplay, body: '{', status: 400, code: 'malformed_json' });
    table.push({ method: 'POST', path, headers: byDisplay, body: '{"version":1}', status: 404, code: 'not_found' });
  }
  for (const station of ['0', 'x', '-1', '1e3', '9999999999']) {
    table.push({ method: 'POST', path: `/api/v1/orders/AAAAAAAAAAAAAAAAAAAAAA/parts/${station}/done`, headers: byDisplay, body: '{"version":1}', status: 400, code: 'invalid_field' });
  }
  const byAdmin = { ...JSON_TYPE, Authorization: `Bearer ${adminToken}` };
  for (const body of ['{"name":"","kind":"pass"}', '{"name":"Pass","kind":"grill"}', '{"name":"Oven","kind":"station","station":"2"}', '{"name":"Oven","kind":"station"}', '{"name":"Bob\u202Eevil","kind":"pass"}', '{"kind":"pass"}']) {
    table.push({ method: 'POST', path: '/api/v1/admin/displays', headers: byAdmin, body, status: 400, code: 'invalid_field' });
  }
  for (const id of ['0', 'x', '%00', '99999']) {
    table.push({ method: 'PATCH', path: `/api/v1/admin/displays/${id}`, headers: byAdmin, body: '{"version":1,"name":"x"}', status: id === '99999' ? 404 : 400, code: id === '99999' ? 'not_found' : 'invalid_field' });
  }
  table.push({ method: 'DELETE', path: '/api/v1/admin/displays/1', headers: byAdmin, status: 400, code: 'invalid_field' });
  table.push({ method: 'PUT', path: '/api/v1/admin/board-settings', headers: byAdmin, body: '{"version":1,"lateMinutes":10,"veryLateMinutes":1e9}', status: 400, code: 'invalid_field' });
  // The restaurant's details: every field checked, the version needed, only the Admin.
  const RESTAURANT = { version: 1, name: 'Tavola', legalName: 'Tavola S.r.l.', address: 'Via dei Serpenti 42', vatNumber: '12345678903', phone: '06 1234 5678', email: 'ciao@tavola.example' };
  for (const [field, value] of [['vatNumber', '12345678901'], ['vatNumber', 'IT1234567890X'], ['vatNumber', 12345678903], ['phone', 'call us'], ['email', 'no'], ['name', ''], ['legalName', 'x'.repeat(121)], ['address', 'A\u0000B'], ['version', 0], ['extra', 1]] as const) {
    table.push({ method: 'PUT', path: '/api/v1/admin/restaurant', headers: byAdmin, body: JSON.stringify({ ...RESTAURANT, [field]: value }), status: 400, code: 'invalid_field', field: field === 'extra' ? undefined : field });
  }
  table.push({ method: 'PUT', path: '/api/v1/admin/restaurant', headers: { ...JSON_TYPE, Authorization: `Bearer ${studentToken}` }, body: JSON.stringify(RESTAURANT), status: 403, code: 'forbidden' });
  table.push({ method: 'PUT', path: '/api/v1/admin/restaurant', headers: JSON_TYPE, body: JSON.stringify(RESTAURANT), status: 401, code: 'unauthorized' });
  // The allergen filter: codes only.
  for (const without of ['dairy', 'milk,DAIRY', '%00', 'x'.repeat(201)]) table.push({ method: 'GET', path: `/api/v1/dishes?without=${without}`, status: 400, code: 'invalid_field', field: 'without' });
  // Bookings: bad fields, odd manage keys, odd ids, bad settings.
  const GOOD_BOOKING = { party: 2, date: '2026-11-27', time: '19:30', name: 'Ann', phone: '347 123 4567' };
  const badBookings: [Record<string, unknown>, string][] = [
    [{ party: 0 }, 'party'], [{ party: 100 }, 'party'], [{ party: '2' }, 'party'], [{ party: 2.5 }, 'party'],
    [{ date: '2026-13-01' }, 'date'], [{ date: '2026-02-30' }, 'date'], [{ date: '27/11/2026' }, 'date'], [{ time: '25:00' }, 'time'], [{ time: '7:30' }, 'time'],
    [{ name: '' }, 'name'], [{ name: 'Bob\u202Eevil' }, 'name'], [{ phone: 7 }, 'phone'], [{ phone: '' }, 'phone'], [{ phone: 'call me' }, 'phone'], [{ phone: '12' }, 'phone'],
    [{ email: 'not-an-email' }, 'email'], [{ note: 'x'.repeat(501) }, 'note'], [{ table: 3 }, 'table'],
  ];
  for (const [change, field] of badBookings) {
    table.push({ method: 'POST', path: '/api/v1/bookings', headers: JSON_TYPE, body: JSON.stringify({ ...GOOD_BOOKING, ...change }).replace('\\u202E', '\u202E'), status: 400, code: 'invalid_field', field });
  }
  for (const query of ['', 'party=2', 'date=2026-11-27', 'party=0&date=2026-11-27', 'party=x&date=2026-11-27', 'party=2&date=2026-02-30', 'party=2&date=%00', 'party=1e3&date=2026-11-27']) {
    table.push({ method: 'GET', path: `/api/v1/bookings/times?${query}`, status: 400, code: 'invalid_field' });
  }
  for (const key of ['A'.repeat(22), 'A'.repeat(21), 'x'.repeat(8000), '../../etc/passwd', '%00', 'null']) {
    for (const [method, path] of [['GET', '/api/v1/booking'], ['GET', '/api/v1/booking/calendar']]) table.push({ method: method!, path: path!, headers: { 'Booking-Key': key }, status: 404, code: 'booking_not_found' });
    table.push({ method: 'POST', path: '/api/v1/booking/cancel', headers: { ...JSON_TYPE, 'Booking-Key': key }, body: '{"version":1}', status: 404, code: 'booking_not_found' });
  }
  table.push({ method: 'GET', path: '/api/v1/booking', status: 400, code: 'invalid_field', field: 'Booking-Key' });
  for (const body of ['{}', '{"version":"1"}', '{"version":1,"table":3}', '{"version":1,"status":"cancelled"}', '[]']) {
    table.push({ method: 'PATCH', path: '/api/v1/booking', headers: { ...JSON_TYPE, 'Booking-Key': 'A'.repeat(22) }, body, status: 400, code: 'invalid_field' });
  }
  for (const id of ['0', 'x', '%00', '1e3', '99999']) {
    table.push({ method: 'PATCH', path: `/api/v1/staff/bookings/${id}`, headers: byAdmin, body: '{"version":1,"status":"arrived"}', status: id === '99999' ? 404 : 400, code: id === '99999' ? 'not_found' : 'invalid_field' });
  }
  for (const body of ['{"version":1,"status":"eaten"}', '{"version":1,"table":0}', '{"version":1,"time":"19.30"}', '{"status":"arrived"}']) {
    table.push({ method: 'PATCH', path: '/api/v1/staff/bookings/1', headers: byAdmin, body, status: 400, code: 'invalid_field' });
  }
  table.push({ method: 'PUT', path: '/api/v1/admin/booking-settings', headers: byAdmin, body: '{"version":1,"intervalMinutes":1e9}', status: 400, code: 'invalid_field' });
  table.push({ method: 'GET', path: '/api/v1/staff/bookings?date=tomorrow', headers: byAdmin, status: 400, code: 'invalid_field' });
  table.push({ method: 'GET', path: '/api/v1/staff/bookings', headers: { Authorization: `Bearer ${token}` }, status: 403, code: 'forbidden' });
  for (const query of ['featured=maybe', `q=${'x'.repeat(101)}`, `category=${'c'.repeat(61)}`]) {
    table.push({ method: 'GET', path: `/api/v1/dishes?${query}`, status: 400, code: 'invalid_field' });
  }
  for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(101)}`]) table.push({ method: 'GET', path: `/api/v1/search?${query}`, status: 400, code: 'invalid_field' });
  for (const id of ['0', '-1', '1.5', '1e3', '0x1', '%00', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '99999999999999999999', 'constructor', '__proto__', '%F0%9F%8D%95']) {
    table.push({ method: 'GET', path: `/api/v1/dishes/${id}`, status: 404, code: 'not_found' });
  }
  for (const path of ['/api', '/api/', '/api/v1', '/api/v2/dishes', '/api/v1/%', '/api/v1/dishes/3/extra', '/api/v1/../v1/dishes%2F3', '/api/v1/nothing-here']) {
    table.push({ method: 'GET', path, status: 404, code: 'not_found' });
  }
  return table;
}

/** One request with node:http (fetch refuses methods such as TRACE). */
function send(row: Case): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    // A body always goes with its length (node:http sends DELETE's body unframed otherwise).
    const headers = row.body === undefined ? row.headers : { ...row.headers, 'Content-Length': String(Buffer.byteLength(row.body)) };
    const outgoing = request(base + row.path, { method: row.method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(row.body);
  });
}

let server: Server;
let base: string;
let table: Case[];

const Fuzz = suite('reliability: a fuzz table of bad requests');

Fuzz.before(async () => {
  const api = await createTestApi();
  const token = (await api.login(KITCHEN)).accessToken;
  const studentToken = (await api.login(STUDENT)).accessToken;
  const adminToken = (await api.login(ADMIN)).accessToken;
  const { credential } = await pairScreen(api, adminToken, { name: 'Pizza oven', kind: 'station', station: PIZZA_STATION });
  table = cases(token, studentToken, adminToken, credential);
  server = createHttpServer(api.app);
  base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
});
Fuzz.after(() => void server.close());

Fuzz('every bad request gets its exact status and code, in the error shape, with the security headers; no 5xx', async () => {
  assert.ok(table.length > 150, `the table has ${table.length} rows`);
  const wrong: string[] = [];
  for (const row of table) {
    const response = await send(row);
    const text = response.text;
    const label = `${row.method} ${row.path.slice(0, 60)} ${JSON.stringify(row.headers ?? {}).slice(0, 60)}${row.body ? ` ${row.body.slice(0, 80)}` : ''}`;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      wrong.push(`${label}: not JSON: ${text.slice(0, 80)}`);
      continue;
    }
    const keys = Object.keys(body).filter((key) => key !== 'field').sort().join(',');
    if (row.field !== undefined && body.field !== row.field) wrong.push(`${label}: field ${body.field}, expected ${row.field}`);
    if (response.status !== row.status || body.code !== row.code || body.status !== row.status || keys !== 'code,message,status' || typeof body.message !== 'string') {
      wrong.push(`${label}: ${response.status} ${body.code}, expected ${row.status} ${row.code}`);
    }
    if (response.headers['x-content-type-options'] !== 'nosniff' || !response.headers['content-security-policy']) wrong.push(`${label}: security headers missing`);
    if (response.status >= 500) wrong.push(`${label}: ${response.status}`);
  }
  assert.equal(wrong, []);
});

Fuzz.run();
