// The scale benchmark's servers, each step in a process of its own so that a server's
// memory is its own and not that of growing the data:
//   prepare <sqlite|postgres> <dishes> <open orders> [postgres server url]
//     grows a new database (see scale-data.ts) and prints where it is: a folder or a URL;
//   prepare-day <sqlite|postgres> <orders a day> [postgres server url]
//     a new database with that many orders on DAY and as many a week before it;
//   prepare-bookings <sqlite|postgres> <date> [postgres server url]
//     a new database with 100 tables and 300 bookings on that date (see bookings.ts);
//   prepare-backup <dishes> <open orders> <days of 300 bookings>
//     a new SQLite database of that many (the bench: 100,000, 10,000 and 17 days, 5,100 bookings);
//   serve-backup <folder>
//     starts our app on it (order limits lifted: one client orders for all), and takes a
//     backup with the server's own handle on SIGUSR2, as its scheduled ones are taken,
//     printing "backup <start ms> <end ms> <bytes>" on its output when it is done;
//   serve <sqlite|postgres> <folder or url> <cache on|off>
//     starts our app on it, with the menu cache on or off, and prints its address. It
//     trusts one proxy, so a bench may send each client's address in X-Forwarded-For.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../../src/server/app.js';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { openDatabase, openPostgres } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { newPostgresDatabase } from '../helpers/database.js';
import { bookedFloor, DAY, dayOfOrders, dayOfPayments, growMenu, openOrders } from './scale-data.js';
import { serversBackup } from '../../src/server/backup/schedule.js';
import { embeddedHandle } from '../../src/server/db/embedded-handle.js';

const [step, dialect, ...rest] = process.argv.slice(2) as [string, string, ...string[]];
const passwords = createPasswords({ cost: { N: 2 ** 10, r: 8, p: 1 } });

if (step === 'prepare-day') {
  const [orders, server] = rest as [string, string | undefined];
  const where = dialect === 'postgres' ? await newPostgresDatabase(server) : mkdtempSync(join(tmpdir(), 'tavola-day-'));
  const db = dialect === 'postgres' ? openPostgres(where) : openDatabase(where);
  await prepareDatabase(db, { passwords, testAccounts: true, openAllHours: true });
  // Rome is UTC+1 in November: the day runs from 23:00 UTC the evening before.
  for (const [date, prefix] of [[DAY, 'day'], ['2026-11-13', 'before']] as const) {
    const start = Date.parse(`${date}T00:00:00Z`) - 3_600_000;
    await dayOfOrders(db, Number(orders), start, start + 86_400_000, prefix);
    // The day measured is paid too, in 12 payments for every 10 orders: its close reads them.
    if (date === DAY) await dayOfPayments(db, start, start + 86_400_000, Math.round(Number(orders) * 1.2));
  }
  // As autovacuum would after a bulk load: statistics, and the visibility map an index-only scan reads.
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  await db.destroy();
  console.log(where);
} else if (step === 'prepare-bookings') {
  const [date, server] = rest as [string, string | undefined];
  const where = dialect === 'postgres' ? await newPostgresDatabase(server) : mkdtempSync(join(tmpdir(), 'tavola-bookings-'));
  const db = dialect === 'postgres' ? openPostgres(where) : openDatabase(where);
  await prepareDatabase(db, { passwords, testAccounts: true, openAllHours: true });
  await bookedFloor(db, date);
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  await db.destroy();
  console.log(where);
} else if (step === 'prepare') {
  const [dishes, orders, server] = rest as [string, string, string | undefined];
  const where = dialect === 'postgres' ? await newPostgresDatabase(server) : mkdtempSync(join(tmpdir(), 'tavola-scale-'));
  const db = dialect === 'postgres' ? openPostgres(where) : openDatabase(where);
  await prepareDatabase(db, { passwords, testAccounts: true, openAllHours: true });
  await growMenu(db, Number(dishes));
  await openOrders(db, Number(orders));
  if (dialect === 'postgres') await sql`analyze`.execute(db); // as autovacuum would after a bulk load
  await db.destroy();
  console.log(where);
} else if (step === 'prepare-backup') {
  const [dishes, orders, days] = [dialect, ...rest].map(Number) as [number, number, number];
  const where = mkdtempSync(join(tmpdir(), 'tavola-backup-'));
  const db = openDatabase(where);
  await prepareDatabase(db, { passwords, testAccounts: true, openAllHours: true });
  await growMenu(db, dishes);
  await openOrders(db, orders);
  for (let day = 0; day < days; day++) await bookedFloor(db, new Date(Date.parse('2026-12-01T12:00:00Z') + day * 86_400_000).toISOString().slice(0, 10));
  await db.destroy();
  console.log(where);
} else if (step === 'serve-backup') {
  const where = dialect;
  const db = openDatabase(where);
  const orderLimits = { client: 1_000_000_000, table: 1_000_000_000, phone: 1_000_000_000, windowMs: 60_000 };
  const app = createApp({ db, passwords, orderLimits, secret: new TextEncoder().encode('backup-secret-backup-secret-backup-secret') });
  console.log(`http://127.0.0.1:${await listen(createHttpServer(app, { connectionsPerAddress: 0 }), 0, '127.0.0.1')}`);
  process.on('SIGUSR2', () => {
    const start = Date.now();
    serversBackup(db, embeddedHandle(db)!, { dataDir: where, backupDir: join(where, 'backups'), now: Date.now() }).then(
      (backup) => console.log(`backup ${start} ${Date.now()} ${backup.bytes}`),
      (error: Error) => console.log(`backup failed ${error.message}`),
    );
  });
  process.on('SIGINT', () => process.exit(0));
} else {
  const [where, cache] = rest as [string, string];
  const db = dialect === 'postgres' ? openPostgres(where) : openDatabase(where);
  const app = createApp({ db, passwords, trustProxy: 1, menuCacheBytes: cache === 'off' ? 0 : undefined, secret: new TextEncoder().encode('scale-secret-scale-secret-scale-secret') });
  console.log(`http://127.0.0.1:${await listen(createHttpServer(app), 0, '127.0.0.1')}`);
  process.on('SIGINT', () => process.exit(0));
}
