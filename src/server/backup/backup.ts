// Backups of the embedded database, taken while it runs. SQLite's online backup API copies it
// a hundred pages a step, the event loop free between steps, and a page a step while
// requests wait for the database (they go first: a busy minute's orders hardly slow down,
// and the backup catches up once it is quiet), into a file whose name says it is unfinished, made one file whole in itself (its
// journal mode DELETE, not the server's write-ahead log); the copy's integrity_check must say
// ok; then it takes its own name, and a manifest (its SHA-256, its size, the schema it has)
// is written last, under a temporary name renamed into place. A copy without its manifest
// (a kill -9 in between) is never taken for a backup, and the next backup removes it. The
// server's secret, which guests' manage links are made with, is copied beside it (0600).
// Kept: the newest backup of each of the last 48 hours and of each of the last 14 days, and
// the newest one a person asked for (`npm run backup`, named `…-manual`): the file they were
// told about stays until they take another, whatever the server's own take meanwhile (its
// backup as it stops, an hour's).
// Pictures are rows of the database: each backup holds them.
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import SQLite from 'better-sqlite3';

export interface Backup {
  /** `tavola-20261128-030512Z` (`tavola-20261128-030512Z-manual`, one a person asked for): its files are `<name>.db`, `<name>.json` and, with a secret, `<name>.secret`. */
  name: string;
  at: string;
  bytes: number;
  sha256: string;
  /** The migrations it has, in order: the newest is its schema. */
  migrations: string[];
}

export const HOURLY_KEPT = 48;
export const DAILY_KEPT = 14;
const PARTIAL = '.partial';
/** What a backup a person asked for is named with: the pruning keeps the newest of them. */
const MANUAL = '-manual';
/** A backup's name, the person's own marked (the names sort by time either way). */
const NAME = /^tavola-\d{8}-\d{6}Z(?:-manual)?$/;

export const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.\d+Z$/, 'Z');
export const fileSha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The migrations a database file has (an SQLite file of another program: a sentence why not). */
export function migrationsOf(file: string): string[] {
  let copy: SQLite.Database;
  try {
    copy = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupProblem(`${basename(file)} cannot be opened as a database.`);
  }
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupProblem(`${basename(file)} is damaged: SQLite's integrity check says "${String(check)}".`);
    const table = copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) throw new BackupProblem(`${basename(file)} is an SQLite database, but not Tavola's: it has no migrations.`);
    return (copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
  } catch (error) {
    if (error instanceof BackupProblem) throw error;
    throw new BackupProblem(`${basename(file)} is not a database: ${(error as Error).message}.`);
  } finally {
    copy.close();
  }
}

/** Why a backup cannot be used, in a sentence for the person restoring it. */
export class BackupProblem extends Error {}

/**
 * Takes a backup of `sqlite` into `backupDir`, then prunes the old ones. The running server
 * passes its own handle: the online backup API, a step at a time (a step copies what its own
 * writes changed meanwhile). Another process (`npm run backup`) passes `snapshot`: it copies
 * the database with VACUUM INTO, one read of one moment that writers do not wait for (the
 * online backup, driven from another connection, would start again at every write).
 * `manual`: a person asked for it (`npm run backup`), and is told its name: it is named
 * apart, and kept until they take another.
 */
export async function takeBackup(
  sqlite: SQLite.Database,
  { dataDir, backupDir, now = Date.now(), snapshot = false, manual = false, busy = () => false }: { dataDir: string; backupDir: string; now?: number; snapshot?: boolean; manual?: boolean; busy?: () => boolean },
): Promise<Backup> {
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  removeUnfinished(backupDir);
  const name = `tavola-${stamp(now)}${manual ? MANUAL : ''}`;
  const partial = join(backupDir, `${name}.db${PARTIAL}`);
  try {
    if (snapshot) sqlite.prepare('vacuum into ?').run(partial);
    else await sqlite.backup(partial, { progress: () => (busy() ? 1 : 100) });
    // One file, whole in itself: the copy leaves the write-ahead log behind (the server's own database keeps it).
    const copy = new SQLite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const migrations = migrationsOf(partial);
    const sha256 = fileSha256(partial);
    const bytes = statSync(partial).size;
    chmodSync(partial, 0o600);
    renameSync(partial, join(backupDir, `${name}.db`));
    const secret = join(dataDir, 'jwt-secret');
    if (existsSync(secret)) {
      copyFileSync(secret, join(backupDir, `${name}.secret${PARTIAL}`));
      chmodSync(join(backupDir, `${name}.secret${PARTIAL}`), 0o600);
      renameSync(join(backupDir, `${name}.secret${PARTIAL}`), join(backupDir, `${name}.secret`));
    }
    const backup: Backup = { name, at: new Date(now).toISOString(), bytes, sha256, migrations };
    writeFileSync(join(backupDir, `${name}.json${PARTIAL}`), `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
    renameSync(join(backupDir, `${name}.json${PARTIAL}`), join(backupDir, `${name}.json`));
    prune(backupDir, now);
    return backup;
  } catch (error) {
    removeUnfinished(backupDir);
    throw error;
  }
}

/** The backups in `backupDir` (those with their manifest), newest first. */
export function listBackups(backupDir: string): Backup[] {
  if (!existsSync(backupDir)) return [];
  return readdirSync(backupDir)
    .filter((file) => file.endsWith('.json') && NAME.test(file.slice(0, -'.json'.length)))
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(join(backupDir, file), 'utf8')) as Backup];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}

/** Removes what a backup cut short left: files still named unfinished, and copies without their manifest. */
function removeUnfinished(backupDir: string) {
  for (const file of readdirSync(backupDir)) {
    const copy = /^(.+)\.(db|secret)$/.exec(file);
    if (file.endsWith(PARTIAL) || (copy && NAME.test(copy[1]!) && !existsSync(join(backupDir, `${copy[1]}.json`)))) rmSync(join(backupDir, file), { force: true });
  }
}

/** Keeps the newest backup of each of the last HOURLY_KEPT hours and DAILY_KEPT days (UTC), and the newest a person asked for; removes the others. Answers the names removed. */
export function prune(backupDir: string, now = Date.now()): string[] {
  const kept = new Set<string>();
  const asked = listBackups(backupDir).find((backup) => backup.name.endsWith(MANUAL));
  if (asked) kept.add(asked.name);
  const newestOf = (span: number, count: number) => {
    const seen = new Set<number>();
    for (const backup of listBackups(backupDir)) {
      const slot = Math.floor(Date.parse(backup.at) / span);
      if (slot <= Math.floor(now / span) - count || seen.has(slot)) continue;
      seen.add(slot);
      kept.add(backup.name);
    }
  };
  newestOf(3_600_000, HOURLY_KEPT);
  newestOf(86_400_000, DAILY_KEPT);
  const removed = listBackups(backupDir)
    .map((backup) => backup.name)
    .filter((name) => !kept.has(name));
  for (const name of removed) for (const end of ['json', 'db', 'secret']) rmSync(join(backupDir, `${name}.${end}`), { force: true });
  return removed;
}
