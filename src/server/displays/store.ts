// Paired displays: the kitchen and pass screens the owner adds, pairs with a one-time code
// and unpairs. Only hashes are kept (of the code and of the credential the device holds).
// The owner's changes carry their version and are written to the activity list in their
// transaction; so is a pairing. (The last moves a display made, for its recall, are the
// orders' to keep: orders/bumps.ts.)
import type { Kysely } from 'kysely';
import type { Display, PairedDisplay, PairingCode } from '../../shared/kitchen-records.js';
import type { DisplayKind } from '../../shared/order-states.js';
import { hashSecret, newDisplayCredential, newPairingCode, PAIRING_MINUTES, readPairingCode } from '../auth/index.js';
import { ApiError } from '../http/errors.js';
import { recordActivity, subjectWords, type Subject } from '../activity/index.js';
import type { Actor } from '../activity/index.js';
import type { Database, Db, DisplayRow } from '../db/schema.js';
import { checkStation } from './stations.js';
import { isUniqueViolation } from '../db/dialect.js';
import { t } from '../http/language.js';

type Trx = Kysely<Database>;

const subject = (display: { id: number; name: string }): Subject => ({ kind: 'Display', id: display.id, names: [display.name] });

/** A name another display has, in any letter case: the activity list names displays by it. */
const nameTaken = (name: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? new ApiError(409, 'display_exists', t('There is a display called {name} already.', { name }), { field: 'name' }) : error;
};
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toDisplay = (row: DisplayRow, now: number): Display => ({
  id: row.id,
  name: row.name,
  kind: row.kind as DisplayKind,
  station: row.station_id,
  paired: row.credential_hash !== null,
  pairedAt: row.paired_at,
  lastSeenAt: iso(row.last_seen_at),
  streamOpen: row.credential_hash !== null && (row.streaming_until ?? 0) > now,
  pairingExpiresAt: row.pairing_hash !== null && row.pairing_used_at === null && (row.pairing_expires_at ?? 0) > now ? iso(row.pairing_expires_at) : null,
  lang: row.lang === 'it' ? 'it' : 'en',
  version: row.version,
});

/** The displays by id, a page at a time (`next` is the `after` of the following page, or null). */
export async function listDisplays(db: Db, { after, limit }: { after?: number; limit: number }, now: number): Promise<{ displays: Display[]; next: number | null }> {
  let query = db.selectFrom('displays').selectAll().orderBy('id').limit(limit + 1);
  if (after !== undefined) query = query.where('id', '>', after);
  const rows = await query.execute();
  const displays = rows.slice(0, limit).map((row) => toDisplay(row, now));
  return { displays, next: rows.length > limit ? displays.at(-1)!.id : null };
}

async function current(trx: Trx, id: number, version: number, now: number): Promise<DisplayRow> {
  const row = await trx.selectFrom('displays').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', t('There is no display {id}.', { id }));
  if (row.version !== version) throw new ApiError(409, 'conflict', t('{subject} was changed by someone else meanwhile. Here it is as it is now.', { subject: subjectWords(subject(row)) }), { more: { display: toDisplay(row, now) } });
  return row;
}

const reread = (trx: Trx, id: number) => trx.selectFrom('displays').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A station's screen names its station; the pass and the host stand have none. */
async function stationFor(trx: Trx, kind: DisplayKind, station: number | null | undefined): Promise<number | null> {
  if (kind !== 'station') {
    const what = kind === 'pass' ? 'The pass shows whole orders' : 'The host stand shows the bookings';
    if (station !== undefined && station !== null) throw new ApiError(400, 'invalid_field', t('{what}: it has no station.', { what }), { field: 'station' });
    return null;
  }
  if (station === undefined || station === null) throw new ApiError(400, 'invalid_field', t('A station\'s screen needs its station.'), { field: 'station' });
  return checkStation(trx, station, 'station');
}

/** Writes a new one-time code for the display (replacing any earlier one) and answers it, the only time it is seen. */
async function issueCode(trx: Trx, id: number, now: number): Promise<PairingCode> {
  const code = newPairingCode();
  const expiresAt = now + PAIRING_MINUTES * 60_000;
  await trx.updateTable('displays').set({ pairing_hash: hashSecret(readPairingCode(code)!), pairing_expires_at: expiresAt, pairing_used_at: null }).where('id', '=', id).execute();
  // Scanned, the code opens the pairing page in the display's language.
  const { lang } = await trx.selectFrom('displays').select('lang').where('id', '=', id).executeTakeFirstOrThrow();
  return { code, path: `${lang === 'it' ? '/it' : ''}/pair#${code}`, expiresAt: new Date(expiresAt).toISOString() };
}

export function createDisplay(db: Db, fields: { name: string; kind: DisplayKind; station?: number | null; lang?: 'en' | 'it' }, actor: Actor): Promise<{ display: Display; pairing: PairingCode }> {
  return db
    .transaction()
    .execute(async (trx) => {
      const station = await stationFor(trx, fields.kind, fields.station);
      const { id } = await trx
        .insertInto('displays')
        .values({ name: fields.name, kind: fields.kind, station_id: station, lang: fields.lang ?? 'en', created_at: new Date(actor.now).toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const pairing = await issueCode(trx, id, actor.now);
      const display = toDisplay(await reread(trx, id), actor.now);
      await recordActivity(trx, { by: actor.user, at: actor.now, action: 'display.created', subject: subject(display), before: null, after: display });
      return { display, pairing };
    })
    .catch(nameTaken(fields.name));
}

/** Renames a display, or changes what it shows (its kind, its station). */
export function updateDisplay(db: Db, id: number, changes: { version: number; name?: string; kind?: DisplayKind; station?: number | null; lang?: 'en' | 'it' }, actor: Actor): Promise<Display> {
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await current(trx, id, changes.version, actor.now);
      const before = toDisplay(row, actor.now);
      const kind = changes.kind ?? before.kind;
      const station = changes.kind !== undefined || changes.station !== undefined ? await stationFor(trx, kind, changes.kind !== undefined && changes.kind !== 'station' ? changes.station : (changes.station ?? before.station)) : before.station;
      await trx
        .updateTable('displays')
        .set({ ...(changes.name !== undefined && { name: changes.name }), ...(changes.lang !== undefined && { lang: changes.lang }), kind, station_id: station, version: row.version + 1 })
        .where('id', '=', id)
        .execute();
      const after = toDisplay(await reread(trx, id), actor.now);
      await recordActivity(trx, { by: actor.user, at: actor.now, action: 'display.updated', subject: subject(after), before, after });
      return after;
    })
    .catch(nameTaken(changes.name ?? ''));
}

/** A new one-time code (the old one stops working); once used, the device that used it is this display, and an earlier device is not. */
export function renewPairingCode(db: Db, id: number, version: number, actor: Actor): Promise<{ display: Display; pairing: PairingCode }> {
  return db.transaction().execute(async (trx) => {
    const row = await current(trx, id, version, actor.now);
    const pairing = await issueCode(trx, id, actor.now);
    await trx.updateTable('displays').set({ version: row.version + 1 }).where('id', '=', id).execute();
    const display = toDisplay(await reread(trx, id), actor.now);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'display.code_issued', subject: subject(display), before: null, after: null });
    return { display, pairing };
  });
}

/** The device stops being this display at once: its credential and any waiting code are forgotten; its open stream ends within seconds (display-watch.ts). */
export function unpairDisplay(db: Db, id: number, version: number, actor: Actor): Promise<Display> {
  return db.transaction().execute(async (trx) => {
    const row = await current(trx, id, version, actor.now);
    await trx
      .updateTable('displays')
      .set({ credential_hash: null, pairing_hash: null, pairing_expires_at: null, pairing_used_at: null, paired_at: null, streaming_until: null, version: row.version + 1 })
      .where('id', '=', id)
      .execute();
    const display = toDisplay(await reread(trx, id), actor.now);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'display.unpaired', subject: subject(display), before: toDisplay(row, actor.now), after: display });
    return display;
  });
}

/** Removes a display (unpairing it); what it did stays in the activity list under its name. */
export function deleteDisplay(db: Db, id: number, version: number, actor: Actor): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const row = await current(trx, id, version, actor.now);
    await trx.deleteFrom('displays').where('id', '=', id).execute();
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'display.deleted', subject: subject(row), before: toDisplay(row, actor.now), after: null });
  });
}

/**
 * Pairs the device that typed `typed`: answers its new credential (the only time it is
 * seen) and what it is. A code that is not one, unknown, used or expired is refused with
 * a message to show; the code works once, even for two devices typing it at once.
 */
export function pairDisplay(db: Db, typed: string, now: number): Promise<{ credential: string; display: PairedDisplay }> {
  const code = readPairingCode(typed);
  if (!code) throw new ApiError(400, 'invalid_field', t('A pairing code is 8 letters and digits, like 7QK2-M9XD.'), { field: 'code' });
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('displays').selectAll().where('pairing_hash', '=', hashSecret(code)).executeTakeFirst();
    if (!row) throw new ApiError(404, 'pairing_code_unknown', t('This code is not one we gave out: check it on the owner\'s Displays page.'));
    if (row.pairing_used_at !== null) throw new ApiError(410, 'pairing_code_used', t('This code was used already: ask the owner for a new one.'));
    if ((row.pairing_expires_at ?? 0) <= now) throw new ApiError(410, 'pairing_code_expired', t('This code has expired (a code works for 10 minutes): ask the owner for a new one.'));
    const credential = newDisplayCredential();
    // Only while still unused: of two devices typing it at once, one pairs.
    const used = await trx
      .updateTable('displays')
      .set({ credential_hash: hashSecret(credential), pairing_used_at: now, paired_at: new Date(now).toISOString(), last_seen_at: now, version: row.version + 1 })
      .where('id', '=', row.id)
      .where('pairing_used_at', 'is', null)
      .executeTakeFirst();
    if (!used.numUpdatedRows) throw new ApiError(410, 'pairing_code_used', t('This code was used already: ask the owner for a new one.'));
    const paired = await reread(trx, row.id);
    await recordActivity(trx, { by: { id: row.id, name: `Display: ${row.name}`, display: true }, at: now, action: 'display.paired', subject: subject(row), before: null, after: null });
    return { credential, display: await describe(trx, paired) };
  });
}

/** The display a credential belongs to, or undefined (never paired, unpaired, or not one of ours). */
export const displayByCredential = (db: Db, credential: string) => db.selectFrom('displays').selectAll().where('credential_hash', '=', hashSecret(credential)).executeTakeFirst();

/** What a paired screen is told about itself. */
export async function describe(db: Trx, row: DisplayRow): Promise<PairedDisplay> {
  const station = row.station_id === null ? undefined : await db.selectFrom('stations').select(['id', 'name', 'name_it as nameIt']).where('id', '=', row.station_id).executeTakeFirst();
  return { id: row.id, name: row.name, kind: row.kind as DisplayKind, station: station ?? null, lang: row.lang === 'it' ? 'it' : 'en' };
}

/** Notes that the display asked for something now. */
export async function markSeen(db: Db, ids: number[], now: number, streamingUntil?: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('displays')
    .set({ last_seen_at: now, ...(streamingUntil !== undefined && { streaming_until: streamingUntil }) })
    .where('id', 'in', ids)
    .where('credential_hash', 'is not', null)
    .execute();
}
