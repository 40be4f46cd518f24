// The floor's side of the bills: GET /staff/tables/now (every table: the party there and what
// its bill owes, or the last bill paid at it), GET /staff/tables/{table}/bill (the open bill of
// a table, or a 404 naming the last one), POST /staff/bills/{id}/move (the party moved: the
// bill, its stay and the table's QR ordering go to another table) and POST
// /staff/bills/{id}/reopen (a paid bill opened again by the Admin, with why). What is at a
// table is tableNow's answer (db/table-now.ts), as everywhere.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { TableNow } from '../../shared/bills.js';
import { recordActivity, type Actor } from '../activity/index.js';
import type { Tokens } from '../auth/index.js';
import { bookingById, bookingWrite, firstTaken, moveStay, tableTaken, type Booker } from '../bookings/index.js';
import type { Database } from '../db/schema.js';
import { billsMoney, tablesNow } from '../db/table-now.js';
import { callerOf, requireCaller, whoOf, type CallerEnv } from '../displays/index.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { readableText } from '../http/readable-text.js';
import { NO_STORE, withHeaders } from '../http/security.js';
import { readJsonBody } from '../http/json-body.js';
import { lockBill, settle, subject } from './pay.js';
import { euros } from '../http/euros.js';
import { closeOf, dateAt, dayWords } from './close.js';
import { billCallers, BillSchema, IdParam, TableParam, VERSION } from './routes.js';
import { billRow, billView } from './store.js';
import type { Kysely } from 'kysely';

const tags = ['Bills'];
const REOPEN_ADMIN_ONLY = () => t('Only the Admin can reopen a paid bill.');

const LastBillSchema = z.object({ id: z.number().int(), closedAt: z.string(), totalCents: z.number().int() });
const TableNowSchema = z
  .object({
    number: z.number().int(),
    seats: z.number().int(),
    stay: z.object({ id: z.number().int(), name: z.string(), party: z.number().int(), partyKnown: z.boolean(), openedByOrder: z.boolean(), seatedAt: z.string().nullable(), endsAt: z.string() }).nullable(),
    bill: z.object({ id: z.number().int(), version: z.number().int(), totalCents: z.number().int(), remainingCents: z.number().int(), covers: z.number().int().nullable(), coverCents: z.number().int(), askedAt: z.string().nullable(), orders: z.number().int(), held: z.array(z.number().int()).openapi({ description: 'The courses a waiter took and holds there until fired (shared/courses.ts), lowest first.' }) }).nullable(),
    lastBill: LastBillSchema.nullable(),
  })
  .openapi('TableNow');

const floorNow = createRoute({
  method: 'get',
  path: '/staff/tables/now',
  tags,
  summary: 'Every table now: the party there and what its bill owes',
  description:
    'A table holds one party and one open bill from its first order or seat until the bill is paid (or the party leaves with nothing owed). For each table on the floor: `stay`, the party there (seated by the host, or guests who ordered with nobody seating them: `openedByOrder`; `partyKnown` false while nobody has said how many they are), past its booked time while its bill is open; `bill`, the open bill there; `lastBill`, with nothing open, the last bill paid at it.',
  security: BEARER_AUTH,
  responses: { 200: json(z.object({ tables: z.array(TableNowSchema), now: z.string() }).openapi('FloorNow'), 'The floor.'), ...errors(401, 403) },
});

const ofTable = createRoute({
  method: 'get',
  path: '/staff/tables/{table}/bill',
  tags,
  summary: 'What a table owes now',
  description: 'The open bill of what is at the table now (the party seated there, whose every table shows it; or the table’s own); 404 `no_bill` when nothing is open there, with `lastBill` (the last bill paid at it, or null).',
  security: BEARER_AUTH,
  request: { params: TableParam },
  responses: { 200: json(BillSchema, 'The open bill.'), ...errors(400, 401, 403, 404) },
});

const move = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/move',
  tags,
  summary: 'Move the bill to another table (the party moved)',
  description:
    'The bill and the party it belongs to go to `toTable`, held from now until the end their stay had: the old table is free, its QR code opens a new stay, and the new table’s QR code orders on this bill. 409 `table_taken` when a party or an open bill is at `toTable`, `table_unavailable` when a party is booked there meanwhile, `conflict` (stale version) or `bill_closed` with the `bill`; 400 for a table not on the floor.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, toTable: z.number().int().min(1).max(9999) }).strict().openapi('BillMove')) },
  responses: { 200: json(BillSchema, 'The bill at its new table.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const reopen = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/reopen',
  tags,
  summary: 'Reopen a paid bill (the Admin’s), with why',
  description: 'A bill paid in full is open again at its table, to take more or to correct it; its payments stay as they were, on their days. Recorded with why and who. 409 `bill_open` when it is not paid, `table_taken` when another party or bill is at its table now, `conflict` (stale version) with the `bill`.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION, reason: readableText({ min: 2, max: 200 }) }).strict().openapi('BillReopen')) },
  responses: { 200: json(BillSchema, 'The bill, open again.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const close = createRoute({
  method: 'post',
  path: '/staff/bills/{id}/close',
  tags,
  summary: 'Close a bill that owes nothing',
  description: 'An open bill with nothing left to pay (reopened and left as it was, or every dish taken off) closes as paid, and frees its table as a last payment would. 409 `still_owed` when it owes anything (take the payment), `conflict` (stale version) or `bill_closed` with the `bill`.',
  security: BEARER_AUTH,
  request: { params: IdParam, body: jsonBody(z.object({ version: VERSION }).strict().openapi('BillClose')) },
  responses: { 200: json(BillSchema, 'The bill, closed.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

export function tableBillRoutes({ booker, tokens }: { booker: Booker; tokens: Tokens }) {
  const { db, clock } = booker;
  const app = new OpenAPIHono<CallerEnv>();
  const caller = callerOf({ tokens, db, clock });
  const { readers, payers } = billCallers(caller);
  const actor = (c: { var: CallerEnv['Variables'] }): Actor => ({ user: whoOf(c.var.caller), now: clock() });
  app.use('/staff/tables/now', withHeaders(NO_STORE));
  app.use('/staff/tables/:table/bill', withHeaders(NO_STORE));
  app.openapi({ ...floorNow, middleware: readers }, async (c) => {
    const now = clock();
    return c.json({ tables: await floorTables(db, now), now: new Date(now).toISOString() }, 200);
  });
  app.openapi({ ...ofTable, middleware: readers }, async (c) => {
    const table = Number(c.req.valid('param').table);
    const bill = (await tablesNow(db, [table], clock())).get(table)?.bill;
    if (!bill) throw new ApiError(404, 'no_bill', t('Nothing is open at table {table}.', { table }), { more: { lastBill: (await lastBills(db, [table])).get(table) ?? null } });
    return c.json(await billView(db, (await billRow(db, bill.id))!), 200);
  });
  app.openapi({ ...move, middleware: [...payers, readJsonBody] }, async (c) => {
    const id = Number(c.req.valid('param').id);
    const { version, toTable } = c.req.valid('json');
    const by = actor(c);
    const moved = await bookingWrite(booker, async (trx) => {
      const floor = await trx.selectFrom('dining_tables').select('active').where('number', '=', toTable).executeTakeFirst();
      if (!floor?.active) throw new ApiError(400, 'invalid_field', t('There is no table {table} on the floor.', { table: toTable }), { field: 'toTable' });
      const locked = await lockBill(trx, id, version);
      if (locked.table_number === null) throw new ApiError(400, 'invalid_field', t('A pickup order’s bill belongs to no table.'), { field: 'toTable' });
      if (locked.table_number === toTable) throw new ApiError(400, 'invalid_field', t('Table {table}’s bill is this one: choose another table.', { table: toTable }), { field: 'toTable' });
      const stay = locked.booking_id === null ? undefined : await bookingById(trx, locked.booking_id);
      if (stay?.status === 'arrived' && stay.finished_at === null) await moveStay(trx, booker.timeZone, stay, toTable, by);
      else {
        const there = await firstTaken(trx, [toTable], by.now);
        if (there) throw tableTaken(there);
      }
      await trx.updateTable('bills').set({ table_number: toTable }).where('id', '=', id).execute();
      await recordActivity(trx, { by: by.user, at: by.now, action: 'bill.moved', subject: subject(locked), before: { table: locked.table_number }, after: { table: toTable } });
      return { id, bill: await billView(trx, (await billRow(trx, id))!) };
    });
    return c.json(moved.bill, 200);
  });
  app.openapi({ ...close, middleware: [...payers, readJsonBody] }, async (c) => {
    const id = Number(c.req.valid('param').id);
    const by = actor(c);
    let finished: number | undefined;
    const closed = await booker.db.transaction().execute(async (trx) => {
      const locked = await lockBill(trx, id, c.req.valid('json').version);
      const before = await billView(trx, locked);
      if (before.remainingCents > 0) throw new ApiError(409, 'still_owed', t('{value} remains on this bill: take the payment to close it.', { value: euros(before.remainingCents) }), { more: { bill: before } });
      finished = await settle(trx, locked, by);
      await recordActivity(trx, { by: by.user, at: by.now, action: 'bill.paid', subject: subject(locked), before: { remainingCents: 0 }, after: { remainingCents: 0 } });
      return billView(trx, (await billRow(trx, id))!);
    });
    booker.changed(finished);
    return c.json(closed, 200);
  });
  app.openapi({ ...reopen, middleware: [requireCaller(caller, ['Admin'], () => false, REOPEN_ADMIN_ONLY), readJsonBody] }, async (c) => {
    const id = Number(c.req.valid('param').id);
    const { version, reason } = c.req.valid('json');
    const by = actor(c);
    const reopened = await bookingWrite(booker, async (trx) => {
      const row = await billRow(trx, id);
      if (!row) throw new ApiError(404, 'not_found', t('There is no bill {id}.', { id }));
      const before = await billView(trx, row);
      if (row.status !== 'paid') throw new ApiError(409, 'bill_open', t('Bill {id} is not paid: there is nothing to reopen.', { id }), { more: { bill: before } });
      if (row.version !== version) throw new ApiError(409, 'conflict', t('Bill {id} was changed meanwhile: here it is as it is now.', { id }), { more: { bill: before } });
      const today = dateAt(by.now, booker.timeZone);
      if (await closeOf(trx, today)) throw new ApiError(409, 'day_closed', t('{date} is closed: the Admin reopens it to take more payments.', { date: dayWords(today) }), { more: { bill: before } });
      if (row.table_number !== null) {
        const there = await firstTaken(trx, [row.table_number], by.now);
        if (there) throw tableTaken(there);
      }
      await trx.updateTable('bills').set({ status: 'open', closed_ms: null, version: row.version + 1 }).where('id', '=', id).execute();
      await trx.deleteFrom('paid_bill_vat').where('bill_id', '=', id).execute();
      await recordActivity(trx, { by: by.user, at: by.now, action: 'bill.reopened', subject: subject(row), before: { status: 'paid' }, after: { status: 'open', reason: reason.trim() } });
      return { id, bill: await billView(trx, (await billRow(trx, id))!) };
    });
    return c.json(reopened.bill, 200);
  });
  return app;
}

/** Every table on the floor as it is now (TableNow), by number. */
async function floorTables(db: Kysely<Database>, now: number): Promise<TableNow[]> {
  const tables = await db.selectFrom('dining_tables').select(['number', 'seats']).where('active', '=', 1).orderBy('number').execute();
  const numbers = tables.map((table) => table.number);
  const [at, last] = await Promise.all([tablesNow(db, numbers, now), lastBills(db, numbers)]);
  const billIds = [...new Set([...at.values()].flatMap((one) => (one.bill ? [one.bill.id] : [])))];
  const counts = billIds.length ? await db.selectFrom('orders').select((eb) => ['bill_id', eb.fn.countAll<number>().as('count')]).where('bill_id', 'in', billIds).groupBy('bill_id').execute() : [];
  const orders = new Map(counts.map((row) => [row.bill_id!, Number(row.count)]));
  // The courses a waiter took and holds there, to fire from the Tables page.
  const heldRows = billIds.length ? await db.selectFrom('orders').select(['bill_id', 'course']).distinct().where('bill_id', 'in', billIds).where('status', '=', 'held').orderBy('course').execute() : [];
  const held = (bill: number) => heldRows.filter((row) => row.bill_id === bill).map((row) => row.course!);
  const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
  return tables.map(({ number, seats }) => {
    const { stay = null, bill = null } = at.get(number) ?? {};
    return {
      number,
      seats,
      stay: stay && { id: stay.id, name: stay.name, party: stay.party, partyKnown: stay.party_known === 1, openedByOrder: stay.opened_by_order === 1, seatedAt: stay.seated_at, endsAt: iso(stay.ends_ms) },
      bill: bill && { id: bill.id, version: bill.version, totalCents: bill.totalCents, remainingCents: bill.remainingCents, covers: bill.covers, coverCents: bill.coverCents, askedAt: bill.askedMs === null ? null : iso(bill.askedMs), orders: orders.get(bill.id) ?? 0, held: held(bill.id) },
      lastBill: stay || bill ? null : (last.get(number) ?? null),
    };
  });
}

/** The last bill paid at each of `tables` (absent: none ever). */
async function lastBills(db: Kysely<Database>, tables: readonly number[]): Promise<Map<number, TableNow['lastBill'] & {}>> {
  if (!tables.length) return new Map();
  const latest = await db
    .selectFrom('bills')
    .select((eb) => ['table_number', eb.fn.max<number>('closed_ms').as('closed_ms')])
    .where('status', '=', 'paid')
    .where('table_number', 'in', [...tables])
    .groupBy('table_number')
    .execute();
  if (!latest.length) return new Map();
  const rows = await db
    .selectFrom('bills')
    .select(['id', 'table_number', 'closed_ms'])
    .where('status', '=', 'paid')
    .where((eb) => eb.or(latest.map((one) => eb.and([eb('table_number', '=', one.table_number), eb('closed_ms', '=', one.closed_ms)]))))
    .orderBy('id', 'desc')
    .execute();
  const money = await billsMoney(db, rows.map((row) => row.id));
  const found = new Map<number, TableNow['lastBill'] & {}>();
  for (const row of rows) if (!found.has(row.table_number!)) found.set(row.table_number!, { id: row.id, closedAt: new Date(Number(row.closed_ms)).toISOString(), totalCents: money.get(row.id)!.totalCents });
  return found;
}
