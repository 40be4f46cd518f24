// Refresh tokens: opaque strings, stored only as SHA-256 hashes, rotated on every use.
// Each sign-in starts a family; presenting a token that was already rotated means it
// leaked (or was replayed), so the whole family is revoked.
//
// Two refinements keep honest clients out of trouble:
// - A rotation is one transaction (mark used, store the successor): a crash between the
//   two can never leave a client's only token used up with nothing after it.
// - A token's successor is derived from it with a keyed hash, so the server can give the
//   same successor again. Presenting a token again within REUSE_GRACE_MS of its rotation,
//   while that successor is still unused, answers that same successor: a double submit,
//   or a retry whose first answer was lost, is not taken for theft. Any later reuse
//   revokes the family.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/schema.js';

export const REFRESH_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;
export const REUSE_GRACE_MS = 10_000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A refresh token, and its family: the sign-in it belongs to (access tokens carry it as `sid`). */
export interface Issued {
  userId: number;
  token: string;
  family: string;
}

export interface RefreshTokens {
  /** A new token for the user, starting a new family. */
  issue(userId: number): Promise<Issued>;
  /** Uses a token: its user and the next token, or null (unknown, expired, revoked, reused). */
  rotate(token: string): Promise<Issued | null>;
}

/**
 * Ends every sign-in of a user but `keep` (the one changing its own password): their
 * refresh tokens are revoked, and their access tokens are refused from the next request
 * (bearer.ts). Pass the transaction of the change that calls for it.
 */
export async function endSignIns(db: Db, userId: number, now: number, keep?: string): Promise<void> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep !== undefined) query = query.where('family', '!=', keep);
  await query.execute();
}

export function createRefreshTokens(db: Db, clock: () => number, secret: Uint8Array, ttl = REFRESH_TOKEN_MS): RefreshTokens {
  const successorOf = (token: string) => createHmac('sha256', secret).update(`tavola refresh successor\0${token}`).digest('base64url');

  async function issue(userId: number) {
    const token = randomBytes(32).toString('base64url');
    const family = randomBytes(12).toString('base64url');
    await db
      .insertInto('refresh_tokens')
      .values({ user_id: userId, family, token_hash: digest(token), expires_at: clock() + ttl, used_at: null, revoked_at: null })
      .execute();
    return { userId, token, family };
  }

  function rotate(token: string) {
    const now = clock();
    const next = successorOf(token);
    return db.transaction().execute(async (trx) => {
      // Claim the token first: a write as the first statement takes the write lock at once.
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', digest(token))
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'family'])
        .executeTakeFirst();
      if (claimed) {
        await trx
          .insertInto('refresh_tokens')
          .values({ user_id: claimed.user_id, family: claimed.family, token_hash: digest(next), expires_at: now + ttl, used_at: null, revoked_at: null })
          .execute();
        return { userId: claimed.user_id, token: next, family: claimed.family };
      }
      const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', digest(token)).executeTakeFirst();
      if (!row || row.used_at === null || row.revoked_at !== null || row.expires_at <= now) return null;
      if (now - row.used_at <= REUSE_GRACE_MS) {
        const successor = await trx
          .selectFrom('refresh_tokens')
          .select('id')
          .where('token_hash', '=', digest(next))
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (successor) return { userId: row.user_id, token: next, family: row.family };
      }
      await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family', '=', row.family).where('revoked_at', 'is', null).execute();
      return null;
    });
  }

  return { issue, rotate };
}
