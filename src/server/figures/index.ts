// The day's numbers for the Admin: orders, takings and times per day, the day's CSV, and today at a glance.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { dayFigureRoutes } from './routes.js';

export { csvDialect, csvEuros, csvOf } from './csv.js';


/** GET /admin/day, its CSV, and GET /admin/overview. */
export function figuresFeature({ db, tokens, clock, timeZone }: { db: Db; tokens: Tokens; clock: () => number; timeZone: string }): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', dayFigureRoutes(db, tokens, { clock, timeZone }));
  return app;
}
