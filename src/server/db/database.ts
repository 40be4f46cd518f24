// Opens the database behind Kysely, so the queries stay portable: the embedded SQLite
// (better-sqlite3, WAL) by default, or PostgreSQL (pg) when DATABASE_URL names one.
// `:memory:` gives tests a private SQLite database.
import SQLite from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type LogConfig, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { dialectOf, PREPARE_LOCK } from './dialect.js';
import { keepHandle } from './embedded-handle.js';
import { keepPool } from './pool-handle.js';
import { TurnTakingSqliteDialect } from './taking-turns.js';
import { quietLog } from '../quiet-log.js';
import { migrations } from './migrations/index.js';
import type { Database, Db } from './schema.js';

export type { Db };

/**
 * Opens (creating if needed) `tavola.db` in `dataDir`, or an in-memory database for
 * `:memory:`. `log` sees every query run (tests read their plans). The folder is created readable by us only (0700) and the database file
 * is 0600; SQLite gives its -wal and -shm files the database file's mode. `copyOf`, with
 * `:memory:`, begins the database as a copy of another's bytes (better-sqlite3's `serialize()`):
 * the tests copy one migrated database instead of migrating each of theirs again.
 */
export function openDatabase(dataDir: string, { log, copyOf }: { log?: LogConfig; copyOf?: Buffer } = {}): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, 'tavola.db');
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600); // a file made by an older version was 0644
  }
  const sqlite = new SQLite(copyOf && file === ':memory:' ? copyOf : file);
  sqlite.pragma('journal_mode = WAL'); // readers never wait for the writer
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const dialect = new TurnTakingSqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect, log });
  keepHandle(db, sqlite, () => dialect.driver?.waiting ?? 0);
  return db;
}

// Kysely's driver prepares every statement anew, and preparing costs more than running
// a small query. Queries are parameterised, so the texts are few: keep them prepared.
// (better-sqlite3 runs a statement to completion before the next, so reuse is safe.)
function withStatementCache(sqlite: SQLite.Database, limit = 500) {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = prepared.get(text);
      if (!statement) {
        if (prepared.size >= limit) prepared.clear(); // `in (…)` lists of many lengths: stay bounded
        statement = sqlite.prepare(text);
        prepared.set(text, statement);
      }
      return statement;
    },
  };
}

/** Where the data lives: a PostgreSQL URL, or else the folder of the embedded database. */
export function openConfiguredDatabase({ databaseUrl, dataDir, poolSize }: { databaseUrl: string; dataDir: string; poolSize: number }): Db {
  return databaseUrl ? openPostgres(databaseUrl, { poolSize }) : openDatabase(dataDir);
}

// PostgreSQL answers 64-bit integers (bigint columns, count(*)) as strings, since they
// can exceed what a JavaScript number holds exactly. Ours are counts and millisecond
// times, far below 2^53: read them as numbers.
const BIGINT_OID = 20;
const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === BIGINT_OID ? Number : pg.types.getTypeParser(oid, format as 'text')) };

/**
 * A pool of at most `poolSize` connections to the PostgreSQL server at `url`. Idle
 * connections are closed after 10 s and do not keep the process alive.
 *
 * The database may go away (a restart, a failover, a maintenance window) and come back:
 * - a connection it ends, idle or in use, is dropped from the pool and logged, never
 *   thrown (an 'error' event nobody listens to would end the process);
 * - a request waits at most CONNECT_TIMEOUT_MS for a connection, new or from the pool,
 *   so it answers 503 in time instead of hanging (db/unavailable.ts, http/errors.ts);
 * - a connection that broke is not given out again, and new ones are made when asked for.
 */
export function openPostgres(url: string, { poolSize = 10, idleMs = 10_000, log }: { poolSize?: number; idleMs?: number; log?: LogConfig } = {}): Db {
  // The planner's default cost of a random read (4) is that of a spinning disk; on SSD,
  // as on Cloud SQL, it is close to a sequential one. Told so, it uses the trigram index
  // for a rare search word instead of reading the whole table (0.5 ms against 4.5 ms
  // at 10,000 dishes).
  const options = '-c random_page_cost=1.1';
  const pool = new pg.Pool({
    connectionString: url,
    options,
    max: poolSize,
    idleTimeoutMillis: idleMs,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true, // a peer that vanished without a word is found out by the kernel
    allowExitOnIdle: true,
    types: types as never,
  });
  const logLost = quietLog(10_000);
  const lost = (error: Error) => logLost(`A database connection was lost (it is replaced when needed): ${error.message}`);
  // The pool hears an idle connection's error; a connection in use (between two queries of
  // a transaction) has only its own listener, so give it one: the query that next asks
  // for it fails (a 503), and the pool drops it when it comes back.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  servers.set(db, url);
  keepPool(db, pool);
  return db;
}

/** At most this long to get a connection: a request that needs the database answers 503 within 2 s when it is away. */
export const CONNECT_TIMEOUT_MS = 1500;

const servers = new WeakMap<Db, string>();

/** The URL a PostgreSQL database was opened with: a LISTEN needs a connection of its own (db/notifications.ts). */
export const postgresUrlOf = (db: Db): string | undefined => servers.get(db);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** What runs after the migrations, under the same lock: the seed (seed/seed.ts), given by whoever starts the server. */
export type AfterMigrations = (trx: Db) => Promise<void>;

/**
 * Brings the schema up to date, then runs `after` (the seed), safe to run on every start
 * and from any number of processes at once: a second process waits for the first, then
 * finds the work done. SQLite: one transaction that takes the write lock first (`begin
 * immediate`). PostgreSQL: an advisory lock around the migrations and the seed.
 */
export async function migrateDatabase(db: Db, after: AfterMigrations = async () => {}): Promise<void> {
  if (dialectOf(db) === 'postgres') return migratePostgres(db, after);
  await db.connection().execute(async (locked) => {
    await sql`begin immediate`.execute(locked);
    try {
      const { error } = await new Migrator({ db: locked, provider }).migrateToLatest();
      if (error) throw error;
      await after(locked);
      await sql`commit`.execute(locked);
    } catch (error) {
      await sql`rollback`.execute(locked);
      throw error;
    }
  });
}

async function migratePostgres(db: Db, after: AfterMigrations): Promise<void> {
  await db.connection().execute(async (locked) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(locked);
    try {
      const { error } = await new Migrator({ db: locked, provider }).migrateToLatest();
      if (error) throw error;
      await locked.transaction().execute(after);
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(locked);
    }
  });
}
