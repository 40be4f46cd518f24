// Requests per second and p99 latency (autocannon, 50 connections, loopback) for the
// dish list, one dish and /auth/me, beside a bare node:http JSON handler, in turns.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Load {
  rps: number;
  p99: number;
}

export function start(kind: 'tavola' | 'baseline', body = ''): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./api-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BASELINE_BODY: body } });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve({ url: chunk.toString().trim(), child }));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
  });
}

async function load(url: string, headers: Record<string, string> = {}, seconds: number): Promise<Load> {
  await autocannon({ url, connections: 50, duration: 1, headers }); // warm up: JIT, prepared statements
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (result.errors || result.non2xx) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers that were not 2xx`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Row = 'dishes' | 'dish' | 'dishItalian' | 'me' | 'baseline';

/**
 * Our three rows and the anchor, `rounds` times, each server in a process of its own and
 * the two taking turns to go first (this machine's speed drifts from minute to minute).
 * Each row is the round with the median requests/s; `dishRatio` is the median of the
 * rounds' one-dish ÷ anchor ratios.
 */
export async function measureApi(seconds = 3, rounds = 3): Promise<Record<Row, Load> & { dishRatio: number; italianRatio: number }> {
  // The anchor sends the very body of GET /api/v1/dishes/3, through bare node:http.
  const probe = await start('tavola');
  const body = await (await fetch(`${probe.url}/api/v1/dishes/3`)).text().finally(() => probe.child.kill());
  const runs: Record<Row, Load>[] = [];
  for (let round = 0; round < rounds; round++) {
    const measured = {} as Record<Row, Load>;
    const oursFirst = round % 2 === 0;
    for (const which of oursFirst ? ['ours', 'anchor'] : ['anchor', 'ours']) {
      if (which === 'anchor') Object.assign(measured, { baseline: await measureAnchor(body, seconds) });
      else Object.assign(measured, await measureOurs(seconds));
    }
    runs.push(measured);
  }
  const pick = (row: Row) => runs.map((run) => run[row]).sort((a, b) => a.rps - b.rps)[Math.floor(rounds / 2)]!;
  const rounded = (values: number[]) => Math.round(median(values) * 100) / 100;
  return {
    dishes: pick('dishes'),
    dish: pick('dish'),
    dishItalian: pick('dishItalian'),
    me: pick('me'),
    baseline: pick('baseline'),
    dishRatio: rounded(runs.map((run) => run.dish.rps / run.baseline.rps)),
    italianRatio: rounded(runs.map((run) => run.dishItalian.rps / run.dish.rps)),
  };
}

async function measureOurs(seconds: number): Promise<Record<'dishes' | 'dish' | 'dishItalian' | 'me', Load>> {
  const ours = await start('tavola');
  try {
    const login = await fetch(`${ours.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'kai@tavola.test', password: 'tavola-kitchen' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    return {
      dishes: await load(`${ours.url}/api/v1/dishes`, {}, seconds),
      dish: await load(`${ours.url}/api/v1/dishes/3?lang=en`, {}, seconds),
      dishItalian: await load(`${ours.url}/api/v1/dishes/3?lang=it`, {}, seconds),
      me: await load(`${ours.url}/api/v1/auth/me`, { Authorization: `Bearer ${accessToken}` }, seconds),
    };
  } finally {
    ours.child.kill();
  }
}

async function measureAnchor(body: string, seconds: number): Promise<Load> {
  const bare = await start('baseline', body);
  try {
    return await load(bare.url, {}, seconds);
  } finally {
    bare.child.kill();
  }
}
