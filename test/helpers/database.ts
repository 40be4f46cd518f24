/**
 * The database a test runs on: a private in-memory SQLite by default, or, when the run
 * sets TEST_DATABASE_URL (test/run.mjs does, with a throwaway PostgreSQL server), a new
 * PostgreSQL database of its own on that server.
 */
import { sql, type LogConfig } from 'kysely';
import pg from 'pg';
import { openDatabase, openPostgres, type Db } from '../../src/server/db/database.js';
import { dialectOf } from '../../src/server/db/dialect.js';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? '';
export const DIALECT = POSTGRES_URL ? 'postgres' : 'sqlite';

let made = 0;

/** The URL of a new, empty PostgreSQL database on the test server. */
export async function newPostgresDatabase(server = POSTGRES_URL): Promise<string> {
  const name = `tavola_${process.pid}_${++made}`;
  const admin = new pg.Client(server);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

export async function freshDatabase({ log }: { log?: LogConfig } = {}): Promise<Db> {
  if (!POSTGRES_URL) return openDatabase(':memory:', { log });
  return openPostgres(await newPostgresDatabase(), { poolSize: 4, idleMs: 1000, log });
}

/** Makes every insert into `table` fail (a full disk, say) until the returned function is called. */
export async function failInserts(db: Db, table: string, message: string): Promise<() => Promise<void>> {
  const trigger = sql.id(`fail_${table}`);
  if (dialectOf(db) === 'sqlite') {
    await sql`create trigger ${trigger} before insert on ${sql.table(table)} begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
    return async () => void (await sql`drop trigger ${trigger}`.execute(db));
  }
  await sql`create function ${trigger}() returns trigger language plpgsql as ${sql.lit(`begin raise exception '${message}'; end`)}`.execute(db);
  await sql`create trigger ${trigger} before insert on ${sql.table(table)} for each row execute function ${trigger}()`.execute(db);
  return async () => {
    await sql`drop trigger ${trigger} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${trigger}()`.execute(db);
  };
}
