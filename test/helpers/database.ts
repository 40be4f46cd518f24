/**
 * The database a test runs on: a private in-memory SQLite by default, or, when the run
 * sets TEST_DATABASE_URL (test/run.mjs does, with a throwaway PostgreSQL server), a new
 * PostgreSQL database of its own on that server. Each is a copy of one database migrated
 * once per process (on SQLite its bytes, on PostgreSQL CREATE DATABASE … TEMPLATE): the
 * migrations run once, not before every test.
 */
import { sql, type LogConfig } from 'kysely';
import pg from 'pg';
import { migrateDatabase, openDatabase, openPostgres, type Db } from '../../src/server/db/database.js';
import { dialectOf } from '../../src/server/db/dialect.js';
import { embeddedHandle } from '../../src/server/db/embedded-handle.js';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? '';
export const DIALECT = POSTGRES_URL ? 'postgres' : 'sqlite';

let made = 0;

/** The URL of a new PostgreSQL database on the test server: empty, or a copy of `template`. */
export async function newPostgresDatabase(server = POSTGRES_URL, { template }: { template?: string } = {}): Promise<string> {
  const name = `tavola_${process.pid}_${++made}`;
  const admin = new pg.Client(server);
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

let migrated: Promise<string> | undefined;

/** The name of this process's database with every migration run (and nothing else): the template of the others. */
function migratedTemplate(): Promise<string> {
  migrated ??= (async () => {
    const url = await newPostgresDatabase();
    const db = openPostgres(url, { poolSize: 1 });
    await migrateDatabase(db);
    await db.destroy(); // a template has no connections while it is copied
    return new URL(url).pathname.slice(1);
  })();
  return migrated;
}

let migratedBytes: Promise<Buffer> | undefined;

/** An embedded database with every migration run (and nothing else), as bytes to begin the others from. */
function migratedSqlite(): Promise<Buffer> {
  migratedBytes ??= (async () => {
    const db = openDatabase(':memory:');
    await migrateDatabase(db);
    const bytes = embeddedHandle(db)!.serialize();
    await db.destroy();
    return bytes;
  })();
  return migratedBytes;
}

/** A database for a test: migrated unless `empty` (a test of the migrations themselves), not seeded. */
export async function freshDatabase({ log, empty = false }: { log?: LogConfig; empty?: boolean } = {}): Promise<Db> {
  if (!POSTGRES_URL) return openDatabase(':memory:', { log, copyOf: empty ? undefined : await migratedSqlite() });
  const template = empty ? undefined : await migratedTemplate();
  return openPostgres(await newPostgresDatabase(POSTGRES_URL, { template }), { poolSize: 4, idleMs: 1000, log });
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
