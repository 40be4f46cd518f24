// The embedded database's own better-sqlite3 handle behind a Kysely instance, for a read
// too small to queue behind Kysely's (menu/version.ts). Undefined for PostgreSQL.
// Use it only when `inTransaction` is false: a transaction open on the handle holds
// changes not yet committed.
import type SQLite from 'better-sqlite3';
import type { Db } from './schema.js';

const handles = new WeakMap<Db, SQLite.Database>();

export const keepHandle = (db: Db, sqlite: SQLite.Database): void => void handles.set(db, sqlite);

export const embeddedHandle = (db: Db): SQLite.Database | undefined => handles.get(db);
