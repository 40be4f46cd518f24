// The guests by the half hour they come: booked and walk-ins in the half hour of their time;
// those cancelled, declined, waiting to be accepted or not come are not counted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coversByHalfHour } from '../../src/site/host/covers-by-time.js';
import type { StaffBooking } from '../../src/shared/booking-records.js';

const booking = (time: string, party: number, status = 'confirmed') => ({ time, party, status }) as StaffBooking;

test('each party in the half hour of its time, by time; the ones not coming left out', () => {
  const halves = coversByHalfHour([
    booking('20:15', 4),
    booking('19:00', 2),
    booking('19:29', 3, 'arrived'),
    booking('19:30', 6),
    booking('19:45', 2, 'cancelled'),
    booking('19:45', 2, 'no_show'),
    booking('20:00', 5, 'requested'),
    booking('20:00', 8, 'declined'),
  ]);
  assert.equal(halves, [
    { time: '19:00', guests: 5 },
    { time: '19:30', guests: 6 },
    { time: '20:00', guests: 4 },
  ]);
  assert.equal(coversByHalfHour([]), []);
});

test.run();
