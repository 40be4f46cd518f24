import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readConfig } from '../../src/server/config.js';
import { CONNECTION_LIMITS, createHttpServer, listen } from '../../src/server/http/listen.js';
import { createTestApi } from '../helpers/api.js';

// Clients that hold connections without finishing a request: one sending 10 of the 100
// body bytes it announced, one whose headers never end, and many such from one address.
// Each is cut at the bound with a 408 in the API's shape, and one address cannot hold more
// than its share of connections. The server here has a bound of 2 seconds and a cap of 20,
// so that the test waits two seconds, not thirty; the defaults have a test of their own.
const BOUND_SECONDS = 2;
const CAP = 20;
let server: Server;
let port: number;
const sockets: Socket[] = [];

const Slow = suite('reliability: slow clients are cut at the bound, and one address is capped');
Slow.before(async () => {
  const { app } = await createTestApi();
  server = createHttpServer(app, { requestSeconds: BOUND_SECONDS, connectionsPerAddress: CAP });
  port = await listen(server, 0, '127.0.0.1');
});
Slow.after.each(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
Slow.after(() => void server.close());

interface Held {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<string>;
  /** Milliseconds from the connection to its close. */
  closedAfter: Promise<number>;
}

/** A connection that sends `bytes` and then nothing; `from` picks the local address (all of 127/8 is this machine). */
function hold(bytes: string, from = '127.0.0.1'): Promise<Held> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(bytes);
      resolve({ socket, answer: closed.then(() => answer), closedAfter: closed.then(() => performance.now() - started) });
    });
  });
}

const parse = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const headers = Object.fromEntries(lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(lines[0]!.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined };
};

const SLOW_BODY = 'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"';
const SLOW_HEADERS = 'GET /api/v1/dishes HTTP/1.1\r\nHost: x\r\nX-Slow: ';
const TIMED_OUT = { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' };

Slow('a body that stops at 10 of its 100 bytes: 408 in the API’s shape at the bound, and the connection closed', async () => {
  const client = await hold(SLOW_BODY);
  const answer = parse(await client.answer);
  assert.is(answer.status, 408);
  assert.equal(answer.body, TIMED_OUT);
  assert.is(answer.headers.connection, 'close');
  assert.is(answer.headers['content-type'], 'application/json');
  assert.ok((await client.closedAfter) >= BOUND_SECONDS * 1000 - 50, 'not cut before its time');
});

Slow('headers that never end: the same 408', async () => {
  const client = await hold(SLOW_HEADERS);
  assert.equal(parse(await client.answer).body, TIMED_OUT);
});

Slow(`past ${CAP} connections from one address, the next are answered 429 and closed; another address is served, and a freed place is taken again`, async () => {
  const held = await Promise.all(Array.from({ length: CAP }, () => hold(SLOW_BODY)));
  const refused = await Promise.all(Array.from({ length: 5 }, () => hold('GET /api/v1/categories HTTP/1.1\r\nHost: x\r\n\r\n')));
  for (const client of refused) {
    const answer = parse(await client.answer);
    assert.is(answer.status, 429);
    assert.equal(answer.body, { status: 429, code: 'too_many_connections', message: `More than ${CAP} connections at once from one address.` });
    assert.is(answer.headers['retry-after'], '10');
  }
  const elsewhere = parse(await (await hold('GET /api/v1/categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.2')).answer);
  assert.is(elsewhere.status, 200, 'another address is not counted with this one');

  held[0]!.socket.destroy();
  await held[0]!.closedAfter;
  const again = parse(await (await hold('GET /api/v1/categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).answer);
  assert.is(again.status, 200, 'the place a closed connection left is free');
  const cut = await Promise.all(held.slice(1).map(async (client) => parse(await client.answer).status));
  assert.equal(cut, Array(CAP - 1).fill(408), 'and the slow ones are cut at the bound');
});

Slow('the defaults: 30 seconds for a request, 10 for its headers, 256 connections an address; none behind a proxy unless set', () => {
  const plain = createHttpServer({ fetch: () => new Response() });
  assert.equal([plain.requestTimeout, plain.headersTimeout], [30_000, 10_000]);
  assert.equal(CONNECTION_LIMITS, { requestSeconds: 30, headersSeconds: 10, connectionsPerAddress: 256 });
  assert.equal([readConfig({}).requestSeconds, readConfig({}).connectionsPerAddress], [30, 256]);
  assert.is(readConfig({ TRUST_PROXY: 'on' }).connectionsPerAddress, 0);
  assert.is(readConfig({ TRUST_PROXY: 'on', CONNECTIONS_PER_ADDRESS: '500' }).connectionsPerAddress, 500);
  assert.is(readConfig({ CONNECTIONS_PER_ADDRESS: 'off' }).connectionsPerAddress, 0);
  assert.is(readConfig({ REQUEST_SECONDS: '120' }).requestSeconds, 120);
  assert.throws(() => readConfig({ REQUEST_SECONDS: '0' }), /REQUEST_SECONDS must be a whole number/);
});

Slow.run();
