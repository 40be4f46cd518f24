import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttp, NETWORK_FAILED, RequestError, SESSION_ENDED } from '../../src/core/http.js';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what was sent and answers with `answer`. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const send = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { sent, send };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, RequestError);
    return error as RequestError;
  }
  throw new Error('expected the request to fail');
}

const Http = suite('http client');

Http('a GET goes to the same-origin /api prefix with the exact Bearer header', async () => {
  const { sent, send } = fakeFetch(() => json({ ok: 1 }));
  const http = createHttp({ base: '/api/v1', token: () => 'abc.def.ghi', fetch: send });
  assert.equal(await http.get('/auth/me'), { ok: 1 });
  assert.is(sent[0]!.url, '/api/v1/auth/me');
  assert.is(sent[0]!.init.method, 'GET');
  assert.is((sent[0]!.init.headers as Record<string, string>).Authorization, 'Bearer abc.def.ghi');
  assert.is(sent[0]!.init.body, undefined);
});

Http('a token given for one request wins over the session’s', async () => {
  const { sent, send } = fakeFetch(() => json({}));
  await createHttp({ base: '/api/v1', token: () => 'old', fetch: send }).get('/auth/me', { token: 'fresh' });
  assert.is((sent[0]!.init.headers as Record<string, string>).Authorization, 'Bearer fresh');
});

Http('a guest sends no Authorization header at all', async () => {
  const { sent, send } = fakeFetch(() => json([]));
  await createHttp({ base: '/api/v1', fetch: send }).get('/dishes');
  assert.not.ok('Authorization' in (sent[0]!.init.headers as object));
});

Http('a POST sends JSON with Content-Type: application/json', async () => {
  const { sent, send } = fakeFetch(() => json({ accessToken: 't' }));
  await createHttp({ base: '/api/v1', fetch: send }).post('/auth/login', { email: 'a@b.c', password: 'pw' });
  assert.is(sent[0]!.init.method, 'POST');
  assert.is((sent[0]!.init.headers as Record<string, string>)['Content-Type'], 'application/json');
  assert.is(sent[0]!.init.body, '{"email":"a@b.c","password":"pw"}');
});

Http('401 with X-Token-Expired: true is the session-ended message', async () => {
  const { send } = fakeFetch(() => json({}, 401, { 'X-Token-Expired': 'true' }));
  const error = await failure(createHttp({ base: '', token: () => 'old', fetch: send }).get('/profile'));
  assert.is(error.message, SESSION_ENDED);
  assert.is(error.message, 'Your session has ended — please sign in again.');
  assert.is(error.status, 401);
  assert.is(error.expired, true);
});

Http('401 without the header is an ordinary failure', async () => {
  const { send } = fakeFetch(() => json({}, 401));
  const error = await failure(createHttp({ base: '', fetch: send }).get('/profile'));
  assert.is(error.message, 'Request failed (HTTP 401)');
  assert.is(error.expired, false);
});

for (const status of [400, 403, 404, 409, 413, 429, 500, 503]) {
  Http(`HTTP ${status} becomes "Request failed (HTTP ${status})"`, async () => {
    const { send } = fakeFetch(() => json({ error: 'x' }, status));
    const error = await failure(createHttp({ base: '', fetch: send }).get('/orders'));
    assert.is(error.message, `Request failed (HTTP ${status})`);
    assert.is(error.status, status);
  });
}

Http('no answer at all (network down) has its own message', async () => {
  const { send } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  const error = await failure(createHttp({ base: '', fetch: send }).get('/dishes'));
  assert.is(error.message, NETWORK_FAILED);
  assert.is(error.status, 0);
});

Http('a success whose body is not JSON is a clear failure, not a crash', async () => {
  const { send } = fakeFetch(() => new Response('<html>', { status: 200 }));
  const error = await failure(createHttp({ base: '', fetch: send }).get('/dishes'));
  assert.is(error.message, 'Request failed (HTTP 200): the answer was not JSON');
});

Http('an aborted request rejects with the abort, not a message for the user', async () => {
  const controller = new AbortController();
  const { send } = fakeFetch(() => {
    controller.abort();
    return Promise.reject(new DOMException('aborted', 'AbortError'));
  });
  try {
    await createHttp({ base: '', fetch: send }).get('/dishes', { signal: controller.signal });
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).name, 'AbortError');
  }
});

Http.run();
