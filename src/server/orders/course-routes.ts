// A table's order by course (by-course.ts): a waiter sends every course at once and fires the
// held ones when the table is ready; the pass may fire them too.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { COURSES } from '../../shared/courses.js';
import { ORDER_STAFF, type Order } from '../../shared/order-states.js';
import { callerOf, requireCaller, whoOf, type Caller, type CallerEnv } from '../displays/index.js';
import { readJsonBody } from '../http/json-body.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';
import { readableText } from '../http/readable-text.js';
import { fireCourse, placeByCourse } from './by-course.js';
import { announce, type OrderDeps } from './routes.js';
import { OrderSchema, TicketSchema } from './schemas.js';
import { ticketOf } from './tickets.js';

/** Said in the request's language, when refused. */
const TAKERS = () => t('A table’s order by course is taken by Kitchen or Waiter staff.');
/** Said in the request's language, when refused. */
const FIRERS = () => t('A held course is fired by a waiter, or from the pass.');

const TableParam = z.object({ table: z.string().regex(/^[1-9]\d{0,3}$/, 'must be a table number').openapi({ param: { name: 'table', in: 'path' }, example: '5' }) });
const CourseParam = TableParam.extend({ course: z.enum(COURSES.map(String) as [string, ...string[]]).openapi({ param: { name: 'course', in: 'path' }, example: '3' }) });
const COURSE = z.number().int().min(0).max(4);

const ByCourseSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            dishId: z.number().int().min(1),
            quantity: z.number().int().min(1).max(20),
            choices: z.array(z.number().int().min(1)).max(30).optional().openapi({ description: 'The options chosen (ids from the dish’s `choices`).' }),
            note: readableText({ min: 0, max: 200 }).optional().openapi({ description: 'For the kitchen, about this line.' }),
            course: COURSE.optional().openapi({ description: 'The line’s course when not its category’s: 0 at once, 1 antipasti, 2 primi, 3 secondi, 4 dolci.', example: 3 }),
            seat: z.number().int().min(1).max(50).optional().openapi({ description: 'The guest’s seat at the table, from 1.', example: 2 }),
          })
          .strict(),
      )
      .min(1)
      .max(60)
      .openapi({ description: '1 to 60 lines; the same dish is listed again only with other choices, another note, course or seat.' }),
    guests: z.number().int().min(1).max(50).optional().openapi({ description: 'How many are at the table: the party of a stay nobody seated, and the guests the cover charge counts.', example: 4 }),
  })
  .strict()
  .openapi('OrderByCourse');

const SentSchema = z.object({ orders: z.array(OrderSchema).openapi({ description: 'One order per course, what went at once first: `received` (at once and the first course) or `held` (the later ones).' }) }).openapi('SentByCourse');
const FiredSchema = z.object({ orders: z.array(z.union([OrderSchema, TicketSchema])).openapi({ description: 'The orders fired, now `received` (tickets, without prices, for the pass).' }) }).openapi('FiredCourse');

const send = createRoute({
  method: 'post',
  path: '/staff/tables/{table}/orders',
  tags: ['Orders'],
  summary: 'A waiter takes the table’s order by course',
  description:
    "Every course at once: each line goes to its category's course unless it names another. One order per course: what is at once (course 0, drinks) and the lowest course go to the kitchen now (`received`); each later course is `held`, shown on the kitchen's screens as coming, until it is fired. On the bill of what is at the table (a stay opens if nobody is seated; `guests` says how many). With an `Idempotency-Key` header, the same request sent again answers the same orders; the same key with another request is a 409.",
  security: BEARER_AUTH,
  request: {
    params: TableParam,
    body: jsonBody(ByCourseSchema),
    headers: z.object({ 'idempotency-key': z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/).optional().openapi({ description: 'Any unique string the client makes up per send.' }) }),
  },
  responses: { 201: json(SentSchema, 'Placed (or, for a repeated Idempotency-Key, placed before).'), ...errors(400, 401, 403, 409, 413, 415, 503) },
});

const fire = createRoute({
  method: 'post',
  path: '/staff/tables/{table}/courses/{course}/fire',
  tags: ['Orders'],
  summary: 'Fire a held course ("marcia il secondo")',
  description:
    'Every held order of that course on the table’s open bill moves to `received`: its tickets arrive on the stations’ screens, marked with the course, their time running from now. Firing twice fires once: the second is 409 `nothing_held`, which says who fired it; a course never held is the same 409.',
  security: BEARER_AUTH,
  request: { params: CourseParam },
  responses: { 200: json(FiredSchema, 'The orders fired.'), ...errors(401, 403, 404, 409) },
});

const courses = createRoute({
  method: 'get',
  path: '/staff/courses',
  tags: ['Orders'],
  summary: 'The course of each category, for the waiter’s pad',
  security: BEARER_AUTH,
  responses: { 200: json(z.object({ categories: z.array(z.object({ slug: z.string(), course: z.number().int() })) }).openapi('CategoryCourses'), 'Every category in menu order, with the course of its dishes.'), ...errors(401, 403) },
});

const forCaller = (caller: Caller) => (order: Order) => (caller.kind === 'display' ? ticketOf(order, { station: false }) : order);

export function courseRoutes(deps: Pick<OrderDeps, 'db' | 'events' | 'clock' | 'tokens' | 'timeZone' | 'bookingNotices'>) {
  const { db, events, clock } = deps;
  const app = new OpenAPIHono<CallerEnv>();
  const read = callerOf({ tokens: deps.tokens, db, clock });
  const takers = requireCaller(read, ORDER_STAFF, () => false, TAKERS);
  // As MOVES has it (held → received): the floor calls the courses, the kitchen cooks them.
  const firers = requireCaller(read, ['Waiter'], (display) => display.kind === 'pass', FIRERS);

  app.openapi({ ...courses, middleware: [takers] }, async (c) => c.json({ categories: await db.selectFrom('categories').select(['slug', 'course']).orderBy('position').execute() }, 200));

  app.openapi({ ...send, middleware: [takers, readJsonBody] }, async (c) => {
    const caller = c.var.caller as Extract<Caller, { kind: 'person' }>;
    const table = Number(c.req.valid('param').table);
    const sent = await placeByCourse(db, table, c.req.valid('json'), { key: c.req.valid('header')['idempotency-key'] ?? null, takenBy: { id: caller.user.id, name: caller.user.name }, now: clock(), timeZone: deps.timeZone });
    if (!sent.replayed) {
      await announce(events);
      void deps.bookingNotices.notify(undefined).catch(() => {});
    }
    return c.json({ orders: sent.orders }, 201);
  });

  app.openapi({ ...fire, middleware: [firers] }, async (c) => {
    const { table, course } = c.req.valid('param');
    const fired = await fireCourse(db, Number(table), Number(course), { by: whoOf(c.var.caller).name, now: clock() });
    await announce(events);
    return c.json({ orders: fired.orders.map(forCaller(c.var.caller)) }, 200);
  });

  return app;
}
