// Old refresh tokens are deleted in batches (auth/token-sweep.ts), found through these.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('refresh_tokens_expires_at').on('refresh_tokens').column('expires_at').execute();
  await db.schema.createIndex('refresh_tokens_revoked_at').on('refresh_tokens').column('revoked_at').execute();
}
