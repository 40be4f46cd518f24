// Puts an app on a Node HTTP server, and takes care of what happens below the app:
// - a request Node cannot parse (a bad chunk size, headers over 16 KiB, a method such
//   as FOO) or a URL the app cannot build still gets the API's JSON error shape and the
//   security headers, where the connection can still carry an answer;
// - an answer sent with `Connection: close` while the client is still sending (an early
//   413) is followed by reading what is in flight, up to 1 MiB or 1 second, before the
//   socket closes: closing at once makes the kernel reset the connection, and a client
//   still writing can lose the answer it was sent;
// - a request whose headers have not arrived in 10 seconds, or its body in `requestSeconds`,
//   is answered 408 and its connection closed (Node's default waits 300 s), checked every
//   second: a client trickling bytes cannot hold a connection for long;
// - one address holds at most `connectionsPerAddress` connections at once: past it, a new
//   one is answered 429 and closed. Behind a proxy every connection comes from the proxy,
//   so the cap is left to it (0: no cap).
import { getRequestListener } from '@hono/node-server';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { securityHeaders } from './security.js';

export const MAX_HEADER_BYTES = 16 * 1024;
const DRAIN_BYTES = 1024 * 1024;
const DRAIN_MS = 1000;
/** The defaults of `createHttpServer`'s limits (config.ts reads them from the environment). */
export const CONNECTION_LIMITS = { requestSeconds: 30, headersSeconds: 10, connectionsPerAddress: 256 } as const;
const RETRY_SECONDS = 10;

export interface ServerOptions {
  /** Whether the public origin is https (HSTS). */
  https?: boolean;
  /** Seconds a request has to arrive whole, headers and body. */
  requestSeconds?: number;
  /** Connections open at once from one address; 0 for no cap. */
  connectionsPerAddress?: number;
  /** Wraps the request listener to watch every answer (the metrics), when given. */
  observe?: <L extends (request: IncomingMessage, response: ServerResponse) => unknown>(listener: L) => L;
}

interface Fetcher {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  /** Answers a request before the app is asked, when it can (true, or a promise of true). */
  answerBeforeApp?: (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean>;
}

/** Creates the server for `app`, with the limits above. */
export function createHttpServer(app: Fetcher, options: ServerOptions = {}): Server {
  const { https = false, requestSeconds = CONNECTION_LIMITS.requestSeconds, connectionsPerAddress = CONNECTION_LIMITS.connectionsPerAddress, observe = (each) => each } = options;
  const headers = { ...securityHeaders({ https }), 'Content-Type': 'application/json' };
  const body = (status: number, code: string, message: string) => JSON.stringify({ status, code, message });
  const answerAndClose = (socket: Socket, status: number, code: string, message: string, extra: Record<string, string> = {}) => {
    const text = body(status, code, message);
    const lines = Object.entries({ ...headers, ...extra, 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${text}`);
  };

  const listener = getRequestListener(app.fetch, {
    // The request never reached the app: no Host header, or one no URL can be made of.
    errorHandler: (error) => {
      const message = (error as Error).message === 'Missing host header' ? 'The request has no Host header.' : 'The request could not be read.';
      return new Response(body(400, 'bad_request', message), { status: 400, headers });
    },
  });
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      requestTimeout: requestSeconds * 1000,
      headersTimeout: Math.min(CONNECTION_LIMITS.headersSeconds, requestSeconds) * 1000,
      connectionsCheckingInterval: 1000,
      // Answered by the listener above in the API's shape, not by Node with an empty 400.
      requireHostHeader: false,
    },
    observe(app.answerBeforeApp ? answerFirst(app.answerBeforeApp, listener) : listener),
  );

  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    // Node closes a `Connection: close` answer's socket with destroySoon(): half-close instead.
    socket.destroySoon = () => closeAfterDraining(socket);
    if (!connectionsPerAddress) return;
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > connectionsPerAddress) {
      answerAndClose(socket, 429, 'too_many_connections', `More than ${connectionsPerAddress} connections at once from one address.`, { 'Retry-After': String(RETRY_SECONDS) });
      return void socket.destroySoon();
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left) open.set(address, left);
      else open.delete(address);
    });
  });

  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    const answering = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) return void socket.destroy();
    answerAndClose(socket, ...describeClientError(error.code, error.rawPacket));
  });
  return server;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => unknown;

/** `early` answers what it can; the rest (and whatever it gave up on) goes to `listener`. */
function answerFirst(early: NonNullable<Fetcher['answerBeforeApp']>, listener: Listener): Listener {
  return (request, response) => {
    const answered = early(request, response);
    if (answered === false) return listener(request, response);
    return answered.then((done) => done || listener(request, response));
  };
}

// A request line that is a method, a target and a version: only its method is unknown.
const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ [^\s]+ HTTP\/\d\.\d\r?\n/;

function describeClientError(code = '', packet?: Buffer): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'headers_too_large', `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KiB.`];
  if (code === 'HPE_INVALID_METHOD' && REQUEST_LINE.test(packet?.toString('latin1') ?? '')) return [501, 'method_not_implemented', 'The server does not know that method.'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout', 'The request took too long to arrive.'];
  return [400, 'bad_request', 'The request is not valid HTTP.'];
}

// Ends our side (the client reads the answer, then sees the end), keeps reading until the
// client ends its side, and closes for good after DRAIN_BYTES or DRAIN_MS at the most.
function closeAfterDraining(socket: Socket) {
  if (socket.destroyed) return;
  socket.end();
  const start = socket.bytesRead;
  const close = () => {
    clearInterval(watch);
    socket.destroy();
  };
  const watch = setInterval(() => socket.bytesRead - start > DRAIN_BYTES && close(), 50);
  setTimeout(close, DRAIN_MS).unref();
  socket.once('end', close);
  socket.once('close', close);
  socket.resume();
}

/** Starts `server` on `hostname:port` (0: a free port) and resolves with the port it got. */
export function listen(server: Server, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}
