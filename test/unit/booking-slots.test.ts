// The times a table can be booked, as pure functions of the hours, the rules and a day: the
// last time a stay before closing, a late service owning its times after midnight, and the
// two nights the clocks change in 2026 in Rome (29 March: 02:00 → 03:00; 25 October: 03:00 → 02:00).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { slotsOfDay } from '../../src/server/bookings/slots.js';
import { SAMPLE_WEEK, WEEKDAYS, type Week } from '../../src/server/restaurant/opening-hours.js';
import { freeTable, paced } from '../../src/server/bookings/floor.js';

const RULES = { intervalMinutes: 30, stayMinutes: 60, leadMinutes: 60, horizonDays: 60 };
const ROME = 'Europe/Rome';
/** Open from 22:00 until 04:00 every night. */
const LATE: Week = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ opens: '22:00', closes: '04:00' }]])) as unknown as Week;
const times = (slots: { time: string }[]) => slots.map((slot) => slot.time);
const utc = (slots: { startsMs: number }[]) => slots.map((slot) => new Date(slot.startsMs).toISOString().slice(11, 16));

test('every interval from each service’s start, the last a stay before it closes; none on a closed day', () => {
  const friday = slotsOfDay({ week: SAMPLE_WEEK, closedDates: [] }, RULES, '2026-11-27', ROME);
  assert.equal(times(friday), ['12:00', '12:30', '13:00', '13:30', '14:00', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00']);
  assert.equal(slotsOfDay({ week: SAMPLE_WEEK, closedDates: [] }, RULES, '2026-11-30', ROME), []); // a Monday
  assert.equal(slotsOfDay({ week: SAMPLE_WEEK, closedDates: [{ date: '2026-11-27', note: 'Staff party' }] }, RULES, '2026-11-27', ROME), []);
});

test('spring, 29 March 2026: the times the clocks skip (02:00 to 02:59) are not offered; the rest are where the wall clock says', () => {
  const night = slotsOfDay({ week: LATE, closedDates: [] }, RULES, '2026-03-28', ROME);
  assert.equal(times(night), ['22:00', '22:30', '23:00', '23:30', '00:00', '00:30', '01:00', '01:30', '03:00']);
  assert.equal(utc(night), ['21:00', '21:30', '22:00', '22:30', '23:00', '23:30', '00:00', '00:30', '01:00']);
});

test('autumn, 25 October 2026: a time shown twice (02:00 to 02:59) is the first of the two, and a stay is real minutes', () => {
  const night = slotsOfDay({ week: LATE, closedDates: [] }, RULES, '2026-10-24', ROME);
  assert.equal(times(night), ['22:00', '22:30', '23:00', '23:30', '00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00']);
  assert.equal(utc(night), ['20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30', '00:00', '00:30', '02:00']);
  assert.ok(night.every((slot) => slot.endsMs - slot.startsMs === 3_600_000));
});

test('the smallest free table that seats the party; pacing counts the parties and guests starting in the quarter hour', () => {
  const at = Date.UTC(2026, 10, 27, 18, 30);
  const floor = { tables: [{ number: 4, seats: 2 }, { number: 2, seats: 4 }, { number: 1, seats: 6 }], holds: [{ id: 1, table: 2, startsMs: at - 3_600_000, endsMs: at + 1, party: 4 }] };
  assert.is(freeTable(floor, 2, at, at + 7_200_000), 4);
  assert.is(freeTable(floor, 3, at, at + 7_200_000), 1); // table 2 is held until a moment after
  assert.is(freeTable(floor, 3, at, at + 7_200_000, 1), 2); // unless it is the booking that moves
  assert.is(freeTable(floor, 7, at, at + 7_200_000), null);
  const busy = { ...floor, holds: [{ id: 5, table: 4, startsMs: at + 5 * 60_000, endsMs: at + 7_200_000, party: 2 }] };
  assert.ok(paced(busy, { pacingParties: 2, pacingSeats: 0 }, 2, at));
  assert.not.ok(paced(busy, { pacingParties: 1, pacingSeats: 0 }, 2, at));
  assert.not.ok(paced(busy, { pacingParties: 0, pacingSeats: 5 }, 4, at));
  assert.ok(paced(busy, { pacingParties: 1, pacingSeats: 0 }, 2, at + 15 * 60_000)); // the next quarter hour
});

test.run();
