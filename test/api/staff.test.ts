// Staff accounts: each role on each endpoint, invitations and one-time links (used,
// expired, edited), passwords' rules, deactivation ending live sign-ins at once, the rules
// that keep an Admin (self, last), a member's own password change, and the activity list.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { updateStaff } from '../../src/server/staff/store.js';
import type { ApiError } from '../../src/server/http/errors.js';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';

const Staff = suite('staff accounts');

let api: TestApi;
let admin: string;

Staff.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

const send: TestApi['send'] = (...args) => api.send(...args);

const MARTA = { name: 'Marta Ricci', email: 'Marta@Tavola.test', role: 'Waiter' };
const GOOD_PASSWORD = 'a long enough password';

async function invite(fields: Record<string, unknown> = MARTA) {
  const response = await send('POST', '/api/v1/admin/staff', fields, admin);
  assert.is(response.status, 201, await response.clone().text());
  const body = await response.json();
  return { ...body, token: body.link.path.split('#')[1] as string };
}

const setPassword = (token: string, password = GOOD_PASSWORD) => send('POST', '/api/v1/auth/set-password', { token, password });
const member = async (id: number) => (await api.authed(`/api/v1/admin/staff/${id}`, admin)).json();

Staff('every staff endpoint is the Admin’s: 401 for a guest, 403 for Kitchen, Waiter and Student', async () => {
  const others = await Promise.all([KITCHEN, WAITER, STUDENT].map(async (account) => (await api.login(account)).accessToken));
  const calls: [string, string, unknown][] = [
    ['GET', '/api/v1/admin/staff', undefined],
    ['GET', '/api/v1/admin/staff/1', undefined],
    ['POST', '/api/v1/admin/staff', MARTA],
    ['PATCH', '/api/v1/admin/staff/1', { version: 1, role: 'Admin' }],
    ['POST', '/api/v1/admin/staff/1/password-link', { version: 1 }],
  ];
  for (const [method, path, body] of calls) {
    const init = (token?: string) => ({ method, headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
    await expectError(await api.request(path, init()), 401, 'unauthorized');
    for (const token of others) await expectError(await api.request(path, init(token)), 403, 'forbidden', 'Only the Admin can manage staff accounts.');
  }
  const list = await (await api.authed('/api/v1/admin/staff?limit=3', admin)).json();
  assert.equal(list.staff.map((each: { email: string }) => each.email), ['kai@tavola.test', 'wanda@tavola.test', 'stella@tavola.test']);
  assert.is(list.next, 3);
  const rest = await (await api.authed('/api/v1/admin/staff?limit=3&after=3', admin)).json();
  assert.equal([rest.staff.map((each: { email: string }) => each.email), rest.next], [['ada@tavola.test'], null]);
  assert.equal(Object.keys(rest.staff[0]).sort(), ['active', 'email', 'hasPassword', 'id', 'lastSignIn', 'name', 'role', 'version']);
});

Staff('an invitation: an account without a password, a one-time link valid 24 hours, stored only as a hash', async () => {
  const { staff, link, token } = await invite();
  assert.equal([staff.name, staff.email, staff.role, staff.active, staff.hasPassword, staff.lastSignIn], ['Marta Ricci', 'marta@tavola.test', 'Waiter', true, false, null]);
  assert.match(link.path, /^\/set-password#[A-Za-z0-9_-]{43}$/);
  assert.is(link.expiresAt, new Date(api.clock.now + 24 * 3600_000).toISOString());
  const stored = await api.db.selectFrom('password_links').selectAll().execute();
  assert.is(stored.length, 1);
  assert.is.not(stored[0]!.token_hash, token);
  assert.not.ok(JSON.stringify(stored).includes(token));

  // No password yet: no password signs in (the same answer as a wrong one).
  for (const password of ['', 'anything at all here']) {
    const response = await send('POST', '/api/v1/auth/login', { email: MARTA.email, password: password || 'x' });
    await expectError(response, 401, 'invalid_credentials', 'That e-mail and password do not match an account.');
  }
  // The page asks whose link it is, then sets the password; the answer signs Marta in.
  assert.equal(await (await send('POST', '/api/v1/auth/password-link', { token })).json(), { name: 'Marta Ricci', email: 'marta@tavola.test' });
  const signedIn = await setPassword(token);
  assert.is(signedIn.status, 200);
  const { accessToken, refreshToken } = await signedIn.json();
  assert.equal(await (await api.authed('/api/v1/auth/me', accessToken)).json(), { id: 5, name: 'Marta Ricci', email: 'marta@tavola.test', role: 'Waiter' });
  assert.is((await send('POST', '/api/v1/auth/refresh', { refreshToken })).status, 200);
  assert.is((await send('POST', '/api/v1/auth/login', { email: 'MARTA@tavola.test', password: GOOD_PASSWORD })).status, 200);
  assert.is((await member(5)).hasPassword, true);
});

Staff('a link used, expired or edited says so plainly, and sets nothing', async () => {
  const { token } = await invite();
  assert.is((await setPassword(token)).status, 200);
  const USED = 'This link was already used (or a newer one was made). Ask an Admin for a new one, or sign in.';
  await expectError(await setPassword(token, 'another long password'), 410, 'link_used', USED);
  await expectError(await send('POST', '/api/v1/auth/password-link', { token }), 410, 'link_used', USED);
  assert.is((await send('POST', '/api/v1/auth/login', { email: MARTA.email, password: GOOD_PASSWORD })).status, 200, 'the first password stands');

  const second = await invite({ name: 'Bruno Gallo', email: 'bruno@tavola.test', role: 'Kitchen' });
  const edited = second.token.slice(0, -1) + (second.token.endsWith('A') ? 'B' : 'A');
  await expectError(await setPassword(edited), 404, 'link_unknown', 'This link is not valid: check that it was copied whole, or ask an Admin for a new one.');
  api.clock.now += 24 * 3600_000;
  await expectError(await setPassword(second.token), 410, 'link_expired', 'This link has expired: links work for 24 hours. Ask an Admin for a new one.');
  const row = await api.db.selectFrom('users').select('password_hash').where('id', '=', second.staff.id).executeTakeFirstOrThrow();
  assert.is(row.password_hash, '');
});

Staff('a new password: 12 to 128 characters, not the e-mail; the link still works after a refusal', async () => {
  const { token } = await invite();
  const cases: [string, string][] = [
    ['short pass', 'The password needs at least 12 characters.'],
    ['x'.repeat(129), 'The password may have at most 128 characters.'],
    ['MARTA@tavola.test', 'The password cannot be your e-mail address.'],
  ];
  for (const [password, message] of cases) {
    const body = await expectError(await setPassword(token, password), 400, 'invalid_field', message);
    assert.is(body.field, 'password');
  }
  assert.is((await setPassword(token, '🍝'.repeat(12))).status, 200, 'twelve characters, whatever their bytes');
});

Staff('a password that is not well-formed text (half a character, either half) is refused at setting, changing and signing in', async () => {
  const { token } = await invite();
  const BROKEN = 'must not contain a broken character (a lone UTF-16 surrogate).';
  for (const half of ['\ud800', '\udfff']) {
    const password = half.repeat(12);
    assert.is((await expectError(await setPassword(token, password), 400, 'invalid_field', `password ${BROKEN}`)).field, 'password');
    assert.is((await expectError(await send('POST', '/api/v1/auth/login', { email: KITCHEN.email, password }), 400, 'invalid_field', `password ${BROKEN}`)).field, 'password');
    const kai = (await api.login(KITCHEN)).accessToken;
    const change = (body: object) => send('POST', '/api/v1/profile/password', body, kai);
    assert.is((await expectError(await change({ currentPassword: password, newPassword: GOOD_PASSWORD }), 400, 'invalid_field', `currentPassword ${BROKEN}`)).field, 'currentPassword');
    assert.is((await expectError(await change({ currentPassword: KITCHEN.password, newPassword: `ok ${password}` }), 400, 'invalid_field', `newPassword ${BROKEN}`)).field, 'newPassword');
  }
  assert.is((await send('POST', '/api/v1/auth/login', KITCHEN)).status, 200, 'the password stands');
  assert.is((await setPassword(token)).status, 200, 'the link still works after the refusals');
});

Staff('twelve replacement marks are a password of their own: neither half of a character signs in with it', async () => {
  const { token } = await invite();
  assert.is((await setPassword(token, '\ufffd'.repeat(12))).status, 200);
  const login = (password: string) => send('POST', '/api/v1/auth/login', { email: MARTA.email, password });
  await expectError(await login('\ud800'.repeat(12)), 400, 'invalid_field');
  await expectError(await login('\udfff'.repeat(12)), 400, 'invalid_field');
  await expectError(await login('?'.repeat(12)), 401, 'invalid_credentials');
  assert.is((await login('\ufffd'.repeat(12))).status, 200);
});

Staff('a password is compared in one form (NFC): "caffè" typed with è or with e and a combining accent is one password', async () => {
  const composed = 'un caff\u00e8 corretto';
  const decomposed = 'un caffe\u0300 corretto';
  assert.is.not(composed, decomposed);
  const { token } = await invite();
  assert.is((await setPassword(token, decomposed)).status, 200);
  assert.is((await send('POST', '/api/v1/auth/login', { email: MARTA.email, password: composed })).status, 200);
  assert.is((await send('POST', '/api/v1/auth/login', { email: MARTA.email, password: decomposed })).status, 200);
  const kai = (await api.login(KITCHEN)).accessToken;
  assert.is((await send('POST', '/api/v1/profile/password', { currentPassword: KITCHEN.password, newPassword: composed }, kai)).status, 200);
  assert.is((await send('POST', '/api/v1/auth/login', { email: KITCHEN.email, password: decomposed })).status, 200);
});

Staff('a new password is readable as names are: spaces only, NULs or control characters are refused', async () => {
  const { token } = await invite();
  const cases: [string, string][] = [
    [' '.repeat(12), 'The password must have at least one visible character.'],
    ['\u3000'.repeat(12), 'The password must have at least one visible character.'],
    ['\0'.repeat(12), 'The password must be one line without control characters.'],
    ['a long password\u0007', 'The password must be one line without control characters.'],
    ['a long password\n', 'The password must be one line without control characters.'],
  ];
  for (const [password, message] of cases) assert.is((await expectError(await setPassword(token, password), 400, 'invalid_field', message)).field, 'password');
  const kai = (await api.login(KITCHEN)).accessToken;
  await expectError(await send('POST', '/api/v1/profile/password', { currentPassword: KITCHEN.password, newPassword: ' '.repeat(12) }, kai), 400, 'invalid_field', 'The password must have at least one visible character.');
  assert.is((await setPassword(token, '  spaces inside count  ')).status, 200, 'spaces around and within a visible password are kept');
  assert.is((await send('POST', '/api/v1/auth/login', { email: MARTA.email, password: '  spaces inside count  ' })).status, 200);
});

Staff('e-mails are unique whatever their letter case; fields are checked one by one', async () => {
  await expectError(await send('POST', '/api/v1/admin/staff', { ...MARTA, email: 'KAI@tavola.TEST' }, admin), 409, 'email_taken', 'kai@tavola.test already has an account.');
  await invite();
  await expectError(await send('POST', '/api/v1/admin/staff', { ...MARTA, email: 'marta@TAVOLA.test' }, admin), 409, 'email_taken');
  const invalid = await expectError(await send('POST', '/api/v1/admin/staff', { ...MARTA, email: 'not an address' }, admin), 400, 'invalid_field');
  assert.is(invalid.field, 'email');
  assert.is((await expectError(await send('POST', '/api/v1/admin/staff', { ...MARTA, email: 'x@tavola.test', role: 'Owner' }, admin), 400, 'invalid_field')).field, 'role');
  assert.is((await api.db.selectFrom('users').select('id').execute()).length, 5, 'nothing half-written');
});

Staff('deactivating ends every sign-in at once: the live access token, the refresh token, and signing in again', async () => {
  const kai = await api.login(KITCHEN);
  assert.is((await api.authed('/api/v1/profile', kai.accessToken)).status, 200);
  const deactivated = await send('PATCH', '/api/v1/admin/staff/1', { version: 1, active: false }, admin);
  assert.is(deactivated.status, 200);
  assert.equal([(await deactivated.json()).active, (await member(1)).version], [false, 2]);

  const refused = await api.authed('/api/v1/profile', kai.accessToken);
  await expectError(refused, 401, 'session_ended', 'This sign-in has ended. Sign in again.');
  assert.is(refused.headers.get('X-Token-Expired'), 'true');
  await expectError(await send('POST', '/api/v1/auth/refresh', { refreshToken: kai.refreshToken }), 401, 'invalid_refresh_token');
  await expectError(await send('POST', '/api/v1/auth/login', KITCHEN), 401, 'invalid_credentials');

  assert.is((await send('PATCH', '/api/v1/admin/staff/1', { version: 2, active: true }, admin)).status, 200);
  const again = await api.login(KITCHEN);
  assert.is((await api.authed('/api/v1/profile', again.accessToken)).status, 200);
  assert.is((await api.authed('/api/v1/profile', kai.accessToken)).status, 401, 'the old sign-in stays ended');
});

Staff('a role change is read on the next request; a stale version is a 409 with the account as it is', async () => {
  const wanda = await api.login(WAITER);
  assert.is((await api.authed('/api/v1/orders/queue', wanda.accessToken)).status, 200);
  const changed = await (await send('PATCH', '/api/v1/admin/staff/2', { version: 1, role: 'Student' }, admin)).json();
  assert.equal([changed.role, changed.version], ['Student', 2]);
  assert.is((await api.authed('/api/v1/orders/queue', wanda.accessToken)).status, 403);
  const stale = await expectError(await send('PATCH', '/api/v1/admin/staff/2', { version: 1, name: 'W. Rossi' }, admin), 409, 'conflict', 'Staff 2 · Wanda Rossi was changed by someone else meanwhile. Here it is as it is now.');
  assert.equal([stale.staff.role, stale.staff.version], ['Student', 2]);
  await expectError(await send('PATCH', '/api/v1/admin/staff/99', { version: 1, role: 'Admin' }, admin), 404, 'not_found', 'No staff member has the id 99.');
});

Staff('an Admin cannot deactivate or demote themselves; two Admins removing each other at once leave one', async () => {
  await expectError(await send('PATCH', '/api/v1/admin/staff/4', { version: 1, active: false }, admin), 409, 'own_account', 'You cannot deactivate your own account: another Admin can.');
  await expectError(await send('PATCH', '/api/v1/admin/staff/4', { version: 1, role: 'Kitchen' }, admin), 409, 'own_account', 'You cannot take the Admin role from yourself: another Admin can.');
  assert.is((await send('PATCH', '/api/v1/admin/staff/4', { version: 1, name: 'Ada C.' }, admin)).status, 200, 'a rename is fine');

  // A second Admin, and the two remove each other at the same moment (both past the API's
  // role check): one change wins, the other finds the last active Admin and is refused.
  const { token } = await invite({ name: 'Bea Lodi', email: 'bea@tavola.test', role: 'Admin' });
  await setPassword(token);
  const [ada, bea] = await api.db.selectFrom('users').select(['id', 'name']).where('id', 'in', [4, 5]).orderBy('id').execute();
  const outcomes = await Promise.allSettled([
    updateStaff(api.db, 5, { version: 1, active: false }, { user: ada!, now: api.clock.now }),
    updateStaff(api.db, 4, { version: 2, role: 'Waiter' }, { user: bea!, now: api.clock.now }),
  ]);
  assert.equal(outcomes.map((outcome) => outcome.status).sort(), ['fulfilled', 'rejected']);
  const refusal = (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason as ApiError;
  assert.is(refusal.code, 'last_admin');
  assert.match(refusal.message, /^(Ada C\.|Bea Lodi) is the last active Admin: make someone else an Admin first, so the restaurant can still be run\.$/);
  const admins = await api.db.selectFrom('users').select('id').where('role', '=', 'Admin').where('active', '=', 1).execute();
  assert.is(admins.length, 1);
});

Staff('a reset: a new link, the old password stops working, sign-ins end, the older link stops working', async () => {
  const first = await invite();
  const kai = await api.login(KITCHEN);
  const reset = await send('POST', '/api/v1/admin/staff/1/password-link', { version: 1 }, admin);
  assert.is(reset.status, 201);
  const { staff, link } = await reset.json();
  assert.equal([staff.hasPassword, staff.version], [false, 2]);
  await expectError(await send('POST', '/api/v1/auth/login', KITCHEN), 401, 'invalid_credentials');
  await expectError(await api.authed('/api/v1/profile', kai.accessToken), 401, 'session_ended');
  assert.is((await setPassword(link.path.split('#')[1], 'kitchen password two')).status, 200);
  assert.is((await send('POST', '/api/v1/auth/login', { email: KITCHEN.email, password: 'kitchen password two' })).status, 200);

  // Marta's invitation, then a reset before she used it: only the newer link works.
  const again = await (await send('POST', '/api/v1/admin/staff/5/password-link', { version: 1 }, admin)).json();
  await expectError(await setPassword(first.token), 410, 'link_used');
  assert.is((await setPassword(again.link.path.split('#')[1])).status, 200);
});

Staff('my own password: the current one is required and throttled; my other sign-ins end, this one goes on', async () => {
  const here = await api.login(KITCHEN);
  const elsewhere = await api.login(KITCHEN);
  const change = (currentPassword: string, newPassword = 'a brand new password') => send('POST', '/api/v1/profile/password', { currentPassword, newPassword }, here.accessToken);
  assert.is((await expectError(await change(KITCHEN.password, 'too short'), 400, 'invalid_field', 'The password needs at least 12 characters.')).field, 'newPassword');
  assert.is((await expectError(await change('not my password'), 400, 'invalid_field', 'That is not your current password.')).field, 'currentPassword');
  const changed = await change(KITCHEN.password);
  assert.equal([changed.status, await changed.json()], [200, { message: 'Your password is changed. Your other sign-ins have ended.' }]);
  assert.is((await api.authed('/api/v1/profile', here.accessToken)).status, 200, 'this sign-in goes on');
  await expectError(await api.authed('/api/v1/profile', elsewhere.accessToken), 401, 'session_ended');
  await expectError(await send('POST', '/api/v1/auth/refresh', { refreshToken: elsewhere.refreshToken }), 401, 'invalid_refresh_token');
  assert.is((await send('POST', '/api/v1/auth/refresh', { refreshToken: here.refreshToken })).status, 200);
  assert.is((await send('POST', '/api/v1/auth/login', { email: KITCHEN.email, password: 'a brand new password' })).status, 200);

  // Wrong guesses count like failed sign-ins: the sixth waits.
  for (let i = 0; i < 5; i++) assert.is((await change('wrong guess')).status, 400);
  const waited = await expectError(await change('a brand new password'), 429, 'too_many_attempts');
  assert.match(waited.message, /^Too many wrong passwords\. Try again in \d+ seconds\.$/);
});

Staff('all of it lands in the activity list, with who did it', async () => {
  const { token } = await invite();
  await setPassword(token);
  await send('PATCH', '/api/v1/admin/staff/5', { version: 1, role: 'Kitchen' }, admin);
  await send('PATCH', '/api/v1/admin/staff/5', { version: 2, active: false }, admin);
  await send('PATCH', '/api/v1/admin/staff/5', { version: 3, active: true }, admin);
  await send('POST', '/api/v1/admin/staff/5/password-link', { version: 4 }, admin);
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(
    entries.map((entry: { action: string; by: { name: string }; subject: string }) => [entry.action, entry.by.name, entry.subject]),
    [
      ['staff.password_reset', 'Ada Conti', 'Staff 5 · Marta Ricci'],
      ['staff.reactivated', 'Ada Conti', 'Staff 5 · Marta Ricci'],
      ['staff.deactivated', 'Ada Conti', 'Staff 5 · Marta Ricci'],
      ['staff.updated', 'Ada Conti', 'Staff 5 · Marta Ricci'],
      ['staff.password_set', 'Marta Ricci', 'Staff 5 · Marta Ricci'],
      ['staff.invited', 'Ada Conti', 'Staff 5 · Marta Ricci'],
    ],
  );
  assert.equal([entries[3].before.role, entries[3].after.role], ['Waiter', 'Kitchen']);
  assert.not.ok(JSON.stringify(entries).includes('password_hash'));
});

Staff.run();
