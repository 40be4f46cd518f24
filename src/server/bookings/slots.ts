// The times a table can be booked on a day, from the opening hours and the owner's rules:
// every `intervalMinutes` from the start of each service, the last one `stayMinutes`
// before it closes; a time the clocks skip (the spring change) is not offered, a time
// they show twice (the autumn change) is the first of the two. Pure functions of the
// hours, the rules and an instant, so tests pass any clock, across either change.
import { clock, dateOf, dayName, dayOf, instantOf, servicesOn, wallClock, type OpeningHours } from '../restaurant/index.js';
import type { BookingSettings, DayState } from '../../shared/booking-records.js';
import { tn } from '../http/language.js';

export interface Slot {
  /** `HH:MM` on the wall clock. */
  time: string;
  startsMs: number;
  endsMs: number;
}

type Rules = Pick<BookingSettings, 'intervalMinutes' | 'stayMinutes' | 'leadMinutes' | 'horizonDays'>;

/** Every time of the day's services (the day a late service opens on owns its times after midnight). */
export function slotsOfDay(hours: OpeningHours, rules: Rules, date: string, timeZone: string): Slot[] {
  const day = dayOf(date);
  const slots: Slot[] = [];
  const shownAt = (minute: number, startsMs: number) => {
    const shown = wallClock(startsMs, timeZone);
    return (shown.day - day) * 1440 + shown.minute === minute;
  };
  for (const service of servicesOn(hours, date)) {
    const last = service.to - rules.stayMinutes;
    if (last < service.from) continue;
    // Most services the clocks do not change in: the first time found, the rest follow by
    // the minute. Where they change, each time is found on its own.
    const first = instantOf(day, service.from, timeZone);
    const steady = shownAt(service.from, first) && instantOf(day, last, timeZone) - first === (last - service.from) * 60_000;
    for (let minute = service.from; minute <= last; minute += rules.intervalMinutes) {
      const startsMs = steady ? first + (minute - service.from) * 60_000 : instantOf(day, minute, timeZone);
      if (!steady && !shownAt(minute, startsMs)) continue; // skipped by the clocks
      slots.push({ time: clock(minute % 1440), startsMs, endsMs: startsMs + rules.stayMinutes * 60_000 });
    }
  }
  return slots;
}

/** The restaurant's date at `now`. */
export const today = (now: number, timeZone: string) => dateOf(wallClock(now, timeZone).day);

/** `date` plus `days`. */
export const addDays = (date: string, days: number) => dateOf(dayOf(date) + days);

/** "Friday 4 December". */
export const dateLabel = (date: string) => dayName(dayOf(date));

/** Whether a guest may book online on `date` at all: not a past day, nor beyond the horizon. */
export function dayWindow(date: string, now: number, rules: Rules, timeZone: string): DayState | null {
  const first = today(now, timeZone);
  if (date < first) return 'past';
  if (date > addDays(first, rules.horizonDays)) return 'too_far';
  return null;
}

/** A time a guest may book online now: at least the lead time ahead. */
export const farEnoughAhead = (slot: Slot, now: number, rules: Rules) => slot.startsMs >= now + rules.leadMinutes * 60_000;

/** "1 hour", "2 hours", "90 minutes", "1 day". */
export function duration(minutes: number): string {
  if (minutes % 1440 === 0) return tn('1 day', '{count} days', minutes / 1440);
  if (minutes % 60 === 0) return tn('1 hour', '{count} hours', minutes / 60);
  return tn('1 minute', '{count} minutes', minutes);
}
