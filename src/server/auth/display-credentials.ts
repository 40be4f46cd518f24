// What pairs a kitchen or pass screen, and what it holds afterwards. Both are kept only as
// SHA-256 hashes, so a copy of the database pairs no screen.
//
// - A pairing code is short enough to type on a tablet: 8 characters of Crockford's base32
//   (no I, L, O or U; 40 random bits), shown as `ABCD-EF12`, valid 10 minutes, once. What
//   a person types is read the way Crockford's alphabet is meant to be read: any letter
//   case, spaces and hyphens ignored, O as 0, I and L as 1.
// - A display credential is 256 random bits, base64url, behind `tvd_` so that it can be
//   told from an access token at a glance (by the API, and by a secret scanner).
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_MINUTES = 10;
export const CREDENTIAL_PREFIX = 'tvd_';

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new pairing code, e.g. `7QK2-M9XD` (5 random bits a character: 32 divides 256, so no character is likelier than another). */
export function newPairingCode(): string {
  const code = [...randomBytes(8)].map((byte) => ALPHABET[byte % 32]).join('');
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The code as it is stored and compared (`7QK2M9XD`), or null when it cannot be one. */
export function readPairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === 8 && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

export const newDisplayCredential = () => CREDENTIAL_PREFIX + randomBytes(32).toString('base64url');

export const isDisplayCredential = (token: string) => token.startsWith(CREDENTIAL_PREFIX);
