// What an API address no route answers gets: a 405 with Allow when the path exists for
// other methods, else a 404 (which names the path without its trailing slash when that
// one exists).
import type { Context, Hono } from 'hono';
import { ApiError, errorResponse } from './errors.js';
import { t } from './language.js';

// An API path that exists for other methods is a 405 with Allow; anything else a 404.
// The route table is fixed once the app is built: compile its patterns on first use.
export function unmatchedApiPath(app: Hono) {
  let routes: { method: string; pattern: RegExp }[] | undefined;
  return (c: Context): Response => {
    routes ??= app.routes.filter((route) => route.method !== 'ALL').map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
    const allowed = routes.filter((route) => route.pattern.test(c.req.path)).map((route) => route.method);
    if (allowed.length) {
      const allow = [...new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])])].join(', ');
      return errorResponse(c, new ApiError(405, 'method_not_allowed', t('{method} is not allowed here. Allowed: {allow}.', { method: c.req.method, allow }), { headers: { Allow: allow } }));
    }
    // Paths are exact: `/dishes/` is not `/dishes`, but say which one was meant.
    const trimmed = c.req.path.replace(/\/+$/, '');
    const meant = trimmed !== c.req.path && routes.some((route) => route.pattern.test(trimmed)) ? ` Did you mean ${trimmed}?` : '';
    return errorResponse(c, new ApiError(404, 'not_found', t('No API endpoint is at {path}.{meant}', { path: c.req.path, meant })));
  };
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
