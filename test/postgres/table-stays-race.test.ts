// The table-stays race on PostgreSQL (test/bench/table-stays.ts): two server processes as
// `npm start` runs them on one database, the race's clients spread over both, on loopback.
// Hosts seat walk-ins at tables 1 to 20 (some as the guests already eating there), two phones
// a table order from its QR code, waiters pay in full and in parts (a stale version retried
// from the 409's bill, some payments sent twice with one Idempotency-Key), in 4 rounds, the
// servers' clocks 11 minutes on between them. Asserted with exact numbers: no moment with two
// parties at a table (sampled from /staff/tables/now and /staff/bookings through both
// processes as it runs, and in the rows after), no two open bills at a table, no payment lost
// or taken twice, no bill paid past its total, every order on its table's bill, every answer
// one the API documents. The counts the race reached and its seed are printed;
// TABLE_RACE_SEED=n runs the same acts again.
import { test } from 'uvu';
import { serveForRace } from '../bench/table-stays.js';
import { raceHolds } from '../helpers/table-race.js';
import { newPostgresDatabase, POSTGRES_URL } from '../helpers/database.js';

test('hosts, guests and waiters racing on 20 tables through two server processes on one PostgreSQL: never two parties or two open bills at a table, no payment lost or past the total, every order on its table’s bill', async () => {
  if (!POSTGRES_URL) throw new Error('This test needs TEST_DATABASE_URL: run it with `npm test` (it starts a PostgreSQL server).');
  await raceHolds('PostgreSQL', await serveForRace({ databaseUrl: await newPostgresDatabase(), processes: 2 }));
});

test.run();
