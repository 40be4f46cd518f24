// Headers every answer of the server carries, and the same-origin rule for state-changing
// requests. There are no CORS headers at all: the API answers its own origin only.
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';
import { t } from './language.js';

/** Browser features no page of ours uses. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The headers of an answer that is not a page: a JSON answer can do nothing, is never
 * stored, and is never sniffed into something else. A file of the site replaces the CSP,
 * Cache-Control and Referrer-Policy with those of firebase.json.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  // Only where the public origin is https: HSTS on plain http would be ignored at best.
  if (https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

/** For answers that change with every write and with the clock: never kept by a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Sets `headers` on every answer. Set before the handler runs: headers added to a
 * finished response make Hono copy it into a streamed one, which is slower to send.
 */
export function withHeaders(headers: Record<string, string>): MiddlewareHandler {
  const entries = Object.entries(headers);
  return async (c, next) => {
    for (const [name, value] of entries) c.header(name, value);
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request sent by another site: by `Sec-Fetch-Site` where the
 * browser sends it, else by `Origin`. `publicOrigin` empty means the request's own origin.
 */
export function sameOrigin(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('Sec-Fetch-Site');
      const origin = c.req.header('Origin');
      const own = publicOrigin || new URL(c.req.url).origin;
      if ((site && site !== 'same-origin' && site !== 'none') || (!site && origin && origin !== own)) {
        throw new ApiError(403, 'cross_origin', t('This API only accepts requests from its own site.'));
      }
    }
    await next();
  };
}
