// `npm run backup`: a backup of the embedded database in DATA_DIR, now, into BACKUP_DIR (the
// server need not stop: SQLite's online backup copies it while it runs). `npm run restore --
// <backup>`: that backup in place of the database, once the server is stopped; the database
// it replaces is kept aside, and the restored one is migrated if it is older. Each failure
// is one sentence and exit code 1, the database untouched.
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { BackupProblem, listBackups, takeBackup } from './backup/backup.js';
import { restoreBackup } from './backup/restore.js';
import { readConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/database.js';
import { migrations } from './db/migrations/index.js';

const [command, given] = process.argv.slice(2);
const config = readConfig();

try {
  if (config.databaseUrl) throw new BackupProblem('DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump, or your provider’s backups), as docs/operations.md says.');
  if (command === 'backup') {
    const sqlite = new SQLite(join(config.dataDir, 'tavola.db'), { fileMustExist: true });
    try {
      const backup = await takeBackup(sqlite, { dataDir: config.dataDir, backupDir: config.backupDir });
      console.log(`Backed up to ${join(config.backupDir, `${backup.name}.db`)} (${backup.bytes.toLocaleString('en-US')} bytes, checked; SHA-256 ${backup.sha256}).`);
    } finally {
      sqlite.close();
    }
  } else if (command === 'restore') {
    if (!given) {
      const found = listBackups(config.backupDir);
      throw new BackupProblem(`Say which backup: npm run restore -- <backup>. ${found.length ? `The newest in ${config.backupDir}: ${found.slice(0, 3).map((backup) => backup.name).join(', ')}.` : `There is none in ${config.backupDir}.`}`);
    }
    const { backup, keptAside } = restoreBackup(given, config.dataDir, Object.keys(migrations));
    const db = openDatabase(config.dataDir);
    try {
      await migrateDatabase(db);
    } finally {
      await db.destroy();
    }
    console.log(`Restored ${backup.name} (taken ${backup.at}) into ${config.dataDir}.${keptAside ? ` The database it replaced is kept in ${keptAside}.` : ''} Start the server.`);
  } else {
    throw new BackupProblem('Use npm run backup, or npm run restore -- <backup>.');
  }
} catch (error) {
  console.error(error instanceof BackupProblem ? error.message : `Failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
