// Signing in again under a page (src/site/common/sign-in-again.ts): a call refused because the
// session ended is sent once more after the person signed in again, with the new token;
// not when they turned it down; never twice; and calls that failed together ask once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttp, RequestError, SESSION_ENDED } from '../../src/core/http.js';
import { oneAtATime, retrying } from '../../src/site/common/sign-in-again.js';

const expired = () => new Response('{}', { status: 401, headers: { 'X-Token-Expired': 'true' } });
const ok = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** An HTTP client over a fake server that refuses the token `old`; every request's method, path and token is noted. */
function server(token: { now: string }) {
  const seen: string[] = [];
  const http = createHttp({
    base: '/api/v1',
    token: () => token.now,
    fetch: async (url, init) => {
      const bearer = new Headers(init?.headers).get('Authorization');
      seen.push(`${init?.method} ${url} ${bearer}`);
      return bearer === 'Bearer old' ? expired() : ok({ saved: init?.body ?? null });
    },
  });
  return { http, seen };
}

const Again = suite('signing in again under a page');

Again('a save refused with a session ended is sent once more, with the new token, once signed in again', async () => {
  const token = { now: 'old' };
  const { http, seen } = server(token);
  let asked = 0;
  const again = retrying(http, async () => {
    asked++;
    token.now = 'new';
    return true;
  });
  assert.equal(await again.patch('/admin/hours', { version: 3 }), { saved: '{"version":3}' });
  assert.equal(seen, ['PATCH /api/v1/admin/hours Bearer old', 'PATCH /api/v1/admin/hours Bearer new']);
  assert.is(asked, 1);
});

Again('turned down, the call fails as before: the spec’s message, nothing sent again', async () => {
  const { http, seen } = server({ now: 'old' });
  const again = retrying(http, async () => false);
  const error = await again.post('/profile/password', {}).catch((failure: unknown) => failure);
  assert.ok(error instanceof RequestError && error.expired);
  assert.is((error as RequestError).message, SESSION_ENDED);
  assert.is(seen.length, 1);
});

Again('sent again once only: a second refusal is the caller’s', async () => {
  const { http, seen } = server({ now: 'old' });
  let asked = 0;
  const again = retrying(http, async () => ++asked > 0);
  const error = await again.delete('/auth/passkeys/1').catch((failure: unknown) => failure);
  assert.ok(error instanceof RequestError && error.expired);
  assert.equal([seen.length, asked], [2, 1]);
});

Again('other failures are not a reason to sign in again', async () => {
  let asked = 0;
  const http = createHttp({ base: '', fetch: async () => new Response('{"code":"conflict"}', { status: 409 }) });
  const error = await retrying(http, async () => ++asked > 0).patch('/x', {}).catch((failure: unknown) => failure);
  assert.equal([(error as RequestError).status, asked], [409, 0]);
});

Again('calls that fail together wait for one question', async () => {
  const token = { now: 'old' };
  const { http } = server(token);
  let asked = 0;
  let answer: (yes: boolean) => void = () => {};
  const ask = oneAtATime(
    () =>
      new Promise<boolean>((resolve) => {
        asked++;
        answer = (yes) => {
          token.now = 'new';
          resolve(yes);
        };
      }),
  );
  const again = retrying(http, ask);
  const both = Promise.all([again.get('/orders/queue'), again.get('/board-settings')]);
  await new Promise((resolve) => setTimeout(resolve));
  answer(true);
  assert.is((await both).length, 2);
  assert.is(asked, 1);
});

Again.run();
