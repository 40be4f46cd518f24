// Which table a party gets at a time, and whether the quarter hour has room for it: pure
// functions of the tables on the floor and the bookings holding them.
import type { BookingSettings } from '../../shared/booking-records.js';
import type { Hold } from './store.js';

export interface Floor {
  /** The tables on the floor, smallest first. */
  tables: { number: number; seats: number }[];
  holds: Hold[];
}

const QUARTER_MS = 15 * 60_000;
const quarterOf = (ms: number) => Math.floor(ms / QUARTER_MS);

// The holds by table and by the quarter hour they start in, made once per list of holds: a
// day's free times ask about every table at every time.
const byTable = new WeakMap<Hold[], Map<number, Hold[]>>();
const byQuarter = new WeakMap<Hold[], Map<number, Hold[]>>();
function grouped(holds: Hold[], cache: WeakMap<Hold[], Map<number, Hold[]>>, key: (hold: Hold) => number): Map<number, Hold[]> {
  let groups = cache.get(holds);
  if (!groups) {
    groups = new Map();
    for (const hold of holds) groups.set(key(hold), [...(groups.get(key(hold)) ?? []), hold]);
    cache.set(holds, groups);
  }
  return groups;
}

const isTaken = (floor: Floor, table: number, startsMs: number, endsMs: number, moving?: number) =>
  (grouped(floor.holds, byTable, (hold) => hold.table).get(table) ?? []).some((hold) => hold.id !== moving && hold.startsMs < endsMs && hold.endsMs > startsMs);

/** The smallest table on the floor that seats `party` and is free over [startsMs, endsMs), but for the booking `moving`; null when none is. */
export function freeTable(floor: Floor, party: number, startsMs: number, endsMs: number, moving?: number): number | null {
  for (const table of floor.tables) {
    if (table.seats >= party && !isTaken(floor, table.number, startsMs, endsMs, moving)) return table.number;
  }
  return null;
}

/** Whether `table` is on the floor, seats `party`, and is free then. */
export function tableFits(floor: Floor, table: number, party: number, startsMs: number, endsMs: number, moving?: number): 'fits' | 'off_floor' | 'too_small' | 'taken' {
  const found = floor.tables.find((each) => each.number === table);
  if (!found) return 'off_floor';
  if (found.seats < party) return 'too_small';
  return isTaken(floor, table, startsMs, endsMs, moving) ? 'taken' : 'fits';
}

/** Whether one more party of `party` may start in the quarter hour of `startsMs` (the owner's pacing; 0 is no limit). */
export function paced(floor: Floor, rules: Pick<BookingSettings, 'pacingParties' | 'pacingSeats'>, party: number, startsMs: number, moving?: number): boolean {
  if (!rules.pacingParties && !rules.pacingSeats) return true;
  const starting = (grouped(floor.holds, byQuarter, (hold) => quarterOf(hold.startsMs)).get(quarterOf(startsMs)) ?? []).filter((hold) => hold.id !== moving);
  if (rules.pacingParties && starting.length + 1 > rules.pacingParties) return false;
  if (rules.pacingSeats && starting.reduce((sum, hold) => sum + hold.party, 0) + party > rules.pacingSeats) return false;
  return true;
}

/** The largest table on the floor: a larger party cannot be seated at all. */
export const largestTable = (floor: Floor) => floor.tables.reduce((most, table) => Math.max(most, table.seats), 0);
