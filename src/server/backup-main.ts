// `npm run backup`: a backup now, into BACKUP_DIR, while the servers run: of the embedded
// database in DATA_DIR (a snapshot by VACUUM INTO, as another process than the server's,
// named `…-manual` and kept until the next one: backup/backup.ts), or with DATABASE_URL of
// that PostgreSQL database (pg_dump, backup/postgres.ts). `npm run restore -- <backup>`: that
// backup in place of the embedded database once the server is stopped (the one it replaces
// kept aside), or into the empty PostgreSQL database DATABASE_URL names; migrated if it is
// older. Each failure is one sentence and exit code 1, the database untouched.
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { BackupProblem, listBackups, takeBackup } from './backup/backup.js';
import { restoreBackup } from './backup/restore.js';
import { readConfig } from './config.js';
import { migrateDatabase, openDatabase, openPostgres } from './db/database.js';
import type { Db } from './db/schema.js';
import { dumpPostgres, restorePostgres } from './backup/postgres.js';

/** Brings a restored database's schema up to date (an older backup), then lets it go. */
async function migrated(db: Db) {
  try {
    await migrateDatabase(db);
  } finally {
    await db.destroy();
  }
}
import { migrations } from './db/migrations/index.js';

const [command, given] = process.argv.slice(2);
const config = readConfig();

try {
  if (command === 'backup' && config.databaseUrl) {
    const backup = await dumpPostgres(config.databaseUrl, config.backupDir);
    console.log(`Backed up to ${join(config.backupDir, `${backup.name}.dump`)} (${backup.bytes.toLocaleString('en-US')} bytes, read back whole; SHA-256 ${backup.sha256}).`);
  } else if (command === 'backup') {
    const sqlite = new SQLite(join(config.dataDir, 'tavola.db'), { fileMustExist: true });
    try {
      // The person is told this file's name: named as theirs, the server's own backups never replace it.
      const backup = await takeBackup(sqlite, { dataDir: config.dataDir, backupDir: config.backupDir, snapshot: true, manual: true });
      console.log(`Backed up to ${join(config.backupDir, `${backup.name}.db`)} (${backup.bytes.toLocaleString('en-US')} bytes, checked; SHA-256 ${backup.sha256}). Kept until your next npm run backup.`);
    } finally {
      sqlite.close();
    }
  } else if (command === 'restore' && !given) {
    const found = listBackups(config.backupDir);
    throw new BackupProblem(`Say which backup: npm run restore -- <backup>. ${found.length ? `The newest in ${config.backupDir}: ${found.slice(0, 3).map((backup) => backup.name).join(', ')}.` : `There is none in ${config.backupDir}.`}`);
  } else if (command === 'restore' && given && config.databaseUrl) {
    const backup = await restorePostgres(given, config.databaseUrl, Object.keys(migrations));
    await migrated(openPostgres(config.databaseUrl));
    console.log(`Restored ${backup.name} (taken ${backup.at}) into the database DATABASE_URL names. Start the servers.`);
  } else if (command === 'restore' && given) {
    const { backup, keptAside } = restoreBackup(given, config.dataDir, Object.keys(migrations));
    await migrated(openDatabase(config.dataDir));
    console.log(`Restored ${backup.name} (taken ${backup.at}) into ${config.dataDir}.${keptAside ? ` The database it replaced is kept in ${keptAside}.` : ''} Start the server.`);
  } else {
    throw new BackupProblem('Use npm run backup, or npm run restore -- <backup>.');
  }
} catch (error) {
  console.error(error instanceof BackupProblem ? error.message : `Failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
