// The floor. The Admin's: GET /admin/tables (every table, with its code for the printed QR
// codes), POST /admin/tables, PATCH /admin/tables/{number}, POST /admin/tables/{number}/code
// (a new code: the old QR code stops working). Everyone's: GET /table-codes/{code}, which
// table a scanned code belongs to.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import type { Actor } from '../activity/index.js';
import { createTable, listTables, renewTableCode, tableByCode, updateTable } from './store.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { readJsonBody } from '../http/json-body.js';
import { readableText } from '../http/readable-text.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';
import { PLAN_COLUMNS, PLAN_ROWS, TABLE_SHAPES } from '../../shared/floor-plan.js';

/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can manage the tables.');
const tags = ['Tables'];

const TableSchema = z
  .object({
    number: z.number().int(),
    label: z.string().openapi({ example: 'Terrace 3' }),
    seats: z.number().int(),
    active: z.boolean().openapi({ description: 'False once taken off the floor: no orders to it.' }),
    code: z.string().openapi({ description: 'The secret its QR code carries (the site address `/table/<code>`).' }),
    plan: z.object({ x: z.number().int(), y: z.number().int() }).nullable().openapi({ description: 'Its place on the floor plan: a column (0 at the left) and a row (0 at the top); null until placed (the plan shows it in the first free place).' }),
    shape: z.enum(TABLE_SHAPES),
    joinsWith: z.array(z.number().int()).openapi({ description: 'The tables it may be pushed together with for a party larger than one table (the host stand joins them; online bookings take a join for such a party).', example: [2] }),
    version: z.number().int(),
  })
  .openapi('Table');

const NumberParam = z.object({
  number: z.string().regex(/^[1-9]\d{0,3}$/, 'must be a table number from 1 to 9999').openapi({ param: { name: 'number', in: 'path' }, example: '7' }),
});
const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the table as it is now.' });
const LABEL = readableText({ max: 40 }).openapi({ example: 'Terrace 3' });
const SEATS = z.number().int().min(1).max(50);
const PLACE = z.object({ x: z.number().int().min(0).max(PLAN_COLUMNS - 1), y: z.number().int().min(0).max(PLAN_ROWS - 1) }).strict().openapi({ description: `A place on the ${PLAN_COLUMNS} × ${PLAN_ROWS} floor plan; another table there is a 409 \`place_taken\`.`, example: { x: 2, y: 1 } });

const list = createRoute({
  method: 'get',
  path: '/admin/tables',
  tags,
  summary: 'Every table by number, with its code',
  security: BEARER_AUTH,
  responses: { 200: json(z.object({ tables: z.array(TableSchema) }).openapi('Tables'), 'The floor.'), ...errors(401, 403) },
});

const add = createRoute({
  method: 'post',
  path: '/admin/tables',
  tags,
  summary: 'Add a table (with a new code)',
  security: BEARER_AUTH,
  request: { body: jsonBody(z.object({ number: z.number().int().min(1).max(9999), label: LABEL.optional(), seats: SEATS.default(4) }).strict().openapi('NewTable')) },
  middleware: [readJsonBody],
  responses: { 201: json(TableSchema, 'Added.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const change = createRoute({
  method: 'patch',
  path: '/admin/tables/{number}',
  tags,
  summary: 'Label, seats, shape, its place on the plan, the tables it may join, or take off the floor and back',
  description: '`joinsWith` replaces the tables it may join (each pair is both tables’; a table that gains or loses one takes a new version too). A table not on the floor joins nothing until it is back.',
  security: BEARER_AUTH,
  request: { params: NumberParam, body: jsonBody(z.object({ version: VERSION, label: LABEL.optional(), seats: SEATS.optional(), active: z.boolean().optional(), joinsWith: z.array(z.number().int().min(1).max(9999)).max(20).optional(), plan: PLACE.nullable().optional(), shape: z.enum(TABLE_SHAPES).optional() }).strict().openapi('TableChange')) },
  middleware: [readJsonBody],
  responses: { 200: json(TableSchema, 'The table as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const renew = createRoute({
  method: 'post',
  path: '/admin/tables/{number}/code',
  tags,
  summary: 'A new code: the printed QR code stops working at once',
  security: BEARER_AUTH,
  request: { params: NumberParam, body: jsonBody(z.object({ version: VERSION }).strict().openapi('TableVersion')) },
  middleware: [readJsonBody],
  responses: { 200: json(TableSchema, 'The table with its new code.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const byCode = createRoute({
  method: 'get',
  path: '/table-codes/{code}',
  tags,
  summary: 'Which table a scanned code belongs to (no sign-in needed)',
  description: 'A code that was renewed, or a table taken off the floor, is a 404 `table_code_unknown`.',
  request: { params: z.object({ code: z.string().min(1).max(100).openapi({ param: { name: 'code', in: 'path' } }) }) },
  responses: { 200: json(z.object({ number: z.number().int(), label: z.string() }).openapi('TableOfCode'), 'The table.'), ...errors(400, 404) },
});

export function tableRoutes(db: Db, tokens: Tokens, clock: () => number) {
  const app = new OpenAPIHono<AuthEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: Context<AuthEnv>): Actor => ({ user: c.var.user, now: clock() });
  const number = (c: { req: { valid(target: 'param'): { number: string } } }) => Number(c.req.valid('param').number);

  app.openapi({ ...list, middleware: admin }, async (c) => c.json({ tables: await listTables(db) }, 200));
  app.openapi({ ...add, middleware: [...admin, readJsonBody] }, async (c) => c.json(await createTable(db, c.req.valid('json'), actor(c)), 201));
  app.openapi({ ...change, middleware: [...admin, readJsonBody] }, async (c) => c.json(await updateTable(db, number(c), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...renew, middleware: [...admin, readJsonBody] }, async (c) => c.json(await renewTableCode(db, number(c), c.req.valid('json').version, actor(c)), 200));
  app.openapi(byCode, async (c) => c.json(await tableByCode(db, c.req.valid('param').code), 200));
  return app;
}
