// A table's bill as its guests read it, by the code of the QR code on the table (the one
// they order with; no sign-in): GET /table-codes/{code}/bill (what the table owes now, or
// the bill it paid in the last half hour: "Paid, thank you") and POST
// /table-codes/{code}/bill/ask ("Ask for the bill": said once to the waiters' Tables page and
// the host stands, which read the day again). A code reads its own table's bill and no other.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { GuestBill } from '../../shared/bills.js';
import type { Booker } from '../bookings/index.js';
import type { BillRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { errors, json } from '../http/openapi.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import { tableByCode } from '../tables/index.js';
import { BillSchema } from './routes.js';
import { billView, openBillOfTable, PAID_SHOWN_MS } from './store.js';

const tags = ['Bills'];
const CodeParam = z.object({ code: z.string().min(1).max(100).openapi({ param: { name: 'code', in: 'path' } }) });
const GuestBillSchema = BillSchema.pick({ table: true, status: true, closedAt: true, askedAt: true, lines: true, covers: true, coverCents: true, coverTotalCents: true, discountCents: true, totalCents: true, vat: true, paidCents: true, tipsCents: true, remainingCents: true }).openapi('GuestBill');

const read = createRoute({
  method: 'get',
  path: '/table-codes/{code}/bill',
  tags,
  summary: 'The table’s bill, for its guests (the code of the QR code on the table)',
  description: 'What the table owes now, or the bill it paid in the last half hour. 404 `table_code_unknown` for a code that does not work, `no_bill` when nothing is on the table’s bill.',
  request: { params: CodeParam },
  responses: { 200: json(GuestBillSchema, 'The bill.'), ...errors(400, 404) },
});

const ask = createRoute({
  method: 'post',
  path: '/table-codes/{code}/bill/ask',
  tags,
  summary: 'Ask for the bill: the waiters and the host stand are told, once',
  description: 'Asking again changes nothing (the first time is kept). 409 `bill_closed` once it is paid; 404 as for reading it.',
  request: { params: CodeParam },
  responses: { 200: json(GuestBillSchema, 'The bill, with when it was asked for.'), ...errors(400, 404, 409) },
});

const guestView = async (booker: Booker, row: BillRow): Promise<GuestBill> => {
  const { table, status, closedAt, askedAt, lines, covers, coverCents, coverTotalCents, discountCents, totalCents, vat, paidCents, tipsCents, remainingCents } = await billView(booker.db, row);
  return { table, status, closedAt, askedAt, lines, covers, coverCents, coverTotalCents, discountCents, totalCents, vat, paidCents, tipsCents, remainingCents };
};

export function guestBillRoutes(booker: Booker) {
  const { db, clock } = booker;
  const app = new OpenAPIHono();
  /** The table's open bill, else the one it paid last if that was in the last half hour. */
  const billOf = async (code: string): Promise<BillRow> => {
    const { number } = await tableByCode(db, code);
    const now = clock();
    const open = await openBillOfTable(db, number, now);
    if (open) return open;
    const paid = await db.selectFrom('bills').selectAll().where('table_number', '=', number).where('status', '=', 'paid').where('closed_ms', '>', now - PAID_SHOWN_MS).orderBy('closed_ms', 'desc').executeTakeFirst();
    if (paid) return paid;
    throw new ApiError(404, 'no_bill', t('Nothing is on table {table}’s bill yet: order from the menu first.', { table: number }));
  };
  app.use('/table-codes/:code/bill', withHeaders(NO_STORE));
  app.use('/table-codes/:code/bill/ask', withHeaders(NO_STORE));
  app.openapi(read, async (c) => c.json(await guestView(booker, await billOf(c.req.valid('param').code)), 200));
  app.openapi(ask, async (c) => {
    const row = await billOf(c.req.valid('param').code);
    if (row.status !== 'open') throw new ApiError(409, 'bill_closed', t('This bill is paid already. Thank you!'));
    if (row.asked_ms === null) {
      const asked = await db.updateTable('bills').set({ asked_ms: clock() }).where('id', '=', row.id).where('asked_ms', 'is', null).returningAll().executeTakeFirst();
      // The stands and the Tables page read the day again: a table asked for its bill.
      if (asked) booker.changed();
      return c.json(await guestView(booker, asked ?? (await db.selectFrom('bills').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow())), 200);
    }
    return c.json(await guestView(booker, row), 200);
  });
  return app;
}
