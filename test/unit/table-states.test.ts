// What each table is on the waiter's Tables page: its open bill first (asked for or not),
// then a party seated there now with nothing ordered, else free. A joined stay's tables
// share its bill; a party not seated yet, gone, or seated for later leaves the table free.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Bill } from '../../src/shared/bills.js';
import type { DayOfBookings, StaffBooking } from '../../src/shared/booking-records.js';
import { tableStates } from '../../src/site/views/bills/tables-page.js';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');
const stay = (id: number, tables: number[], fields: Partial<StaffBooking> = {}) =>
  ({ id, tables, status: 'arrived', finishedAt: null, billPaidAt: null, startsAt: '2026-11-21T18:30:00.000Z', endsAt: '2026-11-21T20:30:00.000Z', name: `Party ${id}`, ...fields }) as StaffBooking;
const bill = (id: number, table: number, bookingId: number | null, askedAt: string | null = null) => ({ id, table, bookingId, askedAt, remainingCents: 1000, joined: [] }) as unknown as Bill;
const day = (bookings: StaffBooking[]) => ({ tables: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((number) => ({ number })), bookings }) as unknown as DayOfBookings;

test('each table’s state: ordered, asked for the bill, seated, paid in the last half hour, free; joined tables share their stay’s bill; a bill joined to another is the other’s', () => {
  const states = tableStates(
    day([
      stay(1, [1, 2]), // joined, with a bill
      stay(2, [3]), // seated, nothing ordered
      stay(3, [4], { status: 'confirmed' }), // booked, not come
      stay(4, [5], { finishedAt: '2026-11-21T18:50:00.000Z' }), // gone
      stay(6, [7]), // seated, nothing ordered
      stay(5, [6], { startsAt: '2026-11-21T20:00:00.000Z', endsAt: '2026-11-21T22:00:00.000Z' }), // a stay not begun: the table's own bill counts
      stay(8, [8], { finishedAt: '2026-11-21T18:50:00.000Z', billPaidAt: '2026-11-21T18:50:00.000Z' }), // paid ten minutes ago
      stay(9, [9], { finishedAt: '2026-11-21T18:20:00.000Z', billPaidAt: '2026-11-21T18:20:00.000Z' }), // paid forty minutes ago
    ]),
    [bill(10, 1, 1), bill(11, 5, null, '2026-11-21T18:55:00.000Z'), { ...bill(12, 6, null), joined: [{ id: 13, table: 3, bookingId: 2 }] }],
    NOW,
  );
  assert.equal(
    [...states].map(([table, state]) => [table, state.kind, 'bill' in state ? state.bill.id : null]),
    [
      [1, 'ordered', 10],
      [2, 'ordered', 10],
      [3, 'ordered', 12], // its stay's bill was joined to table 6's
      [4, 'free', null],
      [5, 'asked', 11],
      [6, 'ordered', 12],
      [7, 'seated', null],
      [8, 'paid', null],
      [9, 'free', null],
    ],
  );
});

test.run();
