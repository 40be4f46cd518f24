import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createOpenStreams, type OpenStreams } from '../../src/server/http/open-streams.js';
import { createTestApi, expectError, KITCHEN, WAITER, type TestApi, tableCode } from '../helpers/api.js';
import { closeStreams, readStream, type OpenStream } from '../helpers/stream.js';

// Caps on open event streams (http/open-streams.ts), here 2 diner streams per client
// address, 2 staff streams per account and 3 streams per process. Each request says which
// address it comes from, through one trusted proxy.
let api: TestApi;
let streams: OpenStreams;
let orders: string[];
let kitchenToken: string;

const Caps = suite('caps on open event streams');
Caps.before.each(async () => {
  streams = createOpenStreams({ perClient: 2, perAccount: 2, perProcess: 3 });
  api = await createTestApi({ streams, trustProxy: 1 });
  orders = [];
  for (let i = 0; i < 3; i++) orders.push((await (await api.postJson('/api/v1/orders', { table: 7, tableCode: tableCode(7), items: [{ dishId: 6, quantity: 1 }] })).json()).id);
  kitchenToken = (await api.login(KITCHEN)).accessToken;
});
Caps.after.each(closeStreams);

const follow = (order: string, client: string) => api.request(`/api/v1/orders/${order}/events`, { headers: { 'X-Forwarded-For': client } });
const staff = (token = kitchenToken) => api.request('/api/v1/orders/events', { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.0.0.9' } });

async function opened(answer: Promise<Response>): Promise<OpenStream> {
  const response = await answer;
  if (response.status !== 200) assert.unreachable(`${response.status}: ${await response.text()}`); // a stream's body never ends: read only an error's
  return readStream(response);
}

Caps('past the cap for one address, a diner stream of another order is 429 with Retry-After; other addresses are not affected', async () => {
  await opened(follow(orders[0]!, '10.0.0.1'));
  await opened(follow(orders[1]!, '10.0.0.1'));
  const refused = await follow(orders[2]!, '10.0.0.1');
  await expectError(refused, 429, 'too_many_streams', 'Too many live order streams are open from this connection (at most 2). Close some order pages, or try again in 10 seconds.');
  assert.is(refused.headers.get('Retry-After'), '10');
  await opened(follow(orders[2]!, '10.0.0.2'));
  assert.is(streams.size, 3);
});

Caps('a diner reconnecting to the same order at the cap replaces their older stream instead of being refused', async () => {
  const first = await opened(follow(orders[0]!, '10.0.0.1'));
  const other = await opened(follow(orders[1]!, '10.0.0.1'));
  const again = await opened(follow(orders[0]!, '10.0.0.1'));
  assert.ok(await first.ended(), 'the older stream of that order was ended');
  assert.not.ok(await other.ended(200), 'the stream of the other order goes on');
  assert.is(streams.size, 2);
  await again.close();
});

Caps('a full process answers a new diner stream with 503 server_busy and Retry-After', async () => {
  await opened(follow(orders[0]!, '10.0.0.1'));
  await opened(follow(orders[1]!, '10.0.0.2'));
  await opened(follow(orders[2]!, '10.0.0.3'));
  const busy = await follow(orders[0]!, '10.0.0.4');
  await expectError(busy, 503, 'server_busy', 'This server is following too many live orders right now. Try again in 10 seconds.');
  assert.is(busy.headers.get('Retry-After'), '10');
});

Caps('a staff stream is never refused: past its account cap the oldest is ended, and a full process still takes it', async () => {
  for (let i = 0; i < 3; i++) await opened(follow(orders[i]!, `10.0.0.${i + 1}`));
  const first = await opened(staff());
  const second = await opened(staff());
  // The screen reconnects while its earlier streams have not finished closing.
  const third = await opened(staff());
  assert.ok(await first.ended(), 'the oldest stream of the account was ended');
  assert.not.ok(await second.ended(200));
  assert.is(streams.size, 5, 'three diners and two staff streams');
  // Another account has a cap of its own.
  const waiterToken = (await api.login(WAITER)).accessToken;
  await opened(staff(waiterToken));
  assert.not.ok(await third.ended(200));
});

Caps('a closed stream gives its place back at once', async () => {
  const first = await opened(follow(orders[0]!, '10.0.0.1'));
  await opened(follow(orders[1]!, '10.0.0.1'));
  await first.close();
  assert.is(streams.size, 1);
  await opened(follow(orders[2]!, '10.0.0.1'));
});

Caps('closeAll ends every stream, and a new one is told to connect again', async () => {
  const diner = await opened(follow(orders[0]!, '10.0.0.1'));
  const kitchen = await opened(staff());
  streams.closeAll();
  assert.ok(await diner.ended());
  assert.ok(await kitchen.ended());
  assert.is(streams.size, 0);
  const refused = await staff();
  await expectError(refused, 503, 'shutting_down', 'This server is shutting down. Connect again: another one will answer.');
  assert.is(refused.headers.get('Retry-After'), '1');
});

Caps.run();
