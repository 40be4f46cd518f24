// A guest's manage link: `/booking#<key>`. The key is made from a random salt kept with the
// booking and the server's secret (HMAC-SHA256, 132 bits shown as 22 characters), and only
// its hash is looked up. So a later e-mail (a reminder, a change the restaurant made) can
// carry the link again, while the database alone, read by someone else, cannot.
import { createHmac, randomBytes } from 'node:crypto';
import { hashSecret } from '../auth/index.js';
import type { BookingRow } from '../db/schema.js';

export const keyOfSalt = (secret: Uint8Array, salt: string) => createHmac('sha256', secret).update(`booking-link:${salt}`).digest('base64url').slice(0, 22);

/** A new manage link: its key (shown once), the hash that finds it, and the salt that makes it again. */
export function newBookingKey(secret: Uint8Array) {
  const salt = randomBytes(16).toString('base64url');
  const key = keyOfSalt(secret, salt);
  return { key, hash: hashSecret(key), salt };
}

/** The booking's manage link again, or none: a booking from before salts, one whose data is removed, or a secret changed since. */
export function manageKeyOf(row: Pick<BookingRow, 'key_salt' | 'key_hash'>, secret: Uint8Array): string | undefined {
  if (!row.key_salt || !row.key_hash) return undefined;
  const key = keyOfSalt(secret, row.key_salt);
  return hashSecret(key) === row.key_hash ? key : undefined;
}
