// Requests per second and p99 latency (autocannon, 50 connections, loopback) for the
// dish list, one dish and /auth/me, beside a bare node:http JSON handler, same run.
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

export async function measureApi(seconds = 3): Promise<Record<'dishes' | 'dish' | 'me' | 'baseline', Load>> {
  const ours = await start('tavola');
  try {
    const login = await fetch(`${ours.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'kai@tavola.test', password: 'tavola-kitchen' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const dishes = await load(`${ours.url}/api/v1/dishes`, {}, seconds);
    const dish = await load(`${ours.url}/api/v1/dishes/3`, {}, seconds);
    const me = await load(`${ours.url}/api/v1/auth/me`, { Authorization: `Bearer ${accessToken}` }, seconds);
    // The anchor sends the very body of GET /api/v1/dishes/3, through bare node:http.
    const body = await (await fetch(`${ours.url}/api/v1/dishes/3`)).text();
    ours.child.kill();
    const bare = await start('baseline', body);
    try {
      return { dishes, dish, me, baseline: await load(bare.url, {}, seconds) };
    } finally {
      bare.child.kill();
    }
  } finally {
    ours.child.kill();
  }
}
