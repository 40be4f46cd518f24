/**
 * An order as the API sends it, its states, and who may move it where. One table, read
 * by the API (which enforces it) and by the kitchen page (which only shows the buttons
 * it allows).
 *
 *   received → preparing → ready → served
 *       └──────────┴─→ cancelled
 */

export const ORDER_STATUSES = ['received', 'preparing', 'ready', 'served', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface Order {
  /** The public id (128 random bits): whoever has it can follow the order. */
  id: string;
  /** The short sequential number staff call it by. */
  number: number;
  table: number | null;
  pickupName: string | null;
  /** The name of the Waiter or Kitchen member who placed it for the table, or null for a diner's own. */
  takenBy: string | null;
  status: OrderStatus;
  note: string;
  /** Names and prices as they were when it was ordered. */
  items: { dishId: number; name: string; quantity: number; priceCents: number }[];
  totalCents: number;
  currency: 'EUR';
  /** Goes up with every change; a move names the version it is based on. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Orders the kitchen and the floor still have to deal with, in the order they go through. */
export const OPEN_STATUSES = ['received', 'preparing', 'ready'] as const;

/** The roles that may make each move, by the state it starts from. */
export const MOVES: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, readonly string[]>>>> = {
  received: { preparing: ['Kitchen'], cancelled: ['Kitchen', 'Waiter'] },
  preparing: { ready: ['Kitchen'], cancelled: ['Waiter'] },
  ready: { served: ['Waiter'] },
  served: {},
  cancelled: {},
};

/** The roles that may move orders at all (and see the queue and its stream). */
export const ORDER_STAFF = ['Kitchen', 'Waiter'] as const;

export type MoveDecision = 'allowed' | 'forbidden' | 'invalid_transition';

/** Whether `role` may move an order from `from` to `to`: the move must exist, then the role must hold it. */
export function decideMove(from: OrderStatus, to: OrderStatus, role: string): MoveDecision {
  const roles = MOVES[from][to];
  if (!roles) return 'invalid_transition';
  return roles.includes(role) ? 'allowed' : 'forbidden';
}

/** The moves `role` may make from `from`, in the table's order. */
export function movesFor(from: OrderStatus, role: string): OrderStatus[] {
  return (Object.keys(MOVES[from]) as OrderStatus[]).filter((to) => decideMove(from, to, role) === 'allowed');
}
