// The paired displays' open streams in this process. A display's stream has no end of its
// own (a display is not a person with a 2-minute token), so this watch ends it when the
// owner unpairs the display, on whichever process the stream is: every second, while any
// display's stream is open here, one query reads those displays, and a stream whose display
// no longer holds the credential it opened with is ended (its reconnect then meets the 401
// "This screen was unpaired."). A display the owner changed meanwhile (renamed, given
// another station) is told what it is now, and every display what the board's settings are
// when the owner changes the late times: a screen on all day follows without anyone touching
// it. Every 10 seconds the watch also writes, for the owner's page, that those displays were
// seen and that their streams are open for a while yet; a process that dies simply stops
// writing, and the mark runs out.
import { describe, markSeen } from './store.js';
import type { Db } from '../db/schema.js';
import { readBoardSettings } from './stations.js';
import { quietLog } from '../quiet-log.js';

/** A display's open stream: opened with the credential whose hash is `credential`, at the display's `version` and the settings' `settings`. */
export interface Watched {
  display: number;
  credential: string;
  version: number;
  settings: number;
  /** Ends the stream. */
  end(): void;
  /** Tells the stream something that is not an order event: `display` (what it is now), `settings` (the board's now). */
  tell(name: 'display' | 'settings', data: unknown): void;
}

export interface DisplayWatch {
  /** Watches a display's open stream. Returns the stop for when the stream ends. */
  track(watched: Watched): () => void;
}

export interface WatchTimes {
  /** How often the displays are read. */
  checkMs: number;
  /** How often a streaming display is marked as seen; its stream counts as open for three times that. */
  markMs: number;
}

export const DEFAULT_WATCH_TIMES: WatchTimes = { checkMs: 1000, markMs: 10_000 };

export function createDisplayWatch(db: Db, clock: () => number, { checkMs, markMs }: WatchTimes = DEFAULT_WATCH_TIMES): DisplayWatch {
  const tracked = new Set<Watched>();
  const log = quietLog(60_000);
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  let lastMark = 0;

  const displays = () => [...new Set([...tracked].map((entry) => entry.display))];

  async function check() {
    if (busy || !tracked.size) return;
    busy = true;
    try {
      const now = clock();
      const rows = new Map((await db.selectFrom('displays').selectAll().where('id', 'in', displays()).execute()).map((row) => [row.id, row]));
      const { version: settingsVersion } = await db.selectFrom('board_settings').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
      let settings: unknown;
      for (const entry of [...tracked]) {
        const row = rows.get(entry.display);
        if (!row || row.credential_hash !== entry.credential) {
          entry.end();
          continue;
        }
        if (row.version !== entry.version) {
          entry.version = row.version;
          entry.tell('display', await describe(db, row));
        }
        if (settingsVersion !== entry.settings) {
          entry.settings = settingsVersion;
          settings ??= await readBoardSettings(db);
          entry.tell('settings', settings);
        }
      }
      if (now - lastMark >= markMs) {
        lastMark = now;
        await markSeen(db, displays(), now, now + 3 * markMs);
      }
    } catch (error) {
      // The database is away: the streams end by themselves when their own reads fail.
      log(`Could not check the paired displays: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  }

  return {
    track(entry) {
      tracked.add(entry);
      timer ??= setInterval(() => void check(), checkMs).unref();
      const now = clock();
      markSeen(db, [entry.display], now, now + 3 * markMs).catch((error: unknown) => log(`Could not mark a display as streaming: ${(error as Error).message}`));
      return () => {
        tracked.delete(entry);
        if (!tracked.size) {
          clearInterval(timer);
          timer = undefined;
        }
        if ([...tracked].some((other) => other.display === entry.display)) return;
        // Its stream is closed here; a stream of it on another process marks it open again.
        db.updateTable('displays')
          .set({ streaming_until: null })
          .where('id', '=', entry.display)
          .execute()
          .catch((error: unknown) => log(`Could not mark a display's stream closed: ${(error as Error).message}`));
      };
    },
  };
}
