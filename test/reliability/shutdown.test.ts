import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBuilt } from '../helpers/built.js';
import { KITCHEN } from '../helpers/api.js';
import { exited, startServer } from '../helpers/server-process.js';
import { closeStreams, readStream } from '../helpers/stream.js';
import { newPhone } from '../helpers/phones.js';

// SIGTERM, as a platform sends it to an instance it retires: open event streams are ended
// (their clients reconnect elsewhere), no new connection is taken, a request in flight
// gets its answer, and the process exits 0 within 10 seconds.
let dir: string;
let child: ChildProcess | undefined;

const Shutdown = suite('reliability: SIGTERM drains and exits');
Shutdown.before(async () => {
  await serverBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tavola-sigterm-'));
});
Shutdown.after(async () => {
  await closeStreams();
  child?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ORDER = JSON.stringify({ pickupName: 'Shutdown', pickupPhone: newPhone(), items: [{ dishId: 6, quantity: 1 }] });

/** A POST /orders whose body is still on its way: the headers now, the body when asked. */
function halfSentOrder(base: string) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (answer += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(`POST /api/v1/orders HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(ORDER)}\r\n\r\n${ORDER.slice(0, 10)}`);
  return {
    async finish() {
      socket.write(ORDER.slice(10));
      await closed; // the answer comes with Connection: close
      return answer;
    },
  };
}

/** What a new TCP connection to the server meets: `connected`, or the error's code. */
function newConnection(base: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

Shutdown('SIGTERM: streams end, new connections are refused, the request in flight is answered, the process exits 0 within 10 s', async () => {
  const started = await startServer([process.execPath, 'dist/server/main.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, JWT_SECRET: 'sigterm-secret-sigterm-secret-sigterm', OPEN_ALL_HOURS: 'on' });
  child = started.child;
  const { base } = started;
  const login = await (await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(KITCHEN) })).json();
  const kitchen = readStream(await fetch(`${base}/api/v1/orders/events`, { headers: { Authorization: `Bearer ${login.accessToken}` } }));
  const placed = await (await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ORDER })).json();
  await kitchen.next(1, 5000);
  const diner = readStream(await fetch(`${base}/api/v1/orders/${placed.id}/events`));
  await diner.next(1, 5000);
  const inFlight = halfSentOrder(base);
  await new Promise((resolve) => setTimeout(resolve, 200)); // the server has read its headers

  const signalled = Date.now();
  child.kill('SIGTERM');
  assert.ok(await kitchen.ended(5000), 'the kitchen stream was ended');
  assert.ok(await diner.ended(5000), "the diner's stream was ended");
  assert.is(await newConnection(base), 'ECONNREFUSED');

  const answer = await inFlight.finish();
  assert.match(answer, /^HTTP\/1\.1 201 Created\r\n/);
  assert.match(answer, /\r\nconnection: close\r\n/i);
  await exited(child);
  assert.is(child.exitCode, 0);
  assert.ok(Date.now() - signalled < 10_000, 'exited within 10 s');

  // The order answered during the drain is stored, whole.
  const db = new SQLite(join(dir, 'tavola.db'), { readonly: true });
  try {
    const id = /"id":"([^"]+)"/.exec(answer)![1];
    const stored = db.prepare('select o.total_cents as total, count(i.id) as lines from orders o join order_items i on i.order_id = o.id where o.public_id = ? group by o.id').get(id);
    assert.equal(stored, { total: 1450, lines: 1 });
  } finally {
    db.close();
  }
});

Shutdown.run();
