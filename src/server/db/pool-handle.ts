// The PostgreSQL pool behind a Kysely instance, for the metrics (connections in use, requests
// waiting for one). Undefined for the embedded database.
import type pg from 'pg';
import type { Db } from './schema.js';

const pools = new WeakMap<Db, pg.Pool>();

export const keepPool = (db: Db, pool: pg.Pool): void => void pools.set(db, pool);

export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);
