// The bench's backup row runs end to end on a small scale: a database of 2,000 dishes, 200
// open orders and 300 bookings, 50 connections ordering for 3 s, a backup taken in the
// middle by the server's own handle. No timing is asserted (that is the bench's job): that
// the row comes back with a backup of the database's size, and every order answered 201.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureBackup } from '../bench/backup.js';

test('the backup row: a backup taken while 50 connections order, every order answered, both runs measured', async () => {
  const figures = await measureBackup({ dishes: 2_000, orders: 200, bookingDays: 1, seconds: 3, rounds: 1 });
  assert.ok(figures.bytes > 1_000_000, `a copy of the database: ${figures.bytes} bytes`);
  assert.ok(figures.backupMs >= 0 && figures.rps > 0 && figures.rpsWithout > 0, JSON.stringify(figures));
  assert.ok(figures.rateRatio > 0, JSON.stringify(figures));
  // The gaps between answers are read in both runs (a second of 50 connections ordering has some).
  assert.ok(Number.isInteger(figures.stillMs) && figures.stillWithoutMs > 0, JSON.stringify(figures));
});

test.run();
