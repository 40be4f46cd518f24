// Puts an app on a Node HTTP server, and takes care of what happens below the app:
// - a request Node cannot parse (a bad chunk size, headers over 16 KiB, a method such
//   as FOO) or a URL the app cannot build still gets the API's JSON error shape and the
//   security headers, where the connection can still carry an answer;
// - an answer sent with `Connection: close` while the client is still sending (an early
//   413) is followed by reading what is in flight, up to 1 MiB or 1 second, before the
//   socket closes: closing at once makes the kernel reset the connection, and a client
//   still writing can lose the answer it was sent.
import { getRequestListener } from '@hono/node-server';
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { securityHeaders } from './security.js';

export const MAX_HEADER_BYTES = 16 * 1024;
const DRAIN_BYTES = 1024 * 1024;
const DRAIN_MS = 1000;

interface Fetcher {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** Creates the server for `app`; `https` says whether the public origin is https (HSTS). */
export function createHttpServer(app: Fetcher, { https = false } = {}): Server {
  const headers = { ...securityHeaders({ https }), 'Content-Type': 'application/json' };
  const body = (status: number, code: string, message: string) => JSON.stringify({ status, code, message });

  const listener = getRequestListener(app.fetch, {
    // The request never reached the app (a Host header no URL can be made of).
    errorHandler: () => new Response(body(400, 'bad_request', 'The request could not be read.'), { status: 400, headers }),
  });
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);

  server.on('connection', (socket: Socket) => {
    // Node closes a `Connection: close` answer's socket with destroySoon(): half-close instead.
    socket.destroySoon = () => closeAfterDraining(socket);
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const answering = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) return void socket.destroy();
    const [status, code, message] = describeClientError(error.code);
    const text = body(status, code, message);
    const lines = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${text}`);
  });
  return server;
}

function describeClientError(code = ''): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'headers_too_large', `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KiB.`];
  if (code === 'HPE_INVALID_METHOD') return [501, 'method_not_implemented', 'The server does not know that method.'];
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
