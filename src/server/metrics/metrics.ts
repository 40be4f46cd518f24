// What the one who runs Tavola reads on a dashboard, in the Prometheus text format
// (prom-client): every answer by its route's pattern (never the address itself: no guest's
// id or token becomes a label), method and status, with its time; the event streams open by
// kind; the outbox (waiting, failed, the oldest waiting); the orders and bookings made; the
// PostgreSQL pool; the backups; the event loop's delay and the process's own figures.
// Counted below the app, from Node's request and answer, so the menu's kept answers
// (written before the app) count too. Off unless METRICS_TOKEN is set: then nothing is
// measured, and GET /metrics is a 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Backups } from '../backup/schedule.js';
import { poolOf } from '../db/pool-handle.js';
import type { Db } from '../db/schema.js';
import type { OpenStreams } from '../http/open-streams.js';
import { ROUTE, type Routed } from '../http/route-name.js';
import { answerTally } from './answer-tally.js';
import { LATE, within } from '../within.js';

const STARTED = Symbol('started');
type Observed = Routed & { [STARTED]?: number };

/** How long a scrape waits for the database before it leaves the database's figures out. */
const READ_MS = 2_000;

/** A database read for a scrape: null when the database fails or is not answering within READ_MS. The scrape still answers with every other figure. */
async function duringScrape<T>(read: () => Promise<T>): Promise<T | null> {
  const answer = await within(read(), READ_MS).catch(() => null);
  return answer === LATE ? null : answer;
}

/** The answers that made an order or a booking: counted as made. */
const MADE: Record<string, string> = { 'POST /api/v1/orders': 'order', 'POST /api/v1/bookings': 'booking', 'POST /api/v1/staff/bookings': 'booking', 'POST /api/v1/staff/bookings/walk-ins': 'booking' };

export interface Metrics {
  contentType: string;
  /** Every family in the Prometheus text format. */
  text(): Promise<string>;
  /** Wraps Node's request listener: each answer counted and timed when it is finished. */
  observe<L extends (request: IncomingMessage, response: ServerResponse) => unknown>(listener: L): L;
}

export function createMetrics({ db, streams, backups }: { db: Db; streams: OpenStreams; backups: () => Backups | undefined }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const answers = answerTally();
  const made = new Counter({ name: 'tavola_made_total', help: 'Orders and bookings made (an answer 201 to the calls that make them).', labelNames: ['kind'], registers: [registry] });
  new Gauge({
    name: 'tavola_event_streams_open',
    help: 'Event streams open in this process, by kind: diners (orders and the pickup board), staff, paired screens.',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const counts = streams.byKind();
      for (const kind of ['diners', 'staff', 'screens'] as const) this.set({ kind }, counts[kind]);
    },
  });
  new Gauge({
    name: 'tavola_database_up',
    help: 'Whether the database answered this scrape (1) or not, or not within 2 s (0: the outbox’s figures are then left out).',
    registers: [registry],
    async collect() {
      this.set((await duringScrape(() => sql`select 1`.execute(db))) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'tavola_outbox_messages',
    help: 'Guests’ e-mails in the outbox, by state (waiting to be sent, failed for good).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await duringScrape(() => db.selectFrom('outbox').select((eb) => ['state', eb.fn.countAll<number>().as('count')]).where('state', 'in', ['waiting', 'sending', 'failed']).groupBy('state').execute());
      if (!rows) return this.reset(); // not known: no sample, rather than a 0 that says all is well
      const count = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
      this.set({ state: 'waiting' }, count('waiting') + count('sending'));
      this.set({ state: 'failed' }, count('failed'));
    },
  });
  new Gauge({
    name: 'tavola_outbox_oldest_waiting_seconds',
    help: 'How long the oldest e-mail still waiting has waited (0: none waits).',
    registers: [registry],
    async collect() {
      const oldest = await duringScrape(() => db.selectFrom('outbox').select((eb) => eb.fn.min('created_ms').as('at')).where('state', 'in', ['waiting', 'sending']).executeTakeFirst());
      if (oldest === null) return this.set(Number.NaN); // not known
      this.set(oldest?.at == null ? 0 : Math.max(0, (Date.now() - Number(oldest.at)) / 1000));
    },
  });
  const pool = poolOf(db);
  if (pool) {
    new Gauge({
      name: 'tavola_db_pool_connections',
      help: 'PostgreSQL connections of this process, by state (in use, idle), and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'tavola_backup_last_success_timestamp_seconds',
    help: 'When the last backup of the embedded database that succeeded was taken (0: none yet in this process).',
    registers: [registry],
    collect() {
      this.set((backups()?.stats().lastSuccessMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'tavola_backup_last_size_bytes',
    help: 'The size of the last backup that succeeded.',
    registers: [registry],
    collect() {
      this.set(backups()?.stats().lastBytes ?? 0);
    },
  });
  new Gauge({
    name: 'tavola_backup_failures_total',
    help: 'Backups that failed in this process (a full disk, a folder that cannot be written).',
    registers: [registry],
    collect() {
      this.set(backups()?.stats().failures ?? 0);
    },
  });

  // One listener for every answer (no closure, no `once` wrapper): the start is kept on the answer.
  function finished(this: Observed) {
    const request = this.req;
    const route = this[ROUTE] ?? 'unmatched';
    const method = request.method ?? '';
    answers.record(method, route, this.statusCode, (performance.now() - this[STARTED]!) / 1000);
    if (this.statusCode === 201) {
      const kind = MADE[`${method} ${route}`];
      if (kind) made.inc({ kind });
    }
  }
  return {
    contentType: registry.contentType,
    async text() {
      return `${await registry.metrics()}\n${answers.text()}`;
    },
    observe(listener) {
      return ((request: IncomingMessage, response: Observed) => {
        response[STARTED] = performance.now();
        response.on('finish', finished);
        return listener(request, response);
      }) as typeof listener;
    },
  };
}
