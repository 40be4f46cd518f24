// The activity list: who changed what and when. Every feature records its changes here, in
// the change's own transaction; the Admin reads the list at GET /admin/activity.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { activityRoutes } from './routes.js';

export { recordActivity, type Actor, type Who } from './store.js';
export { subjectWords, type Subject } from './subject-words.js';

/** GET /admin/activity. */
export function activityFeature({ db, tokens }: { db: Db; tokens: Tokens }): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', activityRoutes(db, tokens));
  return app;
}
