
import type { Db } from '../db/schema.js';
import { embeddedHandle } from '../db/embedded-handle.js';
import type SQLite from 'better-sqlite3';

const read = new WeakMap<SQLite.Database, () => number>();

/**
 * The menu's version now. Every menu answer asks it, so on the embedded database it is
 * one prepared statement run on the spot, unless this process has a transaction open
 * (then it waits its turn as every query does, and never sees a change before its commit).
 */
export async function menuVersion(db: Db): Promise<number> {
  const sqlite = embeddedHandle(db);
  if (sqlite && !sqlite.inTransaction) return readOn(sqlite)();
  const row = await db.selectFrom('menu_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

function readOn(sqlite: SQLite.Database): () => number {
  let reader = read.get(sqlite);
  if (!reader) {
    const statement = sqlite.prepare('select version from menu_version where id = 1').pluck();
    reader = () => Number(statement.get());
    read.set(sqlite, reader);
  }
  return reader;
}
