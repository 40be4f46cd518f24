// GET /admin/activity: every change made to the menu, pictures, sold-out dishes and hours,
// newest first, a page at a time (Admin only).
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import { listActivity } from './store.js';
import type { Db } from '../db/schema.js';
import { t } from '../http/language.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { ActivityQuerySchema, ActivitySchema } from './schemas.js';
import { PAGE_SIZE } from '../http/schemas.js';
import { BEARER_AUTH, errors, json } from '../http/openapi.js';

const activity = createRoute({
  method: 'get',
  path: '/admin/activity',
  tags: ['Restaurant'],
  summary: 'Who changed what and when, newest first',
  security: BEARER_AUTH,
  request: { query: ActivityQuerySchema },
  responses: { 200: json(ActivitySchema, 'A page of changes.'), ...errors(400, 401, 403) },
});

export function activityRoutes(db: Db, tokens: Tokens) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openapi({ ...activity, middleware: [requireUser(tokens, db), requireRole(['Admin'], () => t('Only the Admin can see the activity list.'))] }, async (c) => {
    const { limit, before } = c.req.valid('query');
    return c.json(await listActivity(db, { limit: limit ? Number(limit) : PAGE_SIZE.default, before: before ? Number(before) : undefined }), 200);
  });
  return app;
}
