import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REFRESH_TOKEN_MS, REUSE_GRACE_MS } from '../../src/server/auth/refresh-tokens.js';
import { sweepRefreshTokens } from '../../src/server/auth/token-sweep.js';
import { createTestApi, KITCHEN, WAITER, type TestApi } from '../helpers/api.js';

// Refresh tokens are kept while they mean something (until expiry; a revoked family until
// its revocation is a day old) and then deleted in batches.
const DAY = 24 * 60 * 60 * 1000;
let api: TestApi;

const Sweep = suite('the refresh-token sweep');
Sweep.before.each(async () => {
  api = await createTestApi();
});

const refresh = (refreshToken: string) => api.postJson('/api/v1/auth/refresh', { refreshToken });
const families = async () =>
  (await api.db.selectFrom('refresh_tokens').select(['family', (eb) => eb.fn.countAll<number>().as('tokens')]).groupBy('family').orderBy('family').execute()).map((row) => Number(row.tokens));

Sweep('keeps live, used and freshly revoked tokens; deletes a revoked family a day on, and every token a day after it expired', async () => {
  const start = api.clock.now;
  // A kitchen screen's family: signed in, refreshed twice (two used tokens and a live one).
  let kitchen = (await api.login(KITCHEN)).refreshToken;
  for (let i = 0; i < 2; i++) kitchen = (await (await refresh(kitchen)).json()).refreshToken;
  // A waiter's family, revoked when a used token came back after the grace.
  const stolen = (await api.login(WAITER)).refreshToken;
  assert.is((await refresh(stolen)).status, 200);
  api.clock.now += REUSE_GRACE_MS + 1;
  assert.is((await refresh(stolen)).status, 401);
  assert.equal((await families()).sort(), [2, 3]);

  assert.is(await sweepRefreshTokens(api.db, start + DAY / 2), 0, 'nothing is old enough yet');
  assert.is(await sweepRefreshTokens(api.db, start + DAY + REUSE_GRACE_MS + 2), 2, 'the revoked family, a day after its revocation');
  assert.equal(await families(), [3]);
  assert.is((await refresh(kitchen)).status, 200, 'the live token still works');

  // The kitchen's newest token was issued at `start + grace`; a day after it expired, the family is gone.
  assert.is(await sweepRefreshTokens(api.db, start + REFRESH_TOKEN_MS + DAY - 1), 0);
  assert.is(await sweepRefreshTokens(api.db, start + REUSE_GRACE_MS + 1 + REFRESH_TOKEN_MS + DAY + 1), 4);
  assert.equal(await families(), []);
});

Sweep('deletes in batches until none is left, and leaves the tokens that still count', async () => {
  const now = api.clock.now;
  const expired = Array.from({ length: 1234 }, (_, i) => ({ user_id: 1, family: `old-${i}`, token_hash: `old-${i}`, expires_at: now - 2 * DAY - i, used_at: null, revoked_at: null }));
  for (let i = 0; i < expired.length; i += 500) await api.db.insertInto('refresh_tokens').values(expired.slice(i, i + 500)).execute();
  const { refreshToken } = await api.login(KITCHEN);
  assert.is(await sweepRefreshTokens(api.db, now, { batch: 100 }), 1234);
  assert.is((await refresh(refreshToken)).status, 200);
  assert.equal(await families(), [2]);
});

Sweep.run();
