// The menu's kept answers written before the app (menu/cache.ts `answer`, called by
// http/listen.ts), over a real socket: the same bytes as the app's own answer but the Date,
// never a stale one, in the language and encoding asked; and everything it is unsure of
// left to the app (a 304, an unknown lang, a request without Host, a shutdown under way).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { createTestApi, type TestApi } from '../helpers/api.js';

let api: TestApi;
let server: Server;
let port: number;
let draining = false;
/** What answerBeforeApp said of each request: true when it answered. */
const early: boolean[] = [];

const Kept = suite('kept menu answers, written before the app');
Kept.before(async () => {
  api = await createTestApi({ isDraining: () => draining });
  const answerBeforeApp = api.app.answerBeforeApp;
  api.app.answerBeforeApp = (request, response) => {
    const answered = answerBeforeApp(request, response);
    if (answered === false) early.push(false);
    else void answered.then((done) => early.push(done));
    return answered;
  };
  server = createHttpServer(api.app);
  port = await listen(server, 0, '127.0.0.1');
});
Kept.before.each(() => {
  early.length = 0;
  draining = false;
});
Kept.after(() => void server.close());

/** Sends one request on a connection of its own; resolves with the status line and headers (Date left out) and the body's bytes. */
function raw(request: string): Promise<{ head: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, split).toString('latin1').split('\r\n').filter((line) => !/^date:/i.test(line)), body: all.subarray(split + 4) });
    });
    socket.on('error', reject);
  });
}
const get = (path: string, headers: Record<string, string> = {}) =>
  raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
const headerOf = (head: string[], name: string) => head.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();

Kept('the second read of a dish is written before the app, byte for byte the app’s answer but the Date', async () => {
  const first = await get('/api/v1/dishes/3?lang=en');
  const second = await get('/api/v1/dishes/3?lang=en');
  assert.equal(early, [false, true]);
  assert.is(first.head[0], 'HTTP/1.1 200 OK');
  const named = (head: string[]) => head.map((line) => line.replace(/^[^:]+/, (name) => name.toLowerCase())).sort();
  assert.equal(named(second.head), named(first.head));
  assert.is(second.body.toString(), first.body.toString());
  assert.equal(
    ['content-type', 'etag', 'cache-control', 'vary', 'content-language', 'x-content-type-options', 'content-security-policy'].map((name) => headerOf(second.head, name)),
    ['application/json', headerOf(first.head, 'etag'), 'no-cache', 'Accept-Encoding, Accept-Language', 'en', 'nosniff', "default-src 'none'; frame-ancestors 'none'"],
  );
});

Kept('each language is its own answer: ?lang and Accept-Language', async () => {
  await get('/api/v1/dishes/3?lang=it');
  const italian = await get('/api/v1/dishes/3?lang=it');
  assert.is(headerOf(italian.head, 'content-language'), 'it');
  await get('/api/v1/dishes/3', { 'Accept-Language': 'it-IT,it;q=0.9' });
  const asked = await get('/api/v1/dishes/3', { 'Accept-Language': 'it-IT,it;q=0.9' });
  const english = await get('/api/v1/dishes/3', { 'Accept-Language': 'en' });
  assert.equal(early, [false, true, false, true, false]);
  assert.is(headerOf(asked.head, 'content-language'), 'it');
  assert.is(JSON.parse(asked.body.toString()).name, JSON.parse(italian.body.toString()).name);
  assert.is(headerOf(english.head, 'content-language'), 'en');
});

Kept('compressed for a client that accepts it, the same JSON once decompressed', async () => {
  const plain = await get('/api/v1/dishes');
  await get('/api/v1/dishes', { 'Accept-Encoding': 'gzip, br' });
  const compressed = await get('/api/v1/dishes', { 'Accept-Encoding': 'gzip, br' });
  assert.equal(early, [false, true, true], 'the compressed copy is made from the kept answer');
  assert.is(headerOf(compressed.head, 'content-encoding'), 'br');
  assert.is(Number(headerOf(compressed.head, 'content-length')), compressed.body.length);
  assert.is(brotliDecompressSync(compressed.body).toString(), plain.body.toString());
});

Kept('never stale: a change to the menu (even straight in the database) is the next answer', async () => {
  await get('/api/v1/dishes/20');
  await api.db.updateTable('dishes').set({ name: 'Tiramisù della casa' }).where('id', '=', 20).execute();
  const after = await get('/api/v1/dishes/20');
  assert.is(JSON.parse(after.body.toString()).name, 'Tiramisù della casa');
  const again = await get('/api/v1/dishes/20');
  assert.equal(early, [false, false, true]);
  assert.is(headerOf(again.head, 'etag'), headerOf(after.head, 'etag'));
});

Kept('left to the app: If-None-Match (a 304), an unknown lang (a 400), no Host or one no address is made of (a 400), a dot segment, a shutdown under way (Connection: close)', async () => {
  const first = await get('/api/v1/dishes/5');
  const notModified = await get('/api/v1/dishes/5', { 'If-None-Match': headerOf(first.head, 'etag')! });
  assert.is(notModified.head[0], 'HTTP/1.1 304 Not Modified');
  const unknown = await get('/api/v1/dishes/5?lang=fr');
  assert.is(unknown.head[0], 'HTTP/1.1 400 Bad Request');
  const noHost = await raw('GET /api/v1/dishes/5 HTTP/1.1\r\nConnection: close\r\n\r\n');
  assert.is(noHost.head[0], 'HTTP/1.1 400 Bad Request');
  const badHost = await raw('GET /api/v1/dishes/5 HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n');
  assert.is(badHost.head[0], 'HTTP/1.1 400 Bad Request');
  const dotted = await get('/api/v1/categories/../dishes/5');
  assert.is(dotted.head[0], 'HTTP/1.1 200 OK', 'the app reads it as /api/v1/dishes/5');
  draining = true;
  const closing = await raw('GET /api/v1/dishes/5 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  assert.is(closing.head[0], 'HTTP/1.1 200 OK');
  assert.is(headerOf(closing.head, 'connection'), 'close');
  assert.equal(early, [false, false, false, false, false, false, false]);
});

Kept('a POST to a kept address is the app’s 405, whatever was kept', async () => {
  await get('/api/v1/categories');
  const posted = await raw('POST /api/v1/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
  assert.match(posted.head[0]!, /^HTTP\/1\.1 401 /); // POST /categories is the Admin's: the app's bearer check answers
  assert.equal(early, [false, false]);
});

Kept.run();
