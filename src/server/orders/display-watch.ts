// The paired displays' open streams in this process. A display's stream has no end of its
// own (a display is not a person with a 2-minute token), so this watch ends it when the
// owner unpairs the display, on whichever process the stream is: every second, while any
// display's stream is open here, one query reads those displays' credentials, and a stream
// whose display no longer holds the credential it opened with is ended (its reconnect then
// meets the 401 "This screen was unpaired."). Every 10 seconds it also writes, for the
// owner's page, that those displays were seen and that their streams are open for a while
// yet; a process that dies simply stops writing, and the mark runs out.
import { credentialsOf, markSeen } from '../db/displays.js';
import type { Db } from '../db/schema.js';
import { quietLog } from '../quiet-log.js';

export interface DisplayWatch {
  /** Watches a display's open stream, opened with the credential whose hash is `credential`; `end` ends it. Returns the stop for when the stream ends. */
  track(display: number, credential: string, end: () => void): () => void;
}

export interface WatchTimes {
  /** How often the credentials are read. */
  checkMs: number;
  /** How often a streaming display is marked as seen; its stream counts as open for three times that. */
  markMs: number;
}

export const DEFAULT_WATCH_TIMES: WatchTimes = { checkMs: 1000, markMs: 10_000 };

interface Tracked {
  display: number;
  credential: string;
  end: () => void;
}

export function createDisplayWatch(db: Db, clock: () => number, { checkMs, markMs }: WatchTimes = DEFAULT_WATCH_TIMES): DisplayWatch {
  const tracked = new Set<Tracked>();
  const log = quietLog(60_000);
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  let lastMark = 0;

  const displays = () => [...new Set([...tracked].map((entry) => entry.display))];

  async function mark(now: number) {
    lastMark = now;
    await markSeen(db, displays(), now, now + 3 * markMs);
  }

  async function check() {
    if (busy || !tracked.size) return;
    busy = true;
    try {
      const now = clock();
      const credentials = await credentialsOf(db, displays());
      for (const entry of [...tracked]) if (credentials.get(entry.display) !== entry.credential) entry.end();
      if (now - lastMark >= markMs) await mark(now);
    } catch (error) {
      // The database is away: the streams end by themselves when their own reads fail.
      log(`Could not check the paired displays: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  }

  return {
    track(display, credential, end) {
      const entry = { display, credential, end };
      tracked.add(entry);
      timer ??= setInterval(() => void check(), checkMs).unref();
      const now = clock();
      markSeen(db, [display], now, now + 3 * markMs).catch((error: unknown) => log(`Could not mark a display as streaming: ${(error as Error).message}`));
      return () => {
        tracked.delete(entry);
        if (!tracked.size) {
          clearInterval(timer);
          timer = undefined;
        }
        if ([...tracked].some((other) => other.display === display)) return;
        // Its stream is closed here; a stream of it on another process marks it open again.
        db.updateTable('displays')
          .set({ streaming_until: null })
          .where('id', '=', display)
          .execute()
          .catch((error: unknown) => log(`Could not mark a display's stream closed: ${(error as Error).message}`));
      };
    },
  };
}
