// Stations and the board's settings. Every board's (Kitchen, Waiter, the Admin, any paired
// display): GET /board-settings. The Admin's: POST /admin/stations, PATCH and DELETE
// /admin/stations/{id}, PUT /admin/board-settings. A category names its station through
// PATCH /categories/{id}.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import type { Actor } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { createStation, deleteStation, readBoardSettings, updateBoardSettings, updateStation } from './stations.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { KITCHEN_DISPLAY, callerOf, requireCaller } from './caller.js';
import { readJsonBody } from '../http/json-body.js';
import { readableText } from '../http/readable-text.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can change the stations and the board.');
/** Said in the request's language, when refused. */
const BOARDS_ONLY = () => t('Only Kitchen and Waiter staff, the Admin and paired kitchen screens read the board’s settings.');
const tags = ['Stations'];

const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the record as it is now.' });
const MINUTES = z.number().int().min(1).max(240);
const REVIEW = 'True when the English name changed after the Italian was written: its Italian is to review. Changing the Italian, or sending `italianReviewed: true`, clears it.';
const StationSchema = z
  .object({ id: z.number().int(), name: z.string(), nameIt: z.string().nullable(), isDefault: z.boolean(), italianToReview: z.boolean().openapi({ description: REVIEW }), version: z.number().int() })
  .openapi('Station');
const SettingsSchema = z
  .object({
    lateMinutes: z.number().int().openapi({ description: 'A ticket older than this is marked late.', example: 10 }),
    veryLateMinutes: z.number().int().openapi({ description: 'A ticket older than this is marked very late.', example: 20 }),
    stations: z.array(StationSchema),
    version: z.number().int(),
  })
  .openapi('BoardSettings');
const IdParam = z.object({ id: z.string().regex(/^[1-9]\d{0,8}$/, 'must be a station id').openapi({ param: { name: 'id', in: 'path' }, example: '2' }) });
const NAME = readableText({ max: 40 }).openapi({ example: 'Pizza oven' });
const NAME_IT = readableText({ max: 40 }).nullable().openapi({ description: 'Its name in Italian; null while not translated (Italian boards then show the English name).', example: 'Forno pizza' });

const read = createRoute({
  method: 'get',
  path: '/board-settings',
  tags,
  summary: 'When a ticket is late, and the stations',
  security: BEARER_AUTH,
  responses: { 200: json(SettingsSchema, 'The settings.'), ...errors(401, 403) },
});

const save = createRoute({
  method: 'put',
  path: '/admin/board-settings',
  tags,
  summary: 'When a ticket is late and very late (minutes; defaults 10 and 20)',
  security: BEARER_AUTH,
  request: { body: jsonBody(z.object({ version: VERSION, lateMinutes: MINUTES, veryLateMinutes: MINUTES }).strict().openapi('BoardSettingsChange')) },
  responses: { 200: json(SettingsSchema, 'The settings as they are now.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const add = createRoute({
  method: 'post',
  path: '/admin/stations',
  tags,
  summary: 'Add a station',
  security: BEARER_AUTH,
  request: { body: jsonBody(z.object({ name: NAME, nameIt: NAME_IT.default(null) }).strict().openapi('NewStation')) },
  responses: { 201: json(StationSchema, 'Added.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const change = createRoute({
  method: 'patch',
  path: '/admin/stations/{id}',
  tags,
  summary: 'Rename a station (in English or Italian), or make it the default one (where new categories go)',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(
      z
        .object({
          version: VERSION,
          name: NAME.optional(),
          nameIt: NAME_IT.optional(),
          isDefault: z.literal(true).optional(),
          italianReviewed: z.literal(true).optional().openapi({ description: 'The Italian still holds for the English as it is now: it is no longer to review.' }),
        })
        .strict()
        .openapi('StationChange'),
    ) },
  responses: { 200: json(StationSchema, 'The station as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/stations/{id}',
  tags,
  summary: 'Remove a station that nothing uses',
  description: 'Not the default station, and no category, display or order names it (409 `station_in_use`, saying which).',
  security: BEARER_AUTH,
  request: { params: IdParam, query: z.object({ version: z.string().regex(/^[1-9]\d{0,8}$/, 'must be the station’s version').openapi({ example: '1' }) }) },
  responses: { 204: { description: 'Removed.' }, ...errors(400, 401, 403, 404, 409) },
});

export function stationRoutes(db: Db, tokens: Tokens, clock: () => number) {
  const app = new OpenAPIHono<AuthEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: Context<AuthEnv>): Actor => ({ user: c.var.user, now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);

  app.openapi({ ...read, middleware: [requireCaller(callerOf({ tokens, db, clock }), ['Kitchen', 'Waiter', 'Admin'], KITCHEN_DISPLAY, BOARDS_ONLY)] }, async (c) => c.json(await readBoardSettings(db), 200));
  app.openapi({ ...save, middleware: [...admin, readJsonBody] }, async (c) => c.json(await updateBoardSettings(db, c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...add, middleware: [...admin, readJsonBody] }, async (c) => c.json(await createStation(db, c.req.valid('json'), actor(c)), 201));
  app.openapi({ ...change, middleware: [...admin, readJsonBody] }, async (c) => c.json(await updateStation(db, id(c), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...remove, middleware: admin }, async (c) => {
    await deleteStation(db, id(c), Number(c.req.valid('query').version), actor(c));
    return c.body(null, 204);
  });
  return app;
}
