// Opens the embedded database: SQLite through better-sqlite3, in WAL mode, behind
// Kysely so the queries stay portable. `:memory:` gives tests a private database.
import SQLite from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';
import { seed, type SeedOptions } from './seed.js';

export type Db = Kysely<Database>;

/**
 * Opens (creating if needed) `tavola.db` in `dataDir`, or an in-memory database for
 * `:memory:`. The folder is created readable by us only (0700) and the database file
 * is 0600; SQLite gives its -wal and -shm files the database file's mode.
 */
export function openDatabase(dataDir: string): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, 'tavola.db');
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600); // a file made by an older version was 0644
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL'); // readers never wait for the writer
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date and seeds a fresh database, safe to run on every start
 * and from any number of processes at once: it all happens in one transaction that
 * takes the write lock first (`begin immediate`), so a second process waits, then finds
 * the work done.
 */
export async function prepareDatabase(db: Db, options: SeedOptions): Promise<void> {
  await db.connection().execute(async (locked) => {
    await sql`begin immediate`.execute(locked);
    try {
      const { error } = await new Migrator({ db: locked, provider }).migrateToLatest();
      if (error) throw error;
      await seed(locked, options);
      await sql`commit`.execute(locked);
    } catch (error) {
      await sql`rollback`.execute(locked);
      throw error;
    }
  });
}
