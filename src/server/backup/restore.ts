// Puts a backup in place of the embedded database. Refused, with a sentence, while a server
// uses the data folder (its pid file names a live process), and for a copy that is not the
// backup it says it is: no manifest, a checksum that differs (a truncated or changed file),
// a file that is not a database or not Tavola's, a schema newer than this code knows. The
// current database is kept aside (`before-restore-<time>/`), never overwritten; the copy
// and its secret go in place under temporary names, renamed once whole; the next start
// migrates it when it is older.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BackupProblem, fileSha256, migrationsOf, type Backup } from './backup.js';

/** The file a running server keeps in its data folder: its process id. */
export const PID_FILE = 'tavola.pid';

const DATABASE_FILES = ['tavola.db', 'tavola.db-wal', 'tavola.db-shm', 'jwt-secret'];

/** The process that holds `dataDir`, if it still runs. */
export function serverUsing(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The backup `given` names (its .db, its .json or its name), checked whole; or a BackupProblem that says why not. */
export function checkedBackup(given: string, knownMigrations: readonly string[]): { backup: Backup; database: string; secret: string | null } {
  const base = given.replace(/\.(db|json|secret)$/, '');
  const manifest = `${base}.json`;
  const database = `${base}.db`;
  if (!existsSync(database)) throw new BackupProblem(`There is no backup at ${given}: ${basename(database)} is not there.`);
  if (!existsSync(manifest)) throw new BackupProblem(`${basename(database)} has no manifest (${basename(manifest)}): a backup cut short is never used.`);
  let backup: Backup;
  try {
    backup = JSON.parse(readFileSync(manifest, 'utf8')) as Backup;
  } catch {
    throw new BackupProblem(`${basename(manifest)} cannot be read: it is not the manifest a backup writes.`);
  }
  if (typeof backup.sha256 !== 'string' || !Array.isArray(backup.migrations)) throw new BackupProblem(`${basename(manifest)} is not the manifest a backup writes.`);
  if (fileSha256(database) !== backup.sha256) throw new BackupProblem(`${basename(database)} is not the file that was backed up: its checksum differs from the one written when it was taken (cut short, or changed since).`);
  const migrations = migrationsOf(database);
  const unknown = migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length) throw new BackupProblem(`${basename(database)} was made by a newer Tavola (its schema has ${unknown.join(', ')}): update Tavola, then restore it.`);
  const secret = existsSync(`${base}.secret`) ? `${base}.secret` : null;
  return { backup, database, secret };
}

/** Restores the backup `given` into `dataDir`; answers where the database it replaced was kept (null: there was none). */
export function restoreBackup(given: string, dataDir: string, knownMigrations: readonly string[], now = Date.now()): { backup: Backup; keptAside: string | null } {
  const pid = serverUsing(dataDir);
  if (pid !== null) throw new BackupProblem(`A Tavola server (process ${pid}) is using ${dataDir}: stop it, then restore.`);
  const { backup, database, secret } = checkedBackup(given, knownMigrations);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const present = DATABASE_FILES.filter((file) => existsSync(join(dataDir, file)));
  let keptAside: string | null = null;
  if (present.length) {
    keptAside = join(dataDir, `before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(keptAside, { mode: 0o700 });
    for (const file of present) renameSync(join(dataDir, file), join(keptAside, file));
  }
  const place = (from: string, to: string) => {
    copyFileSync(from, `${to}.partial`);
    chmodSync(`${to}.partial`, 0o600);
    renameSync(`${to}.partial`, to);
  };
  place(database, join(dataDir, 'tavola.db'));
  if (secret) place(secret, join(dataDir, 'jwt-secret'));
  else if (keptAside && existsSync(join(keptAside, 'jwt-secret'))) place(join(keptAside, 'jwt-secret'), join(dataDir, 'jwt-secret'));
  return { backup, keptAside };
}
