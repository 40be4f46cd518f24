// Password hashing with Node's scrypt at an OWASP cost. Hashing runs on libuv's thread
// pool, off the event loop, and at most `concurrency` at once, so a flood of sign-ins
// cannot take every thread (static files need them too). Each hash keeps its cost, so
// one made at another cost (N=2^17 before) still verifies at its own.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { hasBrokenCharacter } from '../http/readable-text.js';
import { comparableForm } from './password-rules.js';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet: scrypt with N=2^15, r=8, p=3, one of the settings
 * it lists as equal in defence to N=2^17, r=8, p=1, trading memory for CPU: 32 MiB a
 * hash instead of 128, so two sign-ins at once keep the server well under 200 MB.
 */
export const OWASP_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

/** For tests only (CHEAP_PASSWORD_HASHES, refused in production): 1 MiB and about a millisecond a hash. */
export const CHEAP_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export interface Passwords {
  /** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
  hash(password: string): Promise<string>;
  /** Checks a password; with no stored hash it does the same work and answers false. */
  verify(password: string, stored: string | null): Promise<boolean>;
}

export function createPasswords({ cost = OWASP_COST, concurrency = 2, maxWaiting = 200 } = {}): Passwords {
  const limit = createLimit(concurrency, maxWaiting);
  const derive = (password: string, salt: Buffer, { N, r, p }: ScryptCost) => {
    // The routes refuse such a password with a 400 (password-rules.ts); never hash one.
    if (hasBrokenCharacter(password)) return Promise.reject(new Error('A password must be well-formed text.'));
    return limit(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
          scrypt(comparableForm(password), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
        }),
    );
  };

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  // Unknown e-mail addresses are checked against this, so they cost what a real one costs.
  let dummy: Promise<string> | undefined;

  async function verify(password: string, stored: string | null): Promise<boolean> {
    if (stored === null) dummy ??= hash(randomBytes(16).toString('hex'));
    const [scheme, N, r, p, salt, key] = (stored ?? (await dummy!)).split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
    return timingSafeEqual(actual, expected) && stored !== null;
  }

  return { hash, verify };
}

/** Runs at most `concurrency` tasks at once; past `maxWaiting` queued, answers 503. */
function createLimit(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running++;
    else if (waiting.length >= maxWaiting) {
      throw new ApiError(503, 'busy', t('Too many sign-ins at once. Please try again in a moment.'), { headers: { 'Retry-After': '1' } });
    } else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands us its slot
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
