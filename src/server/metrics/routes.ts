// GET /metrics for Prometheus: only with METRICS_TOKEN set, and only to a request that sends
// it as its Bearer token (compared in constant time; the scheme in any letter case, read as
// every route reads it). Without the setting it is not there (404); a request without the
// token, or with another, is a 401.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bearerCredentials } from '../auth/index.js';
import { ApiError, errorResponse } from '../http/errors.js';
import type { Metrics } from './metrics.js';

export function metricsRoutes(given: { metrics: Metrics; token: string } | undefined): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const metrics = given?.metrics;
    const token = given?.token ?? '';
    if (!metrics || !token) return errorResponse(c, new ApiError(404, 'not_found', 'Nothing is at /metrics.'));
    const sent = Buffer.from(bearerCredentials(c.req.header('Authorization')) ?? '');
    const wanted = Buffer.from(token);
    if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) return errorResponse(c, new ApiError(401, 'unauthorized', 'Send the metrics token as a Bearer token.'));
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
  });
  return app;
}
