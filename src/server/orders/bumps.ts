// What a paired display took off its board (a part done, an order served): its bumps, kept
// for a while so it can bring a ticket back (recall) if it was a mistake.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Trx = Kysely<Database>;

/** A bump can be recalled for this long, and the last RECALLS of them. */
export const RECALL_MS = 10 * 60_000;
export const RECALLS = 10;

/** Keeps a ticket a display took off its board (a part done, an order served), for its recall; older ones are dropped. */
export async function recordBump(trx: Trx, { display, order, station, at }: { display: number; order: number; station: number | null; at: number }): Promise<void> {
  await trx.deleteFrom('display_bumps').where('display_id', '=', display).where('at', '<=', at - RECALL_MS).execute();
  await trx.insertInto('display_bumps').values({ display_id: display, order_id: order, station_id: station, at }).execute();
}

/** The display's last RECALLS bumps of the last 10 minutes, newest first. */
export async function recentBumps(db: Trx, display: number, now: number) {
  const rows = await db.selectFrom('display_bumps').selectAll().where('display_id', '=', display).orderBy('id', 'desc').limit(RECALLS).execute();
  return rows.filter((row) => row.at > now - RECALL_MS);
}

export const forgetBump = (trx: Trx, id: number) => trx.deleteFrom('display_bumps').where('id', '=', id).execute();
