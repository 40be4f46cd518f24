// The times a table can be booked, as pure functions of the hours, the rules and a day: the
// last time a stay before closing, a late service owning its times after midnight, and the
// two nights the clocks change in 2026 in Rome (29 March: 02:00 → 03:00; 25 October: 03:00 → 02:00).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { slotsOfDay } from '../../src/server/bookings/slots.js';
import { SAMPLE_WEEK, WEEKDAYS, type Week } from '../../src/server/restaurant/opening-hours.js';
import { freeTables, joinsOf, largestSeating, paced, tablesFit } from '../../src/server/bookings/floor.js';

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
  const floor = { tables: [{ number: 4, seats: 2 }, { number: 2, seats: 4 }, { number: 1, seats: 6 }], holds: [{ id: 1, table: 2, startsMs: at - 3_600_000, endsMs: at + 1, party: 4 }], joins: [] };
  assert.equal(freeTables(floor, 2, at, at + 7_200_000), [4]);
  assert.equal(freeTables(floor, 3, at, at + 7_200_000), [1]); // table 2 is held until a moment after
  assert.equal(freeTables(floor, 3, at, at + 7_200_000, 1), [2]); // unless it is the booking that moves
  assert.is(freeTables(floor, 7, at, at + 7_200_000), null);
  const busy = { ...floor, holds: [{ id: 5, table: 4, startsMs: at + 5 * 60_000, endsMs: at + 7_200_000, party: 2 }] };
  assert.ok(paced(busy, { pacingParties: 2, pacingSeats: 0 }, 2, at));
  assert.not.ok(paced(busy, { pacingParties: 1, pacingSeats: 0 }, 2, at));
  assert.not.ok(paced(busy, { pacingParties: 0, pacingSeats: 5 }, 4, at));
  assert.ok(paced(busy, { pacingParties: 1, pacingSeats: 0 }, 2, at + 15 * 60_000)); // the next quarter hour
});

test('joins: every run of tables the pairs connect (up to four), fewest seats first; a pair with a table off the floor is none', () => {
  const tables = [{ number: 1, seats: 4 }, { number: 2, seats: 4 }, { number: 3, seats: 2 }, { number: 5, seats: 2 }];
  const pairs = [{ a: 1, b: 2 }, { a: 2, b: 3 }, { a: 3, b: 9 }];
  assert.equal(joinsOf(tables, pairs), [
    { tables: [2, 3], seats: 6 },
    { tables: [1, 2], seats: 8 },
    { tables: [1, 2, 3], seats: 10 },
  ]);
  assert.equal(joinsOf(tables, []), []);
  // A ring of five: runs of two to four, never all five.
  const ring = [1, 2, 3, 4, 5].map((number) => ({ number, seats: 2 }));
  const joined = joinsOf(ring, [{ a: 1, b: 2 }, { a: 2, b: 3 }, { a: 3, b: 4 }, { a: 4, b: 5 }, { a: 1, b: 5 }]);
  assert.is(joined.length, 15); // 5 pairs, 5 runs of three, 5 of four
  assert.ok(joined.every((join) => join.tables.length <= 4));
});

test('a party larger than every table gets the smallest free join; a smaller one never a join; the host’s join is checked', () => {
  const at = Date.UTC(2026, 10, 27, 18, 30);
  const tables = [{ number: 3, seats: 2 }, { number: 1, seats: 4 }, { number: 2, seats: 4 }];
  const floor = { tables, holds: [] as { id: number; table: number; startsMs: number; endsMs: number; party: number }[], joins: joinsOf(tables, [{ a: 1, b: 2 }, { a: 2, b: 3 }]) };
  assert.is(largestSeating(floor), 10);
  assert.equal(freeTables(floor, 6, at, at + 7_200_000), [2, 3]);
  assert.equal(freeTables(floor, 7, at, at + 7_200_000), [1, 2]);
  assert.equal(freeTables(floor, 4, at, at + 7_200_000), [1]);
  const taken = { ...floor, holds: [{ id: 9, table: 2, startsMs: at, endsMs: at + 60_000, party: 4 }] };
  assert.is(freeTables(taken, 6, at, at + 7_200_000), null); // every join takes table 2
  // With table 1 held, a party of 4 has table 2 alone, not a join.
  assert.equal(freeTables({ ...floor, holds: [{ ...taken.holds[0]!, table: 1 }] }, 4, at, at + 7_200_000), [2]);
  // With 1 and 2 held, a party of 4 waits, though 3 is free: a join is not made for a party one table seats.
  assert.is(freeTables({ ...floor, holds: [{ ...taken.holds[0]!, table: 1 }, { ...taken.holds[0]!, id: 10, table: 2 }] }, 4, at, at + 7_200_000), null);
  assert.equal(tablesFit(floor, [1, 2], 8, at, at + 1), { fit: 'fits', table: 1 });
  assert.equal(tablesFit(floor, [1, 3], 2, at, at + 1), { fit: 'not_joined', table: 1 });
  assert.equal(tablesFit(floor, [1, 1], 2, at, at + 1), { fit: 'not_joined', table: 1 });
  assert.equal(tablesFit(floor, [2, 3], 7, at, at + 1), { fit: 'too_small', table: 2 });
  assert.equal(tablesFit(floor, [1, 8], 2, at, at + 1), { fit: 'off_floor', table: 8 });
  assert.equal(tablesFit(taken, [1, 2], 8, at, at + 1), { fit: 'taken', table: 2 });
  // Pacing counts a joined stay once.
  const joinedHolds = [{ id: 4, table: 1, startsMs: at, endsMs: at + 1, party: 8 }, { id: 4, table: 2, startsMs: at, endsMs: at + 1, party: 8 }];
  assert.ok(paced({ ...floor, holds: joinedHolds }, { pacingParties: 2, pacingSeats: 0 }, 2, at));
  assert.ok(paced({ ...floor, holds: joinedHolds }, { pacingParties: 0, pacingSeats: 10 }, 2, at));
  assert.not.ok(paced({ ...floor, holds: joinedHolds }, { pacingParties: 0, pacingSeats: 10 }, 3, at));
});

test.run();
