// The waitlist at the door. A party the floor cannot seat now is added with its size and a
// phone or an e-mail address, and quoted a wait from the timeline: the first moment a table
// that seats it frees for the owner's stay, once the parties ahead of it (first come, first
// seated) have each been given theirs. "Your table is ready" is written to the outbox in the
// guest's language; the phone is shown to call. Seating from the list is one act: the walk-in
// and the entry's end in one transaction. Each seated entry keeps its quote beside its real
// wait, so the owner sees how the quotes hold.
import type { Kysely } from 'kysely';
import type { StaffBooking, Waitlist, WaitlistEntry, WaitlistStatus } from '../../shared/booking-records.js';
import { recordActivity, type Actor, type Subject } from '../activity/index.js';
import { serializeBookings } from '../db/dialect.js';
import type { Database, Db, WaitlistTable } from '../db/schema.js';
import type { Selectable } from 'kysely';
import { ApiError } from '../http/errors.js';
import { inLanguage, language, t, tn } from '../http/language.js';
import { internationalPhone, phoneForReading } from '../http/phone.js';
import { writeMessage } from '../mail/index.js';
import { dayOf, instantOf, readRestaurant, servicesOn } from '../restaurant/index.js';
import { readContext, type Context } from './availability.js';
import { checkSeatable, type Booker } from './book.js';
import { freeTables } from './floor.js';
import { escapeHtml, type BookingMail } from './messages.js';
import { today } from './slots.js';
import { seatWalkIn } from './staff.js';

type Row = Selectable<WaitlistTable>;

/** Quotes move in steps of five minutes. */
const STEP_MS = 5 * 60_000;

const QUEUED: WaitlistStatus[] = ['waiting', 'notified'];

/**
 * For each party in order, the first moment from `now` at which a table (or, for a party larger
 * than any, a join) that seats it is free for the owner's stay, each party before it given
 * its own first; null when none is before `untilMs` (the day's last service ends).
 */
export function expectedStarts(context: Pick<Context, 'floor' | 'settings'>, parties: readonly number[], now: number, untilMs: number): (number | null)[] {
  const stay = context.settings.stayMinutes * 60_000;
  let holds = context.floor.holds;
  return parties.map((party, index) => {
    for (let at = now; at < untilMs; at += STEP_MS) {
      const tables = freeTables({ ...context.floor, holds }, party, at, at + stay);
      if (!tables) continue;
      holds = [...holds, ...tables.map((table) => ({ id: -1 - index, table, startsMs: at, endsMs: at + stay, party }))];
      return at;
    }
    return null;
  });
}

/** When the day's last service ends: no party is quoted a table after it. */
const closingOf = (context: Context, date: string) => Math.max(0, ...servicesOn(context.hours, date).map((service) => instantOf(dayOf(date), service.to, context.timeZone)));

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const subject = (row: Pick<Row, 'id' | 'name'>): Subject => ({ kind: 'Waitlist', id: row.id, names: [row.name] });
const average = (values: number[]) => (values.length ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length) : null);

function entryOf(row: Row, expectedMs: number | null, region: string): WaitlistEntry {
  return {
    id: row.id,
    party: row.party,
    name: row.name,
    phone: row.phone ?? '',
    phoneText: row.phone ? phoneForReading(row.phone, region) : '',
    email: row.email ?? '',
    note: row.note ?? '',
    status: row.status as WaitlistStatus,
    addedAt: iso(row.added_ms)!,
    quotedMinutes: row.quoted_minutes,
    expectedAt: iso(expectedMs),
    notifiedAt: iso(row.notified_ms),
    doneAt: iso(row.done_ms),
    bookingId: row.booking_id,
    version: row.version,
  };
}

/** Today's list in order of arrival, those still waiting with when a table should free for them; and the day's quotes against the real waits. */
export async function readWaitlist(db: Db, timeZone: string, now: number, region: string): Promise<Waitlist> {
  const date = today(now, timeZone);
  const rows = await db.selectFrom('waitlist').selectAll().where('date', '=', date).orderBy('added_ms').orderBy('id').execute();
  const queue = rows.filter((row) => QUEUED.includes(row.status as WaitlistStatus));
  const context = queue.length ? await readContext(db, date, date, timeZone, now) : undefined;
  const starts = context ? expectedStarts(context, queue.map((row) => row.party), now, closingOf(context, date)) : [];
  const expected = new Map(queue.map((row, index) => [row.id, starts[index] ?? null]));
  const seated = rows.filter((row) => row.status === 'seated' && row.quoted_minutes !== null && row.done_ms !== null);
  return {
    date,
    entries: rows.map((row) => entryOf(row, expected.get(row.id) ?? null, region)),
    accuracy: {
      seated: seated.length,
      quotedMinutes: average(seated.map((row) => row.quoted_minutes!)),
      waitedMinutes: average(seated.map((row) => Math.round((Number(row.done_ms) - Number(row.added_ms)) / 60_000))),
    },
  };
}

const entryById = async (db: Db, id: number, timeZone: string, now: number, region: string) => (await readWaitlist(db, timeZone, now, region)).entries.find((entry) => entry.id === id);

export interface NewWaiting {
  party: number;
  name: string;
  phone?: string;
  email?: string;
  note?: string;
}

/** Adds a party at the end of today's list, quoted the wait the timeline gives it behind those ahead. */
export async function addToWaitlist(booker: Booker, fields: NewWaiting, region: string, actor: Actor): Promise<WaitlistEntry> {
  const phone = fields.phone ? internationalPhone(fields.phone, region) : null;
  if (!phone && !fields.email) throw new ApiError(400, 'contact_needed', t('Give a phone number or an e-mail address: it is how they hear that their table is ready.'), { field: 'phone' });
  const { id, now } = await booker.db.transaction().execute(async (trx) => {
    await serializeBookings(trx);
    const now = booker.clock();
    const date = today(now, booker.timeZone);
    const context = await readContext(trx, date, date, booker.timeZone, now);
    checkSeatable(context, fields.party, { staff: true });
    const ahead = await trx.selectFrom('waitlist').select('party').where('date', '=', date).where('status', 'in', QUEUED).orderBy('added_ms').orderBy('id').execute();
    const at = expectedStarts(context, [...ahead.map((row) => row.party), fields.party], now, closingOf(context, date)).at(-1) ?? null;
    const quoted = at === null ? null : Math.ceil((at - now) / STEP_MS) * 5;
    const { id } = await trx
      .insertInto('waitlist')
      .values({ lang: language(), date, party: fields.party, name: fields.name, phone, email: fields.email || null, note: fields.note || null, status: 'waiting', added_ms: now, quoted_minutes: quoted })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { by: actor.user, at: now, action: 'waitlist.added', subject: subject({ id, name: fields.name }), before: null, after: { party: fields.party, quotedMinutes: quoted } });
    return { id, now };
  });
  booker.changed();
  return (await entryById(booker.db, id, booker.timeZone, now, region))!;
}

/** Where each status may go by hand, and the activity it is recorded as (seated is the seat's own act). */
const MOVES: Record<WaitlistStatus, Partial<Record<WaitlistStatus, string>>> = {
  waiting: { notified: 'waitlist.notified', left: 'waitlist.left' },
  notified: { waiting: 'waitlist.notify_undone', left: 'waitlist.left' },
  left: { waiting: 'waitlist.returned' },
  seated: {},
};

const statusWords = (status: string) =>
  ({ waiting: t('[waitlist] waiting'), notified: t('[waitlist] told their table is ready'), seated: t('[waitlist] seated'), left: t('[waitlist] gone') })[status] ?? status;

/** The entry on the version the page showed, or a 404 or a 409 that says what it is now. */
async function current(trx: Kysely<Database>, id: number, version: number, region: string): Promise<Row> {
  const row = await trx.selectFrom('waitlist').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', t('The waitlist has no entry {id}.', { id }));
  if (row.version !== version) throw new ApiError(409, 'conflict', t('{name} on the waitlist was changed meanwhile: they are {status} now.', { name: row.name, status: statusWords(row.status) }), { more: { entry: entryOf(row, null, region) } });
  return row;
}

/** Told their table is ready (the e-mail written now), back to waiting (undo), gone, or back from gone. */
export async function changeWaitlist(booker: Booker, id: number, change: { version: number; status: WaitlistStatus }, region: string, actor: Actor): Promise<WaitlistEntry> {
  const now = await booker.db.transaction().execute(async (trx) => {
    const now = booker.clock();
    const before = await current(trx, id, change.version, region);
    const action = MOVES[before.status as WaitlistStatus][change.status];
    if (!action) throw new ApiError(409, 'invalid_transition', t('{name} is {status} on the waitlist: they cannot become {status2}.', { name: before.name, status: statusWords(before.status), status2: statusWords(change.status) }), { field: 'status' });
    await trx
      .updateTable('waitlist')
      .set({ status: change.status, notified_ms: change.status === 'notified' ? now : before.status === 'notified' && change.status === 'waiting' ? null : before.notified_ms, done_ms: change.status === 'left' ? now : null, version: before.version + 1 })
      .where('id', '=', id)
      .execute();
    if (change.status === 'notified' && before.email) await writeTableReady(trx, booker.mail, { ...before, email: before.email }, now);
    await recordActivity(trx, { by: actor.user, at: now, action, subject: subject(before), before: { status: before.status }, after: { status: change.status } });
    return now;
  });
  booker.changed();
  booker.mailWritten();
  return (await entryById(booker.db, id, booker.timeZone, now, region))!;
}

/** The entry on its version, still in the queue; or the 404 or 409 that says why not. */
async function seatable(trx: Kysely<Database>, id: number, version: number, region: string): Promise<Row> {
  const row = await current(trx, id, version, region);
  if (!QUEUED.includes(row.status as WaitlistStatus)) throw new ApiError(409, 'invalid_transition', t('{name} is {status} on the waitlist: they cannot become {status2}.', { name: row.name, status: statusWords(row.status), status2: statusWords('seated') }), { field: 'status' });
  return row;
}

/** Seats a party from the list now, in one act: its walk-in (the table chosen, or the smallest free) and the entry's end. */
export async function seatFromWaitlist(booker: Booker, id: number, fields: { version: number; table?: number; tables?: number[]; minutes?: number }, region: string, actor: Actor): Promise<{ entry: WaitlistEntry; booking: StaffBooking }> {
  const { version, ...where } = fields;
  // Read first, to say what is wrong with the entry before any table is looked for; read again in the seat's transaction.
  const row = await seatable(booker.db, id, version, region);
  const booking = await seatWalkIn(booker, { party: row.party, name: row.name, ...(row.phone && { phone: row.phone }), ...(row.note && { note: row.note }), ...where }, region, actor, async (trx, stay, now) => {
    const before = await seatable(trx, id, version, region);
    await trx.updateTable('waitlist').set({ status: 'seated', booking_id: stay.id, done_ms: now, version: before.version + 1 }).where('id', '=', id).execute();
    await recordActivity(trx, { by: actor.user, at: now, action: 'waitlist.seated', subject: subject(before), before: { status: before.status }, after: { status: 'seated', booking: stay.id, waitedMinutes: Math.round((now - Number(before.added_ms)) / 60_000) } });
  }, false); // a party that waited at the door is not guests already eating
  booker.changed(); // every stand reads its list again, not only the new stay
  return { entry: (await entryById(booker.db, id, booker.timeZone, booker.clock(), region))!, booking };
}

/** "Your table is ready", in the language the entry was taken in. */
async function writeTableReady(trx: Kysely<Database>, mail: BookingMail, row: Row & { email: string }, now: number): Promise<void> {
  await inLanguage(row.lang === 'it' ? 'it' : 'en', async () => {
    const restaurant = await readRestaurant(trx);
    const subjectLine = t('Your table at {restaurant} is ready', { restaurant: restaurant.name });
    const lines = [
      row.name ? t('Dear {name},', { name: row.name }) : t('Dear guest,'),
      t('your table for {people} is ready: please come to the host stand now. We keep it for you for a few minutes.', { people: tn('1 person', '{count} people', row.party) }),
      [t('Best wishes,'), restaurant.name, restaurant.address].filter(Boolean).join('\n'),
    ];
    const html = `<!doctype html><html lang="${row.lang === 'it' ? 'it' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(subjectLine)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#222;max-width:36em">${lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('')}</body></html>`;
    await writeMessage(trx, { kind: 'waitlist-ready', bookingId: null, to: { name: row.name, address: row.email }, subject: subjectLine, text: lines.join('\n\n'), html }, now, mail.domain);
  });
}
