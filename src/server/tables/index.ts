// The floor: tables, their seats, and the secret code each table's QR code carries.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { tableRoutes } from './routes.js';

export { tableByCode } from './store.js';


/** The tables and their codes. */
export function tablesFeature({ db, tokens, clock }: { db: Db; tokens: Tokens; clock: () => number }): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', tableRoutes(db, tokens, clock));
  return app;
}
