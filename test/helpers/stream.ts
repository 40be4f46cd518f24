/** Reads an event stream answer in a test, with the parser the site uses. */
import { eventParser, type StreamEvent } from '../../src/core/event-stream.js';

export interface OpenStream {
  response: Response;
  /** Resolves with the next `count` events, or rejects after `timeoutMs`. */
  next(count?: number, timeoutMs?: number): Promise<StreamEvent[]>;
  /** Resolves true when the server ends the stream within `timeoutMs`. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

const open = new Set<OpenStream>();

/** Closes every stream a test left open (a failed assertion skips its close). */
export const closeStreams = async () => void (await Promise.all([...open].map((stream) => stream.close())));

export function readStream(response: Response): OpenStream {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parse = eventParser();
  const queued: StreamEvent[] = [];
  let done = false;
  const pull = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    else queued.push(...parse(chunk.value));
  };
  const within = async <T>(promise: Promise<T>, timeoutMs: number, what: string) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs)))]);
    } finally {
      clearTimeout(timer);
    }
  };
  const stream: OpenStream = {
    response,
    async next(count = 1, timeoutMs = 5000) {
      await within(
        (async () => {
          while (queued.length < count && !done) await pull();
        })(),
        timeoutMs,
        `${count} event(s)`,
      );
      if (queued.length < count) throw new Error(`the stream ended after ${queued.length} of ${count} events`);
      return queued.splice(0, count);
    },
    async ended(timeoutMs = 2000) {
      try {
        await within(
          (async () => {
            while (!done) await pull();
          })(),
          timeoutMs,
          'end',
        );
        return true;
      } catch {
        return false;
      }
    },
    close: () => {
      open.delete(stream);
      return reader.cancel().catch(() => {});
    },
  };
  open.add(stream);
  return stream;
}

/**
 * The next event named `name`, skipping others before it (on PostgreSQL a bookings stream may
 * first say `bookings`, "read the day again", when its process starts to listen).
 */
export async function nextEventNamed(stream: OpenStream, name: string, timeoutMs = 5000): Promise<StreamEvent> {
  for (;;) {
    const [event] = await stream.next(1, timeoutMs);
    if (event!.event === name) return event!;
  }
}
