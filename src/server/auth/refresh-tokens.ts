// Refresh tokens: opaque random strings, stored only as SHA-256 hashes, rotated on every
// use. Each login starts a family; presenting a token that was already rotated means
// it leaked (or was replayed), so the whole family is revoked.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

export const REFRESH_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface RefreshTokens {
  /** A new token for the user; `family` continues a rotation, absent starts a new one. */
  issue(userId: number, family?: string): Promise<string>;
  /** Uses a token once: its user and a fresh token, or null (unknown, expired, revoked, reused). */
  rotate(token: string): Promise<{ userId: number; token: string } | null>;
}

export function createRefreshTokens(db: Db, clock: () => number, ttl = REFRESH_TOKEN_MS): RefreshTokens {
  async function issue(userId: number, family = randomBytes(12).toString('base64url')) {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('refresh_tokens')
      .values({ user_id: userId, family, token_hash: digest(token), expires_at: clock() + ttl, used_at: null, revoked_at: null })
      .execute();
    return token;
  }

  async function rotate(token: string) {
    const now = clock();
    const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', digest(token)).executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
    // Claim the token; if someone already used it, this is a reuse.
    const claimed = await db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) {
      await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family', '=', row.family).where('revoked_at', 'is', null).execute();
      return null;
    }
    return { userId: row.user_id, token: await issue(row.user_id, row.family) };
  }

  return { issue, rotate };
}
