/**
 * An order as the API sends it, its states, and who may move it where. One table, read
 * by the API (which enforces it) and by the kitchen boards (which only show the buttons
 * it allows).
 *
 *   held → received → preparing → ready → served
 *    └────────┴──────────┴─→ cancelled
 *
 * A waiter's order taken by course (courses.ts) sends its first course at once and holds the
 * others (`held`): the kitchen sees them coming, without a timer, until the waiter fires
 * them (held → received), and their time runs from then (`firedAt`).
 *
 * An order's dishes are cooked at stations (the category of each dish names its station):
 * each station with dishes in the order has a part of it, marked done by that station's
 * screen, and the order is ready by itself once every part is done.
 */

import type { ChosenOption } from './choices.js';

export const ORDER_STATUSES = ['held', 'received', 'preparing', 'ready', 'served', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A dish ordered: its name and price (its choices' included) as they were; `station` cooks it. */
export interface OrderLine {
  dishId: number;
  name: string;
  quantity: number;
  priceCents: number;
  station: number;
  /** What was chosen, as it was when ordered (absent: nothing). */
  choices?: ChosenOption[];
  /** The line's own note for the kitchen (absent: none). */
  note?: string;
  /** The guest's seat at the table, from 1, when the waiter said it (absent: not said). */
  seat?: number;
}

export interface Order {
  /** The public id (128 random bits): whoever has it can follow the order. */
  id: string;
  /** The short sequential number staff call it by. */
  number: number;
  table: number | null;
  pickupName: string | null;
  /** The phone number (E.164) of a pickup order, for the kitchen to call. Sent to staff and paired screens only: a diner's copy of the order leaves it out. */
  pickupPhone?: string | null;
  /** The same number as people read it, with its country code ("+39 333 123 4567"); sent with `pickupPhone`. */
  pickupPhoneText?: string | null;
  /** The name of the Waiter or Kitchen member who placed it for the table, or null for a diner's own. */
  takenBy: string | null;
  status: OrderStatus;
  /** The course it is (courses.ts: 0 at once, 1 antipasti … 4 dolci) when a waiter took the table's order by course; null otherwise. */
  course: number | null;
  /** When a held course was fired (its time in the kitchen runs from then); null when it went at once. */
  firedAt: string | null;
  note: string;
  /** Names and prices as they were when it was ordered; `station` cooks it. */
  items: OrderLine[];
  /** One per station with dishes in the order, by station id. */
  parts: OrderPart[];
  totalCents: number;
  currency: 'EUR';
  /** Goes up with every change; a move names the version it is based on. */
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Who made the last change: a person's name, or "Display: Pass" for a paired screen; null while untouched. */
  movedBy: string | null;
}

/** A station's share of an order: done when its dishes are out. */
export interface OrderPart {
  station: number;
  /** The station's name now. */
  name: string;
  /** Its name in Italian now, or null while not translated. */
  nameIt: string | null;
  done: boolean;
  /** Who marked it done ("Display: Pizza oven", or the person who marked the whole order ready), or null. */
  doneBy: string | null;
}

/**
 * What a paired kitchen or pass screen is sent of an order: everything but the prices (a
 * screen on a wall has no business with the takings).
 */
export type Ticket = Omit<Order, 'totalCents' | 'items'> & { items: (Omit<OrderLine, 'priceCents' | 'choices'> & { choices?: Omit<ChosenOption, 'priceCents'>[] })[] };

/** Orders the kitchen and the floor still have to deal with, in the order they go through (held ones are coming). */
export const OPEN_STATUSES = ['held', 'received', 'preparing', 'ready'] as const;

/** The states a kitchen board has a column for: a held course is shown apart, as coming. */
export const BOARD_STATUSES = ['received', 'preparing', 'ready'] as const;

/**
 * Who may make each move, by the state it starts from: the roles of people, and `Pass`, a
 * paired pass screen (where waiters see whole orders). A station's screen moves no whole
 * order: it marks its part done, and the last part makes the order ready.
 */
export const MOVES: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, readonly string[]>>>> = {
  held: { received: ['Waiter', 'Pass'], cancelled: ['Waiter', 'Pass'] },
  received: { preparing: ['Kitchen'], ready: ['Pass'], cancelled: ['Kitchen', 'Waiter', 'Pass'] },
  preparing: { ready: ['Kitchen', 'Pass'], cancelled: ['Waiter', 'Pass'] },
  ready: { served: ['Waiter', 'Pass'] },
  served: {},
  cancelled: {},
};

/** The roles that may move orders at all (and see the queue and its stream). */
export const ORDER_STAFF = ['Kitchen', 'Waiter'] as const;

export type MoveDecision = 'allowed' | 'forbidden' | 'invalid_transition';

/** The kinds of paired screen: a station's (its dishes only), the pass (whole orders), or the host stand (the bookings, no orders). */
export const DISPLAY_KINDS = ['station', 'pass', 'host'] as const;
export type DisplayKind = (typeof DISPLAY_KINDS)[number];

/** The name a paired screen moves orders under, in MOVES: `Pass`, `Station`, or `Host` (which moves none). */
export const moverOfDisplay = (kind: DisplayKind) => (kind === 'pass' ? 'Pass' : kind === 'host' ? 'Host' : 'Station');

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
