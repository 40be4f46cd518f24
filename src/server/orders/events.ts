// Where order events go once their transaction is committed, and where streams read them.
// Events live in the order_events table, each with an id that only goes up; the event
// source tells subscribers about new ones. A subscriber starts from an id: it first gets
// what is stored after that id, then what is published, in id order, none twice and none
// missing, even when an event is published while the stored ones are still being read.
//
// This is the in-process implementation (one server process). Across processes a
// notifying database can feed `publish` in every process; the interface stays.
import { eventsAfter, type StoredEvent } from '../db/orders.js';
import type { Db } from '../db/database.js';

export interface OrderEvents {
  /** Hands a committed event to the current subscribers. */
  publish(event: StoredEvent): void;
  /**
   * Calls `listener` with every event after `after` (of one order when `orderId` is
   * given), stored ones first, then live ones. Returns an unsubscribe.
   */
  subscribe(after: number, listener: (event: StoredEvent) => void, options?: SubscribeOptions): () => void;
}

export interface SubscribeOptions {
  /** Only this order's events (a diner's stream). */
  orderId?: number;
  /** The stored events could not be read: the subscription is over (a stream then closes). */
  onError?(error: unknown): void;
}

const PAGE = 500;

interface Subscriber {
  orderId: number | undefined;
  /** The id of the last event handed over. */
  last: number;
  /** Live events that arrived while the stored ones were being read. */
  waiting: StoredEvent[] | null;
  listener: (event: StoredEvent) => void;
}

export function createOrderEvents(db: Db): OrderEvents {
  const subscribers = new Set<Subscriber>();

  function deliver(subscriber: Subscriber, event: StoredEvent) {
    if (event.id <= subscriber.last) return; // already had it from the store
    if (subscriber.orderId !== undefined && event.orderId !== subscriber.orderId) return;
    subscriber.last = event.id;
    subscriber.listener(event);
  }

  async function catchUp(subscriber: Subscriber) {
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
    publish(event) {
      for (const subscriber of subscribers) {
        if (subscriber.waiting) subscriber.waiting.push(event);
        else deliver(subscriber, event);
      }
    },
    subscribe(after, listener, { orderId, onError } = {}) {
      const subscriber: Subscriber = { orderId, last: after, waiting: [], listener };
      subscribers.add(subscriber);
      catchUp(subscriber).catch((error: unknown) => {
        subscribers.delete(subscriber);
        onError?.(error);
      });
      return () => void subscribers.delete(subscriber);
    },
  };
}
