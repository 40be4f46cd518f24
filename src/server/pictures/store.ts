// Uploaded pictures are kept in the database, so every server process on one PostgreSQL
// serves every picture (no local disk to share), and a picture is saved in the same
// transaction as the dish that shows it.
import type { Kysely } from 'kysely';
import type { ProcessedPicture } from './process.js';
import { PICTURE_WIDTHS } from './process.js';
import type { Database } from '../db/schema.js';

/** Stores each width under `<hash>-<width>.webp` (once: the same bytes are the same name). */
export async function storePicture(trx: Kysely<Database>, picture: ProcessedPicture, now: number): Promise<void> {
  for (const [i, variant] of picture.variants.entries()) {
    await trx
      .insertInto('pictures')
      .values({ name: `${picture.hash}-${PICTURE_WIDTHS[i]}.webp`, width: variant.width, height: variant.height, bytes: variant.bytes, created_at: new Date(now).toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
  }
}

export async function findPicture(db: Kysely<Database>, name: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('pictures').select('bytes').where('name', '=', name).executeTakeFirst();
  return row?.bytes;
}
