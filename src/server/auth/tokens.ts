// Access tokens: JWTs signed with HS256, living exactly `ttl` seconds. The algorithm is
// pinned when verifying (so `alg: none` and other algorithms are refused) and there is
// no clock leeway. Time comes from the injected clock, so tests can prove the expiry.
// Each part must be canonical base64url: decoders ignore stray padding and the spare
// low bits of the last character, so without this check one signature has many spellings.
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 120;
const ISSUER = 'tavola';
const AUDIENCE = 'tavola-api';

/**
 * A valid token names its user, its sign-in (the refresh token family it came with: ending
 * that sign-in refuses the token at once) and when it expires (ms since the epoch, on the
 * injected clock).
 */
export type TokenCheck = { ok: true; userId: number; session: string; expiresAt: number } | { ok: false; expired: boolean };

export interface Tokens {
  issue(userId: number, session: string): Promise<string>;
  check(token: string): Promise<TokenCheck>;
}

export function createTokens(secret: Uint8Array, clock: () => number, ttl = ACCESS_TOKEN_SECONDS): Tokens {
  const now = () => Math.floor(clock() / 1000);
  // Imported once: jose would otherwise import the raw secret on every sign and verify.
  const key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async issue(userId, session) {
      const issuedAt = now();
      return await new SignJWT({ sid: session })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttl)
        .sign(await key);
    },
    async check(token) {
      if (!isCanonical(token)) return { ok: false, expired: false };
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          clockTolerance: 0,
          currentDate: new Date(clock()),
          requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        });
        const userId = Number(payload.sub);
        const session = payload.sid;
        return Number.isSafeInteger(userId) && typeof session === 'string' ? { ok: true, userId, session, expiresAt: payload.exp! * 1000 } : { ok: false, expired: false };
      } catch (error) {
        // jose checks the signature before the claims: only a genuine token can be "expired".
        return { ok: false, expired: error instanceof errors.JWTExpired };
      }
    },
  };
}

/** Three parts, each exactly the base64url encoding of the bytes it decodes to. */
function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => Buffer.from(part, 'base64url').toString('base64url') === part);
}
