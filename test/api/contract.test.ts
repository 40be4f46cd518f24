// The API description tells the truth, checked by machine: every operation of
// /api/v1/openapi.json is sent the refusals any operation can meet (another site's Origin, no
// token, a role that may not, a paired display where only a person may go, a malformed or
// unknown id, a body too large or of the wrong type), and each answer's status must be one
// the operation lists, with a body its schema accepts (helpers/contract.ts, ajv on the
// document's own schemas). The refusals particular to one operation (a stale version, a time
// taken, a used link) are held to the description in the tests that provoke them: every
// request of the API tests goes through the same check (helpers/api.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contractOf, readAnswer, type Contract } from '../helpers/contract.js';
import { ADMIN, createTestApi, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';
import { KITCHEN_STATION, pairScreen } from '../helpers/displays.js';

const Description = suite('the API description lists every answer an operation gives');

let api: TestApi;
let contract: Contract;
let tokens: { admin: string; student: string; display: string; station: string; kitchen: string; waiter: string };
const operations: { method: string; template: string; body: boolean; bearer: boolean }[] = [];

Description.before(async () => {
  api = await createTestApi();
  contract = contractOf(await (await api.app.request('http://localhost/api/v1/openapi.json')).json());
  const admin = (await api.login(ADMIN)).accessToken;
  const display = (await pairScreen(api, admin, { name: 'Contract pass', kind: 'pass' })).credential;
  const tokenOf = async (account: { email: string; password: string }) => (await api.login(account)).accessToken;
  const station = (await pairScreen(api, admin, { name: 'Contract kitchen', kind: 'station', station: KITCHEN_STATION })).credential;
  tokens = { admin, student: await tokenOf(STUDENT), display, station, kitchen: await tokenOf(KITCHEN), waiter: await tokenOf(WAITER) };
  for (const [template, item] of Object.entries(contract.document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.push({ method: method.toUpperCase(), template, body: Boolean(operation.requestBody), bearer: Boolean(operation.security?.some((scheme) => 'Bearer' in scheme)) });
    }
  }
});

const fill = (template: string, value: string) => `/api/v1${template.replace(/\{[^}]+\}/g, value)}`;

/** Sends one request straight to the app (the check is this test's own) and returns what the description says of its answer. */
async function answer(method: string, path: string, { token, headers = {}, body }: { token?: string; headers?: Record<string, string>; body?: string } = {}) {
  const sendsBody = method !== 'GET' && method !== 'DELETE';
  const sent = await api.app.request(`http://localhost${path}`, {
    method,
    headers: { ...(sendsBody ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: sendsBody ? (body ?? '{}') : undefined,
  });
  const { answer } = await readAnswer(sent);
  if (sent.headers.get('Content-Type')?.startsWith('text/event-stream')) await sent.body?.cancel();
  return { status: sent.status, problems: contract.problemsOf(method, path, answer) };
}

const expectListed = (what: string, { problems }: { problems: string[] }) => assert.equal(problems, [], what);

Description('the walk covers every operation of the description (127 of them)', () => {
  assert.is(operations.length, 127);
});

Description('another site’s Origin: every state change answers 403 cross_origin, and lists it', async () => {
  for (const { method, template } of operations.filter((operation) => operation.method !== 'GET')) {
    const result = await answer(method, fill(template, '1'), { token: tokens.admin, headers: { Origin: 'https://elsewhere.example' } });
    assert.is(result.status, 403, `${method} ${template}`);
    expectListed(`${method} ${template}`, result);
  }
});

Description('no token where one is needed: 401, listed', async () => {
  for (const { method, template } of operations.filter((operation) => operation.bearer)) {
    const result = await answer(method, fill(template, '1'));
    assert.is(result.status, 401, `${method} ${template}`);
    expectListed(`${method} ${template}`, result);
  }
});

Description('a Student, and a paired display, on every operation: whatever they are answered is listed', async () => {
  for (const { method, template } of operations) {
    for (const token of [tokens.student, tokens.display]) expectListed(`${method} ${template}`, await answer(method, fill(template, '1'), { token }));
  }
});

Description('a malformed id, an unknown one, and one that is a space and a digit (as the Admin): listed', async () => {
  for (const { method, template } of operations.filter((operation) => operation.template.includes('{'))) {
    for (const value of ['x', '0', '999999', '%201', '%F0%9F%8D%9D']) {
      const result = await answer(method, fill(template, value), { token: tokens.admin });
      assert.ok(result.status >= 400, `${method} ${template} with ${value}: ${result.status}`);
      expectListed(`${method} ${template} with ${value}`, result);
    }
  }
});

Description('a body over 16 KiB: 413; a body that is not JSON: 415; both listed wherever a body is taken', async () => {
  for (const { method, template } of operations.filter((operation) => operation.body && operation.template !== '/dishes/{id}/picture')) {
    const path = fill(template, '1');
    const tooLarge = (token: string) => answer(method, path, { token, body: JSON.stringify({ padding: 'x'.repeat(20 * 1024) }) });
    // The caller is checked before the body: send it as one who may (orders are moved by Kitchen and Waiter, a part by its station's screen).
    let token = tokens.admin;
    let large = await tooLarge(token);
    for (const other of [tokens.kitchen, tokens.waiter, tokens.station]) {
      if (large.status !== 403) break;
      token = other;
      large = await tooLarge(token);
    }
    assert.is(large.status, 413, `${method} ${template}`);
    expectListed(`${method} ${template}`, large);
    const plain = await answer(method, path, { token, headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    assert.is(plain.status, 415, `${method} ${template}`);
    expectListed(`${method} ${template}`, plain);
  }
});

Description('the Admin with an empty body, and an unknown lang, on every operation: listed', async () => {
  for (const { method, template } of operations) {
    expectListed(`${method} ${template}`, await answer(method, fill(template, '1'), { token: tokens.admin }));
    const lang = await answer(method, `${fill(template, '1')}?lang=fr`, { token: tokens.admin });
    assert.is(lang.status, 400, `${method} ${template}?lang=fr`);
    expectListed(`${method} ${template}?lang=fr`, lang);
  }
});

// The same refusals in Italian: each message differs from its English and has none of English's
// small words (the validator's too: a body whose every field has the wrong type).
const ENGLISH_WORD = /(^|[^\p{L}])(the|and|with|your|you|from|for|of|to|is|are|at|on|by|this|that|must|should|expected|received|invalid|required)(?=$|[^\p{L}])/iu;

/** A body whose every property has a value of another type than its schema's. */
function wrongTypes(template: string, method: string): string {
  type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema> };
  type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
  const document = contract.document as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
  const resolve = (schema: Schema | undefined): Schema | undefined => (schema?.$ref ? resolve(document.components.schemas[schema.$ref.split('/').at(-1)!]) : schema);
  const schema = resolve(document.paths[template]![method.toLowerCase()]!.requestBody?.content?.['application/json']?.schema);
  const wrong = (property: Schema): unknown => {
    const type = resolve(property)?.type;
    return type === 'string' ? 12 : type === 'array' || type === 'object' ? 'x' : type === 'boolean' ? 'yes' : type === 'integer' || type === 'number' ? 'x' : null;
  };
  return JSON.stringify(Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, property]) => [name, wrong(property)])));
}

Description('every refusal of the walk, asked in Italian, is said in Italian', async () => {
  const messageOf = async (method: string, path: string, init: { token?: string; headers?: Record<string, string>; body?: string }, lang: string) => {
    const sendsBody = method !== 'GET' && method !== 'DELETE';
    const response = await api.app.request(`http://localhost${path}`, {
      method,
      headers: { ...(sendsBody ? { 'Content-Type': 'application/json' } : {}), ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), 'Accept-Language': lang, ...init.headers },
      body: sendsBody ? (init.body ?? '{}') : undefined,
    });
    if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) await response.body?.cancel();
    return response.status >= 400 ? { status: response.status, message: ((await response.json()) as { message: string }).message } : undefined;
  };
  const english: string[] = [];
  let tried = 0;
  for (const { method, template, body } of operations) {
    const path = fill(template, '1');
    const asks: [string, string, { token?: string; headers?: Record<string, string>; body?: string }][] = [
      ['as the Admin, an empty body', path, { token: tokens.admin }],
      ['with no token', path, {}],
      ['as a Student', path, { token: tokens.student }],
      ['as a paired display', path, { token: tokens.display }],
      ['from another site', path, { token: tokens.admin, headers: { Origin: 'https://elsewhere.example' } }],
      ...(template.includes('{') ? (['x', '0', '999999'].map((value) => [`with id ${value}`, fill(template, value), { token: tokens.admin }]) as typeof asks) : []),
      ...(body
        ? ([
            ['with every field of the wrong type', path, { token: tokens.admin, body: wrongTypes(template, method) }],
            ['with a body that is not JSON', path, { token: tokens.admin, headers: { 'Content-Type': 'text/plain' }, body: 'hello' }],
            ['with a body over 16 KiB', path, { token: tokens.admin, body: JSON.stringify({ padding: 'x'.repeat(20 * 1024) }) }],
            ['with broken JSON', path, { token: tokens.admin, body: '{"name": ' }],
          ] as typeof asks)
        : []),
    ];
    for (const [what, target, init] of asks) {
      const [it, en] = [await messageOf(method, target, init, 'it'), await messageOf(method, target, init, 'en')];
      if (!it || !en) continue;
      tried++;
      const word = it.message.replace(/"[^"]*"|“[^”]*”/g, '').match(ENGLISH_WORD)?.[2]; // quoted values are codes
      if (it.message === en.message || word) english.push(`${method} ${template} ${what}: ${it.status} ${JSON.stringify(it.message)}${word ? ` ("${word}")` : ''}`);
    }
  }
  assert.equal(english, []);
  assert.ok(tried > 600, `${tried} refusals tried`);
});

Description('the check itself fails on a status the description does not list, and on a body its schema refuses', async () => {
  const problems = contract.problemsOf('GET', '/api/v1/dishes/3', { status: 418, type: 'application/json', text: '{}' });
  assert.equal(problems, ['GET /dishes/{id} answered 418, which its description does not list (it lists 200, 304, 400, 404, 500, 503)']);
  const dish = await (await api.app.request('http://localhost/api/v1/dishes/3')).json();
  assert.equal(contract.problemsOf('GET', '/api/v1/dishes/3', { status: 200, type: 'application/json', text: JSON.stringify(dish) }), []);
  const [wrongBody] = contract.problemsOf('GET', '/api/v1/dishes/3', { status: 200, type: 'application/json', text: JSON.stringify({ ...dish, id: 'three' }) });
  assert.match(wrongBody!, /^GET \/dishes\/\{id\} answered 200 with a body its schema refuses: \/id must be integer/);
  assert.equal(contract.problemsOf('GET', '/api/v1/no-such-path', { status: 404, type: 'application/json', text: '{}' }), [], 'a path the description does not have is the intro’s 404');
});

Description.run();
