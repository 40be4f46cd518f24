// GET /admin/day?date=YYYY-MM-DD (the day's numbers, and the same weekday a week before),
// GET /admin/day.csv?date=YYYY-MM-DD (that day's orders) and GET /admin/overview (today at a
// glance): Admin only. The date is the restaurant's, in its time zone; without one, today.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { dateOf, dayFigures, dayOrdersCsv, restaurantDate } from './store.js';
import { overview } from './overview.js';
import { CoversSchema } from '../bookings/index.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { BEARER_AUTH, errors, json } from '../http/openapi.js';
import { t } from '../http/language.js';

/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can see the day’s numbers.');
const tags = ['Restaurant'];

const DateQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'must be a real date')
    .optional()
    .openapi({ description: "The restaurant's date; today when absent.", example: '2026-11-21' }),
});

const Figures = z.object({
  date: z.string(),
  from: z.string(),
  to: z.string(),
  placed: z.number().int(),
  served: z.number().int(),
  cancelled: z.number().int(),
  takingsCents: z.number().int(),
  takenCents: z.number().int().openapi({ description: 'The money taken that day: its payments (refunds negative), beside the served orders’ takings.' }),
  averageTicketCents: z.number().int().nullable(),
  perHour: z.array(z.object({ hour: z.string(), orders: z.number().int() })),
  topDishes: z.array(z.object({ dishId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  medianMinutes: z.object({ receivedToReady: z.number().nullable(), readyToServed: z.number().nullable() }),
  covers: CoversSchema,
});

const day = createRoute({
  method: 'get',
  path: '/admin/day',
  tags,
  summary: "The day's numbers, beside the same weekday a week before",
  description:
    'Placed, served and cancelled orders; takings (served orders) and the average ticket; orders per hour of the wall clock (23 or 25 hours on the days the clocks change); the ten dishes ordered most (cancelled orders left out); median minutes from received to ready and from ready to served; the guests of the day’s bookings (booked, arrived, no-show).',
  security: BEARER_AUTH,
  request: { query: DateQuery },
  responses: { 200: json(Figures.extend({ timeZone: z.string(), weekBefore: Figures.openapi({ description: 'The same figures for the same weekday a week before (its `topDishes` left empty).' }) }).openapi('DayFigures'), 'The day.'), ...errors(400, 401, 403) },
});

const csv = createRoute({
  method: 'get',
  path: '/admin/day.csv',
  tags,
  summary: "The day's orders as CSV",
  security: BEARER_AUTH,
  request: { query: DateQuery },
  responses: { 200: { description: 'One line per order, oldest first (RFC 4180, UTF-8), every time on the restaurant’s wall clock (its `TIME_ZONE`): in English ISO 8601 with the offset then (`2026-11-21T21:04:54+01:00`). In Italian (`lang=it` or Accept-Language), as a spreadsheet in Italian opens it: semicolons, a decimal comma, the wall-clock time as `2026-11-21 21:04:54`, Italian headers and words, a byte-order mark.', content: { 'text/csv': { schema: z.string() } } }, ...errors(400, 401, 403) },
});

const OverviewSchema = z
  .object({
    date: z.string(),
    at: z.string(),
    timeZone: z.string().openapi({ description: "The restaurant's (IANA), for the times on its wall clock." }),
    covers: CoversSchema,
    openOrders: z.object({ received: z.number().int(), preparing: z.number().int(), ready: z.number().int() }),
    takings: z.object({ cents: z.number().int(), weekBeforeCents: z.number().int(), weekBeforeDate: z.string(), takenCents: z.number().int().openapi({ description: 'Money taken in payments today until now (refunds negative).' }), weekBeforeTakenCents: z.number().int() }),
    soldOut: z.object({ count: z.number().int(), dishes: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
    screens: z.object({ paired: z.number().int(), online: z.number().int(), quiet: z.array(z.object({ id: z.number().int(), name: z.string(), lastSeenAt: z.string().nullable() })) }),
    nextBookings: z.array(z.object({ id: z.number().int(), time: z.string(), party: z.number().int(), name: z.string(), table: z.number().int().nullable() })),
  })
  .openapi('Overview');

const overviewRoute = createRoute({
  method: 'get',
  path: '/admin/overview',
  tags,
  summary: 'Today at a glance',
  description:
    "Guests of today's bookings (booked, arrived); orders not yet served or cancelled, by state; takings (served orders) placed today until now and the money taken in payments, each beside the same weekday a week before until the same time of day; dishes marked sold out (20 named); paired screens with their stream open, and those gone quiet; today's next five bookings not yet arrived.",
  security: BEARER_AUTH,
  responses: { 200: json(OverviewSchema, 'Today, now.'), ...errors(401, 403) },
});

export function dayFigureRoutes(db: Db, tokens: Tokens, { clock, timeZone }: { clock: () => number; timeZone: string }) {
  const app = new OpenAPIHono<AuthEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const dateFrom = (date: string | undefined) => date ?? restaurantDate(clock(), timeZone);

  app.openapi({ ...day, middleware: admin }, async (c) => {
    const date = dateFrom(c.req.valid('query').date);
    const weekBefore = dateOf(Date.parse(`${date}T00:00:00Z`) / 86_400_000 - 7);
    const [figures, before] = await Promise.all([dayFigures(db, date, timeZone), dayFigures(db, weekBefore, timeZone, { dishes: false })]);
    c.header('Cache-Control', 'no-store');
    return c.json({ ...figures, timeZone, weekBefore: before }, 200);
  });

  app.openapi({ ...overviewRoute, middleware: admin }, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await overview(db, clock(), timeZone), 200);
  });

  app.openapi({ ...csv, middleware: admin }, async (c) => {
    const date = dateFrom(c.req.valid('query').date);
    return c.body(await dayOrdersCsv(db, date, timeZone), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tavola-orders-${date}.csv"`,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
