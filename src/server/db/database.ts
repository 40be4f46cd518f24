// Opens the embedded database: SQLite through better-sqlite3, in WAL mode, behind
// Kysely so the queries stay portable. `:memory:` gives tests a private database.
import SQLite from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Opens (creating if needed) `tavola.db` in `dataDir`, or an in-memory database for `:memory:`. */
export function openDatabase(dataDir: string): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'tavola.db');
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

/** Brings the schema up to date; safe to run on every start. */
export async function migrate(db: Db): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}
