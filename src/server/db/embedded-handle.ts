// The embedded database's own better-sqlite3 handle behind a Kysely instance, for a read
// too small to queue behind Kysely's (menu/version.ts). Undefined for PostgreSQL.
// Use it only when `inTransaction` is false: a transaction open on the handle holds
// changes not yet committed.
import type SQLite from 'better-sqlite3';
import type { Db } from './schema.js';

const handles = new WeakMap<Db, SQLite.Database>();
const queues = new WeakMap<Db, () => number>();

/** Keeps `db`'s handle, and how many wait for a turn of its connection (db/taking-turns.ts). */
export function keepHandle(db: Db, sqlite: SQLite.Database, waiting: () => number = () => 0): void {
  handles.set(db, sqlite);
  queues.set(db, waiting);
}

export const embeddedHandle = (db: Db): SQLite.Database | undefined => handles.get(db);

/** How many queries or transactions wait for the embedded database's connection now (0 for PostgreSQL). */
export const waitingForTurns = (db: Db): number => queues.get(db)?.() ?? 0;
