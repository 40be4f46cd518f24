// What a platform that runs instances (Cloud Run, Kubernetes) asks before it sends traffic:
// - `GET /healthz`: the process is up and answering. No database call: an instance whose
//   database is away is not broken, and restarting it would not help.
// - `GET /readyz`: this instance can serve: the database answers, within READY_TIMEOUT_MS,
//   with every migration done, and the process is not shutting down. 503 otherwise, in
//   the API's error shape, so the platform sends requests elsewhere meanwhile.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from './db/schema.js';
import { migrations } from './db/migrations/index.js';
import { ApiError, databaseUnavailable, errorResponse } from './http/errors.js';
import { t } from './http/language.js';
import { LATE, within } from './within.js';

const READY_TIMEOUT_MS = 1500;

export function healthRoutes(db: Db, isDraining: () => boolean): Hono {
  const app = new Hono();
  const names = Object.keys(migrations);

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/readyz', async (c) => {
    if (isDraining()) return errorResponse(c, new ApiError(503, 'shutting_down', t('This instance is shutting down.'), { headers: { 'Retry-After': '1' } }));
    const done = sql<{ done: number }>`select count(*) as done from kysely_migration where name in (${sql.join(names)})`.execute(db).then(({ rows }) => Number(rows[0]?.done));
    try {
      const answer = await within(done, READY_TIMEOUT_MS);
      if (answer === LATE) return errorResponse(c, databaseUnavailable());
      if (answer !== names.length) return errorResponse(c, new ApiError(503, 'migrations_pending', t('{value} of {length} database migrations are not done yet.', { value: names.length - answer, length: names.length })));
      return c.json({ status: 'ready' });
    } catch {
      return errorResponse(c, databaseUnavailable());
    }
  });
  return app;
}
