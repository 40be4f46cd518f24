// What an activity entry is about, stored as parts (its kind, number and names; a booking's
// day and time; or one of the fixed titles) and said in the language asked: "Dish 6 ·
// Carbonara" is "Piatto 6 · Carbonara" for an Italian request. Names and numbers stay as
// they were typed; nothing is read back out of a sentence. Entries recorded before the parts
// (migration 024) were parsed into them where they could be, and read as recorded otherwise.
import { inLanguage, locale, t } from '../http/language.js';

const KINDS = {
  Dish: () => t('[activity] Dish'),
  Category: () => t('[activity] Category'),
  Table: () => t('[activity] Table'),
  Staff: () => t('[activity] Staff'),
  Display: () => t('[activity] Display'),
  Station: () => t('[activity] Station'),
  Booking: () => t('[activity] Booking'),
  Order: () => t('[activity] Order'),
  Message: () => t('[activity] Message'),
  Waitlist: () => t('[activity] Waitlist'),
  Bill: () => t('[activity] Bill'),
  Choices: () => t('[activity] Choices'),
};
const TITLES = {
  restaurant: () => t("[activity] The restaurant's details"),
  hours: () => t('Opening hours'),
  board: () => t("[activity] The kitchen board's late times"),
  'booking-settings': () => t('Booking settings'),
  day: () => t('[activity] The day’s money'),
};

export type SubjectKind = keyof typeof KINDS;
export type Subject =
  /** One of the restaurant's settings. */
  | { title: keyof typeof TITLES }
  /** A booking: its guest's name (null: "guest"), its day (YYYY-MM-DD) and time. */
  | { kind: 'Booking'; id: number; name: string | null; date: string; time: string }
  /** A bill: its table (null: a pickup order's), said in the language asked ("Conto 2 · Tavolo 3"). */
  | { kind: 'Bill'; id: number; table: number | null }
  /** A record by its kind and number, then its names ("Order 12 · Pizza oven"); or names alone ("Ada Conti · Laptop"). */
  | { kind?: Exclude<SubjectKind, 'Booking'>; id?: number; names: string[] };

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Friday 27 November", "venerdì 27 novembre" (one format per language, made once). */
function dayWords(date: string): string {
  const lang = locale();
  let format = dayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    dayFormats.set(lang, format);
  }
  return format.format(Date.parse(`${date}T00:00:00Z`)).replace(',', '');
}

/** The subject in the current language. */
export function subjectWords(subject: Subject): string {
  if ('title' in subject) return TITLES[subject.title]();
  const head = subject.kind ? [`${KINDS[subject.kind]()}${subject.id === undefined ? '' : ` ${subject.id}`}`] : [];
  if ('date' in subject) return [...head, subject.name || t('[activity] guest'), `${dayWords(subject.date)} ${subject.time}`].join(' · ');
  if ('table' in subject) return [...head, subject.table === null ? t('[bill] pickup') : t('Table {table}', { table: subject.table })].join(' · ');
  return [...head, ...subject.names].join(' · ');
}

/** The subject as the English sentence kept beside its parts (and read as such by older code). */
export const englishSubject = (subject: Subject): string => inLanguage('en', () => subjectWords(subject));

/** The parts stored, read back: undefined when they are not there or not of a shape written here (a row broken by hand reads as its English sentence). */
export function storedSubject(text: string | null): Subject | undefined {
  if (text === null) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parts || typeof parts !== 'object') return undefined;
  const { title, kind, id, names, name, date, time, table } = parts as Record<string, unknown>;
  if (typeof title === 'string') return title in TITLES ? (parts as Subject) : undefined;
  if (kind !== undefined && !(typeof kind === 'string' && kind in KINDS)) return undefined;
  if (id !== undefined && typeof id !== 'number') return undefined;
  if (kind === 'Booking') return typeof id === 'number' && (name === null || typeof name === 'string') && typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && typeof time === 'string' ? (parts as Subject) : undefined;
  if (kind === 'Bill' && 'table' in parts) return typeof id === 'number' && (table === null || (typeof table === 'number' && Number.isInteger(table))) ? (parts as Subject) : undefined;
  return Array.isArray(names) && names.every((each) => typeof each === 'string') ? (parts as Subject) : undefined;
}
