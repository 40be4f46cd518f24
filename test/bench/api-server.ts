// A server for the API benchmark, in its own process so the load generator does not
// share its event loop, one of:
// - `tavola`: our app on a database file, as npm start runs it (createHttpServer), with the
//   metrics on when METRICS_TOKEN is set;
// - `baseline`: bare node:http, writing the answer it is given (ANSWER: the status, every
//   header but Date, and the body of our GET /api/v1/dishes/3) for any request;
// - `fastify`: Fastify with our route table (ROUTES: every operation of our API
//   description), each route sending that same answer, as a Node developer would write the
//   same API without Hono.
// Prints the address it listens on.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createApp } from '../../src/server/app.js';
import { createMetrics } from '../../src/server/metrics/metrics.js';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { openDatabase } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { createOpenStreams } from '../../src/server/http/open-streams.js';

/** An answer as the anchors send it: `headers` in the order and spelling ours came with. */
export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

const announce = (port: number) => console.log(`http://127.0.0.1:${port}`);
const kind = process.argv[2];

if (kind === 'baseline' || kind === 'fastify') {
  const answer: Answer = JSON.parse(process.env.ANSWER!);
  const body = Buffer.from(answer.body);
  if (kind === 'baseline') {
    const head = answer.headers.flat();
    const server = createServer((_, response) => response.writeHead(answer.status, head).end(body));
    server.listen(0, '127.0.0.1', () => announce((server.address() as { port: number }).port));
  } else {
    const routes: { method: string; path: string }[] = JSON.parse(process.env.ROUTES!);
    const headers = Object.fromEntries(answer.headers);
    const app = Fastify();
    for (const { method, path } of routes) app.route({ method: method as 'GET', url: path, handler: (_, reply) => reply.code(answer.status).headers(headers).send(body) });
    announce(Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port));
  }
} else {
  const db = openDatabase(mkdtempSync(join(tmpdir(), 'tavola-bench-')));
  // The accounts' hashing cost does not touch the endpoints measured; keep the start quick.
  const passwords = createPasswords({ cost: { N: 2 ** 10, r: 8, p: 1 } });
  await prepareDatabase(db, { passwords, testAccounts: true, openAllHours: true });
  // Orders come from one address here: lift the per-client limit (it has its own tests).
  const orderLimits = { client: 1_000_000_000, table: 1_000_000_000, phone: 1_000_000_000, windowMs: 60_000 };
  // And the 1,000 staff streams of the stream benchmark are one account's: lift the stream caps too.
  const streams = createOpenStreams({ perClient: 1_000_000, perAccount: 1_000_000, perProcess: 1_000_000 });
  // With METRICS_TOKEN, as npm start runs with it: every answer counted and timed (metrics/).
  const token = process.env.METRICS_TOKEN ?? '';
  const metrics = token ? createMetrics({ db, streams, backups: () => undefined }) : undefined;
  const app = createApp({ db, passwords, orderLimits, streams, metrics: metrics && { metrics, token }, secret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret') });
  // Every client of the bench is 127.0.0.1: no cap on one address's connections either.
  announce(await listen(createHttpServer(app, { connectionsPerAddress: 0, observe: metrics?.observe }), 0, '127.0.0.1'));
}
process.on('SIGINT', () => process.exit(0));
