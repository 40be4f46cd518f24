// The Admin's close of the day: GET /admin/close?date= (the day's money by method, tips,
// covers and the average per cover, the VAT by rate, the bills still open, the cash expected,
// and the close once made), POST /admin/close (the cash counted: the day is closed, the
// difference kept) and POST /admin/close/{date}/reopen. A closed day takes no payment until
// it is reopened; both are recorded in the activity list.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { PAYMENT_METHODS } from '../../shared/bills.js';
import { recordActivity } from '../activity/index.js';
import { requireRole, requireUser, type AuthEnv, type Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { t } from '../http/language.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import { closeOf, dateAt, dayClose, dayWords, firstOrderDate, paymentsCsv } from './close.js';

const tags = ['Bills'];
const ADMIN_ONLY = () => t('Only the Admin can close the day.');
const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'must be a real date');
const RATE = z.object({ rateBp: z.number().int(), grossCents: z.number().int(), vatCents: z.number().int() });

const DayCloseSchema = z
  .object({
    date: z.string(),
    from: z.string(),
    to: z.string(),
    methods: z
      .array(z.object({ method: z.enum(PAYMENT_METHODS), methodName: z.string().nullable(), count: z.number().int(), amountCents: z.number().int(), tipsCents: z.number().int() }))
      .openapi({ description: 'Payments taken that day, by method: card, cash, then each `other` method by its `methodName` (trimmed; the same name in any letter case is one row, named as first written), the unnamed last. `methodName` is null for card and cash.' }),
    takenCents: z.number().int(),
    tipsCents: z.number().int(),
    bills: z.number().int().openapi({ description: 'Bills paid in full that day.' }),
    covers: z.number().int(),
    averagePerCoverCents: z.number().int().nullable(),
    vat: z.array(RATE).openapi({ description: 'The VAT inside the bills paid that day, by rate (each bill rounded as it said it).' }),
    discounts: z.array(z.object({ billId: z.number().int(), table: z.number().int().nullable(), amountCents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })).openapi({ description: 'Discounts given that day, with why and who.' }),
    removed: z
      .array(z.object({ billId: z.number().int(), table: z.number().int().nullable(), name: z.string(), quantity: z.number().int(), amountCents: z.number().int(), started: z.boolean(), reason: z.string(), by: z.string(), at: z.string() }))
      .openapi({ description: 'Dishes taken off bills that day (`started`: the kitchen had begun them), with why and who.' }),
    refunds: z.array(z.object({ billId: z.number().int(), table: z.number().int().nullable(), amountCents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })).openapi({ description: 'Money given back that day (negative amounts), with why and who.' }),
    openBills: z.array(z.object({ id: z.number().int(), table: z.number().int().nullable(), openedAt: z.string(), totalCents: z.number().int(), remainingCents: z.number().int() })).openapi({ description: 'Bills not paid yet, from any day: to settle or carry.' }),
    expectedCashCents: z.number().int().openapi({ description: 'The cash payments and their tips: what the drawer should hold.' }),
    closed: z
      .object({ countedCashCents: z.number().int(), expectedCashCents: z.number().int(), differenceCents: z.number().int(), by: z.string(), at: z.string() })
      .nullable()
      .openapi({ description: 'Once closed: the cash counted, what was expected then, the difference (counted less expected), who and when.' }),
  })
  .openapi('DayClose');

const read = createRoute({
  method: 'get',
  path: '/admin/close',
  tags,
  summary: 'The day’s money, to close it',
  security: BEARER_AUTH,
  request: { query: z.object({ date: DATE.optional().openapi({ description: "The restaurant's date; today when absent." }) }) },
  responses: { 200: json(DayCloseSchema, 'The day.'), ...errors(400, 401, 403) },
});

const close = createRoute({
  method: 'post',
  path: '/admin/close',
  tags,
  summary: 'Close the day with the cash counted',
  description:
    'The day’s figures are kept as they are now with the cash counted; the difference is counted less expected. A closed day takes no payment (409 `day_closed`) until it is reopened. 409 `day_closed` if it is closed already (reopened, it closes again). 400 `invalid_field` (`date`) for a day that has not begun in the restaurant’s time zone, and for a day before the restaurant’s first order (with none yet, only today closes).',
  security: BEARER_AUTH,
  request: { body: jsonBody(z.object({ date: DATE, countedCashCents: z.number().int().min(0).max(100_000_000) }).strict().openapi('DayCloseRequest')) },
  responses: { 201: json(DayCloseSchema, 'Closed.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const reopen = createRoute({
  method: 'post',
  path: '/admin/close/{date}/reopen',
  tags,
  summary: 'Reopen a closed day',
  security: BEARER_AUTH,
  request: { params: z.object({ date: DATE.openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-21' }) }) },
  responses: { 200: json(DayCloseSchema, 'Open again.'), ...errors(400, 401, 403, 409) },
});

const csv = createRoute({
  method: 'get',
  path: '/admin/close.csv',
  tags,
  summary: 'The day’s payments as CSV, for the accountant',
  security: BEARER_AUTH,
  request: { query: z.object({ date: DATE.optional().openapi({ description: "The restaurant's date; today when absent." }) }) },
  responses: { 200: { description: 'One line per payment (refunds negative), oldest first (RFC 4180, UTF-8), every time on the restaurant’s wall clock (its `TIME_ZONE`): in English ISO 8601 with the offset then (`2026-11-21T21:04:54+01:00`); an `other` method named as the close names it. In Italian (`lang=it` or Accept-Language), as a spreadsheet in Italian opens it: semicolons, a decimal comma, the wall-clock time as `2026-11-21 21:04:54`, Italian headers and words, a byte-order mark.', content: { 'text/csv': { schema: z.string() } } }, ...errors(400, 401, 403) },
});

/** A day with its year, for a day that may be far off: "Thursday 1 January 2099". */
const dayAndYear = (date: string) => `${dayWords(date)} ${date.slice(0, 4)}`;

/**
 * Refuses (400 on `date`) a day that cannot be closed: one that has not begun in the
 * restaurant's time zone by the server's clock (its money is not in yet), or one before the
 * restaurant's first order (nothing was taken then; with no order yet, only today).
 */
async function mustBeClosable(db: Db, date: string, now: number, timeZone: string) {
  const today = dateAt(now, timeZone);
  const refuse = (message: string) => new ApiError(400, 'invalid_field', message, { field: 'date' });
  if (date > today) throw refuse(t('{date} has not begun yet: only a day that has begun can be closed.', { date: dayAndYear(date) }));
  if (date === today) return;
  const first = await firstOrderDate(db, timeZone);
  if (first === null) throw refuse(t('The restaurant has taken no order yet: before today there is nothing to close.'));
  if (date < first) throw refuse(t('{date} is before the restaurant’s first order ({first}): there is nothing to close.', { date: dayAndYear(date), first: dayAndYear(first) }));
}

export function closeRoutes({ db, tokens, clock, timeZone }: { db: Db; tokens: Tokens; clock: () => number; timeZone: string }) {
  const app = new OpenAPIHono<AuthEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  app.use('/admin/close', withHeaders(NO_STORE));
  app.openapi({ ...read, middleware: admin }, async (c) => c.json(await dayClose(db, c.req.valid('query').date ?? dateAt(clock(), timeZone), timeZone), 200));
  app.openapi({ ...csv, middleware: admin }, async (c) => {
    const date = c.req.valid('query').date ?? dateAt(clock(), timeZone);
    c.header('Content-Disposition', `attachment; filename="tavola-payments-${date}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(await paymentsCsv(db, date, timeZone), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });
  app.openapi({ ...close, middleware: [...admin, readJsonBody] }, async (c) => {
    const { date, countedCashCents } = c.req.valid('json');
    const now = clock();
    await mustBeClosable(db, date, now, timeZone);
    const closed = await db.transaction().execute(async (trx) => {
      if (await closeOf(trx, date)) throw new ApiError(409, 'day_closed', t('{date} is closed already: reopen it first to close it again.', { date: dayWords(date) }), { more: { close: await dayClose(trx, date, timeZone) } });
      const day = await dayClose(trx, date, timeZone);
      await trx.insertInto('day_closes').values({ date, counted_cash_cents: countedCashCents, expected_cash_cents: day.expectedCashCents, closed_by: c.var.user.name, closed_ms: now }).execute();
      await recordActivity(trx, { by: c.var.user, at: now, action: 'day.closed', subject: { title: 'day' }, before: null, after: { date, countedCashCents, expectedCashCents: day.expectedCashCents, takenCents: day.takenCents, tipsCents: day.tipsCents } });
      return dayClose(trx, date, timeZone);
    });
    return c.json(closed, 201);
  });
  app.openapi({ ...reopen, middleware: admin }, async (c) => {
    const { date } = c.req.valid('param');
    const now = clock();
    const open = await db.transaction().execute(async (trx) => {
      const before = await closeOf(trx, date);
      if (!before) throw new ApiError(409, 'day_open', t('{date} is not closed.', { date: dayWords(date) }));
      await trx.deleteFrom('day_closes').where('date', '=', date).execute();
      await recordActivity(trx, { by: c.var.user, at: now, action: 'day.reopened', subject: { title: 'day' }, before: { date, countedCashCents: before.counted_cash_cents, expectedCashCents: before.expected_cash_cents }, after: null });
      return dayClose(trx, date, timeZone);
    });
    return c.json(open, 200);
  });
  return app;
}
