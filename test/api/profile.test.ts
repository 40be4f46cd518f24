import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestApi, STUDENT, WAITER, type TestApi } from '../helpers/api.js';

let api: TestApi;

const Profile = suite('GET /profile');
Profile.before.each(async () => {
  api = await createTestApi();
});

Profile('answers what My account shows', async () => {
  const { accessToken } = await api.login(STUDENT);
  const response = await api.authed('/api/v1/profile', accessToken);
  assert.is(response.status, 200);
  assert.equal(await response.json(), {
    id: 3,
    name: 'Stella Bianchi',
    email: 'stella@tavola.test',
    role: 'Student',
    memberSince: '2026-11-21T12:00:00.000Z',
    lastSignIn: '2026-11-21T12:00:00.000Z',
    canSeeOrderQueue: false,
    lang: null,
  });
});

Profile('knows who may see the order queue', async () => {
  const { accessToken } = await api.login(WAITER);
  assert.is((await (await api.authed('/api/v1/profile', accessToken)).json()).canSeeOrderQueue, true);
});

Profile('without a token: 401', async () => {
  const response = await api.request('/api/v1/profile');
  assert.is(response.status, 401);
  assert.is((await response.json()).code, 'unauthorized');
});

Profile.run();
