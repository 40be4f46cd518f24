import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { createPasswords, OWASP_COST, type Passwords } from '../../src/server/auth/passwords.js';
import { REUSE_GRACE_MS } from '../../src/server/auth/refresh-tokens.js';
import { ApiError } from '../../src/server/http/errors.js';
import { ADMIN, createTestApi, KITCHEN, SECRET, STUDENT, TEST_COST, WAITER, type TestApi } from '../helpers/api.js';
import { failInserts } from '../helpers/database.js';

const LOGIN = '/api/v1/auth/login';
const ME = '/api/v1/auth/me';
const decodePart = (token: string, part: 0 | 1) => JSON.parse(Buffer.from(token.split('.')[part]!, 'base64url').toString());

let api: TestApi;

const Login = suite('POST /auth/login');
Login.before.each(async () => {
  api = await createTestApi();
});

Login('answers accessToken, refreshToken and expiresIn 120 (seconds)', async () => {
  const body = await api.login(KITCHEN);
  assert.equal(Object.keys(body).sort(), ['accessToken', 'expiresIn', 'refreshToken']);
  assert.is(body.expiresIn, 120);
  assert.is(body.accessToken.split('.').length, 3);
  assert.match(body.refreshToken, /^[A-Za-z0-9_-]{43}$/);
});

Login('the access token is HS256, names the user and lives exactly 120 s; the role is not in it', async () => {
  const { accessToken } = await api.login(KITCHEN);
  assert.equal(decodePart(accessToken, 0), { alg: 'HS256', typ: 'JWT' });
  const payload = decodePart(accessToken, 1);
  assert.is(payload.sub, '1');
  assert.is(payload.exp - payload.iat, 120);
  assert.is(payload.iat, api.clock.now / 1000);
  assert.is(payload.role, undefined);
});

Login('the e-mail address ignores letter case', async () => {
  const response = await api.postJson(LOGIN, { email: '  KAI@Tavola.TEST ', password: KITCHEN.password });
  assert.is(response.status, 200);
});

Login('a wrong password and an unknown e-mail get the same 401 answer', async () => {
  const wrong = await api.postJson(LOGIN, { email: KITCHEN.email, password: 'not-it' });
  const unknown = await api.postJson(LOGIN, { email: 'nobody@tavola.test', password: 'not-it' });
  assert.is(wrong.status, 401);
  assert.is(unknown.status, 401);
  const expected = { status: 401, code: 'invalid_credentials', message: 'That e-mail and password do not match an account.' };
  assert.equal(await wrong.json(), expected);
  assert.equal(await unknown.json(), expected);
});

Login('an unknown e-mail costs a full password check too (same work, same time)', async () => {
  const checked: (string | null)[] = [];
  const real = createPasswords({ cost: TEST_COST });
  const spy: Passwords = { hash: real.hash, verify: (password, stored) => {
      checked.push(stored);
      return real.verify(password, stored);
    },
  };
  api = await createTestApi({ passwords: spy });
  await api.postJson(LOGIN, { email: 'nobody@tavola.test', password: 'x' });
  await api.postJson(LOGIN, { email: KITCHEN.email, password: 'x' });
  assert.is(checked.length, 2);
  assert.is(checked[0], null, 'checked against the dummy hash');
  assert.match(checked[1]!, /^scrypt\$/);
});

Login('after 5 failures for one account the 6th attempt gets 429 with Retry-After, even with the right password', async () => {
  for (let i = 0; i < 5; i++) assert.is((await api.postJson(LOGIN, { email: WAITER.email, password: 'guess' })).status, 401);
  const blocked = await api.postJson(LOGIN, { email: WAITER.email, password: WAITER.password });
  assert.is(blocked.status, 429);
  assert.is(blocked.headers.get('Retry-After'), '900');
  assert.equal(await blocked.json(), { status: 429, code: 'too_many_attempts', message: 'Too many failed sign-ins. Try again in 900 seconds.' });
  assert.is((await api.postJson(LOGIN, KITCHEN)).status, 200, 'another account is not blocked');
  api.clock.now += 15 * 60 * 1000;
  assert.is((await api.postJson(LOGIN, WAITER)).status, 200, 'the window has passed');
});

Login('after 20 failures from one client, every account is refused with 429', async () => {
  for (let i = 0; i < 20; i++) await api.postJson(LOGIN, { email: `guess${i}@tavola.test`, password: 'guess' });
  const blocked = await api.postJson(LOGIN, ADMIN);
  assert.is(blocked.status, 429);
  assert.ok(Number(blocked.headers.get('Retry-After')) > 0);
});

Login('parallel guesses are counted as they start: 30 at once for one account, 5 are checked, 25 get 429', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => api.postJson(LOGIN, { email: WAITER.email, password: `guess-${i}` })));
  const statuses = answers.map((response) => response.status);
  assert.is(statuses.filter((status) => status === 401).length, 5);
  assert.is(statuses.filter((status) => status === 429).length, 25);
  assert.is((await api.postJson(LOGIN, WAITER)).status, 429, 'the right password comes too late');
});

Login('parallel guesses at many accounts from one client: 20 are checked, the rest get 429', async () => {
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => api.postJson(LOGIN, { email: `guess${i}@tavola.test`, password: 'guess' })));
  assert.is(answers.filter((response) => response.status === 401).length, 20);
  assert.is(answers.filter((response) => response.status === 429).length, 20);
});

Login('successful sign-ins give their attempt back: 30 in a row from one client all pass', async () => {
  for (let i = 0; i < 30; i++) assert.is((await api.postJson(LOGIN, [KITCHEN, WAITER, STUDENT][i % 3])).status, 200, `sign-in ${i + 1}`);
});

Login('a sign-in refused as busy (503) is not counted as a guess', async () => {
  const real = createPasswords({ cost: TEST_COST });
  let busy = 8;
  const sometimesBusy: Passwords = {
    hash: real.hash,
    verify: (password, stored) => (busy-- > 0 ? Promise.reject(new ApiError(503, 'busy', 'Too many sign-ins at once.')) : real.verify(password, stored)),
  };
  api = await createTestApi({ passwords: sometimesBusy });
  for (let i = 0; i < 8; i++) assert.is((await api.postJson(LOGIN, WAITER)).status, 503);
  assert.is((await api.postJson(LOGIN, WAITER)).status, 200);
});

Login('TRUST_PROXY=on: the client is the entry the proxy appended (rightmost), whatever the client put before it', async () => {
  api = await createTestApi({ trustProxy: 1 });
  const guess = (forwardedFor: string) => api.postJson(LOGIN, { email: `x${Math.random()}@tavola.test`, password: 'guess' }, { 'X-Forwarded-For': forwardedFor });
  for (let i = 0; i < 20; i++) assert.is((await guess(`10.9.9.${i}, 203.0.113.7`)).status, 401);
  assert.is((await guess('10.9.9.99, 203.0.113.7')).status, 429, 'a fresh leftmost entry does not make a fresh client');
  assert.is((await guess('203.0.113.8')).status, 401, 'another address is another client');
});

Login('TRUST_PROXY=2: the client is the second entry from the right', async () => {
  api = await createTestApi({ trustProxy: 2 });
  const guess = (forwardedFor: string) => api.postJson(LOGIN, { email: `x${Math.random()}@tavola.test`, password: 'guess' }, { 'X-Forwarded-For': forwardedFor });
  for (let i = 0; i < 20; i++) assert.is((await guess(`spoof-${i}, 198.51.100.4, 10.0.0.${i}`)).status, 401);
  assert.is((await guess('198.51.100.4, 10.0.0.1')).status, 429);
  assert.is((await guess('198.51.100.5, 10.0.0.1')).status, 401);
});

Login('a success clears the failures of that account', async () => {
  for (let i = 0; i < 4; i++) await api.postJson(LOGIN, { email: STUDENT.email, password: 'guess' });
  assert.is((await api.postJson(LOGIN, STUDENT)).status, 200);
  for (let i = 0; i < 4; i++) await api.postJson(LOGIN, { email: STUDENT.email, password: 'guess' });
  assert.is((await api.postJson(LOGIN, STUDENT)).status, 200);
});

Login.run();

const Me = suite('GET /auth/me and access tokens');
Me.before.each(async () => {
  api = await createTestApi();
});

Me('answers the user with the role from the records', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const response = await api.authed(ME, accessToken);
  assert.is(response.status, 200);
  assert.equal(await response.json(), { id: 1, name: 'Kai Moretti', email: 'kai@tavola.test', role: 'Kitchen' });
});

Me('a role changed in the records shows at once: the token carries no role', async () => {
  const { accessToken } = await api.login(KITCHEN);
  await api.db.updateTable('users').set({ role: 'Student' }).where('email', '=', KITCHEN.email).execute();
  assert.is((await (await api.authed(ME, accessToken)).json()).role, 'Student');
});

Me('still valid at 119 s', async () => {
  const { accessToken } = await api.login();
  api.clock.now += 119_000;
  assert.is((await api.authed(ME, accessToken)).status, 200);
});

for (const seconds of [120, 121]) {
  Me(`at ${seconds} s: 401 with X-Token-Expired: true and a Bearer invalid_token challenge`, async () => {
    const { accessToken } = await api.login();
    api.clock.now += seconds * 1000;
    const response = await api.authed(ME, accessToken);
    assert.is(response.status, 401);
    assert.is(response.headers.get('X-Token-Expired'), 'true');
    assert.is(response.headers.get('WWW-Authenticate'), 'Bearer realm="tavola", error="invalid_token", error_description="The access token has expired."');
    assert.equal(await response.json(), { status: 401, code: 'token_expired', message: 'The access token has expired.' });
  });
}

Me('without a token: 401, a plain challenge and no X-Token-Expired', async () => {
  const response = await api.request(ME);
  assert.is(response.status, 401);
  assert.is(response.headers.get('WWW-Authenticate'), 'Bearer realm="tavola"');
  assert.is(response.headers.get('X-Token-Expired'), null);
});

async function rejected(authorization: string) {
  const response = await api.request(ME, { headers: { Authorization: authorization } });
  assert.is(response.status, 401, authorization);
  assert.is(response.headers.get('X-Token-Expired'), null, authorization);
  assert.match(response.headers.get('WWW-Authenticate')!, 'error="invalid_token"');
}

Me('a header that is not exactly "Bearer <token>" is refused', async () => {
  const { accessToken } = await api.login();
  for (const header of [`Bearer  ${accessToken}`, `Token ${accessToken}`, accessToken, 'Bearer', `Bearer ${accessToken} x`, `bearer\t${accessToken}`]) {
    await rejected(header);
  }
});

Me('the scheme in any letter case (RFC 9110): bearer and BEARER sign in as Bearer does; Basic is still a 401', async () => {
  const { accessToken } = await api.login(KITCHEN);
  for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
    const response = await api.request(ME, { headers: { Authorization: `${scheme} ${accessToken}` } });
    assert.is(response.status, 200, scheme);
    assert.equal(await response.json(), { id: 1, name: 'Kai Moretti', email: 'kai@tavola.test', role: 'Kitchen' });
  }
  const basic = await api.request(ME, { headers: { Authorization: `Basic ${btoa('kai@tavola.test:tavola-kitchen')}` } });
  assert.is(basic.status, 401);
  assert.match(basic.headers.get('WWW-Authenticate')!, /^Bearer realm="tavola", error="invalid_token"/);
  assert.equal(await basic.json(), { status: 401, code: 'unauthorized', message: 'The Authorization header must be exactly "Bearer <access token>".' });
});

Me('a token whose payload was edited (another user) is refused', async () => {
  const { accessToken } = await api.login(STUDENT);
  const [header, payload, signature] = accessToken.split('.');
  const edited = Buffer.from(JSON.stringify({ ...decodePart(accessToken, 1), sub: '1' })).toString('base64url');
  assert.is.not(edited, payload);
  await rejected(`Bearer ${header}.${edited}.${signature}`);
});

Me('an expired token whose expiry was pushed forward is refused as invalid, not as expired', async () => {
  const { accessToken } = await api.login();
  api.clock.now += 600_000;
  const [header, , signature] = accessToken.split('.');
  const payload = decodePart(accessToken, 1);
  const edited = Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 3600 })).toString('base64url');
  await rejected(`Bearer ${header}.${edited}.${signature}`);
});

Me('a token spelled another way (padding, spare bits of the last character) is refused', async () => {
  const { accessToken } = await api.login();
  const [header, payload, signature] = accessToken.split('.') as [string, string, string];
  const bytes = Buffer.from(signature, 'base64url');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const respelled = [...alphabet].map((last) => signature.slice(0, -1) + last).filter((other) => other !== signature && Buffer.from(other, 'base64url').equals(bytes));
  assert.is(respelled.length, 3, 'the last of 43 characters carries 2 bits: 3 other spellings decode the same');
  for (const other of [...respelled, `${signature}=`]) await rejected(`Bearer ${header}.${payload}.${other}`);
  await rejected(`Bearer ${header}=.${payload}.${signature}`);
  await rejected(`Bearer ${header}.${payload}==.${signature}`);
  assert.is((await api.authed(ME, accessToken)).status, 200, 'the token as issued still works');
});

Me('alg: none is refused', async () => {
  const { accessToken } = await api.login();
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  await rejected(`Bearer ${none}.${accessToken.split('.')[1]}.`);
});

Me('a token signed with another secret, or another algorithm, is refused', async () => {
  const now = api.clock.now / 1000;
  const claims = (jwt: SignJWT) => jwt.setSubject('1').setIssuer('tavola').setAudience('tavola-api').setIssuedAt(now).setExpirationTime(now + 120);
  await rejected(`Bearer ${await claims(new SignJWT({}).setProtectedHeader({ alg: 'HS256' })).sign(new TextEncoder().encode('x'.repeat(40)))}`);
  await rejected(`Bearer ${await claims(new SignJWT({}).setProtectedHeader({ alg: 'HS512' })).sign(SECRET)}`);
});

Me('a genuine token of a user who no longer exists is refused', async () => {
  const { accessToken } = await api.login(ADMIN);
  await api.db.deleteFrom('refresh_tokens').execute();
  await api.db.deleteFrom('users').where('email', '=', ADMIN.email).execute();
  await rejected(`Bearer ${accessToken}`);
});

Me.run();

const Refresh = suite('POST /auth/refresh');
Refresh.before.each(async () => {
  api = await createTestApi();
});
const refresh = (refreshToken: unknown) => api.postJson('/api/v1/auth/refresh', { refreshToken });

Refresh('exchanges a refresh token for a new access token and a new refresh token', async () => {
  const first = await api.login();
  api.clock.now += 1000;
  const response = await refresh(first.refreshToken);
  assert.is(response.status, 200);
  const second = await response.json();
  assert.is(second.expiresIn, 120);
  assert.is.not(second.refreshToken, first.refreshToken);
  assert.is.not(second.accessToken, first.accessToken);
  assert.is((await api.authed(ME, second.accessToken)).status, 200);
});

Refresh('stores refresh tokens only as hashes', async () => {
  const { refreshToken } = await api.login();
  const rows = await api.db.selectFrom('refresh_tokens').select('token_hash').execute();
  assert.is(rows.length, 1);
  assert.is.not(rows[0]!.token_hash, refreshToken);
});

Refresh('a token reused after the 10 s grace is refused and revokes its whole family', async () => {
  const { refreshToken } = await api.login();
  const rotated = await (await refresh(refreshToken)).json();
  api.clock.now += REUSE_GRACE_MS + 1;
  const reuse = await refresh(refreshToken);
  assert.is(reuse.status, 401);
  assert.is((await reuse.json()).code, 'invalid_refresh_token');
  assert.is((await refresh(rotated.refreshToken)).status, 401, 'the rotated token died with its family');
});

Refresh('a double submit within the grace gets the same successor, and that successor still works', async () => {
  const { refreshToken } = await api.login();
  const [first, second] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
  assert.equal([first.status, second.status], [200, 200]);
  const [a, b] = [await first.json(), await second.json()];
  assert.is(a.refreshToken, b.refreshToken);
  api.clock.now += REUSE_GRACE_MS; // a retry at the very end of the grace is still a retry
  assert.is((await (await refresh(refreshToken)).json()).refreshToken, a.refreshToken);
  const next = await refresh(a.refreshToken);
  assert.is(next.status, 200);
  assert.is.not((await next.json()).refreshToken, a.refreshToken);
});

Refresh('within the grace, a reuse after the successor was used is theft: the family is revoked', async () => {
  const { refreshToken } = await api.login();
  const successor = (await (await refresh(refreshToken)).json()).refreshToken;
  const third = (await (await refresh(successor)).json()).refreshToken;
  assert.is((await refresh(refreshToken)).status, 401);
  assert.is((await refresh(third)).status, 401, 'the newest token died with its family');
});

Refresh('a reuse does not touch the tokens of another sign-in', async () => {
  const mine = await api.login(KITCHEN);
  const other = await api.login(WAITER);
  await refresh(mine.refreshToken);
  api.clock.now += REUSE_GRACE_MS + 1;
  assert.is((await refresh(mine.refreshToken)).status, 401);
  assert.is((await refresh(other.refreshToken)).status, 200);
});

Refresh('a rotation is one transaction: when storing the successor fails, the token is not used up', async () => {
  const { refreshToken } = await api.login();
  const restore = await failInserts(api.db, 'refresh_tokens', 'disk full');
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    assert.is((await refresh(refreshToken)).status, 500);
  } finally {
    console.error = original;
  }
  await restore();
  const rows = await api.db.selectFrom('refresh_tokens').select(['used_at']).execute();
  assert.equal(rows, [{ used_at: null }], 'no successor, and the token itself still unused');
  assert.is((await refresh(refreshToken)).status, 200);
});

Refresh('an unknown or expired refresh token is refused', async () => {
  assert.is((await refresh('made-up')).status, 401);
  const { refreshToken } = await api.login();
  api.clock.now += 7 * 24 * 3600 * 1000;
  assert.is((await refresh(refreshToken)).status, 401);
});

Refresh('a missing refresh token is a 400 naming the field', async () => {
  const response = await api.postJson('/api/v1/auth/refresh', {});
  assert.is(response.status, 400);
  assert.equal(await response.json(), { status: 400, code: 'invalid_field', message: 'refreshToken is required.', field: 'refreshToken' });
});

Refresh.run();

const Hashing = suite('password hashing');

Hashing('uses scrypt at an OWASP cost by default (N=2^15, r=8, p=3: 32 MiB a hash)', async () => {
  assert.equal(OWASP_COST, { N: 32768, r: 8, p: 3 });
  const passwords = createPasswords();
  const stored = await passwords.hash('correct horse');
  assert.match(stored, /^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  assert.is(await passwords.verify('correct horse', stored), true);
  assert.is(await passwords.verify('correct horsf', stored), false);
});

Hashing('a hash made at the earlier cost (N=2^17, r=8, p=1) still verifies, at its own cost', async () => {
  const stored = await createPasswords({ cost: { N: 2 ** 17, r: 8, p: 1 } }).hash('correct horse');
  assert.match(stored, /^scrypt\$131072\$8\$1\$/);
  assert.is(await createPasswords().verify('correct horse', stored), true);
  assert.is(await createPasswords().verify('correct horsf', stored), false);
});

Hashing('two hashes of one password differ (random salt)', async () => {
  const passwords = createPasswords({ cost: TEST_COST });
  assert.is.not(await passwords.hash('same'), await passwords.hash('same'));
});

Hashing('a stored value that is not a scrypt hash never verifies', async () => {
  const passwords = createPasswords({ cost: TEST_COST });
  assert.is(await passwords.verify('x', 'plain-text-password'), false);
  assert.is(await passwords.verify('x', null), false);
});

Hashing('past the cap on waiting hashes, a sign-in gets 503 with Retry-After instead of piling up', async () => {
  const passwords = createPasswords({ cost: { N: 2 ** 14, r: 8, p: 1 }, concurrency: 1, maxWaiting: 1 });
  const stored = await passwords.hash('pw');
  const results = await Promise.allSettled([passwords.verify('pw', stored), passwords.verify('pw', stored), passwords.verify('pw', stored)]);
  assert.equal(results.map((result) => result.status), ['fulfilled', 'fulfilled', 'rejected']);
  const error = (results[2] as PromiseRejectedResult).reason;
  assert.is(error.status, 503);
  assert.is(error.extra.headers['Retry-After'], '1');
});

Hashing('the cap never lets more than `concurrency` hashes run at once', async () => {
  const passwords = createPasswords({ cost: TEST_COST, concurrency: 2 });
  const stored = await passwords.hash('pw');
  const verdicts = await Promise.all(Array.from({ length: 12 }, (_, i) => passwords.verify(i % 2 ? 'pw' : 'no', stored)));
  assert.equal(verdicts, Array.from({ length: 12 }, (_, i) => i % 2 === 1));
});

Hashing.run();
