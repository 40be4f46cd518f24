// Which tables a party gets at a time, and whether the quarter hour has room for it: pure
// functions of the tables on the floor, the joins the owner allows and the bookings holding
// them. A party sits at one table when one seats it; joined tables are offered (online and
// to the host who lets the stand choose) only to a party larger than every table, and the
// host may join any allowed tables by choice.
import type { BookingSettings } from '../../shared/booking-records.js';

/** A table a booking holds (a joined stay is one per table). */
export interface Hold {
  id: number;
  table: number;
  startsMs: number;
  endsMs: number;
  party: number;
}

export interface Join {
  /** The tables pushed together, by number. */
  tables: number[];
  seats: number;
}

export interface Floor {
  /** The tables on the floor, smallest first. */
  tables: { number: number; seats: number }[];
  /** One per table a booking holds: a joined stay is several. */
  holds: Hold[];
  /** The joins the owner allows among the tables on the floor, fewest seats first (joinsOf). */
  joins: Join[];
}

/** The most tables one join takes: a long table of four is a banquet's, not a host's. */
export const MOST_JOINED = 4;

/**
 * Every run of tables the owner's pairs connect (1+2, 1+2+3 when 1–2 and 2–3 may join), of
 * two to MOST_JOINED tables on the floor, fewest seats first, then fewest tables.
 */
export function joinsOf(tables: readonly { number: number; seats: number }[], pairs: readonly { a: number; b: number }[]): Join[] {
  const seats = new Map(tables.map((table) => [table.number, table.seats]));
  const next = new Map<number, number[]>();
  for (const { a, b } of pairs) {
    if (!seats.has(a) || !seats.has(b)) continue;
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  const found = new Map<string, number[]>();
  let grown = [...next.keys()].map((number) => [number]);
  for (let size = 2; size <= MOST_JOINED && grown.length; size++) {
    const bigger = new Map<string, number[]>();
    for (const run of grown) {
      for (const number of run) {
        for (const other of next.get(number) ?? []) {
          if (run.includes(other)) continue;
          const tables = [...run, other].sort((x, y) => x - y);
          bigger.set(tables.join('+'), tables);
        }
      }
    }
    for (const [key, tables] of bigger) found.set(key, tables);
    grown = [...bigger.values()];
  }
  const seatsOf = (numbers: number[]) => numbers.reduce((sum, number) => sum + seats.get(number)!, 0);
  return [...found.values()].map((numbers) => ({ tables: numbers, seats: seatsOf(numbers) })).sort((x, y) => x.seats - y.seats || x.tables.length - y.tables.length || x.tables.join('+').localeCompare(y.tables.join('+'), 'en', { numeric: true }));
}

const QUARTER_MS = 15 * 60_000;
const quarterOf = (ms: number) => Math.floor(ms / QUARTER_MS);

// The holds by table and by the quarter hour they start in (a joined stay once), made once
// per list of holds: a day's free times ask about every table at every time.
const byTable = new WeakMap<Hold[], Map<number, Hold[]>>();
const byQuarter = new WeakMap<Hold[], Map<number, Hold[]>>();
function grouped(holds: Hold[], cache: WeakMap<Hold[], Map<number, Hold[]>>, key: (hold: Hold) => number, once = false): Map<number, Hold[]> {
  let groups = cache.get(holds);
  if (!groups) {
    groups = new Map();
    const seen = new Set<number>();
    for (const hold of holds) {
      if (once && seen.has(hold.id)) continue;
      seen.add(hold.id);
      groups.set(key(hold), [...(groups.get(key(hold)) ?? []), hold]);
    }
    cache.set(holds, groups);
  }
  return groups;
}

const isTaken = (floor: Floor, table: number, startsMs: number, endsMs: number, moving?: number) =>
  (grouped(floor.holds, byTable, (hold) => hold.table).get(table) ?? []).some((hold) => hold.id !== moving && hold.startsMs < endsMs && hold.endsMs > startsMs);

/** The largest table on the floor alone. */
export const largestTable = (floor: Pick<Floor, 'tables'>) => floor.tables.reduce((most, table) => Math.max(most, table.seats), 0);

/** The most seats one party can have: the largest table, or the largest join. */
export const largestSeating = (floor: Floor) => Math.max(largestTable(floor), ...floor.joins.map((join) => join.seats));

/**
 * The tables `party` gets over [startsMs, endsMs), but for the booking `moving`: the smallest
 * free table that seats it, or for a party larger than every table the smallest free join;
 * null when there is none.
 */
export function freeTables(floor: Floor, party: number, startsMs: number, endsMs: number, moving?: number): number[] | null {
  for (const table of floor.tables) {
    if (table.seats >= party && !isTaken(floor, table.number, startsMs, endsMs, moving)) return [table.number];
  }
  if (party <= largestTable(floor)) return null;
  for (const join of floor.joins) {
    if (join.seats >= party && join.tables.every((table) => !isTaken(floor, table, startsMs, endsMs, moving))) return join.tables;
  }
  return null;
}

export type Fit = 'fits' | 'off_floor' | 'not_joined' | 'too_small' | 'taken';

/** Whether `tables` (one, or a join the owner allows) are on the floor, seat `party`, and are free then; `taken` names the first that is not. */
export function tablesFit(floor: Floor, tables: readonly number[], party: number, startsMs: number, endsMs: number, moving?: number): { fit: Fit; table: number } {
  const found = tables.map((number) => floor.tables.find((each) => each.number === number));
  const missing = found.findIndex((table) => !table);
  if (missing !== -1) return { fit: 'off_floor', table: tables[missing]! };
  if (tables.length > 1) {
    const key = [...tables].sort((x, y) => x - y).join('+');
    if (!floor.joins.some((join) => join.tables.join('+') === key)) return { fit: 'not_joined', table: tables[0]! };
  }
  if (found.reduce((sum, table) => sum + table!.seats, 0) < party) return { fit: 'too_small', table: tables[0]! };
  const taken = tables.find((table) => isTaken(floor, table, startsMs, endsMs, moving));
  return taken === undefined ? { fit: 'fits', table: tables[0]! } : { fit: 'taken', table: taken };
}

/** Whether one more party of `party` may start in the quarter hour of `startsMs` (the owner's pacing; 0 is no limit). */
export function paced(floor: Floor, rules: Pick<BookingSettings, 'pacingParties' | 'pacingSeats'>, party: number, startsMs: number, moving?: number): boolean {
  if (!rules.pacingParties && !rules.pacingSeats) return true;
  const starting = (grouped(floor.holds, byQuarter, (hold) => quarterOf(hold.startsMs), true).get(quarterOf(startsMs)) ?? []).filter((hold) => hold.id !== moving);
  if (rules.pacingParties && starting.length + 1 > rules.pacingParties) return false;
  if (rules.pacingSeats && starting.reduce((sum, hold) => sum + hold.party, 0) + party > rules.pacingSeats) return false;
  return true;
}
