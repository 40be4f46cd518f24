import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompress } from '../../build.mjs';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { ADMIN, createTestApi, KITCHEN, STUDENT, WAITER, tableCode } from '../helpers/api.js';
import { readStream } from '../helpers/stream.js';

let server: Server;
let port: number;
let base: string;
let site: string;

const Socket = suite('over a real socket on 127.0.0.1');

Socket.before(async () => {
  site = mkdtempSync(join(tmpdir(), 'tavola-site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Tavola</title>');
  writeFileSync(join(site, 'menu.html'), '<!doctype html><title>Tavola menu</title>');
  writeFileSync(join(site, 'dish.html'), '<!doctype html><title>Tavola dish</title>');
  writeFileSync(join(site, 'assets', 'main-ABCDEFGH.js'), 'console.log(1)');
  writeFileSync(join(site, 'assets', 'app-ABCDEFGH.js'), 'x'.repeat(4000));
  await precompress(site);
  writeFileSync(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(site, '.env'), 'SECRET=1');
  mkdirSync(join(site, '.git'));
  writeFileSync(join(site, '.git', 'config'), '[core]');
  mkdirSync(join(site, 'images', '.cache'), { recursive: true });
  writeFileSync(join(site, 'images', '.cache', 'x.svg'), 'hidden');
  const { app } = await createTestApi({ siteDir: site });
  server = createHttpServer(app);
  port = await listen(server, 0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
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
  // 20 at once, 5 per account: the sign-in limits exactly (20 per address, 5 per account). A
  // sign-in takes its slot when it starts and gives it back when it succeeds, so one more in
  // flight would be refused or not depending on which finished first (as a CI run showed).
  const logins = Array.from({ length: 20 }, (_, i) => postJson('/api/v1/auth/login', accounts[i % 4]).then(async (response) => ({ status: response.status, body: await response.json() })));
  const reads = Array.from({ length: 200 }, (_, i) => {
    const id = (i % 26) + 1;
    return fetch(`${base}/api/v1/dishes/${id}`).then(async (response) => ({ status: response.status, id, got: (await response.json()).id }));
  });
  const [signedIn, read] = await Promise.all([Promise.all(logins), Promise.all(reads)]);
  assert.equal(signedIn.map((result) => result.status), Array(20).fill(200));
  assert.equal(read.filter((result) => result.status !== 200 || result.got !== result.id), []);
  const roles = await Promise.all(
    signedIn.map(async ({ body }) => (await (await fetch(`${base}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${body.accessToken}` } })).json()).role),
  );
  assert.equal(roles, Array.from({ length: 20 }, (_, i) => accounts[i % 4]!.role));
});

Socket('an address that is not a file gets the file of firebase.json’s first rewrite that matches it, as on the host; one that names nothing is a 404, the page still sent', async () => {
  for (const [path, title, status] of [
    ['/', 'Tavola', 200],
    ['/menu', 'Tavola menu', 200],
    ['/menu?category=pizza&q=x', 'Tavola menu', 200],
    ['/menu?category=nope', 'Tavola menu', 404],
    ['/menu/3', 'Tavola dish', 200],
    ['/menu/999', 'Tavola dish', 404],
    ['/menu/0x3', 'Tavola dish', 404],
    ['/menu/3/more', 'Tavola', 404],
    ['/menus', 'Tavola', 404],
    ['/kitchen', 'Tavola', 200],
    ['/admin/menu', 'Tavola', 200],
    ['/no/such/page', 'Tavola', 404],
    ['/it', 'Tavola', 200],
    ['/it/nowhere', 'Tavola', 404],
  ] as const) {
    const response = await fetch(base + path);
    assert.is(response.status, status, path);
    assert.is(await response.text(), `<!doctype html><title>${title}</title>`, path);
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

Socket('text files go out precompressed: brotli, else gzip, else as they are; always with Vary', async () => {
  const get = (encoding?: string) => new Promise<{ encoding?: string; vary?: string; type?: string; bytes: number }>((resolve, reject) => {
    const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
    httpRequest(`${base}/assets/app-ABCDEFGH.js`, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], vary: response.headers.vary, type: response.headers['content-type'], bytes }));
    }).on('error', reject).end();
  });
  const br = await get('gzip, deflate, br');
  assert.equal([br.encoding, br.vary, br.type], ['br', 'Accept-Encoding', 'text/javascript; charset=utf-8']);
  assert.ok(br.bytes < 100, `${br.bytes} bytes of brotli for 4,000 of text`);
  assert.is((await get('gzip')).encoding, 'gzip');
  assert.is((await get('br;q=0, gzip')).encoding, 'gzip');
  const plain = await get();
  assert.equal([plain.encoding, plain.bytes], [undefined, 4000]);
  assert.is((await get('br')).type, 'text/javascript; charset=utf-8');
});

Socket('JSON answers over 1 KiB are compressed for a client that accepts it; small ones are not', async () => {
  const list = await fetch(`${base}/api/v1/dishes`, { headers: { 'Accept-Encoding': 'br' } });
  assert.is(list.headers.get('Content-Encoding'), 'br');
  assert.is((await list.json()).dishes.length, 27, 'fetch decodes it');
  const one = await fetch(`${base}/api/v1/dishes/3`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  assert.is(one.headers.get('Content-Encoding'), null);
  assert.is((await one.json()).id, 3);
  const gzip = await fetch(`${base}/api/v1/dishes`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.is(gzip.headers.get('Content-Encoding'), 'gzip');
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

Socket('dotfiles are never served: the address gets the page, as on the host', async () => {
  for (const path of ['/.env', '/.git/config', '/images/.cache/x.svg', '/%2eenv', '/.%65nv']) {
    const response = await fetch(base + path);
    const text = await response.text();
    assert.not.match(text, /SECRET|\[core\]|hidden/, path);
    assert.is(text, '<!doctype html><title>Tavola</title>', path);
  }
});

/** Sends raw bytes and resolves with everything the server answers before it closes. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 2000).unref();
  });
}

const parse = (answer: string) => {
  const [head, body] = answer.split('\r\n\r\n') as [string, string];
  const headers = Object.fromEntries(head.split('\r\n').slice(1).map((line) => [line.split(':')[0]!.toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(head.split(' ')[1]), headers, body: JSON.parse(body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, '')) };
};

const NOT_HTTP = 'The request is not valid HTTP.';
const protocolErrors: [string, string, number, string, string][] = [
  ['a bad chunk size', 'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n', 400, 'bad_request', NOT_HTTP],
  ['a Host no address can be made of', 'GET /api/v1/dishes HTTP/1.1\r\nHost: a b\r\n\r\n', 400, 'bad_request', 'The request could not be read.'],
  ['headers over 16 KiB', `GET /api/v1/dishes HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`, 431, 'headers_too_large', 'The request headers are larger than 16 KiB.'],
  ['the method FOO', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 501, 'method_not_implemented', 'The server does not know that method.'],
  ['an HTTP version that does not exist', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n', 400, 'bad_request', NOT_HTTP],
  ['an HTTP/1.1 request without Host', 'GET /api/v1/dishes HTTP/1.1\r\n\r\n', 400, 'bad_request', 'The request has no Host header.'],
  ['an HTTP/1.0 request without Host', 'GET /api/v1/dishes HTTP/1.0\r\n\r\n', 400, 'bad_request', 'The request has no Host header.'],
  ['a request line that is not one (GARBAGE)', 'GARBAGE\r\n\r\n', 400, 'bad_request', NOT_HTTP],
  ['a method of forbidden characters', 'G(E)T / HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request', NOT_HTTP],
];
for (const [what, bytes, status, code, message] of protocolErrors) {
  Socket(`${what}: ${status} in the API's error shape, with the security headers`, async () => {
    const answer = parse(await raw(bytes));
    assert.is(answer.status, status);
    assert.equal(answer.body, { status, code, message });
    assert.is(answer.headers['content-type'], 'application/json');
    assert.is(answer.headers['x-content-type-options'], 'nosniff');
    assert.is(answer.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
  });
}

Socket('an early 413 reaches the client every time: 40 posts of 2 MB with fetch', async () => {
  const body = 'x'.repeat(2 * 1024 * 1024);
  const seen: (number | string)[] = [];
  for (let i = 0; i < 40; i++) {
    try {
      const response = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      assert.is(response.headers.get('Connection'), 'close');
      seen.push(response.status, (await response.json()).code);
    } catch (error) {
      seen.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
    }
  }
  assert.equal(seen, Array.from({ length: 40 }, () => [413, 'body_too_large']).flat());
});

Socket('a chunked upload the client abandons: no 500 and nothing in the log', async () => {
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n');
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => setTimeout(resolve, 200));
    });
    assert.equal(logged, []);
  } finally {
    console.error = original;
  }
});

Socket('order streams over a real socket: live events, then a reconnect with Last-Event-ID gets the missed ones once', async () => {
  const { accessToken } = await (await postJson('/api/v1/auth/login', KITCHEN)).json();
  const order = { table: 3, tableCode: tableCode(3), items: [{ dishId: 6, quantity: 1 }] };
  const connect = async (lastEventId?: string) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    return readStream(await fetch(`${base}/api/v1/orders/events`, { headers }));
  };
  const first = await connect();
  const placed = await (await postJson('/api/v1/orders', order)).json();
  const [event] = await first.next();
  assert.is(JSON.parse(event!.data).order.id, placed.id);
  await first.close();
  await postJson('/api/v1/orders', order);
  await postJson('/api/v1/orders', order);
  const second = await connect(event!.id);
  const missed = await second.next(2);
  assert.equal(missed.map((next) => Number(next.id)), [Number(event!.id) + 1, Number(event!.id) + 2]);
  const diner = readStream(await fetch(`${base}/api/v1/orders/${placed.id}/events`));
  assert.is(JSON.parse((await diner.next())[0]!.data).order.status, 'received');
  await Promise.all([second.close(), diner.close()]);
});

Socket.run();
