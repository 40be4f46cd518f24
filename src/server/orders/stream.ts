// An order event stream: every event after the one the client last had (`Last-Event-ID`),
// or only one order's, each sent in the form its follower gets (the whole event unless
// told otherwise), on the HTTP layer's event stream.
import type { Context } from 'hono';
import { eventForm, eventStream, type StreamOptions } from '../http/event-stream.js';
import type { OrderEvents } from './events.js';
import type { StoredEvent } from './store.js';

export interface OrderStreamOptions extends Omit<StreamOptions<StoredEvent>, 'subscribe' | 'render'> {
  after: number;
  /** Only this order's events. */
  orderId?: number;
  /** What it sends of an event, or null to skip it; the whole event unless given. */
  render?: (event: StoredEvent) => Uint8Array | null;
}

/** The whole event, as stored. */
const frame = eventForm<StoredEvent>('order', (event) => event.data);

export function streamOrderEvents(c: Context, events: OrderEvents, { after, orderId, render = frame, ...options }: OrderStreamOptions): Response {
  return eventStream(c, { ...options, render, subscribe: (listener, onError) => events.subscribe(after, listener, { orderId, onError }) });
}
