import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, KITCHEN, STUDENT, WAITER, type TestApi } from '../helpers/api.js';

let api: TestApi;
const QUEUE = '/api/v1/orders/queue';

const Queue = suite('GET /orders/queue');
Queue.before(async () => {
  api = await createTestApi();
});

for (const account of [KITCHEN, WAITER]) {
  Queue(`${account.role} gets the open orders, newest last`, async () => {
    const response = await api.authed(QUEUE, (await api.login(account)).accessToken);
    assert.is(response.status, 200);
    const { orders } = await response.json();
    assert.equal(orders.map((order: { table: number }) => order.table), [4, 7, 2]);
    assert.equal(orders[0], {
      id: 1,
      table: 4,
      status: 'preparing',
      note: 'One pizza without basil.',
      createdAt: '2026-11-21T11:35:00.000Z',
      items: [
        { dishId: 12, name: 'Margherita', quantity: 2 },
        { dishId: 20, name: 'Tiramisù', quantity: 1 },
      ],
    });
    const times = orders.map((order: { createdAt: string }) => order.createdAt);
    assert.equal(times, [...times].sort());
  });
}

for (const account of [ADMIN, STUDENT]) {
  Queue(`${account.role} gets 403`, async () => {
    const response = await api.authed(QUEUE, (await api.login(account)).accessToken);
    assert.is(response.status, 403);
    assert.equal(await response.json(), { status: 403, code: 'forbidden', message: 'Only Waiter and Kitchen staff can see the order queue.' });
  });
}

Queue('a guest gets 401', async () => {
  assert.is((await api.request(QUEUE)).status, 401);
});

Queue('an expired Kitchen token gets 401 with X-Token-Expired, not 403 or 200', async () => {
  const { accessToken } = await api.login(KITCHEN);
  api.clock.now += 121_000;
  const response = await api.authed(QUEUE, accessToken);
  assert.is(response.status, 401);
  assert.is(response.headers.get('X-Token-Expired'), 'true');
});

Queue.run();

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
