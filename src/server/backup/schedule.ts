// Backups by themselves, for a process that owns the embedded database: every `minutes`,
// and once more as it stops (after the last request). One at a time. A backup that fails (a
// full disk, a folder that cannot be written) is said in the log, and the next is tried at
// its time: the service never stops for it. PostgreSQL's are pg_dump's (npm run backup).
import type SQLite from 'better-sqlite3';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedHandle, waitingForTurns } from '../db/embedded-handle.js';
import type { Db } from '../db/schema.js';
import { takeBackup, type Backup } from './backup.js';
import { PID_FILE } from './restore.js';

export interface Backups {
  /** Takes one now (after the one under way), or null when it failed (said in the log). */
  now(): Promise<Backup | null>;
  /** Stops the timer, takes the last backup, and gives the data folder up (its pid file). */
  stop(): Promise<void>;
  /** For the metrics: when the last backup that succeeded was taken and its size, and how many failed. */
  stats(): { lastSuccessMs: number; lastBytes: number; failures: number };
}

const NONE: Backups = { now: async () => null, stop: async () => {}, stats: () => ({ lastSuccessMs: 0, lastBytes: 0, failures: 0 }) };

/** A backup by the server that owns `db` (its handle `sqlite`): the online API, a page a step while requests wait for the database. */
export const serversBackup = (db: Db, sqlite: SQLite.Database, where: { dataDir: string; backupDir: string; now: number }): Promise<Backup> =>
  takeBackup(sqlite, { ...where, busy: () => waitingForTurns(db) > 0 });

export function backupsEvery(db: Db, { dataDir, backupDir, minutes }: { dataDir: string; backupDir: string; minutes: number }, clock: () => number = Date.now): Backups {
  const sqlite = embeddedHandle(db);
  if (!sqlite || dataDir === ':memory:') return NONE;
  // The data folder is this process's while it runs: a restore refuses it (restore.ts).
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
  let under: Promise<Backup | null> = Promise.resolve(null);
  const stats = { lastSuccessMs: 0, lastBytes: 0, failures: 0 };
  const now = () =>
    (under = under.then(() =>
      serversBackup(db, sqlite, { dataDir, backupDir, now: clock() }).then(
        (backup) => {
          stats.lastSuccessMs = Date.parse(backup.at);
          stats.lastBytes = backup.bytes;
          return backup;
        },
        (error: unknown) => {
          stats.failures++;
          console.error(`The backup into ${backupDir} failed: ${(error as Error).message}. The next one is in ${minutes} minutes.`);
          return null;
        },
      ),
    ));
  const timer = setInterval(now, minutes * 60_000);
  timer.unref();
  return {
    now,
    stats: () => ({ ...stats }),
    async stop() {
      clearInterval(timer);
      await now();
      rmSync(join(dataDir, PID_FILE), { force: true });
    },
  };
}
