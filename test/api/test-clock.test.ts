// TEST_CLOCK: a clock that browser tests move over HTTP instead of waiting (a person's
// 2-minute token ending on an open board). Off unless asked for, refused in production,
// and when on it moves every token's expiry with it and ends the open streams.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { movableClock } from '../../src/server/clock.js';
import { readConfig } from '../../src/server/config.js';
import { createOpenStreams } from '../../src/server/http/open-streams.js';
import { createTestApi, expectError } from '../helpers/api.js';

const Clock = suite('the test clock (TEST_CLOCK)');

Clock('off unless TEST_CLOCK=on; a production start refuses it; anything but on or off stops the start', () => {
  assert.is(readConfig({}).testClock, false);
  assert.is(readConfig({ TEST_CLOCK: 'on' }).testClock, true);
  assert.throws(() => readConfig({ TEST_CLOCK: 'on', NODE_ENV: 'production' }), /TEST_CLOCK=on is for tests only .* a production start \(NODE_ENV=production\) refuses it/);
  assert.is(readConfig({ TEST_CLOCK: 'off', NODE_ENV: 'production' }).testClock, false);
  assert.throws(() => readConfig({ TEST_CLOCK: 'yes' }), /TEST_CLOCK must be on or off/);
});

Clock('CHEAP_PASSWORD_HASHES, the browser tests\' quick sign-ins, the same way: off unless on, refused in production', () => {
  assert.is(readConfig({}).cheapPasswordHashes, false);
  assert.is(readConfig({ CHEAP_PASSWORD_HASHES: 'on' }).cheapPasswordHashes, true);
  assert.throws(() => readConfig({ CHEAP_PASSWORD_HASHES: 'on', NODE_ENV: 'production' }), /CHEAP_PASSWORD_HASHES=on is for tests only .* a production start \(NODE_ENV=production\) refuses it/);
  assert.throws(() => readConfig({ CHEAP_PASSWORD_HASHES: '1' }), /CHEAP_PASSWORD_HASHES must be on or off/);
});

Clock('without it there is no such endpoint', async () => {
  const api = await createTestApi();
  await expectError(await api.postJson('/api/test/clock', { advanceMs: 1000 }), 404, 'not_found', 'No API endpoint is at /api/test/clock.');
});

Clock('moved 121 s on, a token signed now has expired: 401 with X-Token-Expired', async () => {
  const clock = movableClock(() => Date.UTC(2026, 10, 26, 12, 0, 0));
  const api = await createTestApi({ testClock: clock });
  const { accessToken } = await api.login();
  assert.is((await api.authed('/api/v1/auth/me', accessToken)).status, 200);
  const moved = await api.postJson('/api/test/clock', { advanceMs: 121_000 });
  assert.equal(await moved.json(), { now: '2026-11-26T12:02:01.000Z' });
  const after = await api.authed('/api/v1/auth/me', accessToken);
  assert.is(after.headers.get('X-Token-Expired'), 'true');
  await expectError(after, 401, 'token_expired', 'The access token has expired.');
});

Clock('a bad move is a 400 that says what it takes, and moves nothing', async () => {
  const clock = movableClock(() => 0);
  const api = await createTestApi({ testClock: clock });
  for (const body of [{}, { advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '10' }, { advanceMs: 400 * 86_400_000 }]) {
    await expectError(await api.postJson('/api/test/clock', body), 400, 'invalid_field', 'advanceMs must be a whole number of milliseconds from 0 to a year.');
  }
  await expectError(await api.request('/api/test/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' }), 400, 'invalid_field');
  assert.is(clock.now(), 0);
});

Clock('moving it ends every open stream, which the clients then open again', () => {
  const streams = createOpenStreams();
  const ended: string[] = [];
  streams.admitStaff(1).onClose(() => ended.push('staff'));
  streams.admitDisplay(2).onClose(() => ended.push('display'));
  streams.endAll();
  assert.equal(ended, ['staff', 'display']);
  streams.admitStaff(1); // not shutting down: new streams are taken
});

Clock.run();
