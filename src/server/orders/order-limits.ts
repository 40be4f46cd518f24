// How many orders diners may place in a window, and by what key. A dining room on the
// restaurant's own Wi-Fi is one client address, so an order to a table is counted by the
// table's code (from its QR code: the natural key of one table's diners), a pickup order by
// its phone number, and every diner's order also by its address, with a limit a busy room
// does not reach: it only stops one machine from flooding the kitchen. Staff taking an
// order are not limited. An order refused by one count gives back what the others took.
import { createHash } from 'node:crypto';
import type { Db } from '../db/schema.js';
import { createThrottle, type Throttle } from '../http/throttle.js';
import { ApiError } from '../http/errors.js';

export interface OrderLimits {
  /** Orders from one client address (of any kind). */
  client: number;
  /** Orders to one table, by its code. */
  table: number;
  /** Pickup orders for one phone number. */
  phone: number;
  windowMs: number;
}

/**
 * A full room of 40 tables each ordering three times in 10 minutes is 120 orders from one
 * address: the address limit is 2.5 times that. A table of eight ordering a round each is
 * within the table's 20. Five pickup orders for one phone in 10 minutes is more than a
 * person places.
 */
export const DEFAULT_ORDER_LIMITS: OrderLimits = { client: 300, table: 20, phone: 5, windowMs: 10 * 60 * 1000 };

/** Who is counted for one order: its address, and its table's code or its phone number. */
export interface OrderKeys {
  client: string;
  tableCode?: string;
  phone?: string;
}

export interface OrderCounter {
  /** Counts one order, or throws 429 with Retry-After; the returned function gives it back (a replayed order). */
  take(keys: OrderKeys): Promise<() => Promise<void>>;
}

export function createOrderCounter(db: Db, limits: OrderLimits, clock: () => number): OrderCounter {
  const throttle = (name: string, limit: number) => createThrottle(db, { name, limit, windowMs: limits.windowMs, clock });
  const client = throttle('orders-client', limits.client);
  const table = throttle('orders-table', limits.table);
  const phone = throttle('orders-phone', limits.phone);
  // The table's code is a secret: the shared table keeps a hash of it. A wrong code counts
  // under its own key, so guessing never uses up a real table's orders.
  const hashed = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);

  return {
    async take(keys) {
      const counts: [Throttle, string, (wait: number) => string][] = [[client, keys.client, (wait) => `Too many orders from this connection. Try again in ${wait} seconds.`]];
      if (keys.tableCode !== undefined) counts.push([table, hashed(keys.tableCode), (wait) => `Too many orders to this table in a short time. Ask a waiter, or try again in ${wait} seconds.`]);
      if (keys.phone !== undefined) counts.push([phone, keys.phone, (wait) => `Too many pickup orders for this phone number. Call us, or try again in ${wait} seconds.`]);
      const taken: [Throttle, string][] = [];
      const giveBack = () => Promise.all(taken.map(([counter, key]) => counter.refund(key))).then(() => {});
      for (const [counter, key, message] of counts) {
        const wait = await counter.take(key);
        if (wait > 0) {
          await giveBack();
          throw new ApiError(429, 'too_many_orders', message(wait), { headers: { 'Retry-After': String(wait) } });
        }
        taken.push([counter, key]);
      }
      return giveBack;
    },
  };
}
