import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_BODY_BYTES } from '../../src/server/http/json-body.js';
import { PERMISSIONS_POLICY } from '../../src/server/http/security.js';
import { ADMIN, createTestApi, expectError, KITCHEN, type TestApi } from '../helpers/api.js';

const LOGIN = '/api/v1/auth/login';
let api: TestApi;

const post = (body: BodyInit | null, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  api.request(LOGIN, { method: 'POST', headers, body });

const Bad = suite('bad input gets one JSON error shape');
Bad.before.each(async () => {
  api = await createTestApi();
});

Bad('malformed JSON is 400', async () => {
  await expectError(await post('{"email": "kai@tavola.test",'), 400, 'malformed_json', 'The request body is not valid JSON.');
});

Bad('an empty body is 400', async () => {
  await expectError(await post(''), 400, 'malformed_json');
});

Bad('a body that is JSON but not an object is 400', async () => {
  for (const body of ['[]', 'null', '"text"', '42']) await expectError(await post(body), 400, 'invalid_field', 'The body must be a JSON object.');
});

Bad('a wrong or missing content type is 415', async () => {
  const body = JSON.stringify({ email: KITCHEN.email, password: KITCHEN.password });
  const message = 'Send the body as JSON with Content-Type: application/json.';
  await expectError(await post(body, { 'Content-Type': 'text/plain' }), 415, 'unsupported_media_type', message);
  await expectError(await post(body, { 'Content-Type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
  await expectError(await post(body, {}), 415, 'unsupported_media_type');
  assert.is((await post(body, { 'Content-Type': 'application/json; charset=utf-8' })).status, 200);
});

Bad('a body over 16 KiB is 413', async () => {
  const big = JSON.stringify({ email: 'x', password: 'p'.repeat(MAX_BODY_BYTES) });
  await expectError(await post(big), 413, 'body_too_large', 'The request body is larger than 16 KiB.');
});

Bad('a missing field is 400 naming it', async () => {
  const body = await expectError(await api.postJson(LOGIN, { email: KITCHEN.email }), 400, 'invalid_field', 'password is required.');
  assert.is(body.field, 'password');
});

Bad('a field of the wrong type is 400 naming it', async () => {
  const body = await expectError(await api.postJson(LOGIN, { email: 42, password: 'x' }), 400, 'invalid_field', 'email must be a string.');
  assert.is(body.field, 'email');
});

Bad('an empty field is 400 naming it', async () => {
  await expectError(await api.postJson(LOGIN, { email: '   ', password: 'x' }), 400, 'invalid_field', 'email must not be empty.');
});

Bad('a huge password is refused before any hashing', async () => {
  await expectError(await api.postJson(LOGIN, { email: KITCHEN.email, password: 'p'.repeat(2000) }), 400, 'invalid_field', 'password is too long.');
});

// Leniency is a decision (docs/api.md, "What is read leniently"): each one here is on purpose.
Bad('decided: a UTF-8 byte order mark before a JSON body is skipped (RFC 8259 §8.1 allows it)', async () => {
  assert.is((await post(`\ufeff${JSON.stringify(KITCHEN)}`)).status, 200);
  assert.is((await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(KITCHEN))]))).status, 200);
});

Bad('decided: white space around an e-mail address (what a paste brings) is trimmed; inside one it is refused', async () => {
  assert.is((await api.postJson(LOGIN, { ...KITCHEN, email: `  ${KITCHEN.email}\n` })).status, 200);
  const admin = (await api.login(ADMIN)).accessToken;
  for (const [typed, stored] of [['  x@tavola.test  ', 'x@tavola.test'], ['a@tavola.test\n', 'a@tavola.test']]) {
    const invited = await api.send('POST', '/api/v1/admin/staff', { name: 'Paste', email: typed, role: 'Waiter' }, admin);
    assert.is(invited.status, 201);
    assert.is((await invited.json()).staff.email, stored);
  }
  const refused = await expectError(await api.send('POST', '/api/v1/admin/staff', { name: 'Paste', email: 'y @tavola.test', role: 'Waiter' }, admin), 400, 'invalid_field');
  assert.is(refused.field, 'email');
});

Bad('decided: a number in the query is digits only (no space, sign, exponent, leading zero or hex)', async () => {
  for (const party of ['%201', '1%20', '+1', '1e0', '01', '0x1', '1.0', '']) {
    const body = await expectError(await api.request(`/api/v1/bookings/times?party=${party}&date=2026-11-27`), 400, 'invalid_field', 'party: must be a whole number from 1 to 99');
    assert.is(body.field, 'party', party);
  }
  assert.is((await api.request('/api/v1/bookings/times?party=2&date=2026-11-27')).status, 200);
  const admin = (await api.login(ADMIN)).accessToken;
  const id = await expectError(await api.send('POST', '/api/v1/admin/messages/%201/send-again', { version: 1 }, admin), 400, 'invalid_field', 'id: must be a positive whole number');
  assert.is(id.field, 'id');
});

Bad('an unknown API path is 404', async () => {
  await expectError(await api.request('/api/v1/nothing-here'), 404, 'not_found', 'No API endpoint is at /api/v1/nothing-here.');
  await expectError(await api.request('/api/v2/dishes'), 404, 'not_found');
});

Bad('a wrong method is 405 with Allow', async () => {
  const response = await api.request('/api/v1/dishes', { method: 'DELETE' });
  await expectError(response, 405, 'method_not_allowed', 'DELETE is not allowed here. Allowed: GET, POST, HEAD.');
  assert.is(response.headers.get('Allow'), 'GET, POST, HEAD');
  const get = await api.request(LOGIN);
  await expectError(get, 405, 'method_not_allowed');
  assert.is(get.headers.get('Allow'), 'POST');
  assert.is((await api.request('/api/v1/dishes/3', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status, 405);
});

Bad('the method is checked before the body: PUT, POST, DELETE on a dish are 405 whatever they send', async () => {
  for (const method of ['PUT', 'POST', 'DELETE']) {
    for (const headers of [{}, { 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/json' }] as Record<string, string>[]) {
      const response = await api.request('/api/v1/dishes/1', { method, headers, body: 'x'.repeat(20_000) });
      await expectError(response, 405, 'method_not_allowed', `${method} is not allowed here. Allowed: GET, PATCH, HEAD.`);
    }
  }
  await expectError(await api.request('/api/v1/orders/queue', { method: 'POST', body: '{' }), 405, 'method_not_allowed');
});

Bad('a trailing slash is another path: 404, saying which path was meant', async () => {
  await expectError(await api.request('/api/v1/dishes/'), 404, 'not_found', 'No API endpoint is at /api/v1/dishes/. Did you mean /api/v1/dishes?');
  await expectError(await api.request('/api/v1/auth/me/'), 404, 'not_found', 'No API endpoint is at /api/v1/auth/me/. Did you mean /api/v1/auth/me?');
  await expectError(await api.request('/api/v1/auth/login/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }), 404, 'not_found');
  await expectError(await api.request('/api/v1/nothing/'), 404, 'not_found', 'No API endpoint is at /api/v1/nothing/.');
});

Bad('a content type with an empty parameter (`application/json;`) is 415 with the documented code', async () => {
  const body = JSON.stringify({ email: KITCHEN.email, password: KITCHEN.password });
  for (const type of ['application/json;', 'application/json; charset', 'application/jsonx', 'application/vnd.api+json']) {
    await expectError(await post(body, { 'Content-Type': type }), 415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
});

Bad('a body that stops arriving is a 400, not a 500, and nothing is logged', async () => {
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const response = await api.request(LOGIN, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    await expectError(response, 400, 'incomplete_body', 'The request body did not arrive in full.');
    assert.equal(logged, []);
  } finally {
    console.error = original;
  }
});

Bad('odd characters in the address never reach a 500', async () => {
  for (const path of ['/api/v1/dishes/%E0%A4%A', '/api/v1/dishes/%00', '/api/v1/dishes/1%2F2', '/api/v1/dishes/..%2F..%2Fetc', '/api/v1/dishes/%F0%9F%8D%95', '/api/v1/dishes/1e3', '/api/v1/dishes/0x1']) {
    const response = await api.request(path);
    assert.is(response.status, 404, path);
    assert.is((await response.json()).code, 'not_found', path);
  }
  assert.is((await api.request('/api/v1/dishes?q=%E0%A4%A')).status, 200);
});

Bad('a stored dish whose tags are broken JSON is still served, with no tags', async () => {
  await api.db.updateTable('dishes').set({ tags: '{not json' }).where('id', '=', 3).execute();
  await api.db.updateTable('dishes').set({ tags: '{"a":1}' }).where('id', '=', 4).execute();
  assert.equal((await (await api.request('/api/v1/dishes/3')).json()).tags, []);
  assert.equal((await (await api.request('/api/v1/dishes/4')).json()).tags, []);
  assert.is((await api.request('/api/v1/dishes')).status, 200);
});

Bad('an unexpected failure is a 500 with a plain message and no stack', async () => {
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await api.db.destroy();
    const body = await expectError(await api.request('/api/v1/categories'), 500, 'internal', 'Something went wrong on our side. Please try again.');
    assert.not.match(JSON.stringify(body), /at |\.ts|Error/);
    assert.is(logged.length, 1, 'the details go to the server log');
  } finally {
    console.error = original;
  }
});

Bad.run();

const Origin = suite('same origin only: no CORS, cross-site writes refused');
Origin.before.each(async () => {
  api = await createTestApi();
});

Origin('no answer carries CORS headers, even when asked', async () => {
  const asked = { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' };
  for (const response of [
    await api.request('/api/v1/dishes', { headers: asked }),
    await api.request(LOGIN, { method: 'OPTIONS', headers: asked }),
  ]) {
    for (const name of response.headers.keys()) assert.not.match(name, /^access-control-/i);
  }
});

Origin('a POST from another site is 403, by Sec-Fetch-Site', async () => {
  for (const site of ['cross-site', 'same-site']) {
    await expectError(await api.postJson(LOGIN, KITCHEN, { 'Sec-Fetch-Site': site }), 403, 'cross_origin', 'This API only accepts requests from its own site.');
  }
});

Origin('a POST from another site is 403, by Origin when Sec-Fetch-Site is absent', async () => {
  await expectError(await api.postJson(LOGIN, KITCHEN, { Origin: 'https://evil.example' }), 403, 'cross_origin');
  await expectError(await api.postJson(LOGIN, KITCHEN, { Origin: 'null' }), 403, 'cross_origin');
});

Origin('our own pages, and tools that send no Origin, may POST', async () => {
  assert.is((await api.postJson(LOGIN, KITCHEN, { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' })).status, 200);
  assert.is((await api.postJson(LOGIN, KITCHEN, { Origin: 'http://localhost' })).status, 200);
  assert.is((await api.postJson(LOGIN, KITCHEN, { 'Sec-Fetch-Site': 'none' })).status, 200);
  assert.is((await api.postJson(LOGIN, KITCHEN)).status, 200);
});

Origin('behind a host, PUBLIC_ORIGIN is the origin that counts', async () => {
  api = await createTestApi({ publicOrigin: 'https://tavola.example' });
  assert.is((await api.postJson(LOGIN, KITCHEN, { Origin: 'https://tavola.example' })).status, 200);
  assert.is((await api.postJson(LOGIN, KITCHEN, { Origin: 'http://localhost' })).status, 403);
});

Origin('cross-site reads are fine: they carry nothing the page can use without CORS', async () => {
  assert.is((await api.request('/api/v1/dishes', { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status, 200);
});

Origin('every answer carries the security headers: API answers, errors, and non-API 404s', async () => {
  const answers = [
    await api.request('/api/v1/dishes'),
    await api.request('/api/v1/nope'),
    await api.postJson(LOGIN, {}),
    await api.request('/assets/nope.js'),
    await api.request('/', { method: 'POST' }),
    await api.request('/anything'),
  ];
  for (const [i, response] of answers.entries()) {
    // A menu answer may be kept by the browser if it asks again first (it has an ETag); nothing else may.
    assert.is(response.headers.get('Cache-Control'), i === 0 ? 'no-cache' : 'no-store', String(i));
    assert.is(response.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.is(response.headers.get('Content-Security-Policy'), "default-src 'none'; frame-ancestors 'none'");
    assert.is(response.headers.get('Referrer-Policy'), 'no-referrer');
    assert.is(response.headers.get('Permissions-Policy'), PERMISSIONS_POLICY);
    assert.is(response.headers.get('Strict-Transport-Security'), null, 'no HSTS on plain http');
  }
});

Origin('HSTS only when the public origin is https', async () => {
  api = await createTestApi({ publicOrigin: 'https://tavola.example' });
  for (const response of [await api.request('/api/v1/dishes'), await api.request('/nowhere')]) {
    assert.is(response.headers.get('Strict-Transport-Security'), 'max-age=63072000; includeSubDomains');
  }
});

Origin.run();
