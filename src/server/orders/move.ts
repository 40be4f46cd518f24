// Moving a whole order to another state, as one transaction with its `moved` event. The
// checks, in order: the order exists (404); the move is based on its current version, else
// the screen is stale (409 `conflict`, with the order as it is now); the move exists from
// the current state (409 `invalid_transition`); the mover may make it (403). A paired
// display's move is also written to the activity list, and an order it serves is kept
// for its recall.
import { decideMove, type OrderStatus } from '../../shared/order-states.js';
import type { Db } from '../db/schema.js';
import { changeOrder, findOrder, type OrderView } from './store.js';
import { recordBump } from './bumps.js';
import { recordActivity, type Who } from '../activity/index.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { orderStateWord } from './state-words.js';

/** Who moves an order: the name MOVES knows them by (a role, or `Pass`) and who they are. */
export interface Mover {
  mover: string;
  who: Who;
}

export const conflict = (order: OrderView) =>
  // In words a person reads: what it is now and who moved it, never a version number.
  new ApiError(409, 'conflict', order.movedBy ? t('Order {number} changed meanwhile: it is {status} now, moved by {who}.', { number: order.number, status: orderStateWord(order.status), who: order.movedBy }) : t('Order {number} changed meanwhile: it is {status} now.', { number: order.number, status: orderStateWord(order.status) }), { more: { order } });

/**
 * Whether a dish of order `number` was moved away from or taken off its bill (bills/lines.ts):
 * cancelling the order then would take its dishes off the bill a second time.
 */
async function changedOnItsBill(trx: Db, number: number): Promise<boolean> {
  const row = await trx
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('bill_line_changes', (join) => join.onRef('bill_line_changes.bill_id', '=', 'orders.bill_id').onRef('bill_line_changes.dish_id', '=', 'order_items.dish_id'))
    .select('bill_line_changes.id')
    .where('orders.id', '=', number)
    .where('bill_line_changes.quantity', '<', 0)
    .executeTakeFirst();
  return Boolean(row);
}

export function moveOrder(db: Db, publicId: string, { status, version }: { status: OrderStatus; version: number }, { mover, who }: Mover, now: number) {
  return db.transaction().execute(async (trx) => {
    const current = await findOrder(trx, publicId);
    if (!current) throw new ApiError(404, 'not_found', t('There is no such order.'));
    if (current.version !== version) throw conflict(current);
    const decision = decideMove(current.status, status, mover);
    if (decision === 'invalid_transition') {
      throw new ApiError(409, 'invalid_transition', t('Order {number} is {status}: it cannot become {status2}.', { number: current.number, status: orderStateWord(current.status), status2: orderStateWord(status) }), { more: { order: current } });
    }
    if (decision === 'forbidden') throw new ApiError(403, 'forbidden', t('{value} may not move an order from {status} to {status2}.', { value: who.display ? who.name : `${mover} staff`, status: orderStateWord(current.status), status2: orderStateWord(status) }));
    if (status === 'cancelled' && (await changedOnItsBill(trx, current.number))) {
      throw new ApiError(409, 'bill_changed', t('Dishes of order {number} were moved or taken off on its bill: the bill counts them so already, so the order cannot be cancelled now. Cancel an order before changing its bill.', { number: current.number }), { more: { order: current } });
    }
    const at = new Date(now).toISOString();
    const moved = await changeOrder(trx, { number: current.number, version, at, by: who.name }, { from: current.status, to: status });
    if (!moved) throw conflict((await findOrder(trx, publicId))!);
    if (who.display) {
      await recordActivity(trx, { by: who, at: now, action: 'order.moved', subject: { kind: 'Order', id: current.number, names: [] }, before: { status: current.status }, after: { status } });
      if (status === 'served') await recordBump(trx, { display: who.id, order: current.number, station: null, at: now });
    }
    return moved;
  });
}
