/**
 * Follows a `text/event-stream` with `fetch`, so it can send the exact
 * `Authorization: Bearer <token>` header (EventSource cannot). It reconnects after a
 * dropped connection with `Last-Event-ID`, so no event is missed, and stops for good
 * when the API says no (a 401, 403 or 404), telling the caller why. With `idleMs`, a
 * connection that says nothing for that long (not even the server's heartbeat) is taken
 * for dead and made again: what a tablet's connection looks like after it slept.
 */
import { failureOf, type RequestError } from './http.js';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** Parses a stream as it arrives: give it text, get back the events that are complete. */
export function eventParser(): (text: string) => StreamEvent[] {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  return (text) => {
    buffer += text;
    const complete: StreamEvent[] = [];
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (line === '') {
        if (data.length) complete.push({ id, event: event || 'message', data: data.join('\n') });
        data = [];
        event = '';
      } else if (!line.startsWith(':')) {
        // `field: value`; a comment (`: heartbeat`) is skipped.
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'id') id = value;
      }
    }
    return complete;
  };
}

export interface FollowOptions {
  signal: AbortSignal;
  onEvent(event: StreamEvent): void;
  /** The stream cannot go on: the session ended (`expired`), or the API answered 403, 404… */
  onStop(error: RequestError): void;
  /** `open` once connected, `reconnecting` while it tries again. */
  onState?(state: 'open' | 'reconnecting'): void;
  /** The current access token, sent as `Authorization: Bearer <token>`. */
  token?: () => string | null | undefined;
  /** Start after this event (the queue says which it had). */
  lastEventId?: string;
  fetch?: typeof fetch;
  /** Waits before each reconnect, the last one repeated. */
  retryMs?: readonly number[];
  /** A connection silent for this long (the server's heartbeat comes every 15 s) is dropped and made again. */
  idleMs?: number;
}

/** Follows `url` until `signal` aborts or the API refuses. */
export function followEvents(url: string, options: FollowOptions): void {
  const { signal, onEvent, onStop, onState = () => {}, token = () => null, retryMs = [1000, 2000, 5000, 10000], idleMs } = options;
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let last = options.lastEventId;
  let failures = 0;

  const retry = () => {
    if (signal.aborted) return;
    onState('reconnecting');
    setTimeout(connect, retryMs[Math.min(failures++, retryMs.length - 1)]);
  };

  async function connect() {
    if (signal.aborted) return;
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const bearer = token();
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (last !== undefined) headers['Last-Event-ID'] = last;
    // This connection ends with the caller's signal, or when it has been silent for idleMs.
    const connection = new AbortController();
    const drop = () => connection.abort();
    signal.addEventListener('abort', drop);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      if (idleMs) silence = setTimeout(drop, idleMs);
    };
    try {
      heard();
      const response = await send(url, { headers, signal: connection.signal, cache: 'no-store' });
      if (!response.ok) {
        const failure = await failureOf(response);
        // Busy or failing for a moment: try again. Refused: stop and say why.
        return failure.status === 429 || failure.status >= 500 ? retry() : onStop(failure);
      }
      onState('open');
      failures = 0;
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const parse = eventParser();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        heard();
        for (const event of parse(chunk.value)) {
          if (event.id !== undefined) last = event.id;
          onEvent(event);
        }
      }
    } catch {
      // No connection, or it dropped, or went silent: try again below.
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', drop);
    }
    retry(); // the stream ended (a restart, a token that expired): the reconnect finds out
  }

  connect();
}
