// Backups of a PostgreSQL database (DATABASE_URL): `pg_dump --format=custom`, a consistent
// snapshot taken while the servers run, written under a name that says it is unfinished,
// read back whole by `pg_restore --list`, then named `tavola-<time>.dump` beside its
// manifest (its SHA-256, its size, the migrations it has), written last, as for SQLite. A
// restore goes into an empty database only (created for it: `createdb`), so nothing there
// is ever overwritten; the copy is checked as an SQLite one is, then `pg_restore`d, and the
// next start migrates it when it is older. A managed provider's own backups and
// point-in-time recovery come on top (docs/operations.md).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import pg from 'pg';
import { BackupProblem, fileSha256, prune, stamp, type Backup } from './backup.js';

/** Where pg_dump and pg_restore are: PG_BIN, else the PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function program(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  if (spawnSync(name, ['--version']).status === 0) return name;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', name))) : [];
  if (!versions.length) throw new BackupProblem(`${name} is not installed: install PostgreSQL's client programs (apt-get install postgresql-client), or set PG_BIN to their folder.`);
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin', name);
}

function run(name: 'pg_dump' | 'pg_restore', args: string[]): string {
  const done = spawnSync(program(name), args, { encoding: 'utf8' });
  if (done.status !== 0) throw new BackupProblem(`${name} failed: ${(done.stderr || done.error?.message || `exit ${done.status}`).trim().split('\n')[0]}`);
  return done.stdout;
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A dump of the database at `url` into `backupDir`, checked, with its manifest; the old ones pruned as SQLite's are. */
export async function dumpPostgres(url: string, backupDir: string, now = Date.now()): Promise<Backup> {
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  for (const file of readdirSync(backupDir)) if (file.endsWith('.partial')) rmSync(join(backupDir, file), { force: true });
  const name = `tavola-${stamp(now)}`;
  const partial = join(backupDir, `${name}.dump.partial`);
  try {
    const migrations = (await query<{ name: string }>(url, 'select name from kysely_migration order by name')).map((row) => row.name);
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${url}`]);
    run('pg_restore', ['--list', partial]); // read back whole
    chmodSync(partial, 0o600);
    const backup: Backup = { name, at: new Date(now).toISOString(), bytes: statSync(partial).size, sha256: fileSha256(partial), migrations };
    renameSync(partial, join(backupDir, `${name}.dump`));
    writeFileSync(join(backupDir, `${name}.json.partial`), `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
    renameSync(join(backupDir, `${name}.json.partial`), join(backupDir, `${name}.json`));
    prune(backupDir, now);
    return backup;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Restores the dump `given` into the empty database at `url`; answers its manifest. */
export async function restorePostgres(given: string, url: string, knownMigrations: readonly string[]): Promise<Backup> {
  const base = given.replace(/\.(dump|json)$/, '');
  const dump = `${base}.dump`;
  if (!existsSync(dump)) throw new BackupProblem(`There is no backup at ${given}: ${basename(dump)} is not there.`);
  if (!existsSync(`${base}.json`)) throw new BackupProblem(`${basename(dump)} has no manifest (${basename(base)}.json): a backup cut short is never used.`);
  const backup = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Backup;
  if (fileSha256(dump) !== backup.sha256) throw new BackupProblem(`${basename(dump)} is not the file that was backed up: its checksum differs from the one written when it was taken (cut short, or changed since).`);
  const unknown = backup.migrations.filter((migration) => !knownMigrations.includes(migration));
  if (unknown.length) throw new BackupProblem(`${basename(dump)} was made by a newer Tavola (its schema has ${unknown.join(', ')}): update Tavola, then restore it.`);
  const [found] = await query<{ tables: string }>(url, "select count(*) as tables from information_schema.tables where table_schema = 'public'");
  const tables = Number(found?.tables ?? 0);
  if (tables > 0) throw new BackupProblem(`The database DATABASE_URL names is not empty (${tables} tables): restore into a new, empty database (createdb), then point DATABASE_URL at it.`);
  run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, dump]);
  return backup;
}
