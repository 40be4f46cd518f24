// The log's pieces (src/server/logs/log.ts): a line as a person reads it on a terminal, and
// console.log, warn and error written as log lines of their level, an Error kept whole.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import pino from 'pino';
import { logTheConsole, readable } from '../../src/server/logs/log.js';

const Log = suite('the server’s log');

Log('on a terminal: the time, the level, then the answer or what was said', () => {
  const at = new Date(2026, 10, 28, 20, 31, 5).getTime();
  assert.is(readable(JSON.stringify({ level: 30, time: at, req: '7f3a', method: 'GET', route: '/api/v1/dishes/:id', status: 200, ms: 1.4 })), '20:31:05 INFO  GET /api/v1/dishes/:id 200 1.4 ms r=7f3a\n');
  assert.is(readable(JSON.stringify({ level: 40, time: at, msg: 'No built site at dist/site' })), '20:31:05 WARN  No built site at dist/site\n');
  assert.is(readable(JSON.stringify({ level: 50, time: at, msg: 'boom', err: { stack: 'Error: boom\n    at here' } })), '20:31:05 ERROR boom\nError: boom\n    at here\n');
  assert.is(readable('not JSON\n'), 'not JSON\n');
});

Log('console.log, warn and error become lines of their level; an Error is kept as err', () => {
  const lines: Record<string, unknown>[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  try {
    logTheConsole(pino({ base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) }));
    console.log('ready at %s', 'http://127.0.0.1:8080');
    console.warn('careful');
    console.error('Could not announce order events:', new Error('the database is away'));
  } finally {
    Object.assign(console, saved);
  }
  assert.equal(lines.map((line) => [line.level, line.msg]), [
    [30, 'ready at http://127.0.0.1:8080'],
    [40, 'careful'],
    [50, 'Could not announce order events:'],
  ]);
  assert.match(String((lines[2]!.err as { stack: string }).stack), /^Error: the database is away\n/);
});

Log.run();
