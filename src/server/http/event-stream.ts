// An event stream (`text/event-stream`): the events a subscription hands it, each as its
// form makes it, a heartbeat comment every `heartbeatMs`, and an end when the access token
// behind a staff stream expires, so the reconnect meets the 401. The orders' streams
// (orders/stream.ts) send every event after the one the client last had (`Last-Event-ID`);
// the bookings' streams send events without ids (bookings/events.ts).
//
// On Node the events go straight to the socket; elsewhere (tests calling app.request) the
// body is a plain ReadableStream fed with `enqueue`. One event goes to every open stream,
// so it is encoded once and handed to each without a promise per write. What a stream
// sends of an event depends on who follows it (the whole order, a display's ticket without
// prices, the pickup board's number): each form is made once per event, too.
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { ServerResponse } from 'node:http';
import { ApiError } from './errors.js';
import type { StreamSlot } from './open-streams.js';
import { t } from './language.js';

export interface StreamOptions<E> {
  /** Starts the events: `listener` is given each, `onError` is called when they cannot go on; answers how to stop them. */
  subscribe(listener: (event: E) => void, onError: () => void): () => void;
  /** What it sends of an event, or null to skip it. */
  render: (event: E) => Uint8Array | null;
  heartbeatMs: number;
  /** When the stream must end (the token's expiry), on `clock`. */
  endsAt?: number;
  clock: () => number;
  /** Its place among the process's open streams (open-streams.ts): ends it on shutdown, freed when it ends. */
  slot: StreamSlot;
  /** Frames sent first, right after the stream opens (what a paired display is, the board's settings). */
  greeting?: readonly Uint8Array[];
  /** Given a way to send more such frames while the stream is open. */
  attach?(write: (bytes: Uint8Array) => void): void;
}

/** The id in a `Last-Event-ID` header, or `fallback` without one; anything else is a 400. */
export function lastEventId(c: Context, fallback: number): number {
  const header = c.req.header('Last-Event-ID');
  if (header === undefined || header === '') return fallback;
  if (!/^\d{1,15}$/.test(header)) throw new ApiError(400, 'invalid_field', t('Last-Event-ID must be the id of an event (a whole number).'), { field: 'Last-Event-ID' });
  return Number(header);
}

const encoder = new TextEncoder();
const OPEN = encoder.encode(': open\n\n');
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/**
 * A form of events: `data` makes what one event sends (its data as JSON, or null to skip
 * it), once per event however many streams send it.
 */
export function eventForm<E extends { id: number }>(name: string, data: (event: E) => string | null): (event: E) => Uint8Array | null {
  const made = new WeakMap<E, Uint8Array | null>();
  return (event) => {
    let bytes = made.get(event);
    if (bytes === undefined) {
      const text = data(event);
      bytes = text === null ? null : encoder.encode(`id: ${event.id}\nevent: ${name}\ndata: ${text}\n\n`);
      made.set(event, bytes);
    }
    return bytes;
  };
}

/** A frame that is not an event of the stream: no id, so a client's Last-Event-ID stays where it was. */
export const notice = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

interface Sink {
  write(bytes: Uint8Array): void;
  end(): void;
}

/** Feeds a stream of events into `sink` until `finish` is called; returns `finish`. */
function feed<E>(sink: Sink, { subscribe, render, heartbeatMs, endsAt, clock, slot, greeting = [], attach }: StreamOptions<E>): () => void {
  const expired = () => endsAt !== undefined && clock() >= endsAt;
  const timers: NodeJS.Timeout[] = [];
  let open = true;
  const finish = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    slot.release();
    sink.end();
  };
  const send = (bytes: Uint8Array) => (expired() ? finish() : sink.write(bytes));
  const unsubscribe = subscribe((event) => {
    const bytes = render(event);
    if (bytes) send(bytes);
  }, finish);
  timers.push(setInterval(() => send(HEARTBEAT), heartbeatMs));
  if (endsAt !== undefined) timers.push(setTimeout(finish, Math.max(0, endsAt - clock())));
  sink.write(OPEN); // the client sees the stream start at once
  for (const bytes of greeting) sink.write(bytes);
  attach?.((bytes) => open && send(bytes));
  slot.onClose(finish);
  return finish;
}

/** Answers `c` with the stream. */
export function eventStream<E>(c: Context, options: StreamOptions<E>): Response {
  const head = c.body(null, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) {
    // On Node, straight to the socket: one event goes to every stream at once.
    outgoing.writeHead(200, Object.fromEntries(head.headers));
    const finish = feed({ write: (bytes) => outgoing.write(bytes), end: () => outgoing.end() }, options);
    outgoing.once('close', finish);
    return RESPONSE_ALREADY_SENT;
  }
  let finish = () => {};
  let cancelled = false; // by the reader: the stream is closed already, and closing it again throws
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      finish = feed({ write: (bytes) => controller.enqueue(bytes), end: () => cancelled || controller.close() }, options);
    },
    cancel: () => {
      cancelled = true;
      finish();
    },
  });
  return new Response(body, head);
}
