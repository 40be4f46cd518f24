import { LOCALE, t } from '../../core/words.js';
// How the site writes time, on the order and staff pages (prices: price.ts). The date
// formatter is made the first time it is needed: making one costs a long task on a slow phone.
let day: Intl.DateTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;

/** "27 November 2026 at 19:30", "27 novembre 2026 alle 19:30" (Intl's Italian says "alle ore"). */
export function formatDateTime(iso: string): string {
  day ??= new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' });
  clock ??= new Intl.DateTimeFormat(LOCALE, { timeStyle: 'short' });
  const when = new Date(iso);
  return t('{date} at {time}', { date: day.format(when), time: clock.format(when) });
}

/** "just now", "4 min ago", "1 h 5 min ago" */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('just now');
  if (minutes < 60) return t('{minutes} min ago', { minutes });
  return t('{hours} h {minutes} min ago', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The weekday `index` (0 for Monday) in `locale`: "Monday", "lunedì" (1 January 2024 was a Monday). */
export const weekdayName = (index: number, locale: string = LOCALE): string => new Date(Date.UTC(2024, 0, 1 + index)).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' });


/** A calendar day (2026-11-28) in words: "Saturday 28 November", "sabato 28 novembre"; with `year`, the year too. */
export const dayWords = (date: string, { year = false } = {}): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', ...(year && { year: 'numeric' }), timeZone: 'UTC' });
