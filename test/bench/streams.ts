// Live orders: with 1,000 staff streams open (in a process of their own), the time from
// placing an order to the last stream receiving it, and orders placed per second
// (autocannon, 50 connections) while every order fans out to all 1,000 streams.
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

const ORDER = JSON.stringify({ pickupName: 'Bench', items: [{ dishId: 6, quantity: 2 }, { dishId: 1, quantity: 1 }] });
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Orders placed per second: autocannon, 50 connections, `seconds` long. */
async function placeMany(url: string, seconds: number): Promise<number> {
  const load = await autocannon({ url: `${url}/api/v1/orders`, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ORDER, connections: 50, duration: seconds });
  if (load.errors || load.non2xx) throw new Error(`placing orders: ${load.errors} errors, ${load.non2xx} answers that were not 2xx`);
  return Math.round(load.requests.average);
}

export async function measureStreams({ streams = 1000, orders = 40, seconds = 3 } = {}): Promise<StreamFigures> {
  const server = await start('tavola');
  const clients = { kill: () => {} } as { kill(): void };
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'kai@tavola.test', password: 'tavola-kitchen' }) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const ordersPerSecondAlone = await placeMany(server.url, seconds);
    const script = fileURLToPath(new URL('./stream-clients.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, `${server.url}/api/v1/orders/events`, accessToken, String(streams)], { stdio: ['ignore', 'pipe', 'inherit'] });
    clients.kill = () => child.kill();
    const lines = createInterface({ input: child.stdout! });
    const waiting = new Map<string, (last: number) => void>();
    const ready = new Promise<void>((resolve) => {
      lines.on('line', (line) => {
        if (line === 'ready') return resolve();
        const { order, last } = JSON.parse(line) as { order: string; last: number };
        waiting.get(order)?.(last);
      });
    });
    await ready;

    const latencies: number[] = [];
    for (let i = 0; i < orders; i++) {
      const placedAt = performance.timeOrigin + performance.now();
      const response = await fetch(`${server.url}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ORDER });
      const { id } = (await response.json()) as { id: string };
      const last = await new Promise<number>((resolve) => waiting.set(id, resolve));
      latencies.push(last - placedAt);
    }
    latencies.sort((a, b) => a - b);

    const round = (ms: number) => Math.round(ms * 10) / 10;
    return { streams, orders, p50: round(quantile(latencies, 0.5)), p99: round(quantile(latencies, 0.99)), ordersPerSecond: await placeMany(server.url, seconds), ordersPerSecondAlone };
  } finally {
    clients.kill();
    server.child.kill();
  }
}
