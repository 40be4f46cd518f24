// The table-stays race on SQLite (test/bench/table-stays.ts): one server process as `npm start`
// runs it (SQLite is for one process: docs/operations.md), many clients at once on loopback.
// Hosts seat walk-ins at tables 1 to 20 (some as the guests already eating there), two phones
// a table order from its QR code, waiters pay in full and in parts (a stale version retried
// from the 409's bill, some payments sent twice with one Idempotency-Key), in 4 rounds, the
// server's clock 11 minutes on between them. Asserted with exact numbers: no moment with two
// parties at a table (sampled from /staff/tables/now and /staff/bookings as it runs, and in the
// rows after), no two open bills at a table, no payment lost or taken twice, no bill paid past
// its total, every order on its table's bill, every answer one the API documents. The counts
// the race reached and its seed are printed; TABLE_RACE_SEED=n runs the same acts again.
import { test } from 'uvu';
import { serveForRace } from '../bench/table-stays.js';
import { raceHolds } from '../helpers/table-race.js';

test('hosts, guests and waiters racing on 20 tables of one SQLite server: never two parties or two open bills at a table, no payment lost or past the total, every order on its table’s bill', async () => {
  await raceHolds('SQLite', await serveForRace({}));
});

test.run();
