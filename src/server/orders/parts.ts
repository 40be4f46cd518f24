// A station's screen marks its part of an order done, and may bring back (recall) a
// ticket it took off its board by mistake, as the pass may an order it served. Each is
// one transaction with the order's `moved` event, its activity entry and its bump.
//
// Stations work side by side on one order, so a part's move is checked against the part,
// not the whole order: it is based on the order's version the screen saw, and is a 409
// `conflict` only when what it changes changed after that version (the part was marked
// meanwhile, or the order was served or cancelled). The Bar marking its part done does not
// make the Pizza oven's move a conflict. When the last part is done the order is ready
// by itself; the first part done moves a received order to preparing.
import type { Db } from '../db/schema.js';
import type { Who } from '../activity/index.js';
import { recordActivity } from '../activity/index.js';
import { forgetBump, RECALLS, recentBumps, recordBump } from './bumps.js';
import { changeOrder, findOrder, findOrderByNumber, partChanges, type OrderView } from './store.js';
import { ApiError } from '../http/errors.js';
import { conflict } from './move.js';
import { t } from '../http/language.js';
import { orderStateWord } from './state-words.js';

const CLOSED = ['served', 'cancelled'];

/** Another screen changed the order between this one reading it and writing: read it again. */
const RACED = Symbol('raced');

/** Runs `work` again when it raced another screen's change (PostgreSQL runs them side by side), at most three times. */
async function untilNotRaced<T>(db: Db, publicId: string, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (error !== RACED) throw error;
      if (attempt === 3) throw conflict((await findOrder(db, publicId))!);
    }
  }
}

const written = <T>(change: T | undefined): T => change ?? (() => { throw RACED; })();

/** Refuses a part's move on a closed order: a conflict when it closed after the screen's version, else there is nothing to move. */
function checkOpen(order: OrderView, version: number) {
  if (!CLOSED.includes(order.status)) return;
  if (order.version > version) throw conflict(order);
  throw new ApiError(409, 'invalid_transition', t('Order {number} is {status}: its parts cannot change.', { number: order.number, status: orderStateWord(order.status) }), { more: { order } });
}

function partOf(order: OrderView, station: number) {
  const part = order.parts.find((candidate) => candidate.station === station);
  if (!part) throw new ApiError(404, 'not_found', t('Order {number} has no dishes for station {station}.', { number: order.number, station }));
  return part;
}

/** Marks `station`'s part of the order done, as the display `who` showing that station. */
export function markPartDone(db: Db, publicId: string, station: number, version: number, who: Who, now: number) {
  return untilNotRaced(db, publicId, () => db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, publicId);
    if (!order) throw new ApiError(404, 'not_found', t('There is no such order.'));
    if (version > order.version) throw conflict(order);
    const part = partOf(order, station);
    checkOpen(order, version);
    if (part.done) {
      if ((await partChanges(trx, order.number)).get(station)! > version) {
        throw new ApiError(409, 'conflict', t('{name}\'s part of order {number} was marked done meanwhile{value}.', { name: part.name, number: order.number, value: part.doneBy ? ` (${part.doneBy})` : '' }), { more: { order } });
      }
      throw new ApiError(409, 'invalid_transition', t('{name}\'s part of order {number} is done already.', { name: part.name, number: order.number }), { more: { order } });
    }
    const last = order.parts.every((other) => other.done || other.station === station);
    const to = last ? 'ready' : order.status === 'received' ? 'preparing' : undefined;
    const at = new Date(now).toISOString();
    const changed = written(await changeOrder(trx, { number: order.number, version: order.version, at, by: who.name }, { from: order.status, to, parts: new Map([[station, true]]) }));
    await recordActivity(trx, { by: who, at: now, action: 'order.part_done', subject: { kind: 'Order', id: order.number, names: [part.name] }, before: { status: order.status }, after: { status: changed.order.status } });
    await recordBump(trx, { display: who.id, order: order.number, station, at: now });
    return changed;
  }));
}

/**
 * Brings back a ticket the display `who` bumped in the last 10 minutes (one of its last
 * ten): a station's part is not done again (a ready order goes back to preparing); an
 * order the pass served is ready again. A bump that is not the display's, too old, or
 * already undone is a 409 `not_recallable`.
 */
export function recall(db: Db, publicId: string, version: number, who: Who, now: number) {
  return untilNotRaced(db, publicId, () => db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, publicId);
    if (!order) throw new ApiError(404, 'not_found', t('There is no such order.'));
    const bump = (await recentBumps(trx, who.id, now)).find((candidate) => candidate.order_id === order.number);
    if (!bump) throw new ApiError(409, 'not_recallable', t('Order {number} was not taken off this screen in the last 10 minutes: only its last {RECALLS} tickets can be brought back.', { number: order.number, RECALLS }), { more: { order } });
    if (version > order.version) throw conflict(order);
    const at = new Date(now).toISOString();
    const by = { number: order.number, version: order.version, at, by: who.name };
    let changed: NonNullable<Awaited<ReturnType<typeof changeOrder>>>;
    if (bump.station_id === null) {
      // The pass served it: strictly on the order's version, as any whole-order move.
      if (order.version !== version) throw conflict(order);
      if (order.status !== 'served') throw new ApiError(409, 'invalid_transition', t('Order {number} is {status}: only a served order can come back to the pass.', { number: order.number, status: orderStateWord(order.status) }), { more: { order } });
      const served = await changeOrder(trx, by, { from: 'served', to: 'ready' });
      if (!served) throw conflict((await findOrder(trx, publicId))!);
      changed = served;
    } else {
      const part = partOf(order, bump.station_id);
      checkOpen(order, version);
      if (!part.done) {
        if ((await partChanges(trx, order.number)).get(bump.station_id)! > version) throw new ApiError(409, 'conflict', t('{name}\'s part of order {number} was brought back meanwhile.', { name: part.name, number: order.number }), { more: { order } });
        throw new ApiError(409, 'invalid_transition', t('{name}\'s part of order {number} is not done.', { name: part.name, number: order.number }), { more: { order } });
      }
      changed = written(await changeOrder(trx, by, { from: order.status, to: order.status === 'ready' ? 'preparing' : undefined, parts: new Map([[bump.station_id, false]]) }));
    }
    await forgetBump(trx, bump.id);
    await recordActivity(trx, { by: who, at: now, action: 'order.recalled', subject: { kind: 'Order', id: order.number, names: [] }, before: { status: order.status }, after: { status: changed.order.status } });
    return changed;
  }));
}

/** The tickets the display may still bring back, newest first, as they are now. */
export async function recallList(db: Db, display: number, now: number) {
  const bumps = await recentBumps(db, display, now);
  const found: { order: OrderView; station: number | null; bumpedAt: string }[] = [];
  for (const bump of bumps) {
    const order = await findOrderByNumber(db, bump.order_id);
    if (!order) continue;
    const stands = bump.station_id === null ? order.status === 'served' : !CLOSED.includes(order.status) && order.parts.some((part) => part.station === bump.station_id && part.done);
    if (stands && !found.some((other) => other.order.id === order.id)) found.push({ order, station: bump.station_id, bumpedAt: new Date(bump.at).toISOString() });
  }
  return found;
}
