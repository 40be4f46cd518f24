// The floor: the tables an Admin adds, labels, seats and takes off the floor, each with a
// secret code that its QR code carries (renewed when a printed card may have leaked).
// Every change carries its version and is written to the activity list in its transaction.
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import { recordActivity, subjectWords, type Subject } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { Actor } from '../activity/index.js';
import { randomBytes } from 'node:crypto';
import type { Database, DiningTableTable } from '../db/schema.js';
import type { Selectable } from 'kysely';
import type { DiningTable } from '../../shared/admin-records.js';
import type { Place, TableShape } from '../../shared/floor-plan.js';
import { t } from '../http/language.js';

/** A table's secret: 128 random bits, base64url (22 characters). */
const newTableCode = () => randomBytes(16).toString('base64url');

type Row = Selectable<DiningTableTable>;

const toTable = (row: Row, joinsWith: number[]): DiningTable => ({
  number: row.number,
  label: row.label,
  seats: row.seats,
  active: row.active === 1,
  code: row.code,
  joinsWith,
  plan: row.plan_x === null || row.plan_y === null ? null : { x: row.plan_x, y: row.plan_y },
  shape: row.shape as TableShape,
  version: row.version,
});

/** The tables each table may join, by number. */
async function joinsByTable(db: Kysely<Database>): Promise<Map<number, number[]>> {
  const joins = new Map<number, number[]>();
  for (const { a, b } of await db.selectFrom('table_joins').select(['a', 'b']).orderBy('a').orderBy('b').execute()) {
    joins.set(a, [...(joins.get(a) ?? []), b]);
    joins.set(b, [...(joins.get(b) ?? []), a]);
  }
  for (const list of joins.values()) list.sort((x, y) => x - y);
  return joins;
}
const subject = (table: { number: number; label: string }): Subject => ({ kind: 'Table', id: table.number, names: [table.label] });

/** Every table by number: a restaurant has tens of them, and the printed sheet wants them all. */
export async function listTables(db: Db): Promise<DiningTable[]> {
  const [rows, joins] = await Promise.all([db.selectFrom('dining_tables').selectAll().orderBy('number').execute(), joinsByTable(db)]);
  return rows.map((row) => toTable(row, joins.get(row.number) ?? []));
}

async function current(trx: Kysely<Database>, number: number, version: number): Promise<DiningTable> {
  const row = await trx.selectFrom('dining_tables').selectAll().where('number', '=', number).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', t('There is no table {number}.', { number }));
  const table = toTable(row, (await joinsByTable(trx)).get(number) ?? []);
  if (table.version !== version) {
    throw new ApiError(409, 'conflict', t('{subject} was changed by someone else meanwhile. Here it is as it is now.', { subject: subjectWords(subject(table)) }), { more: { table } });
  }
  return table;
}

const reread = async (trx: Kysely<Database>, number: number) => toTable(await trx.selectFrom('dining_tables').selectAll().where('number', '=', number).executeTakeFirstOrThrow(), (await joinsByTable(trx)).get(number) ?? []);

/**
 * The tables `number` may join, as the owner says now: its pairs are written again, and each
 * table that gains or loses one takes a new version too (its list changed).
 */
async function writeJoins(trx: Kysely<Database>, number: number, before: readonly number[], wanted: readonly number[]): Promise<void> {
  const others = [...new Set(wanted)];
  if (others.includes(number)) throw new ApiError(400, 'invalid_field', t('A table cannot join itself: leave {number} out.', { number }), { field: 'joinsWith' });
  const known = new Set((await trx.selectFrom('dining_tables').select('number').execute()).map((row) => row.number));
  const unknown = others.find((other) => !known.has(other));
  if (unknown !== undefined) throw new ApiError(400, 'invalid_field', t('There is no table {number}.', { number: unknown }), { field: 'joinsWith' });
  await trx.deleteFrom('table_joins').where((eb) => eb.or([eb('a', '=', number), eb('b', '=', number)])).execute();
  if (others.length) await trx.insertInto('table_joins').values(others.map((other) => ({ a: Math.min(number, other), b: Math.max(number, other) }))).execute();
  const changed = [...before.filter((other) => !others.includes(other)), ...others.filter((other) => !before.includes(other))];
  if (changed.length) await trx.updateTable('dining_tables').set((eb) => ({ version: eb('version', '+', 1) })).where('number', 'in', changed).execute();
}

export function createTable(db: Db, fields: { number: number; label?: string; seats: number }, actor: Actor): Promise<DiningTable> {
  return db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('dining_tables').values({ number: fields.number, label: fields.label || `Table ${fields.number}`, seats: fields.seats, code: newTableCode() }).execute();
      const table = await reread(trx, fields.number);
      await recordActivity(trx, { by: actor.user, at: actor.now, action: 'table.created', subject: subject(table), before: null, after: { ...table, code: undefined } });
      return table;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError(409, 'table_exists', t('There is a table {number} already.', { number: fields.number }), { field: 'number' });
      throw error;
    });
}

export function updateTable(db: Db, number: number, changes: { version: number; label?: string; seats?: number; active?: boolean; joinsWith?: number[]; plan?: Place | null; shape?: TableShape }, actor: Actor): Promise<DiningTable> {
  return db.transaction().execute(async (trx) => {
    const before = await current(trx, number, changes.version);
    if (changes.plan) await checkPlace(trx, number, changes.plan);
    await trx
      .updateTable('dining_tables')
      .set({
        ...(changes.label !== undefined && { label: changes.label }),
        ...(changes.seats !== undefined && { seats: changes.seats }),
        ...(changes.active !== undefined && { active: changes.active ? 1 : 0 }),
        ...(changes.plan !== undefined && { plan_x: changes.plan?.x ?? null, plan_y: changes.plan?.y ?? null }),
        ...(changes.shape !== undefined && { shape: changes.shape }),
        version: before.version + 1,
      })
      .where('number', '=', number)
      .execute();
    if (changes.joinsWith !== undefined) await writeJoins(trx, number, before.joinsWith, changes.joinsWith);
    const after = await reread(trx, number);
    const action = changes.active === false && before.active ? 'table.deactivated' : changes.active === true && !before.active ? 'table.reactivated' : 'table.updated';
    await recordActivity(trx, { by: actor.user, at: actor.now, action, subject: subject(after), before: { ...before, code: undefined }, after: { ...after, code: undefined } });
    return after;
  }).catch((error: unknown) => {
    // Two owners placing two tables in one place at once: the index keeps one.
    if (isUniqueViolation(error)) throw new ApiError(409, 'place_taken', t('Another table stands there already: move it first.'), { field: 'plan' });
    throw error;
  });
}

/** A place on the plan is one table's: another standing there is a 409 that names it. */
async function checkPlace(trx: Kysely<Database>, number: number, place: Place): Promise<void> {
  const there = await trx.selectFrom('dining_tables').select('number').where('plan_x', '=', place.x).where('plan_y', '=', place.y).where('number', '!=', number).executeTakeFirst();
  if (there) throw new ApiError(409, 'place_taken', t('Table {other} stands there already: move it first.', { other: there.number }), { field: 'plan' });
}

/** A new secret: the printed QR code of the table stops working at once. */
export function renewTableCode(db: Db, number: number, version: number, actor: Actor): Promise<DiningTable> {
  return db.transaction().execute(async (trx) => {
    const before = await current(trx, number, version);
    await trx.updateTable('dining_tables').set({ code: newTableCode(), version: before.version + 1 }).where('number', '=', number).execute();
    const after = await reread(trx, number);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'table.code_renewed', subject: subject(after), before: null, after: null });
    return after;
  });
}

/** The table a code belongs to (for the diner's visit), or a 404 that says to scan again. */
export async function tableByCode(db: Db, code: string): Promise<{ number: number; label: string }> {
  const row = await db.selectFrom('dining_tables').select(['number', 'label', 'active']).where('code', '=', code).executeTakeFirst();
  if (!row?.active) throw new ApiError(404, 'table_code_unknown', TABLE_CODE_UNKNOWN());
  return { number: row.number, label: row.label };
}

/** Said in the request's language. */
export const TABLE_CODE_UNKNOWN = () => t('This table code does not work (any more): scan the QR code on your table again, or ask a waiter.');
