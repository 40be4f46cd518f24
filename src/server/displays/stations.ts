// Stations (where a category's dishes are cooked: "Kitchen", "Pizza oven", "Bar") and the
// board's settings (the default station, when a ticket is late). The owner changes them;
// every change carries its version and is written to the activity list in its transaction.
import type { Kysely } from 'kysely';
import type { BoardSettings, Station } from '../../shared/kitchen-records.js';
import { ApiError } from '../http/errors.js';
import { recordActivity, subjectWords, type Subject } from '../activity/index.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { Actor } from '../activity/index.js';
import type { Database, Db } from '../db/schema.js';
import { t } from '../http/language.js';
import { italianToReview } from '../../shared/italian-review.js';

type Trx = Kysely<Database>;

const subject = (station: { id: number; name: string }): Subject => ({ kind: 'Station', id: station.id, names: [station.name] });
const nameTaken = (name: string) => new ApiError(409, 'station_exists', t('There is a station called {name} already.', { name }), { field: 'name' });

/** The settings and every station, by id: a restaurant has a handful. */
export async function readBoardSettings(db: Trx): Promise<BoardSettings> {
  const settings = await db.selectFrom('board_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const stations = await db.selectFrom('stations').selectAll().orderBy('id').execute();
  return {
    lateMinutes: settings.late_minutes,
    veryLateMinutes: settings.very_late_minutes,
    stations: stations.map((row) => ({ id: row.id, name: row.name, nameIt: row.name_it, isDefault: row.id === settings.default_station, italianToReview: row.italian_to_review === 1, version: row.version })),
    version: settings.version,
  };
}

const stationOf = async (trx: Trx, id: number): Promise<Station | undefined> => (await readBoardSettings(trx)).stations.find((station) => station.id === id);

async function current(trx: Trx, id: number, version: number): Promise<Station> {
  const station = await stationOf(trx, id);
  if (!station) throw new ApiError(404, 'not_found', t('There is no station {id}.', { id }));
  if (station.version !== version) throw new ApiError(409, 'conflict', t('{subject} was changed by someone else meanwhile. Here it is as it is now.', { subject: subjectWords(subject(station)) }), { more: { station } });
  return station;
}

/** A station's id, or a 400 naming `field` when there is none. */
export async function checkStation(trx: Trx, id: number, field: string): Promise<number> {
  const found = await trx.selectFrom('stations').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw new ApiError(400, 'invalid_field', t('There is no station {id}.', { id }), { field });
  return id;
}

export function createStation(db: Db, { name, nameIt }: { name: string; nameIt: string | null }, actor: Actor): Promise<Station> {
  return db
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx.insertInto('stations').values({ name, name_it: nameIt }).returning('id').executeTakeFirstOrThrow();
      const station = (await stationOf(trx, id))!;
      await recordActivity(trx, { by: actor.user, at: actor.now, action: 'station.created', subject: subject(station), before: null, after: station });
      return station;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken(name) : error;
    });
}

/** Renames a station (in English, in Italian), or makes it the default one (`isDefault: true`). */
export function updateStation(db: Db, id: number, changes: { version: number; name?: string; nameIt?: string | null; isDefault?: true; italianReviewed?: true }, actor: Actor): Promise<Station> {
  return db
    .transaction()
    .execute(async (trx) => {
      const before = await current(trx, id, changes.version);
      const review = italianToReview(before, { name: changes.name ?? before.name, nameIt: changes.nameIt === undefined ? before.nameIt : changes.nameIt }, changes.italianReviewed);
      await trx
        .updateTable('stations')
        .set({ ...(changes.name !== undefined && { name: changes.name }), ...(changes.nameIt !== undefined && { name_it: changes.nameIt }), italian_to_review: review ? 1 : 0, version: before.version + 1 })
        .where('id', '=', id)
        .execute();
      if (changes.isDefault && !before.isDefault) await trx.updateTable('board_settings').set((eb) => ({ default_station: id, version: eb('version', '+', 1) })).where('id', '=', 1).execute();
      const after = (await stationOf(trx, id))!;
      await recordActivity(trx, { by: actor.user, at: actor.now, action: 'station.updated', subject: subject(after), before, after });
      return after;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken(changes.name!) : error;
    });
}

/** Removes a station nothing uses: not the default one, and no category or display points at it (orders keep theirs). */
export function deleteStation(db: Db, id: number, version: number, actor: Actor): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const station = await current(trx, id, version);
    if (station.isDefault) throw new ApiError(409, 'station_in_use', t('{name} is the default station: make another one the default first.', { name: station.name }));
    const category = await trx.selectFrom('categories').select('name').where('station_id', '=', id).limit(1).executeTakeFirst();
    if (category) throw new ApiError(409, 'station_in_use', t('{name} is cooked at {name2}: give that category another station first.', { name: category.name, name2: station.name }));
    const display = await trx.selectFrom('displays').select('name').where('station_id', '=', id).limit(1).executeTakeFirst();
    if (display) throw new ApiError(409, 'station_in_use', t('The display {name} shows {name2}: give it another station first.', { name: display.name, name2: station.name }));
    const used = await trx.selectFrom('order_parts').select('order_id').where('station_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw new ApiError(409, 'station_in_use', t('Orders were cooked at {name}: it stays, so their tickets keep its name. Rename it instead.', { name: station.name }));
    await trx.deleteFrom('stations').where('id', '=', id).execute();
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'station.deleted', subject: subject(station), before: station, after: null });
  });
}

/** The late thresholds, in minutes (late before very late). */
export function updateBoardSettings(db: Db, changes: { version: number; lateMinutes: number; veryLateMinutes: number }, actor: Actor): Promise<BoardSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readBoardSettings(trx);
    if (before.version !== changes.version) throw new ApiError(409, 'conflict', t('The board\'s settings were changed by someone else meanwhile. Here they are as they are now.'), { more: { settings: before } });
    if (changes.veryLateMinutes <= changes.lateMinutes) throw new ApiError(400, 'invalid_field', t('veryLateMinutes must be more than lateMinutes.'), { field: 'veryLateMinutes' });
    await trx.updateTable('board_settings').set({ late_minutes: changes.lateMinutes, very_late_minutes: changes.veryLateMinutes, version: before.version + 1 }).where('id', '=', 1).execute();
    const after = await readBoardSettings(trx);
    const figures = (settings: BoardSettings) => ({ lateMinutes: settings.lateMinutes, veryLateMinutes: settings.veryLateMinutes });
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'board.updated', subject: { title: 'board' }, before: figures(before), after: figures(after) });
    return after;
  });
}

/** The station a new category's dishes go to. */
export async function defaultStation(trx: Trx): Promise<number> {
  return (await trx.selectFrom('board_settings').select('default_station').where('id', '=', 1).executeTakeFirstOrThrow()).default_station;
}
