// Where order events go once their transaction is committed, and where streams read them.
// Events live in the order_events table, each with an id that only goes up, committed in
// id order (dialect.ts). A subscriber starts from an id: it first gets what is stored
// after that id, then what comes later, in id order, none twice and none missing.
//
// Later events reach a process through one reader, the pump: woken by a notification
// (notifications.ts: a function call on SQLite, LISTEN/NOTIFY across processes on
// PostgreSQL), it reads the table after the last id it handed out and hands each event
// to every subscriber. A process reads each event once, however many streams it serves.
import type { Db } from '../db/schema.js';
import { eventsAfter, latestEventId, type StoredEvent } from './store.js';
import type { Notifications } from '../db/notifications.js';

export interface OrderEvents {
  /** Says that events were committed: every process's subscribers will get them. */
  publish(): Promise<void>;
  /**
   * Calls `listener` with every event after `after` (of one order when `orderId` is
   * given), stored ones first, then later ones. Returns an unsubscribe.
   */
  subscribe(after: number, listener: (event: StoredEvent) => void, options?: SubscribeOptions): () => void;
}

export interface SubscribeOptions {
  /** Only this order's events (a diner's stream). */
  orderId?: number;
  /** The events could not be read: the subscription is over (a stream then closes, and its client resumes from its last id). */
  onError?(error: unknown): void;
}

const PAGE = 500;

interface Subscriber {
  orderId: number | undefined;
  /** The id of the last event handed over. */
  last: number;
  /** Events the pump read while the stored ones were still being read. */
  waiting: StoredEvent[] | null;
  listener: (event: StoredEvent) => void;
  onError?(error: unknown): void;
}

export function createOrderEvents(db: Db, notifications: Notifications): OrderEvents {
  const subscribers = new Set<Subscriber>();
  /** The last id the pump handed out; set when the first subscriber comes, forgotten when the last goes. */
  let pumped: Promise<number> | undefined;
  let pumping = false;
  let again = false;
  let stopListening: (() => void) | undefined;

  function deliver(subscriber: Subscriber, event: StoredEvent) {
    if (event.id <= subscriber.last) return; // already had it from the store
    if (subscriber.orderId !== undefined && event.orderId !== subscriber.orderId) return;
    subscriber.last = event.id;
    subscriber.listener(event);
  }

  function end(subscriber: Subscriber, error: unknown) {
    remove(subscriber);
    subscriber.onError?.(error);
  }

  function remove(subscriber: Subscriber) {
    if (!subscribers.delete(subscriber) || subscribers.size) return;
    stopListening?.();
    stopListening = undefined;
    pumped = undefined;
  }

  async function pump() {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        if (!pumped) continue;
        let after = await pumped;
        for (;;) {
          const page = await eventsAfter(db, after, { limit: PAGE });
          for (const event of page) {
            for (const subscriber of subscribers) {
              if (subscriber.waiting) subscriber.waiting.push(event);
              else deliver(subscriber, event);
            }
            after = event.id;
          }
          if (pumped) pumped = Promise.resolve(after);
          if (page.length < PAGE) break;
        }
      } while (again);
    } catch (error) {
      // The table could not be read: end every stream; each client resumes from its last id.
      for (const subscriber of [...subscribers]) end(subscriber, error);
    } finally {
      pumping = false;
    }
  }

  async function catchUp(subscriber: Subscriber) {
    // Whatever is committed after the pump's starting point, the pump hands over; whatever
    // is committed before it, this reads. Overlap is dropped by id in deliver().
    await pumped;
    for (;;) {
      const page = await eventsAfter(db, subscriber.last, { orderId: subscriber.orderId, limit: PAGE });
      if (!subscribers.has(subscriber)) return; // unsubscribed meanwhile
      for (const event of page) deliver(subscriber, event);
      if (page.length < PAGE) break;
    }
    const waiting = subscriber.waiting!;
    subscriber.waiting = null;
    for (const event of waiting) deliver(subscriber, event);
  }

  return {
    publish: () => notifications.notify(),
    subscribe(after, listener, { orderId, onError } = {}) {
      const subscriber: Subscriber = { orderId, last: after, waiting: [], listener, onError };
      subscribers.add(subscriber);
      if (!pumped) {
        pumped = latestEventId(db);
        stopListening = notifications.listen(() => void pump());
      }
      catchUp(subscriber).catch((error: unknown) => end(subscriber, error));
      return () => remove(subscriber);
    },
  };
}
