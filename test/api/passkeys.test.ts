// Passkeys on both databases: a person adds one and signs in with it (the same tokens as the
// password); its owner and the Admin remove it; deactivating a member removes theirs; and
// every way of getting it wrong is refused with its own clear error: a wrong origin, a
// replayed answer, an unknown passkey, a removed one, a deactivated member, and too many
// attempts, which count together with the password's.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, type TestApi } from '../helpers/api.js';
import { softAuthenticator, type SoftAuthenticator } from '../helpers/authenticator.js';

let api: TestApi;
const Passkeys = suite('passkeys');
Passkeys.before.each(async () => {
  api = await createTestApi();
});

async function added(token: string, authenticator = softAuthenticator()) {
  const options = await (await api.send('POST', '/api/v1/auth/passkeys/options', {}, token)).json();
  const response = await api.send('POST', '/api/v1/auth/passkeys', authenticator.register(options), token);
  assert.is(response.status, 201, await response.clone().text());
  return { authenticator, passkey: await response.json() };
}

const signInWith = async (authenticator: SoftAuthenticator, origin?: string) => {
  const options = await (await api.postJson('/api/v1/auth/passkey-login/options', {})).json();
  const answer = authenticator.signIn(options, origin);
  return { answer, response: await api.postJson('/api/v1/auth/passkey-login', answer) };
};

Passkeys('a person adds a passkey and signs in with it: the same tokens as the password, for the same person', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const { authenticator, passkey } = await added(accessToken);
  assert.equal([passkey.name, passkey.lastUsedAt], [`Passkey ${passkey.id}, added 21 November 2026`, null]);
  const { response } = await signInWith(authenticator);
  const tokens = await response.json();
  assert.is(response.status, 200);
  assert.equal(Object.keys(tokens), ['accessToken', 'refreshToken', 'expiresIn']);
  assert.is(tokens.expiresIn, 120);
  const me = await (await api.authed('/api/v1/auth/me', tokens.accessToken)).json();
  assert.equal([me.email, me.role], ['kai@tavola.test', 'Kitchen']);
  const { passkeys } = await (await api.authed('/api/v1/auth/passkeys', tokens.accessToken)).json();
  assert.equal(passkeys.map((one: { id: number; lastUsedAt: string | null }) => [one.id, one.lastUsedAt]), [[passkey.id, '2026-11-21T12:00:00.000Z']]);
  const { entries } = await (await api.authed('/api/v1/admin/activity', (await api.login(ADMIN)).accessToken)).json();
  assert.equal([entries[0].action, entries[0].by.name, entries[0].subject], ['passkey.added', 'Kai Moretti', `Kai Moretti · Passkey ${passkey.id}, added 21 November 2026`]);
});

Passkeys('adding one needs a signed-in person; the options are for this site', async () => {
  await expectError(await api.postJson('/api/v1/auth/passkeys/options', {}), 401, 'unauthorized');
  const { accessToken } = await api.login(KITCHEN);
  const options = await (await api.send('POST', '/api/v1/auth/passkeys/options', {}, accessToken)).json();
  assert.equal([options.rp.id, options.rp.name, options.user.name, options.attestation], ['localhost', 'Tavola', 'kai@tavola.test', 'none']);
  await expectError(await api.postJson('/api/v1/auth/passkeys', softAuthenticator().register(options)), 401, 'unauthorized');
});

Passkeys('an answer made for another origin is refused, adding or signing in', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const options = await (await api.send('POST', '/api/v1/auth/passkeys/options', {}, accessToken)).json();
  const stranger = softAuthenticator('https://evil.example');
  await expectError(await api.send('POST', '/api/v1/auth/passkeys', stranger.register(options), accessToken), 400, 'passkey_invalid');
  const { authenticator } = await added(accessToken);
  const { response } = await signInWith(authenticator, 'https://evil.example');
  const body = await expectError(response, 400, 'passkey_invalid');
  assert.match(body.message, /^The passkey's answer could not be verified: .*origin/i);
});

Passkeys('a replayed answer finds its challenge used', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const { authenticator } = await added(accessToken);
  const { answer, response } = await signInWith(authenticator);
  assert.is(response.status, 200);
  await expectError(await api.postJson('/api/v1/auth/passkey-login', answer), 400, 'passkey_challenge_used', 'This passkey request has expired or was already answered. Try again.');
});

Passkeys('a challenge expires after five minutes', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const { authenticator } = await added(accessToken);
  const options = await (await api.postJson('/api/v1/auth/passkey-login/options', {})).json();
  api.clock.now += 5 * 60_000 + 1;
  await expectError(await api.postJson('/api/v1/auth/passkey-login', authenticator.signIn(options)), 400, 'passkey_challenge_used');
});

Passkeys('an unknown passkey, and one its owner removed, are 401 passkey_unknown', async () => {
  const unknown = await signInWith(softAuthenticator());
  await expectError(unknown.response, 401, 'passkey_unknown', 'This passkey is not one of this site’s (it may have been removed, or its account deactivated). Sign in with your password.');
  const { accessToken } = await api.login(KITCHEN);
  const { authenticator, passkey } = await added(accessToken);
  assert.is((await api.send('DELETE', `/api/v1/auth/passkeys/${passkey.id}`, undefined, accessToken)).status, 204);
  await expectError((await signInWith(authenticator)).response, 401, 'passkey_unknown');
  await expectError(await api.send('DELETE', `/api/v1/auth/passkeys/${passkey.id}`, undefined, accessToken), 404, 'not_found', `Kai Moretti has no passkey ${passkey.id}.`);
});

Passkeys('the Admin sees and removes a member’s passkeys; deactivating a member removes them all', async () => {
  const kai = await api.login(KITCHEN);
  const first = await added(kai.accessToken);
  const second = await added(kai.accessToken);
  const admin = (await api.login(ADMIN)).accessToken;
  const listed = await (await api.authed('/api/v1/admin/staff/1/passkeys', admin)).json();
  assert.equal(listed.passkeys.map((one: { id: number }) => one.id), [first.passkey.id, second.passkey.id]);
  await expectError(await api.authed('/api/v1/admin/staff/1/passkeys', kai.accessToken), 403, 'forbidden', 'Only the Admin can manage staff accounts.');
  assert.is((await api.send('DELETE', `/api/v1/admin/staff/1/passkeys/${first.passkey.id}`, undefined, admin)).status, 204);
  await expectError((await signInWith(first.authenticator)).response, 401, 'passkey_unknown');
  const member = await (await api.authed('/api/v1/admin/staff/1', admin)).json();
  assert.is((await api.send('PATCH', '/api/v1/admin/staff/1', { version: member.version, active: false }, admin)).status, 200);
  await expectError((await signInWith(second.authenticator)).response, 401, 'passkey_unknown');
  assert.equal((await (await api.authed('/api/v1/admin/staff/1/passkeys', admin)).json()).passkeys, []);
});

Passkeys('failed passkey sign-ins count in the same throttle as passwords: five for an account, then 429', async () => {
  const { accessToken } = await api.login(KITCHEN);
  const { authenticator } = await added(accessToken);
  for (let i = 0; i < 3; i++) assert.is((await api.postJson('/api/v1/auth/login', { email: KITCHEN.email, password: 'wrong' })).status, 401);
  for (let i = 0; i < 2; i++) assert.is((await signInWith(authenticator, 'https://evil.example')).response.status, 400);
  const blocked = await signInWith(authenticator);
  const body = await expectError(blocked.response, 429, 'too_many_attempts');
  assert.match(body.message, /^Too many failed sign-ins\. Try again in \d+ seconds\.$/);
  assert.ok(Number(blocked.response.headers.get('Retry-After')) > 0);
  await expectError(await api.postJson('/api/v1/auth/login', { email: KITCHEN.email, password: KITCHEN.password }), 429, 'too_many_attempts');
});

Passkeys('bad input: not a credential, a huge one, the wrong content type', async () => {
  await expectError(await api.postJson('/api/v1/auth/passkey-login', { id: 'x' }), 400, 'invalid_field');
  await expectError(await api.postJson('/api/v1/auth/passkey-login', { id: 'x', rawId: 'x', type: 'password', response: {} }), 400, 'invalid_field');
  await expectError(await api.postJson('/api/v1/auth/passkey-login', { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'x'.repeat(20_000) } }), 413, 'body_too_large');
  await expectError(await api.request('/api/v1/auth/passkey-login', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' }), 415, 'unsupported_media_type');
  await expectError(await api.postJson('/api/v1/auth/passkey-login', { id: 'x', rawId: 'x', type: 'public-key', response: {} }), 401, 'passkey_unknown');
});

Passkeys.run();
