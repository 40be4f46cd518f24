// The bills as the floor runs them: GET /staff/bills (the open ones), GET /staff/bills/{id} (with `ways`,
// what remains split evenly), PATCH /staff/bills/{id} (the guests the cover charge counts)
// and POST /staff/bills/{id}/payments (money taken, with an Idempotency-Key). Waiter and
// Admin staff take payments; a paired host stand reads bills only. Every change is recorded
// with who made it.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { MOST_SHARES, PAYMENT_METHODS, splitByLines, splitEvenly, type Bill } from '../../shared/bills.js';
import type { Actor } from '../activity/index.js';
import type { Tokens } from '../auth/index.js';
import type { Booker } from '../bookings/index.js';
import { callerOf, HOST_DISPLAY, requireCaller, whoOf, type CallerEnv } from '../displays/index.js';
import { ApiError } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { language, t } from '../http/language.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { readableText } from '../http/readable-text.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import { euros } from '../http/euros.js';
import { giveDiscount, giveRefund, joinBills, setCovers, takePayment } from './pay.js';
import { billRow, billView } from './store.js';
import { moveLine, removeLine } from './lines.js';
import { emailPreBill } from './email.js';

const tags = ['Bills'];
const READERS_ONLY = () => t('Only Waiter and Admin staff, and paired host stands, can see bills.');
const PAYERS_ONLY = () => t('Only Waiter and Admin staff can take payments and change a bill.');
const REFUNDS_ADMIN_ONLY = () => t('Only the Admin can give money back.');
const CENTS = z.number().int().min(0).max(100_000_000);
export const VERSION = z.number().int().min(1).openapi({ description: 'The bill’s version the change is based on: an older one is a 409 `conflict` with the `bill` as it is now.' });

const PaymentSchema = z
  .object({
    id: z.number().int(),
    amountCents: z.number().int(),
    tipCents: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    methodName: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: 'Why money was given back: a refund’s amount is negative.' }),
    tenderedCents: z.number().int().nullable().openapi({ description: 'Cash handed over (null for a card or another method).' }),
    changeCents: z.number().int().nullable().openapi({ description: 'Cash given back: tendered less the amount and the tip.' }),
    takenBy: z.string(),
    at: z.string(),
  })
  .openapi('Payment');

export const BillSchema = z
  .object({
    id: z.number().int(),
    table: z.number().int().nullable().openapi({ description: 'Null for a pickup order’s bill.' }),
    bookingId: z.number().int().nullable().openapi({ description: 'The stay it belongs to, when a party was seated at the table.' }),
    guest: z.string().nullable(),
    status: z.enum(['open', 'paid', 'joined']),
    joinedInto: z.number().int().nullable().openapi({ description: 'Once joined to another table’s bill: that bill (its orders, payments and discounts are there now).' }),
    joined: z.array(z.object({ id: z.number().int(), table: z.number().int().nullable(), bookingId: z.number().int().nullable() })).openapi({ description: 'The bills joined to this one: their tables and stays, whose bill this is now.' }),
    openedAt: z.string(),
    closedAt: z.string().nullable(),
    askedAt: z.string().nullable().openapi({ description: 'When a guest at the table asked for the bill from its QR code’s page.' }),
    orders: z.array(z.number().int()).openapi({ description: 'The orders on it, by number.' }),
    lines: z.array(z.object({ key: z.string().openapi({ description: 'Names the line in a move or a removal.' }), dishId: z.number().int(), name: z.string(), quantity: z.number().int(), unitCents: z.number().int(), totalCents: z.number().int(), vatBp: z.number().int().openapi({ description: 'Its VAT rate in hundredths of a percent (1000: 10 %).' }) })).openapi({ description: 'The dishes ordered (not those of cancelled orders), with the moves and removals in `changes` counted: the same dish at the same price with the same choices on one line.' }),
    changes: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.enum(['moved', 'removed']),
          name: z.string(),
          quantity: z.number().int().openapi({ description: 'Less (negative) or more (moved here).' }),
          unitCents: z.number().int(),
          otherBill: z.number().int().nullable(),
          otherTable: z.number().int().nullable(),
          reason: z.string().nullable(),
          started: z.boolean().openapi({ description: 'The kitchen had started it when it was taken off.' }),
          by: z.string(),
          at: z.string(),
        }),
      )
      .openapi({ description: 'Lines moved here or away (the guests moved), and taken off with why; `lines` counts them.' }),
    covers: z.number().int().nullable().openapi({ description: 'Guests the cover charge counts: the party seated, unless the waiter set it; null when not known.' }),
    coverCents: z.number().int().openapi({ description: 'The cover charge per guest when the bill opened (the owner’s `coverCents`).' }),
    coverTotalCents: z.number().int(),
    discounts: z.array(z.object({ id: z.number().int(), amountCents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })).openapi({ description: 'Amounts taken off, each with why and who.' }),
    discountCents: z.number().int(),
    totalCents: z.number().int().openapi({ description: 'Every line and the cover charge, less the discounts, VAT included.' }),
    vat: z.array(z.object({ rateBp: z.number().int(), grossCents: z.number().int(), vatCents: z.number().int() })).openapi({ description: 'The VAT inside the total, by rate.' }),
    paidCents: z.number().int(),
    tipsCents: z.number().int(),
    remainingCents: z.number().int(),
    payments: z.array(PaymentSchema),
    version: z.number().int(),
    shares: z.array(z.number().int()).optional().openapi({ description: 'With `ways`: what remains in that many shares, a cent apart at most, adding up to it exactly.' }),
  })
  .openapi('Bill');

export const IdParam = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a bill number').openapi({ param: { name: 'id', in: 'path' }, example: '3' }) });
export const TableParam = z.object({ table: z.string().regex(/^[1-9]\d{0,3}$/, 'must be a table number').openapi({ param: { name: 'table', in: 'path' }, example: '7' }) });

const open = createRoute({
  method: 'get',
  path: '/staff/bills',
  tags,
  summary: 'The open bills, by table',
  security: BEARER_AUTH,
  responses: { 200: json(z.object({ bills: z.array(BillSchema) }).openapi('OpenBills'), 'Every bill not paid yet.'), ...errors(401, 403) },
});

const one = createRoute({
  method: 'get',
  path: '/staff/bills/{id}',
  tags,
  summary: 'A bill, open or paid',
  security: BEARER_AUTH,
  request: { params: IdParam, query: z.object({ ways: z.string().regex(/^([1-9]|1\d|20)$/, `must be a number of shares from 1 to ${MOST_SHARES}`).optional().openapi({ description: 'Split what remains evenly in this many shares (`shares`).' }) }) },
  responses: { 200: json(BillSchema, 'The bill.'), ...errors(400, 401, 403, 404) },
});

const change = createRoute({
  method: 'patch',
  path: '/staff/bills/{id}',
  tags,
  summary: 'Count the guests for the cover charge',
  description: 'The guests the cover charge counts. Fewer never bring the bill below what is paid, nor below nothing once its discounts are off: 409 `less_than_paid` (give money back instead). A bill partly paid that fewer guests leave with nothing to pay is settled, as a last payment would (409 `day_closed` on a closed day). 409 `conflict` (stale version) with the `bill`.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, covers: z.number().int().min(0).max(500) }).strict().openapi('BillChange')) },
  responses: { 200: json(BillSchema, 'The bill as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const pay = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/payments',
  tags,
  summary: 'Take a payment',
  description:
    'An amount up to what remains (400 `invalid_field` over it; a tip goes in `tipCents`), by cash (with `tenderedCents`, the change is answered), card on the restaurant’s own terminal, or another method named in `methodName`. Paid in full, the bill closes and the stay it belongs to finishes: the table is free on the host stand and online. With an `Idempotency-Key` header, sending the same payment again answers it instead of taking it twice; the same key with another request is a 409. A stale `version` is a 409 `conflict` with the `bill`; a closed bill is a 409 `bill_closed`. Money is not taken online here: a card is taken on the restaurant’s terminal and recorded.',
  security: BEARER_AUTH,
  request: {
    params: IdParam,
    headers: z.object({ 'idempotency-key': z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/).optional().openapi({ description: 'Any unique string the client makes up per payment, e.g. a UUID.' }) }),
    body: jsonBody(
      z
        .object({
          version: VERSION,
          amountCents: z.number().int().min(1).max(100_000_000).openapi({ description: 'Toward the bill, in cents.' }),
          tipCents: CENTS.optional(),
          method: z.enum(PAYMENT_METHODS),
          methodName: readableText({ max: 40 }).optional().openapi({ description: 'What an `other` method is.' }),
          tenderedCents: CENTS.optional().openapi({ description: 'Cash handed over: at least the amount and the tip.' }),
        })
        .strict()
        .openapi('NewPayment'),
    ),
  },
  responses: { 201: json(z.object({ bill: BillSchema, payment: PaymentSchema }).openapi('PaymentTaken'), 'Taken (or, for a repeated Idempotency-Key, taken before).'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const byLines = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/split-by-lines',
  tags,
  summary: 'Split a bill by what each guest had',
  description:
    'A row of whole-number weights per line of the bill, in its order, one weight per guest (2 to 20): a line of 3 split 1 + 2 is `[1, 2]`, a bottle in halves `[1, 1]`, a dish one guest had `[0, 1, 0]`. Each line is shared out in proportion to the cent, the cover charge evenly: that is what each guest had. What remains (after the discounts, refunds and payments already taken) is then shared out in proportion to it, so `shares` add up to `remainingCents` exactly. Nothing is written: each share is then paid as an amount. 400 for rows that do not match the bill or a line nobody had; 409 `conflict` (stale version) with the `bill`.',
  security: BEARER_AUTH,
  request: {
    params: IdParam,
    body: jsonBody(z.object({ version: VERSION, lines: z.array(z.array(z.number().int().min(0).max(100)).min(2).max(MOST_SHARES)).min(1).max(500) }).strict().openapi('SplitByLines')),
  },
  responses: { 200: json(z.object({ shares: z.array(z.number().int()), bill: BillSchema }).openapi('SplitShares'), 'Each guest’s share.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const discount = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/discounts',
  tags,
  summary: 'Take an amount off the bill, with why',
  description: 'Up to what remains. A Waiter gives up to the owner’s `discountLimitCents` per bill (its discounts together): more is 403 `admin_only`. A discount that leaves nothing to pay on a bill partly paid closes it. 409 `conflict` (stale version) with the `bill`.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, amountCents: z.number().int().min(1).max(100_000_000), reason: readableText({ min: 2, max: 200 }) }).strict().openapi('NewDiscount')) },
  responses: { 201: json(BillSchema, 'The bill with the discount.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const refund = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/refunds',
  tags,
  summary: 'Give money back on a paid bill (the Admin’s)',
  description: 'A negative payment with its reason and method, and the same amount off the bill, in one act: the bill stays paid and adds up. At most what was paid (400); a bill not paid yet is 409 `bill_open`; a stale version 409 `conflict`.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, amountCents: z.number().int().min(1).max(100_000_000), reason: readableText({ min: 2, max: 200 }), method: z.enum(PAYMENT_METHODS) }).strict().openapi('NewRefund')) },
  responses: { 201: json(BillSchema, 'The bill with the refund.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const join = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/join',
  tags,
  summary: 'Join another table’s bill to this one (a party spread over two tables)',
  description: 'The other bill’s orders, payments and discounts move here, its guests are counted here, and it becomes `joined` (`joinedInto` this one): its table’s later orders come here too, and paying this one in full finishes both stays. Both versions are named: a stale one is a 409 `conflict` with that `bill`; a bill not open is a 409 `bill_closed`.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, other: z.number().int().min(1), otherVersion: VERSION }).strict().openapi('BillJoin')) },
  responses: { 200: json(BillSchema, 'This bill with the other’s lines.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const LINE = z.string().min(1).max(4000).openapi({ description: 'The line’s `key`, as the bill gave it.' });

const moveOne = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/line-moves',
  tags,
  summary: 'Move dishes of a line to another table’s bill (the guests moved)',
  description: 'Some or all of a line go to the open bill of `toTable` (opened if it has none); the orders stay as the kitchen had them. 400 for a line not on the bill now, more than it has, or a table not on the floor (or whose bill is this one); 409 `conflict` (stale version) with the `bill`, or `less_than_paid` when what is paid already would be more than the bill then.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, line: LINE, quantity: z.number().int().min(1).max(1000), toTable: z.number().int().min(1).max(9999) }).strict().openapi('LineMove')) },
  responses: { 200: json(z.object({ bill: BillSchema, to: BillSchema }).openapi('LineMoved'), 'This bill and the one the dishes went to.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const removeOne = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/line-removals',
  tags,
  summary: 'Take dishes of a line off the bill, with why',
  description: 'A Waiter’s while the kitchen has not started the dish; once it has, the Admin’s (403 `admin_only`). The orders stay as the kitchen had them; the day’s close lists what was taken off, by whom and why. 409 `less_than_paid` when what is paid already would be more than the bill then (give money back instead), `conflict` (stale version) with the `bill`. A bill partly paid that this leaves with nothing to pay is settled.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, line: LINE, quantity: z.number().int().min(1).max(1000), reason: readableText({ min: 2, max: 200 }) }).strict().openapi('LineRemoval')) },
  responses: { 201: json(BillSchema, 'The bill without them.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const email = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/email',
  tags,
  summary: 'E-mail the pre-bill to a guest',
  description: 'Written to the outbox (sent when the mail server takes it, retried until then; the Admin’s E-mails page follows it) in `lang`, or in the request’s language: the restaurant’s registered name, address and VAT number, the lines, the cover charge, the discounts, the total with its VAT by rate, what is paid and what remains, "not a fiscal receipt". Recorded with who sent it.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ email: z.string().max(200).email(), lang: z.enum(['en', 'it']).optional() }).strict().openapi('PreBillEmail')) },
  responses: { 202: json(BillSchema, 'Written to the outbox: the bill as it was sent.'), ...errors(400, 401, 403, 404, 413, 415) },
});

export function billRoutes({ booker, tokens }: { booker: Booker; tokens: Tokens }) {
  const { db, clock } = booker;
  const app = new OpenAPIHono<CallerEnv>();
  const caller = callerOf({ tokens, db, clock });
  const { readers, payers } = billCallers(caller);
  const actor = (c: { var: CallerEnv['Variables'] }): Actor => ({ user: whoOf(c.var.caller), now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);
  const found = async (billId: number) => {
    const row = await billRow(db, billId);
    if (!row) throw new ApiError(404, 'not_found', t('There is no bill {id}.', { id: billId }));
    return row;
  };
  app.use('/staff/bills', withHeaders(NO_STORE));
  app.use('/staff/bills/*', withHeaders(NO_STORE));
  app.openapi({ ...open, middleware: readers }, async (c) => {
    const rows = await db.selectFrom('bills').selectAll().where('status', '=', 'open').orderBy('id').execute();
    // Tables by number, then pickups (both databases alike: they put nulls apart differently).
    rows.sort((a, b) => (a.table_number ?? Number.MAX_SAFE_INTEGER) - (b.table_number ?? Number.MAX_SAFE_INTEGER));
    return c.json({ bills: await Promise.all(rows.map((row) => billView(db, row))) }, 200);
  });
  app.openapi({ ...one, middleware: readers }, async (c) => {
    const bill = await billView(db, await found(id(c)));
    const ways = c.req.valid('query').ways;
    return c.json(ways ? { ...bill, shares: splitEvenly(Math.max(bill.remainingCents, 0), Number(ways)) } : bill, 200);
  });
  app.openapi({ ...change, middleware: [...payers, readJsonBody] }, async (c) => c.json(await setCovers(booker, id(c), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...byLines, middleware: [...readers, readJsonBody] }, async (c) => {
    const bill = await billView(db, await found(id(c)));
    const { version, lines } = c.req.valid('json');
    return c.json({ shares: checkSplit(bill, version, lines), bill }, 200);
  });
  app.openapi({ ...discount, middleware: [...payers, readJsonBody] }, async (c) => {
    const caller = c.var.caller;
    return c.json(await giveDiscount(booker, id(c), c.req.valid('json'), { ...actor(c), role: caller.kind === 'person' ? caller.user.role : '' }), 201);
  });
  app.openapi({ ...refund, middleware: [requireCaller(caller, ['Admin'], () => false, REFUNDS_ADMIN_ONLY), readJsonBody] }, async (c) => c.json(await giveRefund(booker, id(c), c.req.valid('json'), actor(c)), 201));
  app.openapi({ ...join, middleware: [...payers, readJsonBody] }, async (c) => c.json(await joinBills(booker, id(c), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...email, middleware: [...payers, readJsonBody] }, async (c) => {
    const { email, lang } = c.req.valid('json');
    return c.json(await emailPreBill(booker, id(c), { to: email, lang: lang ?? language() }, actor(c)), 202);
  });
  app.openapi({ ...moveOne, middleware: [...payers, readJsonBody] }, async (c) => c.json(await moveLine(booker, id(c), c.req.valid('json'), actor(c)), 200));
  app.openapi({ ...removeOne, middleware: [...payers, readJsonBody] }, async (c) => {
    const caller = c.var.caller;
    return c.json(await removeLine(booker, id(c), c.req.valid('json'), { ...actor(c), role: caller.kind === 'person' ? caller.user.role : '' }), 201);
  });
  app.openapi({ ...pay, middleware: [...payers, readJsonBody] }, async (c) => {
    const taken = await takePayment(booker, id(c), c.req.valid('json'), c.req.valid('header')['idempotency-key'] ?? null, actor(c));
    return c.json({ bill: taken.bill, payment: taken.payment }, 201);
  });
  return app;
}

/** Who reads bills (Waiter and Admin staff, and host stands), and who changes them: a host stand reads a bill's state; money is taken by a person, who is recorded. */
export function billCallers(caller: ReturnType<typeof callerOf>) {
  return { readers: [requireCaller(caller, ['Waiter', 'Admin'], HOST_DISPLAY, READERS_ONLY)], payers: [requireCaller(caller, ['Waiter', 'Admin'], () => false, PAYERS_ONLY)] };
}

/** Each guest's share of `bill` split by `lines` (weights per line), or why it cannot be. */
function checkSplit(bill: Bill, version: number, lines: number[][]): number[] {
  const invalid = (field: string, message: string) => new ApiError(400, 'invalid_field', message, { field, more: { bill } });
  if (bill.version !== version) throw new ApiError(409, 'conflict', t('Bill {id} was changed meanwhile: here it is as it is now ({value} remains).', { id: bill.id, value: euros(bill.remainingCents) }), { more: { bill } });
  if (lines.length !== bill.lines.length) throw invalid('lines', t('The bill has {count} lines: give a row of weights for each, in its order.', { count: bill.lines.length }));
  const guests = lines[0]!.length;
  for (const [i, row] of lines.entries()) {
    if (row.length !== guests) throw invalid(`lines.${i}`, t('Every row has a weight for each of the {count} guests.', { count: guests }));
    if (row.every((weight) => weight === 0)) throw invalid(`lines.${i}`, t('Nobody had {name}: give it to at least one guest.', { name: bill.lines[i]!.name }));
  }
  return splitByLines(bill, lines);
}
