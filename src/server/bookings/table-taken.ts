// Seating a party where something is at the table already (db/table-now.ts): a party seated
// there, or guests who sat down by themselves and ordered, with their bill open. Nobody is
// seated over them: the host is told who is there and what their bill owes. When the host
// says the party being seated are those guests (`sameGuests`), the party takes their stay and
// its bill instead of opening a second one.
import type { Kysely } from 'kysely';
import type { BookingRow, Database } from '../db/schema.js';
import { tablesNow, type AtTable } from '../db/table-now.js';
import { ApiError } from '../http/errors.js';
import { euros } from '../http/euros.js';
import { t, tn } from '../http/language.js';
import type { Hold } from './floor.js';

/**
 * What is at the first of `tables` holding something now, other than the stay `except` itself;
 * undefined when they are all free. A party the host seated, within its time, is left to the
 * holds, which name it and until when (staff.ts inTheWay); past its time with its bill open, it
 * is here.
 */
export async function firstTaken(trx: Kysely<Database>, tables: readonly number[], now: number, except?: number): Promise<AtTable | undefined> {
  const found = await tablesNow(trx, tables, now);
  const isOther = (at: AtTable) => (at.stay ? at.stay.id !== except && (mayBeTheseGuests(at) || Number(at.stay.ends_ms) <= now) : except === undefined || at.bill!.bookingId !== except);
  return tables.map((table) => found.get(table)).find((at) => at !== undefined && isOther(at));
}

/** Guests nobody seated (a stay an order opened), or a bill open with nobody there: a party being seated may be them. */
export const mayBeTheseGuests = (at: AtTable) => (at.stay ? at.stay.opened_by_order === 1 : at.bill !== null);

/**
 * 409 `table_taken`: who is at the table and what their bill owes; `offer` (a party being seated
 * now, who may be guests nobody seated) says they may be those guests (`more.sameGuests`).
 */
export function tableTaken(at: AtTable, offer = false): ApiError {
  const price = euros(at.bill?.remainingCents ?? 0);
  const sameGuests = offer && mayBeTheseGuests(at);
  const more = { table: at.table, stay: at.stay?.id ?? null, bill: at.bill && { id: at.bill.id, remainingCents: at.bill.remainingCents }, sameGuests };
  if (sameGuests) {
    return new ApiError(409, 'table_taken', t('Table {table} is taken: guests are eating there, with {price} open on their bill. Seat this party at another table, or say they are those guests.', { table: at.table, price }), { field: 'table', more });
  }
  if (mayBeTheseGuests(at)) return new ApiError(409, 'table_taken', t('Table {table} is taken: guests are eating there, with {price} open on their bill. Choose another table.', { table: at.table, price }), { field: 'table', more });
  const stay = at.stay!;
  const who = stay.name || tn('a party of 1', 'a party of {count}', stay.party);
  return new ApiError(409, 'table_taken', t('Table {table} is taken by {who}, with {price} open on their bill: choose another table.', { table: at.table, who, price }), { field: 'table', more });
}

/** The tables something is at now, held from now on for a walk-in's choice of a free table (a party lingering past its time with its bill open). */
export async function holdsOfWhatIsThere(trx: Kysely<Database>, tables: readonly number[], now: number): Promise<Hold[]> {
  return [...(await tablesNow(trx, tables, now)).values()].map((at) => ({ id: at.stay?.id ?? -at.table, table: at.table, startsMs: now, endsMs: Number.MAX_SAFE_INTEGER, party: at.stay?.party ?? 1 }));
}

/** Hands the open bill `billId` to the stay `stay`: its table follows the stay, and its guests are the party's unless counted already. */
export async function handBillTo(trx: Kysely<Database>, billId: number, stay: Pick<BookingRow, 'id' | 'party' | 'table_number'>): Promise<void> {
  await trx
    .updateTable('bills')
    .set((eb) => ({ booking_id: stay.id, table_number: stay.table_number, covers: eb.fn.coalesce('covers', eb.val(stay.party)), version: eb('version', '+', 1) }))
    .where('id', '=', billId)
    .execute();
}

/** A stay an order opened, gone into the party seated as those guests: its bill handed over first, its tables let go, its row deleted. */
export async function dissolveOrderStay(trx: Kysely<Database>, stayId: number): Promise<void> {
  await trx.deleteFrom('booking_tables').where('booking_id', '=', stayId).execute();
  await trx.deleteFrom('bookings').where('id', '=', stayId).where('opened_by_order', '=', 1).execute();
}
