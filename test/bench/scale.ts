// Lists at scale, SQLite and PostgreSQL side by side in one run: the first page of the
// menu, of a search (a common word and a rare one) and of the kitchen's queue, at 26,
// 10,000 and 100,000 dishes and 100 and 10,000 open orders (autocannon, 50 connections).
// Each size is a server process of its own, on SQLite then on PostgreSQL in turn, with
// the menu cache off, so every answer is read from the database; then its peak memory
// (VmHWM) is read. The queue is also asked by one connection alone, as a kitchen screen
// does; and the menu's first page at 100,000 dishes with the cache on, as it runs.
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DAY } from './scale-data.js';
import { startPostgres } from '../helpers/postgres-cluster.mjs';

export interface ScaleLoad {
  rps: number;
  p99: number;
}

export const SIZES = [
  { dishes: 26, orders: 100 },
  { dishes: 10_000, orders: 10_000 },
  { dishes: 100_000, orders: 10_000 },
] as const;

export const LISTS = {
  menu: '/api/v1/dishes',
  'search, common word': '/api/v1/dishes?q=saffron',
  'search, rare word': '/api/v1/search?q=margherita',
  queue: '/api/v1/orders/queue',
} as const;

export type Dialect = 'sqlite' | 'postgres';

// Run as plain JavaScript, as `npm start` runs the server: its memory is then the server's,
// not that of a TypeScript loader.
const SCRIPT = fileURLToPath(new URL('./scale-server.ts', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/bench/scale-server.mjs', import.meta.url));
export const bundle = () => esbuild.build({ entryPoints: [SCRIPT], outfile: BUNDLE, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });

/** Runs one step of scale-server.ts; resolves with the first line it prints. */
export function step(args: string[]): Promise<{ line: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BUNDLE, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve({ line: chunk.toString().trim(), child }));
    child.once('exit', (code) => reject(new Error(`scale-server ${args.join(' ')} exited with ${code}`)));
  });
}

const prepare = async (dialect: Dialect, size: (typeof SIZES)[number], server: string) => (await step(['prepare', dialect, String(size.dishes), String(size.orders), server])).line;
export const serve = async (dialect: Dialect, where: string, cache: 'on' | 'off') => {
  const { line, child } = await step(['serve', dialect, where, cache]);
  return { url: line, child };
};

export async function load(url: string, headers: Record<string, string>, seconds: number, connections = 50): Promise<ScaleLoad> {
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.errors || result.non2xx) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers that were not 2xx`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/** Peak resident memory of a process, in MB. */
export const peakMb = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

async function measureServer(url: string, child: ChildProcess, seconds: number, lists: (keyof typeof LISTS)[]) {
  const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'kai@tavola.test', password: 'tavola-kitchen' }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const bearer = { Authorization: `Bearer ${accessToken}` };
  const results: Partial<Record<keyof typeof LISTS, ScaleLoad>> = {};
  for (const list of lists) results[list] = await load(url + LISTS[list], list === 'queue' ? bearer : {}, seconds);
  // A kitchen screen asks alone: the queue's first page with one connection.
  const alone = lists.includes('queue') ? await load(url + LISTS.queue, bearer, seconds, 1) : undefined;
  return { lists: results, queueAlone: alone, rssMb: peakMb(child.pid!) };
}

export interface ScaleResult {
  /** By dialect, then by number of dishes. */
  runs: Record<Dialect, Record<number, { orders: number; lists: Partial<Record<keyof typeof LISTS, ScaleLoad>>; queueAlone?: ScaleLoad; rssMb: number }>>;
  cached: Record<Dialect, ScaleLoad>;
}

/**
 * The day's numbers with 10,000 orders that day (and as many a week before, which the
 * answer also counts), asked by one connection, as an Admin's screen asks: every answer
 * is read from the database (it is never cached). And the close of that day, its served
 * orders paid in 12,000 payments (scale-data.ts dayOfPayments), asked the same way.
 */
export async function measureDayFigures(orders = 10_000, seconds = 2): Promise<Record<Dialect, ScaleLoad> & { orders: number; payments: number; close: Record<Dialect, ScaleLoad> }> {
  await bundle();
  const postgres = await startPostgres();
  try {
    const result = { orders, payments: Math.round(orders * 1.2), close: {} } as Record<Dialect, ScaleLoad> & { orders: number; payments: number; close: Record<Dialect, ScaleLoad> };
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const { line: where } = await step(['prepare-day', dialect, String(orders), postgres.url]);
      const server = await serve(dialect, where, 'off');
      try {
        const login = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@tavola.test', password: 'tavola-admin' }) });
        const { accessToken } = (await login.json()) as { accessToken: string };
        const url = `${server.url}/api/v1/admin/day?date=${DAY}`;
        const answer = (await (await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as { placed: number };
        if (answer.placed !== orders) throw new Error(`the day holds ${answer.placed} orders, not ${orders}: ${JSON.stringify(answer)}`);
        result[dialect] = await load(url, { Authorization: `Bearer ${accessToken}` }, seconds, 1);
        const close = `${server.url}/api/v1/admin/close?date=${DAY}`;
        const closing = (await (await fetch(close, { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as { methods: { count: number }[] };
        const counted = closing.methods.reduce((sum, method) => sum + method.count, 0);
        if (counted !== result.payments) throw new Error(`the close counts ${counted} payments, not ${result.payments}: ${JSON.stringify(closing).slice(0, 300)}`);
        result.close[dialect] = await load(close, { Authorization: `Bearer ${accessToken}` }, seconds, 1);
      } finally {
        server.child.kill();
      }
    }
    return result;
  } finally {
    postgres.stop();
  }
}

export async function measureScale(seconds = 2): Promise<ScaleResult> {
  await bundle();
  const postgres = await startPostgres();
  try {
    const runs = { sqlite: {}, postgres: {} } as ScaleResult['runs'];
    const made: Record<string, string> = {};
    for (const size of SIZES) {
      for (const dialect of ['sqlite', 'postgres'] as const) {
        made[`${dialect} ${size.dishes}`] = await prepare(dialect, size, postgres.url);
        const server = await serve(dialect, made[`${dialect} ${size.dishes}`]!, 'off');
        try {
          // The queue at 10,000 open orders is measured once, with 10,000 dishes.
          const lists = (Object.keys(LISTS) as (keyof typeof LISTS)[]).filter((list) => list !== 'queue' || size.dishes !== 100_000);
          runs[dialect][size.dishes] = { orders: size.orders, ...(await measureServer(server.url, server.child, seconds, lists)) };
        } finally {
          server.child.kill();
        }
      }
    }
    const cached = {} as ScaleResult['cached'];
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const server = await serve(dialect, made[`${dialect} ${SIZES[2].dishes}`]!, 'on');
      try {
        cached[dialect] = await load(server.url + LISTS.menu, {}, seconds);
      } finally {
        server.child.kill();
      }
    }
    return { runs, cached };
  } finally {
    postgres.stop();
  }
}
