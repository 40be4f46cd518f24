// GET /hours: when the restaurant is open, and whether it is now (for everyone; the home
// page and the footer show it). PUT /admin/hours: the Admin edits the week and the closed dates.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import { recordActivity } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { readHours, writeHours, type StoredHours } from './hours-store.js';
import { ApiError } from '../http/errors.js';
import { describeWeek, openingStatus, weekProblem, type OpeningHours } from './opening-hours.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { readJsonBody } from '../http/json-body.js';
import { HoursChangeSchema, HoursSchema } from './schemas.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

const hours = createRoute({
  method: 'get',
  path: '/hours',
  tags: ['Restaurant'],
  summary: 'Opening hours, and whether orders are taken now',
  description: 'Times are in the restaurant’s time zone (`timeZone`). Orders placed while closed are refused with 409 `closed`.',
  responses: { 200: json(HoursSchema, 'The hours and the state now.') },
});

const change = createRoute({
  method: 'put',
  path: '/admin/hours',
  tags: ['Restaurant'],
  summary: 'Set the weekly hours and the closed dates',
  description: 'The whole week and every closed date, with the `version` they were based on: a stale one is 409 `conflict` with the `hours` as they are now.',
  security: BEARER_AUTH,
  request: { body: jsonBody(HoursChangeSchema) },
  responses: { 200: json(HoursSchema, 'The hours as saved.'), ...errors(400, 401, 403, 409, 413, 415) },
});

export function hoursRoutes(db: Db, tokens: Tokens, { clock, timeZone }: { clock: () => number; timeZone: string }) {
  const app = new OpenAPIHono<AuthEnv>();
  const answer = (c: Context, stored: StoredHours) => {
    const { week, closedDates, version } = stored;
    // The state depends on the clock: never kept by a cache.
    c.header('Cache-Control', 'no-store');
    return c.json({ timeZone, week, closedDates, version, ...withoutWords(openingStatus(stored, clock(), timeZone)), weekText: describeWeek(week) }, 200);
  };

  app.openapi(hours, async (c) => answer(c, await readHours(db)));

  app.openapi({ ...change, middleware: [requireUser(tokens, db), requireRole(['Admin'], () => t('Only the Admin can change the opening hours.')), readJsonBody] }, async (c) => {
    const { version, ...wanted } = c.req.valid('json');
    const proposed = { week: wanted.week, closedDates: [...wanted.closedDates].sort((a, b) => a.date.localeCompare(b.date)) } as OpeningHours;
    const problem = weekProblem(proposed.week);
    if (problem) throw new ApiError(400, 'invalid_field', problem.message, { field: problem.field });
    const saved = await db.transaction().execute(async (trx) => {
      const before = await readHours(trx);
      if (before.version !== version) {
        throw new ApiError(409, 'conflict', t('The opening hours were changed by someone else meanwhile. Here they are as they are now.'), { more: { hours: before } });
      }
      await writeHours(trx, proposed, version + 1);
      await recordActivity(trx, { by: c.var.user, at: clock(), action: 'hours.updated', subject: { title: 'hours' }, before: { week: before.week, closedDates: before.closedDates }, after: proposed });
      return { ...proposed, version: version + 1 };
    });
    return answer(c, saved);
  });

  return app;
}

const withoutWords = ({ opensWhen: _, ...status }: ReturnType<typeof openingStatus>) => status;
