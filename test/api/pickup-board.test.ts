// The pickup board: public, numbers only, pickup orders only, live from placed to served.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestApi, KITCHEN, tableCode, WAITER, type TestApi } from '../helpers/api.js';
import { closeStreams, readStream } from '../helpers/stream.js';
import { newPhone } from '../helpers/phones.js';

let api: TestApi;
const Board = suite('the pickup board');
Board.before.each(async () => {
  api = await createTestApi({ heartbeatMs: 30 });
});
Board.after.each(closeStreams);

const place = async (body: Record<string, unknown>) => (await api.postJson('/api/v1/orders', { items: [{ dishId: 12, quantity: 1 }], ...body })).json();
const move = (id: string, status: string, version: number, token: string) => api.send('PATCH', `/api/v1/orders/${id}`, { status, version }, token);

Board('numbers of open pickup orders only, preparing and ready, with no sign-in; nothing else of them', async () => {
  const kai = (await api.login(KITCHEN)).accessToken;
  const ada = await place({ pickupName: 'Ada', pickupPhone: newPhone() });
  const bo = await place({ pickupName: 'Bo', pickupPhone: newPhone() });
  await place({ table: 7, tableCode: tableCode(7) });
  await move(bo.id, 'preparing', 1, kai);
  await move(bo.id, 'ready', 2, kai);
  const response = await api.request('/api/v1/pickup-board');
  assert.is(response.status, 200);
  const board = await response.json();
  assert.equal(board, { preparing: [ada.number], ready: [bo.number], lastEventId: 5 });
  assert.not.match(JSON.stringify(board), 'Ada');
});

Board('live: a pickup order from placed to served, as `pickup` events with its number and state only; table orders never', async () => {
  const stream = readStream(await api.request('/api/v1/pickup-board/events'));
  assert.is(stream.response.status, 200);
  const kai = (await api.login(KITCHEN)).accessToken;
  const wanda = (await api.login(WAITER)).accessToken;
  await place({ table: 7, tableCode: tableCode(7) });
  const ada = await place({ pickupName: 'Ada', pickupPhone: newPhone() });
  await move(ada.id, 'preparing', 1, kai);
  await move(ada.id, 'ready', 2, kai);
  await move(ada.id, 'served', 3, wanda);
  const events = await stream.next(4);
  assert.equal(
    events.map((event) => [event.event, event.data]),
    [
      ['pickup', `{"number":${ada.number},"status":"received"}`],
      ['pickup', `{"number":${ada.number},"status":"preparing"}`],
      ['pickup', `{"number":${ada.number},"status":"ready"}`],
      ['pickup', `{"number":${ada.number},"status":"served"}`],
    ],
  );
  assert.equal(events.map((event) => event.id), ['2', '3', '4', '5'], 'ids to resume from, the table order’s skipped');
  // Resuming after the first gives the rest, none twice.
  const again = readStream(await api.request('/api/v1/pickup-board/events', { headers: { 'Last-Event-ID': '2' } }));
  assert.equal((await again.next(3)).map((event) => event.id), ['3', '4', '5']);
});

Board.run();
