import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestApi, expectError, type TestApi } from '../helpers/api.js';

// /healthz (up, no database) and /readyz (the database answers, migrations done, not
// shutting down), outside /api/v1.
let api: TestApi;
let draining = false;

const Health = suite('GET /healthz and /readyz');
Health.before.each(async () => {
  draining = false;
  api = await createTestApi({ isDraining: () => draining });
});

Health('both answer 200 on a running server, not cached, with the security headers', async () => {
  const healthy = await api.request('/healthz');
  assert.is(healthy.status, 200);
  assert.equal(await healthy.json(), { status: 'ok' });
  const ready = await api.request('/readyz');
  assert.is(ready.status, 200);
  assert.equal(await ready.json(), { status: 'ready' });
  for (const answer of [healthy, ready]) {
    assert.is(answer.headers.get('Cache-Control'), 'no-store');
    assert.is(answer.headers.get('X-Content-Type-Options'), 'nosniff');
  }
});

Health('a migration not done: /readyz is 503 migrations_pending, /healthz still 200', async () => {
  await sql`delete from kysely_migration where name = '005-token-sweep'`.execute(api.db);
  await expectError(await api.request('/readyz'), 503, 'migrations_pending', '1 of 33 database migrations are not done yet.');
  assert.is((await api.request('/healthz')).status, 200);
});

Health('the database gone: /readyz is 503 database_unavailable with Retry-After; /healthz asks nothing of it', async () => {
  await api.db.destroy();
  const ready = await api.request('/readyz');
  await expectError(ready, 503, 'database_unavailable', 'The database is not answering right now. Please try again in a moment.');
  assert.is(ready.headers.get('Retry-After'), '2');
  assert.is((await api.request('/healthz')).status, 200);
});

Health('shutting down: /readyz is 503 shutting_down, and every answer closes its connection', async () => {
  assert.is((await api.request('/healthz')).headers.get('Connection'), null);
  draining = true;
  await expectError(await api.request('/readyz'), 503, 'shutting_down', 'This instance is shutting down.');
  const healthy = await api.request('/healthz');
  assert.is(healthy.status, 200);
  assert.is(healthy.headers.get('Connection'), 'close');
  assert.is((await api.request('/api/v1/dishes/3')).headers.get('Connection'), 'close');
});

Health('they live outside the API: /api/v1/healthz is a 404', async () => {
  await expectError(await api.request('/api/v1/healthz'), 404, 'not_found');
  await expectError(await api.request('/healthz', { method: 'POST' }), 404, 'not_found');
});

Health.run();
