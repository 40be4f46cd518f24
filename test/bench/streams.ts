// Live orders: with 1,000 staff streams open (in a process of their own), the time from
// placing an order to the last stream receiving it, and orders placed per second
// (autocannon, 50 connections) while every order fans out to all 1,000 streams. And the
// same time with 200 paired displays on their streams instead (stations mixed: 20 at the
// pass, 60 at each of the three stations), each order with a dish for every station.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { start } from './api.js';

export interface StreamFigures {
  streams: number;
  orders: number;
  p50: number;
  p99: number;
  ordersPerSecond: number;
  /** The same with no stream open. */
  ordersPerSecondAlone: number;
}

const ORDER = JSON.stringify({ pickupName: 'Bench', pickupPhone: '+39 347 123 4567', items: [{ dishId: 6, quantity: 2 }, { dishId: 1, quantity: 1 }] });
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Orders placed per second: autocannon, 50 connections, `seconds` long. */
async function placeMany(url: string, seconds: number): Promise<number> {
  const load = await autocannon({ url: `${url}/api/v1/orders`, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ORDER, connections: 50, duration: seconds });
  if (load.errors || load.non2xx) throw new Error(`placing orders: ${load.errors} errors, ${load.non2xx} answers that were not 2xx`);
  return Math.round(load.requests.average);
}

const round = (ms: number) => Math.round(ms * 10) / 10;
/** An order not on every stream after this long is a failure of the run, not a wait without end. */
const REACH_MS = 30_000;
const signIn = async (url: string, email: string, password: string) =>
  ((await (await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { accessToken: string }).accessToken;

/**
 * Opens the streams (stream-clients.ts, a process of its own: `count` with `token`, or one per
 * credential in `tokens`), places `orders` orders one at a time, and answers the times from
 * placing each to the last stream having it, sorted. The streams stay open until `close`.
 */
async function fanOut(url: string, { token = '', count = 0, tokens, orders, order }: { token?: string; count?: number; tokens?: string[]; orders: number; order: string }) {
  const script = fileURLToPath(new URL('./stream-clients.ts', import.meta.url));
  const env = tokens ? { ...process.env, STREAM_TOKENS: tokens.join('\n') } : process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', script, `${url}/api/v1/orders/events`, token, String(count)], { stdio: ['ignore', 'pipe', 'inherit'], env });
  try {
    const lines = createInterface({ input: child.stdout! });
    const waiting = new Map<string, (last: number) => void>();
    const arrived = new Map<string, number>();
    // A stream side that stopped is said, never waited for.
    const stopped = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the streams' process stopped (${code}) before every order reached every stream`))));
    stopped.catch(() => {});
    await Promise.race([
      stopped,
      new Promise<void>((resolve) => {
        lines.on('line', (line) => {
          if (line === 'ready') return resolve();
          const { order: id, last } = JSON.parse(line) as { order: string; last: number };
          // Its streams may have it before its POST is answered here: kept for when it is.
          if (waiting.has(id)) waiting.get(id)!(last);
          else arrived.set(id, last);
        });
      }),
    ]);
    const latencies: number[] = [];
    for (let i = 0; i < orders; i++) {
      const placedAt = performance.timeOrigin + performance.now();
      const response = await fetch(`${url}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: order });
      const { id } = (await response.json()) as { id: string };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`order ${id} had not reached all ${tokens?.length ?? count} streams after ${REACH_MS / 1000} s`)), REACH_MS)));
      const last = await Promise.race([stopped, late, new Promise<number>((resolve) => (arrived.has(id) ? resolve(arrived.get(id)!) : waiting.set(id, resolve)))]).finally(() => clearTimeout(timer));
      latencies.push(last - placedAt);
    }
    return { latencies: latencies.sort((a, b) => a - b), close: () => child.kill() };
  } catch (error) {
    child.kill();
    throw error;
  }
}

export async function measureStreams({ streams = 1000, orders = 40, seconds = 3 } = {}): Promise<StreamFigures> {
  const server = await start('tavola');
  let close = () => {};
  try {
    const accessToken = await signIn(server.url, 'kai@tavola.test', 'tavola-kitchen');
    const ordersPerSecondAlone = await placeMany(server.url, seconds);
    const fanned = await fanOut(server.url, { token: accessToken, count: streams, orders, order: ORDER });
    close = fanned.close;
    const { latencies } = fanned;
    return { streams, orders, p50: round(quantile(latencies, 0.5)), p99: round(quantile(latencies, 0.99)), ordersPerSecond: await placeMany(server.url, seconds), ordersPerSecondAlone };
  } finally {
    close();
    server.child.kill();
  }
}

export interface DisplayFigures {
  displays: number;
  orders: number;
  p50: number;
  p99: number;
}

/** An order with a dish for each of the seed's stations: Margherita (Pizza oven), Tiramisù (Kitchen), Limonata (Bar). */
const MIXED_ORDER = JSON.stringify({ pickupName: 'Bench', pickupPhone: '+39 347 123 4567', items: [{ dishId: 12, quantity: 1 }, { dishId: 20, quantity: 1 }, { dishId: 24, quantity: 2 }] });

/** 200 paired displays on their streams: the owner adds each, the "tablet" pairs it, and each opens its stream with its own credential. */
export async function measureDisplays({ displays = 200, orders = 40 } = {}): Promise<DisplayFigures> {
  const server = await start('tavola');
  let close = () => {};
  try {
    const admin = await signIn(server.url, 'ada@tavola.test', 'tavola-admin');
    const credentials: string[] = [];
    for (let i = 0; i < displays; i++) {
      const fields = i % 10 === 0 ? { name: `Bench pass ${i}`, kind: 'pass' } : { name: `Bench station ${i}`, kind: 'station', station: 1 + (i % 3) };
      const added = await fetch(`${server.url}/api/v1/admin/displays`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` }, body: JSON.stringify(fields) });
      const { pairing } = (await added.json()) as { pairing: { code: string } };
      const paired = await fetch(`${server.url}/api/v1/displays/pair`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: pairing.code }) });
      if (paired.status !== 200) throw new Error(`pairing display ${i}: ${paired.status} ${await paired.text()}`);
      credentials.push(((await paired.json()) as { credential: string }).credential);
    }
    const fanned = await fanOut(server.url, { tokens: credentials, orders, order: MIXED_ORDER });
    close = fanned.close;
    return { displays, orders, p50: round(quantile(fanned.latencies, 0.5)), p99: round(quantile(fanned.latencies, 0.99)) };
  } finally {
    close();
    server.child.kill();
  }
}
