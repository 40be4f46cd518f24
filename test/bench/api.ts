// Requests per second and p99 latency (autocannon, 50 connections, loopback) for the dish
// list, one dish in English and in Italian, one with three groups of choices, and /auth/me, beside two anchors that send the
// very answer of our GET /api/v1/dishes/3 (status, headers but Date, body): bare node:http,
// and Fastify serving it from our route table; and one dish again with the metrics on
// (METRICS_TOKEN). Each server runs in a process of its own, and the four take turns to go first (this machine's speed drifts from minute to minute).
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Answer } from './api-server.js';
import { giveChoices } from './dish-choices.js';

export interface Load {
  rps: number;
  p99: number;
}

type Kind = 'tavola' | 'baseline' | 'fastify';
const METRICS_ENV = { METRICS_TOKEN: 'bench-metrics-token-bench' };

export function start(kind: Kind, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./api-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve({ url: chunk.toString().trim(), child }));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
  });
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  await autocannon({ url, connections: 50, duration: 1, headers }); // warm up: JIT, prepared statements, the menu cache
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (result.errors || result.non2xx) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers that were not 2xx`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Our answer to `path` as it came on the wire: status, headers in their order but Date and the connection's own, body. */
function answerOf(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const headers: [string, string][] = [];
        for (let i = 0; i < raw.length; i += 2) if (!/^(date|connection|keep-alive)$/i.test(raw[i]!)) headers.push([raw[i]!, raw[i + 1]!]);
        resolve({ status: response.statusCode!, headers, body });
      });
    }).on('error', reject);
  });
}

const OURS = ['dishes', 'dish', 'dishItalian', 'dishChoices', 'me'] as const;
type Row = (typeof OURS)[number] | 'baseline' | 'fastify' | 'dishMetrics';
export type ApiFigures = Record<Row, Load> & {
  /** Medians of the rounds' ratios. */
  dishRatio: number;
  dishItalianRatio: number;
  fastifyRatio: number;
  fastifyItalianRatio: number;
  italianRatio: number;
  /** A dish with three groups of choices (dish 4, given test/bench/dish-choices.ts's groups) ÷ dish 3, without any. */
  choicesRatio: number;
  /** One dish with the metrics on (METRICS_TOKEN, a process of its own, /metrics read every second) ÷ without. */
  metricsRatio: number;
  /** The reads of /metrics during those runs, and those answered 200 with the answers' figures. */
  metricsScrapes: { taken: number; ok: number };
  /** The answer the anchors sent, for the record. */
  answer: Answer;
};

/**
 * Our rows and the two anchors, `rounds` times, in turns. Each row is the round with the
 * median requests/s; each ratio the median of the rounds' ratios.
 */
export async function measureApi(seconds = 3, rounds = 3): Promise<ApiFigures> {
  const probe = await start('tavola');
  const [answer, routes] = await Promise.all([answerOf(`${probe.url}/api/v1/dishes/3?lang=en`), routeTable(probe.url)]).finally(() => probe.child.kill());
  const anchorEnv = { ANSWER: JSON.stringify(answer), ROUTES: JSON.stringify(routes) };
  const runs: Record<Row, Load>[] = [];
  const scrapes = { taken: 0, ok: 0 };
  const turns: ('ours' | 'baseline' | 'fastify' | 'dishMetrics')[] = ['ours', 'baseline', 'fastify', 'dishMetrics'];
  for (let round = 0; round < rounds; round++) {
    const measured = {} as Record<Row, Load>;
    for (let turn = 0; turn < turns.length; turn++) {
      const which = turns[(round + turn) % turns.length]!;
      if (which === 'ours') Object.assign(measured, await measureOurs(seconds));
      else if (which === 'dishMetrics') {
        const { load: measuredLoad, scrapes: taken, scrapedOk } = await measureMetricsOn(seconds);
        measured.dishMetrics = measuredLoad;
        scrapes.taken += taken;
        scrapes.ok += scrapedOk;
      }
      else measured[which] = await measureAnchor(which, anchorEnv, seconds);
    }
    runs.push(measured);
  }
  const pick = (row: Row) => runs.map((run) => run[row]).sort((a, b) => a.rps - b.rps)[Math.floor(rounds / 2)]!;
  const ratio = (top: Row, bottom: Row) => Math.round(median(runs.map((run) => run[top].rps / run[bottom].rps)) * 100) / 100;
  return {
    ...(Object.fromEntries((['dishes', 'dish', 'dishItalian', 'dishChoices', 'me', 'baseline', 'fastify', 'dishMetrics'] as const).map((row) => [row, pick(row)])) as Record<Row, Load>),
    dishRatio: ratio('dish', 'baseline'),
    dishItalianRatio: ratio('dishItalian', 'baseline'),
    fastifyRatio: ratio('dish', 'fastify'),
    fastifyItalianRatio: ratio('dishItalian', 'fastify'),
    italianRatio: ratio('dishItalian', 'dish'),
    choicesRatio: ratio('dishChoices', 'dish'),
    metricsRatio: ratio('dishMetrics', 'dish'),
    metricsScrapes: scrapes,
    answer,
  };
}

/** Every operation of our API description, as Fastify spells a route (`/api/v1/dishes/:id`). */
async function routeTable(url: string): Promise<{ method: string; path: string }[]> {
  const { paths } = (await (await fetch(`${url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method: method.toUpperCase(), path: `/api/v1${path.replace(/\{([^}]+)\}/g, ':$1')}` })));
}

async function measureOurs(seconds: number): Promise<Record<(typeof OURS)[number], Load>> {
  const ours = await start('tavola');
  try {
    const login = await fetch(`${ours.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'kai@tavola.test', password: 'tavola-kitchen' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    await giveChoices(ours.url, 4);
    return {
      dishes: await load(`${ours.url}/api/v1/dishes`, {}, seconds),
      dish: await load(`${ours.url}/api/v1/dishes/3?lang=en`, {}, seconds),
      dishItalian: await load(`${ours.url}/api/v1/dishes/3?lang=it`, {}, seconds),
      dishChoices: await load(`${ours.url}/api/v1/dishes/4?lang=en`, {}, seconds),
      me: await load(`${ours.url}/api/v1/auth/me`, { Authorization: `Bearer ${accessToken}` }, seconds),
    };
  } finally {
    ours.child.kill();
  }
}

/**
 * One dish from our app with the metrics on, in a process of its own (the same work as
 * `dish`, every answer counted and timed), /metrics read every second meanwhile (a scrape
 * 15 times as often as Prometheus's default): the scrapes and those answered 200.
 */
async function measureMetricsOn(seconds: number): Promise<{ load: Load; scrapes: number; scrapedOk: number }> {
  const ours = await start('tavola', METRICS_ENV);
  const answered: Promise<number>[] = [];
  const scrape = () => fetch(`${ours.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_ENV.METRICS_TOKEN}` } }).then(async (response) => (await response.text()).includes('http_requests_total') && response.status);
  const scraper = setInterval(() => answered.push(scrape().then((status) => Number(status), () => 0)), 1000);
  try {
    const measured = await load(`${ours.url}/api/v1/dishes/3?lang=en`, {}, seconds);
    clearInterval(scraper);
    const statuses = await Promise.all(answered);
    return { load: measured, scrapes: statuses.length, scrapedOk: statuses.filter((status) => status === 200).length };
  } finally {
    clearInterval(scraper);
    ours.child.kill();
  }
}

async function measureAnchor(kind: 'baseline' | 'fastify', env: Record<string, string>, seconds: number): Promise<Load> {
  const anchor = await start(kind, env);
  try {
    return await load(`${anchor.url}/api/v1/dishes/3?lang=en`, {}, seconds);
  } finally {
    anchor.child.kill();
  }
}
