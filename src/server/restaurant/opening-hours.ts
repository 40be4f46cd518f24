// When the restaurant is open, in its own time zone: a week of services (one or two a
// day), closed dates, and from them "open now, until when" or "closed, opening when".
// Pure functions of an instant, so tests pass any clock, across a daylight-saving change
// and around midnight. A service that closes at or before it opens runs past midnight
// (19:00–01:00) and belongs to the day it opens; `24:00` closes at the end of the day.
import { locale, t } from '../http/language.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Service {
  /** `HH:MM`, 00:00 to 23:59. */
  opens: string;
  /** `HH:MM`, 00:00 to 24:00; at or before `opens` means after midnight. */
  closes: string;
}

export type Week = Record<Weekday, Service[]>;

export interface ClosedDate {
  /** `YYYY-MM-DD`, a day in the restaurant's time zone. */
  date: string;
  note: string;
}

export interface OpeningHours {
  week: Week;
  closedDates: ClosedDate[];
}

export interface OpeningStatus {
  open: boolean;
  /** While open: when this service ends. */
  closesAt: string | null;
  /** While closed: when the next service starts (null when none is planned within a year). */
  opensAt: string | null;
  /** While closed, the next opening in words: "Tuesday at 12:00", "today at 19:00". */
  opensWhen: string | null;
  /** For people: "Open now · until 23:00", "Closed · opens Tuesday at 12:00". */
  summary: string;
}

/** The seed's week: closed on Mondays, lunch and dinner the other days. */
export const SAMPLE_WEEK: Week = {
  monday: [],
  ...Object.fromEntries(WEEKDAYS.slice(1).map((day) => [day, [{ opens: '12:00', closes: '15:00' }, { opens: '19:00', closes: '23:00' }]])),
} as unknown as Week;

/** Open all day, every day (OPEN_ALL_HOURS=on: for trying and testing orders at any hour). */
export const ALL_DAY_WEEK = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ opens: '00:00', closes: '24:00' }]])) as unknown as Week;

// Day names in the language of the request under way (http/language.ts): "Friday", "venerdì".
const dayFormats = new Map<string, { weekday: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
function dayFormat() {
  const at = locale();
  let format = dayFormats.get(at);
  if (!format) {
    format = { weekday: new Intl.DateTimeFormat(at, { weekday: 'long', timeZone: 'UTC' }), date: new Intl.DateTimeFormat(at, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }) };
    dayFormats.set(at, format);
  }
  return format;
}
/** The weekday `index` (0 for Monday) in the current language: "Monday", "lunedì". 2024-01-01 was a Monday. */
const weekdayName = (index: number) => dayFormat().weekday.format(Date.UTC(2024, 0, 1 + index));
/** A sentence's first letter as a capital: "lunedì, …" starts "Lunedì, …". */
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const crossesMidnight = (service: Service) => minutes(service.closes) <= minutes(service.opens);

/** A calendar day, counted in days since 1970-01-01 (time zones play no part in it). */
export type Day = number;
export const dayOf = (date: string): Day => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
export const dateOf = (day: Day) => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** 0 for Monday. */
const weekdayOf = (day: Day) => (new Date(day * 86_400_000).getUTCDay() + 6) % 7;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `instant`: its day and the minutes since that day began. */
export function wallClock(instant: number, timeZone: string): { day: Day; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  // A year before 1000 comes with fewer than four digits.
  return { day: dayOf(`${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * The instant the wall clock in `timeZone` shows `minute` on `day` (`minute` may be 1440
 * or more: the days after). Of a time shown twice (the autumn change) the first; of a
 * time the clocks skip (the spring change) the moment it would have been.
 */
export function instantOf(day: Day, minute: number, timeZone: string): number {
  const wall = day * 86_400_000 + minute * 60_000;
  const offset = (instant: number) => {
    const shown = wallClock(instant, timeZone);
    return shown.day * 86_400_000 + shown.minute * 60_000 - Math.floor(instant / 60_000) * 60_000;
  };
  const before = offset(wall - 86_400_000);
  const after = offset(wall + 86_400_000);
  const exact = [wall - before, wall - after].filter((instant) => offset(instant) === wall - instant).sort((a, b) => a - b);
  return exact[0] ?? wall - before;
}

/** Throws unless `timeZone` is one this runtime knows (checked once, at start). */
export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw new Error(`TIME_ZONE must be an IANA time zone such as Europe/Rome, not ${JSON.stringify(timeZone)}.`);
  }
}

interface Stretch {
  day: Day;
  from: number;
  to: number;
}

// The services that start on `day`, as minutes from that day's midnight (a late one ends past 1440).
function stretches(hours: OpeningHours, closed: Set<string>, day: Day): Stretch[] {
  if (closed.has(dateOf(day))) return [];
  return hours.week[WEEKDAYS[weekdayOf(day)]!].map((service) => ({
    day,
    from: minutes(service.opens),
    to: minutes(service.closes) + (crossesMidnight(service) ? 1440 : 0),
  }));
}

/** The services that start on `date` (none on a closed date), as minutes from its midnight: a late one ends past 1440. */
export function servicesOn(hours: OpeningHours, date: string): { from: number; to: number }[] {
  return stretches(hours, new Set(hours.closedDates.map((each) => each.date)), dayOf(date)).map(({ from, to }) => ({ from, to }));
}

/** Open or closed at `instant`, with when that changes. */
export function openingStatus(hours: OpeningHours, instant: number, timeZone: string): OpeningStatus {
  const { day, minute } = wallClock(instant, timeZone);
  const closed = new Set(hours.closedDates.map((each) => each.date));
  // Yesterday's late service may still be running.
  for (const stretch of [...stretches(hours, closed, day - 1), ...stretches(hours, closed, day)]) {
    const now = minute + (day - stretch.day) * 1440;
    if (stretch.from <= now && now < stretch.to) {
      // Back to back (a 24-hour week, or lunch into dinner) is one long opening.
      const end = lastEnd(hours, closed, stretch);
      const summary = end.day - stretch.day >= 7 ? t('Open now · until further notice') : end.to % 1440 === 0 ? t('Open now · until midnight') : t('Open now · until {time}', { time: clock(end.to % 1440) });
      return { open: true, closesAt: new Date(instantOf(end.day, end.to, timeZone)).toISOString(), opensAt: null, opensWhen: null, summary };
    }
  }
  for (let ahead = 0; ahead <= 366; ahead++) {
    const next = stretches(hours, closed, day + ahead)
      .filter((stretch) => ahead > 0 || stretch.from > minute)
      .sort((a, b) => a.from - b.from)[0];
    if (next) {
      const time = clock(next.from);
      const opensWhen =
        ahead === 0
          ? t('today at {time}', { time })
          : ahead === 1
            ? t('tomorrow at {time}', { time })
            : ahead < 7
              ? t('{weekday} at {time}', { weekday: weekdayName(weekdayOf(next.day)), time })
              : t('on {date} at {time}', { date: dayName(next.day), time });
      return { open: false, closesAt: null, opensAt: new Date(instantOf(next.day, next.from, timeZone)).toISOString(), opensWhen, summary: t('Closed · opens {when}', { when: opensWhen }) };
    }
  }
  return { open: false, closesAt: null, opensAt: null, opensWhen: null, summary: t('Closed for now') };
}

function lastEnd(hours: OpeningHours, closed: Set<string>, stretch: Stretch): Stretch {
  let end = stretch;
  for (let step = 0; step < 14; step++) {
    const endDay = end.day + Math.floor(end.to / 1440);
    const following = [...stretches(hours, closed, endDay - 1), ...stretches(hours, closed, endDay)].find(
      (each) => (each.day - end.day) * 1440 + each.from === end.to,
    );
    if (!following) break;
    end = following;
  }
  return end;
}

export const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** "Friday 4 December", "venerdì 4 dicembre". */
export const dayName = (day: Day) => dayFormat().date.format(day * 86_400_000).replace(',', '');

/** The week in words, days with the same services together: "Tuesday to Sunday, 12:00–15:00 and 19:00–23:00". */
export function describeWeek(week: Week): string {
  const services = WEEKDAYS.map((day) => week[day].map((service) => `${service.opens}–${service.closes}`).join(t(' and ')));
  const runs: string[] = [];
  for (let start = 0; start < 7; ) {
    let end = start;
    while (end + 1 < 7 && services[end + 1] === services[start]) end++;
    const first = weekdayName(start);
    const last = weekdayName(end);
    const hours = services[start];
    if (hours) runs.push(capital(end > start + 1 ? t('{first} to {last}, {hours}', { first, last, hours }) : end > start ? t('{first} and {last}, {hours}', { first, last, hours }) : t('{first}, {hours}', { first, hours })));
    start = end + 1;
  }
  return runs.join('; ') || t('Closed every day');
}

/** What is wrong with a week (a phrase naming the field), or null. */
export function weekProblem(week: Week): { field: string; message: string } | null {
  for (const day of WEEKDAYS) {
    const services = week[day];
    for (const [i, service] of services.entries()) {
      if (service.opens === service.closes) return { field: `week.${day}.${i}.closes`, message: `week.${day}: a service cannot open and close at ${service.opens}.` };
    }
    if (services.length === 2) {
      const [first, second] = services as [Service, Service];
      if (crossesMidnight(first) || minutes(second.opens) < minutes(first.closes)) {
        return { field: `week.${day}.1.opens`, message: `week.${day}: the second service must start after the first ends (${first.closes}).` };
      }
    }
  }
  return null;
}
