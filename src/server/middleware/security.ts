// Headers every API answer carries, and the same-origin rule for state-changing requests.
// There are no CORS headers at all: the API answers its own origin only.
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.js';

/**
 * `Cache-Control: no-store`, `nosniff` and a CSP that lets a JSON answer do nothing.
 * Set before the handler runs: headers added to a finished response make Hono copy it
 * into a streamed one, which is several times slower to send.
 */
export const apiHeaders: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  await next();
};

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
        throw new ApiError(403, 'cross_origin', 'This API only accepts requests from its own site.');
      }
    }
    await next();
  };
}
