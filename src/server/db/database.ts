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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run on every start. */
export async function migrate(db: Db): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}
