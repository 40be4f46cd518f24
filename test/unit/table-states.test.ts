// What each table's card says on the waiter's Tables page, from the floor as the API answers
// it (GET /staff/tables/now, TableNow): its open bill first (asked for or not, with the party's
// name, guests who ordered with nobody seating them, or how many orders), then a party there
// with nothing ordered, then a bill paid there in the last half hour, else free. A bill that
// counts no guests while the owner charges a cover is marked; a table with nothing to show
// (never used) is not a link.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TableNow } from '../../src/shared/bills.js';
import { tableCard } from '../../src/site/tables/tables-page.js';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const stay = (fields: Partial<TableNow['stay'] & {}> = {}): TableNow['stay'] => ({ id: 1, name: 'Rossi', party: 4, partyKnown: true, openedByOrder: false, seatedAt: minutesAgo(30), endsAt: minutesAgo(-60), ...fields });
const bill = (fields: Partial<TableNow['bill'] & {}> = {}): TableNow['bill'] => ({ id: 10, version: 3, totalCents: 4650, remainingCents: 4650, covers: 4, coverCents: 250, askedAt: null, orders: 2, held: [], ...fields });
const table = (number: number, fields: Partial<TableNow> = {}): TableNow => ({ number, seats: 4, stay: null, bill: null, lastBill: null, ...fields });

test('each card: ordered, asked for the bill, seated, guests who ordered by QR with nobody seating them, paid in the last half hour, free', () => {
  const floor = [
    table(1, { stay: stay(), bill: bill() }),
    table(2, { stay: stay({ name: '' }), bill: bill({ askedAt: minutesAgo(2), remainingCents: 2325 }) }),
    table(3, { stay: stay() }),
    table(4, { stay: stay({ name: '', party: 1, partyKnown: false, openedByOrder: true }), bill: bill({ covers: null, orders: 1, remainingCents: 1500 }) }),
    table(5, { stay: stay({ name: '', party: 3 }) }),
    table(6, { bill: bill({ orders: 1 }) }), // the table's own bill, nobody there (a booked party holds it)
    table(7, { lastBill: { id: 4, closedAt: minutesAgo(10), totalCents: 3500 } }),
    table(8, { lastBill: { id: 5, closedAt: minutesAgo(40), totalCents: 2000 } }),
    table(9),
  ];
  assert.equal(
    floor.map((one) => [one.number, ...Object.values(tableCard(one, NOW))]),
    [
      [1, 'ordered', '€46.50 open', 'Rossi', false, true],
      [2, 'asked', 'Asks for the bill · €23.25', '2 orders', false, true],
      [3, 'seated', 'Seated', 'Rossi', false, true],
      [4, 'ordered', '€15.00 open', 'Ordered at the table', true, true],
      [5, 'seated', 'Seated', '3 guests', false, true],
      [6, 'ordered', '€46.50 open', '1 order', false, true],
      [7, 'paid', 'Paid, free now', '€35.00', false, true],
      [8, 'free', 'Free', '', false, true], // paid forty minutes ago: its page still shows that bill
      [9, 'free', 'Free', '', false, false],
    ],
  );
});

test('guests not counted are marked only while the owner charges a cover: none counted (null or 0) with a cover, not without one', () => {
  const uncounted = (covers: number | null, coverCents: number) => tableCard(table(1, { bill: bill({ covers, coverCents }) }), NOW).uncounted;
  assert.equal([uncounted(null, 250), uncounted(0, 250), uncounted(2, 250), uncounted(null, 0), uncounted(0, 0)], [true, true, false, false, false]);
});

test.run();
