// Configuration from the environment; every setting has a default that works on a
// fresh clone, so `npm start` needs none of them.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The project folder: two levels up from both src/server and dist/server. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The site's public origin (e.g. https://tavola.example); empty means "the Host the request names". */
  publicOrigin: string;
  /** Create the test accounts (one per role) on a fresh database. */
  testAccounts: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  siteDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || join(PROJECT_ROOT, 'data'),
    publicOrigin: (env.PUBLIC_ORIGIN ?? '').replace(/\/+$/, ''),
    testAccounts: env.TEST_ACCOUNTS ? env.TEST_ACCOUNTS === 'on' : !production,
    trustProxy: env.TRUST_PROXY === 'on',
    siteDir: env.SITE_DIR || join(PROJECT_ROOT, 'dist', 'site'),
  };
}

/**
 * The key that signs access tokens: JWT_SECRET when set (at least 32 characters), else
 * a random one made on first start and kept in the data folder, readable by us only.
 */
export function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (dataDir === ':memory:') return randomBytes(32);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
