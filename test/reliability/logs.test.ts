import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBuilt } from '../helpers/built.js';
import { exited } from '../helpers/server-process.js';

// The server's log as `npm start` writes it when its output is not a terminal: one JSON line
// per event, each answer's with its request id (the client's, or one made and sent back),
// method, route pattern, status and time. Through a whole booking (its manage link used),
// a pickup order followed, a staff sign-in and refresh, and a waiter's payment, the log holds
// no guest's name, phone, e-mail or note, no order's public id, no password and no token.
const Logs = suite('reliability: the log of a booking and an order');
let dir: string;

Logs.before(async () => {
  await serverBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tavola-logs-'));
});
Logs.after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

Logs('JSON lines with request ids and route patterns, and nothing of the guests or their keys', async () => {
  const child = spawn(process.execPath, ['dist/server/main.mjs'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', OPEN_ALL_HOURS: 'on', DATA_DIR: dir, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk));
  const base = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const found = /ready at (http:\/\/[\d.:]+)/.exec(log)?.[1];
      if (found) {
        clearInterval(check);
        resolve(found);
      }
    }, 20);
    child.once('exit', () => reject(new Error(`exited before it was ready:\n${log}`)));
  });
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${base}/api/v1${path}`, { method: init.method ?? 'GET', headers: { ...(init.body !== undefined && { 'Content-Type': 'application/json' }), ...init.headers }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return { status: response.status, id: response.headers.get('X-Request-Id'), body: await response.json().catch(() => null) };
  };
  const secrets: string[] = [];
  try {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const booked = await call('/bookings', { method: 'POST', body: { party: 2, date: tomorrow, time: '19:30', name: 'Giulietta Capuleti', phone: '347 555 0199', email: 'giulietta@verona.example', note: 'Allergic to walnuts' }, headers: { 'X-Request-Id': 'booking-1' } });
    assert.equal([booked.status, booked.id], [201, 'booking-1'], 'the client’s request id is sent back');
    const key = booked.body.key as string;
    secrets.push('Giulietta', 'Capuleti', '347 555 0199', '+393475550199', '3475550199', 'giulietta@verona.example', 'walnuts', key);
    assert.is((await call('/booking', { headers: { 'Booking-Key': key } })).status, 200);
    assert.is((await call('/booking', { method: 'PATCH', body: { version: 1, party: 3 }, headers: { 'Booking-Key': key } })).status, 200);
    const order = await call('/orders', { method: 'POST', body: { pickupName: 'Romeo Montecchi', pickupPhone: '+39 347 555 0123', items: [{ dishId: 1, quantity: 2 }] } });
    assert.is(order.status, 201);
    assert.match(order.id ?? '', /^[0-9a-f]{16}$/, 'a request id made for a request without one');
    secrets.push('Romeo', 'Montecchi', '3475550123', '347 555 0123', order.body.id);
    assert.is((await call(`/orders/${order.body.id}`)).status, 200);
    const signedIn = await call('/auth/login', { method: 'POST', body: { email: 'wanda@tavola.test', password: 'tavola-waiter' } });
    secrets.push('tavola-waiter', signedIn.body.accessToken, signedIn.body.refreshToken);
    const refreshed = await call('/auth/refresh', { method: 'POST', body: { refreshToken: signedIn.body.refreshToken } });
    assert.is(refreshed.status, 200);
    secrets.push(refreshed.body.accessToken, refreshed.body.refreshToken);
    assert.is((await call('/auth/me', { headers: { Authorization: `Bearer ${refreshed.body.accessToken}`, 'X-Request-Id': 'has spaces, so not taken' } })).status, 200);
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
  const lines = log.trim().split('\n');
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const entry of entries) assert.ok(typeof entry.time === 'number' && typeof entry.level === 'number', JSON.stringify(entry));
  const answers = entries.filter((entry) => entry.route !== undefined);
  assert.equal(
    answers.map((entry) => `${entry.method} ${entry.route} ${entry.status}`),
    ['POST /api/v1/bookings 201', 'GET /api/v1/booking 200', 'PATCH /api/v1/booking 200', 'POST /api/v1/orders 201', 'GET /api/v1/orders/:id 200', 'POST /api/v1/auth/login 200', 'POST /api/v1/auth/refresh 200', 'GET /api/v1/auth/me 200'],
  );
  assert.is(answers[0]!.req, 'booking-1');
  assert.match(String(answers.at(-1)!.req), /^[0-9a-f]{16}$/, 'an id that is not a plain one is not taken');
  assert.ok(answers.every((entry) => typeof entry.ms === 'number'));
  assert.equal(entries.filter((entry) => entry.msg !== undefined).map((entry) => String(entry.msg).replace(/http:\/\/[\d.:]+/g, 'URL')), ['Tavola is ready at URL (API description: URL/api/docs)', 'SIGTERM: finishing the requests in flight, then stopping.', 'Stopped.']);
  for (const secret of secrets) assert.is(log.includes(secret), false, `the log holds ${secret}`);
});

Logs.run();
