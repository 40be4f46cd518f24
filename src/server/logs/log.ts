// The server's log: one JSON line per event (pino), with its time and level (LOG_LEVEL): each
// answer with its request id (the client's X-Request-Id when it is a plain one, else made
// here; sent back on every answer), method, route pattern, status and time; and what the
// server has to say (the database away, a backup failed), which the code writes with
// console.log, warn and error: those calls become log lines of their level. A route's
// pattern is all an answer's line says of its address: no guest's name, phone, e-mail, order
// id or token is ever written. On a terminal the lines are written readably instead
// (`readable`: a line format of our own, no pretty-printer to install).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import { ROUTE, type Routed } from '../http/route-name.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const PLAIN_ID = /^[\w.:@-]{1,64}$/;

/** A log line as a person reads it on a terminal: "20:31:05 INFO  GET /api/v1/dishes/:id 200 1.4 ms r=7f3a…". */
export function readable(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
  const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const said = entry.route !== undefined ? `${entry.method} ${entry.route} ${entry.status} ${entry.ms} ms r=${entry.req}` : String(entry.msg ?? '');
  const error = (entry.err as { stack?: string } | undefined)?.stack;
  return `${time} ${level} ${said}${error ? `\n${error}` : ''}\n`;
}

/** The process's logger, on standard output: JSON lines, or readable ones on a terminal. */
export function createLogger(level: LogLevel, terminal = process.stdout.isTTY === true): Logger {
  const options = { level, base: undefined, messageKey: 'msg' };
  if (terminal) return pino(options, { write: (line: string) => void process.stdout.write(readable(line)) });
  // Written after the answer, the lines of one turn of the event loop together (pino flushes what is left as the process exits).
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

/** console.log, warn and error from here on write log lines of their level (an Error given is kept whole, as `err`). */
export function logTheConsole(log: Logger): void {
  const to = (level: 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const error = args.find((arg): arg is Error => arg instanceof Error);
    const text = format(...args.filter((arg) => arg !== error));
    if (error) log[level]({ err: error }, text || error.message);
    else log[level](text);
  };
  console.log = to('info');
  console.info = to('info');
  console.warn = to('warn');
  console.error = to('error');
}

/** Wraps Node's request listener: each answer gets its request id, and a log line when it is finished. */
export function logRequests(log: Logger) {
  return <L extends (request: IncomingMessage, response: ServerResponse) => unknown>(listener: L): L =>
    ((request: IncomingMessage, response: Routed) => {
      const given = request.headers['x-request-id'];
      const id = typeof given === 'string' && PLAIN_ID.test(given) ? given : randomBytes(8).toString('hex');
      response.setHeader('X-Request-Id', id);
      const start = process.hrtime.bigint();
      response.once('finish', () => {
        const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
        log.info({ req: id, method: request.method, route: response[ROUTE] ?? 'unmatched', status: response.statusCode, ms });
      });
      return listener(request, response);
    }) as L;
}
