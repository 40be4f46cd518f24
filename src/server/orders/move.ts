// Moving an order to another state, as one transaction with its `moved` event. The checks,
// in order: the order exists (404); the move is based on its current version, else the
// screen is stale (409 `conflict`, with the order as it is now); the move exists from the
// current state (409 `invalid_transition`); the role may make it (403).
import { decideMove, type OrderStatus } from '../../shared/order-states.js';
import type { Db } from '../db/schema.js';
import { findOrder, updateStatus, type OrderView } from '../db/orders.js';
import { ApiError } from '../errors.js';

const conflict = (order: OrderView) =>
  new ApiError(409, 'conflict', `Order ${order.number} changed meanwhile: it is ${order.status} now (version ${order.version}).`, { more: { order } });

export function moveOrder(db: Db, publicId: string, { status, version }: { status: OrderStatus; version: number }, role: string, now: number) {
  return db.transaction().execute(async (trx) => {
    const current = await findOrder(trx, publicId);
    if (!current) throw new ApiError(404, 'not_found', 'There is no such order.');
    if (current.version !== version) throw conflict(current);
    const decision = decideMove(current.status, status, role);
    if (decision === 'invalid_transition') {
      throw new ApiError(409, 'invalid_transition', `Order ${current.number} is ${current.status}: it cannot become ${status}.`, { more: { order: current } });
    }
    if (decision === 'forbidden') throw new ApiError(403, 'forbidden', `${role} staff may not move an order from ${current.status} to ${status}.`);
    const moved = await updateStatus(trx, publicId, version, status, new Date(now).toISOString());
    if (!moved) throw conflict((await findOrder(trx, publicId))!);
    return moved;
  });
}
