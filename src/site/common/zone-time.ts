// The restaurant's date and wall clock, whatever the device is set to: one Intl formatter
// per time zone, made the first time it is asked for. Making one costs a few milliseconds on
// a slow tablet, and the host stand asks for the day and the time on every draw.
import { LOCALE } from '../../core/words.js';

const made = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = made.get(key);
  if (!format) {
    // en-CA writes a date as 2026-11-28, as the API does.
    format = kind === 'date' ? new Intl.DateTimeFormat('en-CA', { timeZone }) : new Intl.DateTimeFormat(LOCALE, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    made.set(key, format);
  }
  return format;
}

/** The device's own time zone: what a screen shows until it knows the restaurant's. */
export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "2026-11-28": the date in `timeZone` at `ms`. */
export const dateIn = (timeZone: string, ms: number): string => formatter('date', timeZone).format(ms);

/** "20:15": the wall clock in `timeZone` at `ms`, in the site's language. */
export const clockIn = (timeZone: string, ms: number): string => formatter('clock', timeZone).format(ms);
