import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serve, type ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, createTestApi, KITCHEN, STUDENT, WAITER } from '../helpers/api.js';

let server: ServerType;
let base: string;
let site: string;

const Socket = suite('over a real socket on 127.0.0.1');

Socket.before(async () => {
  site = mkdtempSync(join(tmpdir(), 'tavola-site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Tavola</title>');
  writeFileSync(join(site, 'assets', 'main-ABCDEFGH.js'), 'console.log(1)');
  writeFileSync(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const { app } = await createTestApi({ siteDir: site });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
Socket.after(() => {
  server.close();
  rmSync(site, { recursive: true, force: true });
});

const postJson = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

Socket('sign in, then the me call with the token', async () => {
  const { accessToken } = await (await postJson('/api/v1/auth/login', KITCHEN)).json();
  const me = await fetch(`${base}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
  assert.is(me.status, 200);
  assert.is((await me.json()).role, 'Kitchen');
});

Socket('a chunked body (no Content-Length) over 16 KiB is 413', async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    outgoing.on('error', reject);
    for (let i = 0; i < 20; i++) outgoing.write('x'.repeat(1024));
    outgoing.end();
  });
  assert.is(status, 413);
});

Socket('malformed JSON is 400 over the wire too', async () => {
  const response = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":' });
  assert.is(response.status, 400);
  assert.is((await response.json()).code, 'malformed_json');
});

Socket('many parallel sign-ins and reads: none lost, none failed, each answer the right one', async () => {
  const accounts = [KITCHEN, WAITER, STUDENT, ADMIN];
  const logins = Array.from({ length: 24 }, (_, i) => postJson('/api/v1/auth/login', accounts[i % 4]).then(async (response) => ({ status: response.status, body: await response.json() })));
  const reads = Array.from({ length: 200 }, (_, i) => {
    const id = (i % 26) + 1;
    return fetch(`${base}/api/v1/dishes/${id}`).then(async (response) => ({ status: response.status, id, got: (await response.json()).id }));
  });
  const [signedIn, read] = await Promise.all([Promise.all(logins), Promise.all(reads)]);
  assert.equal(signedIn.map((result) => result.status), Array(24).fill(200));
  assert.equal(read.filter((result) => result.status !== 200 || result.got !== result.id), []);
  const roles = await Promise.all(
    signedIn.map(async ({ body }) => (await (await fetch(`${base}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${body.accessToken}` } })).json()).role),
  );
  assert.equal(roles, Array.from({ length: 24 }, (_, i) => accounts[i % 4]!.role));
});

Socket('any address that is not a file gets index.html, as the host rewrite does', async () => {
  for (const path of ['/', '/menu/3', '/menu?category=pizza&q=x', '/kitchen', '/no/such/page']) {
    const response = await fetch(base + path);
    assert.is(response.status, 200, path);
    assert.is(await response.text(), '<!doctype html><title>Tavola</title>', path);
    assert.is(response.headers.get('Content-Type'), 'text/html; charset=utf-8');
    assert.is(response.headers.get('Cache-Control'), 'no-cache');
    assert.match(response.headers.get('Content-Security-Policy')!, "script-src 'self'");
  }
});

Socket('files are served with their type; hashed assets are cached for a year', async () => {
  const asset = await fetch(`${base}/assets/main-ABCDEFGH.js`);
  assert.is(asset.headers.get('Content-Type'), 'text/javascript; charset=utf-8');
  assert.is(asset.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
  assert.is((await fetch(`${base}/favicon.svg`)).headers.get('Content-Type'), 'image/svg+xml');
});

Socket('a missing asset is a 404, not the page', async () => {
  const response = await fetch(`${base}/assets/main-MISSING0.js`);
  assert.is(response.status, 404);
});

Socket('a path that climbs out of the site folder gets the page, never the file', async () => {
  for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fpackage.json']) {
    const response = await fetch(base + path);
    assert.not.match(await response.text(), '"name"', path);
  }
});

Socket.run();
