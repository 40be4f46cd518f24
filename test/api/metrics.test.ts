// GET /metrics (Prometheus text, prom-client): a 404 without METRICS_TOKEN; with it, a 401
// without the token or with another; every answer counted by its route's pattern, never
// its address (a dish's id, an order's public id), the menu's kept answers (written before
// the app) included; orders made, the outbox, open streams, the event loop, the backups; and
// with the database gone, every figure but the database's.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { createOpenStreams } from '../../src/server/http/open-streams.js';
import { createMetrics } from '../../src/server/metrics/metrics.js';
import { createTestApi, expectError } from '../helpers/api.js';
import { parsePrometheusText } from '../helpers/prometheus-text.js';
import { DIALECT } from '../helpers/database.js';

const Metrics = suite('GET /metrics');
const TOKEN = 'metrics-token-for-the-tests';
let server: Server | undefined;

/** The API with METRICS_TOKEN, on loopback, each answer observed as `npm start` observes them. */
async function serveWithMetrics() {
  const streams = createOpenStreams();
  let metrics: ReturnType<typeof createMetrics> | undefined;
  const api = await createTestApi({ streams, metrics: { get metrics() { return metrics!; }, token: TOKEN } });
  metrics = createMetrics({ db: api.db, streams, backups: () => undefined });
  server = createHttpServer(api.app, { observe: metrics.observe });
  return { api, base: `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}` };
}

Metrics.after.each(() => {
  server?.close();
  server = undefined;
});

Metrics('without METRICS_TOKEN there are none: 404, as for any address that has nothing', async () => {
  const api = await createTestApi();
  await expectError(await api.request('/metrics'), 404, 'not_found', 'Nothing is at /metrics.');
});

Metrics('with it: the token as Bearer or a 401; each answer by its route pattern, the kept menu answers too; orders made, the outbox, streams, the event loop, backups', async () => {
  const { base } = await serveWithMetrics();
  const read = (token?: string) => fetch(`${base}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  await expectError(await read(), 401, 'unauthorized', 'Send the metrics token as a Bearer token.');
  await expectError(await read(`${TOKEN}x`), 401, 'unauthorized');

  // A dish asked three times (the second and third written from the kept answer), an unknown one, an order placed and followed.
  for (let i = 0; i < 3; i++) assert.is((await fetch(`${base}/api/v1/dishes/3`)).status, 200);
  assert.is((await fetch(`${base}/api/v1/dishes/99999`)).status, 404);
  const placed = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pickupName: 'Marco', pickupPhone: '+39 347 123 4567', items: [{ dishId: 1, quantity: 1 }] }) });
  assert.is(placed.status, 201);
  const { id } = await placed.json();
  assert.is((await fetch(`${base}/api/v1/orders/${id}`)).status, 200);

  const answer = await read(TOKEN);
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('Content-Type'), 'text/plain; version=0.0.4; charset=utf-8');
  assert.is(answer.headers.get('Cache-Control'), 'no-store');
  const text = await answer.text();
  const value = (line: string) => text.split('\n').find((each) => each.startsWith(`${line} `))?.slice(line.length + 1);
  assert.is(value('http_requests_total{method="GET",route="/api/v1/dishes/:id",status="200"}'), '3');
  assert.is(value('http_requests_total{method="GET",route="/api/v1/dishes/:id",status="404"}'), '1');
  assert.is(value('http_requests_total{method="POST",route="/api/v1/orders",status="201"}'), '1');
  assert.is(value('http_requests_total{method="GET",route="/api/v1/orders/:id",status="200"}'), '1');
  assert.is(value('http_request_duration_seconds_count{method="GET",route="/api/v1/dishes/:id"}'), '4');
  assert.is(text.includes(String(id)), false, 'no order’s public id in the metrics');
  assert.is(text.includes('dishes/3'), false, 'no address in the metrics');
  assert.is(value('tavola_made_total{kind="order"}'), '1');
  assert.is(value('tavola_outbox_messages{state="waiting"}'), '0');
  assert.is(value('tavola_outbox_messages{state="failed"}'), '0');
  assert.is(value('tavola_outbox_oldest_waiting_seconds'), '0');
  assert.is(value('tavola_database_up'), '1');
  assert.equal(['diners', 'staff', 'screens'].map((kind) => value(`tavola_event_streams_open{kind="${kind}"}`)), ['0', '0', '0']);
  assert.is(value('tavola_backup_failures_total'), '0');
  assert.ok(value('nodejs_eventloop_lag_seconds') !== undefined, 'the event loop’s delay');
  assert.ok(value('process_resident_memory_bytes') !== undefined, 'the process’s own figures');
  // The pool's connections on PostgreSQL, in use, idle and asked for (the scrape's own reads among them); no pool on SQLite.
  if (DIALECT === 'postgres') for (const state of ['in_use', 'idle', 'waiting']) assert.ok(Number(value(`tavola_db_pool_connections{state="${state}"}`)) >= 0, state);
  else assert.is(value('tavola_db_pool_connections{state="in_use"}'), undefined, 'no pool on SQLite');
  // Read as Prometheus reads it: every line, each family with its help and type.
  const families = parsePrometheusText(text);
  const expected: [string, string][] = [
    ['http_requests_total', 'counter'],
    ['http_request_duration_seconds', 'histogram'],
    ['tavola_made_total', 'counter'],
    ['tavola_database_up', 'gauge'],
    ['tavola_event_streams_open', 'gauge'],
    ['tavola_outbox_messages', 'gauge'],
    ['tavola_outbox_oldest_waiting_seconds', 'gauge'],
    ['tavola_backup_last_success_timestamp_seconds', 'gauge'],
    ['tavola_backup_last_size_bytes', 'gauge'],
    ['tavola_backup_failures_total', 'gauge'],
    ['nodejs_eventloop_lag_seconds', 'gauge'],
    ['process_cpu_seconds_total', 'counter'],
  ];
  for (const [name, type] of expected) {
    assert.is(families.get(name)?.type, type, name);
    assert.ok(families.get(name)!.help.length > 10, `${name} says what it is`);
    assert.ok(families.get(name)!.samples.length > 0, `${name} has samples`);
  }
  // Moving: one more dish asked, one more order made, and the counters follow.
  assert.is((await fetch(`${base}/api/v1/dishes/3`)).status, 200);
  const after = parsePrometheusText(await (await read(TOKEN)).text());
  const sampleOf = (from: typeof families, name: string, labels: Record<string, string>) => from.get(name)!.samples.find((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
  assert.is(sampleOf(after, 'http_requests_total', { route: '/api/v1/dishes/:id', status: '200' }), 4);
  assert.is(sampleOf(after, 'http_requests_total', { route: '/metrics', status: '200' }), 1, 'the scrape before this one');
  // The dashboard and the alert rules of the docs read figures this server gives (the pool's only on PostgreSQL).
  const named = new Set(text.split('\n').filter((line) => line.startsWith('# TYPE ')).map((line) => line.split(' ')[2]!));
  const operations = readFileSync('docs/operations.md', 'utf8');
  const docs = readFileSync('docs/grafana-dashboard.json', 'utf8') + operations.slice(operations.indexOf('## Metrics'), operations.indexOf('\n## ', operations.indexOf('## Metrics') + 1));
  const figures = new Set([...docs.matchAll(/\b((?:http|tavola|nodejs)_[a-z_]+)/g)].map((found) => found[1]!.replace(/_(bucket|count|sum)$/, '')));
  assert.equal([...figures].filter((name) => !named.has(name) && name !== 'tavola_db_pool_connections'), []);
  assert.ok(figures.size >= 10, [...figures].join(' '));
});

Metrics('the scheme in any letter case (RFC 9110), as on every route: bearer and BEARER read the metrics; Basic, or two spaces, is still a 401', async () => {
  const { base } = await serveWithMetrics();
  const read = (authorization: string) => fetch(`${base}/metrics`, { headers: { Authorization: authorization } });
  for (const scheme of ['bearer', 'BEARER']) {
    const answer = await read(`${scheme} ${TOKEN}`);
    assert.equal([answer.status, answer.headers.get('Content-Type')], [200, 'text/plain; version=0.0.4; charset=utf-8'], scheme);
    assert.match(await answer.text(), /^# HELP /m);
  }
  await expectError(await read(`Basic ${btoa(`prometheus:${TOKEN}`)}`), 401, 'unauthorized', 'Send the metrics token as a Bearer token.');
  await expectError(await read(`Bearer  ${TOKEN}`), 401, 'unauthorized', 'Send the metrics token as a Bearer token.');
});

Metrics('the database gone: the scrape still answers 200 with every other figure, tavola_database_up 0, the outbox’s figures left out', async () => {
  const { api, base } = await serveWithMetrics();
  assert.is((await fetch(`${base}/api/v1/dishes/3`)).status, 200);
  await api.db.destroy();
  const answer = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  assert.is(answer.status, 200);
  const families = parsePrometheusText(await answer.text());
  assert.equal(families.get('tavola_database_up')!.samples.map((sample) => sample.value), [0]);
  assert.equal(families.get('tavola_outbox_messages')!.samples, [], 'no count that would say the outbox is empty');
  assert.ok(Number.isNaN(families.get('tavola_outbox_oldest_waiting_seconds')!.samples[0]!.value), 'NaN: not known');
  assert.is(families.get('http_requests_total')!.samples.find((sample) => sample.labels.route === '/api/v1/dishes/:id')?.value, 1);
  assert.ok(families.get('nodejs_eventloop_lag_seconds')!.samples.length > 0);
});

Metrics.run();
