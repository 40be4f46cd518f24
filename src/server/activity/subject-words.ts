// An activity entry's subject in the language asked. Each change is recorded with a subject
// written in English when it happened ("Dish 6 · Carbonara", "Booking 4 · Neri · Friday 27
// November 19:30", "Opening hours"): its kind, its fixed titles, a guest without a name and a
// booking's day and month are said again here in the request's language, its names and
// numbers as they are. Old entries read the same way: nothing stored changes.
import { language, t } from '../http/language.js';

const kindWords = (kind: string): string | undefined =>
  ({
    Dish: t('[activity] Dish'),
    Category: t('[activity] Category'),
    Table: t('[activity] Table'),
    Staff: t('[activity] Staff'),
    Display: t('[activity] Display'),
    Station: t('[activity] Station'),
    Booking: t('[activity] Booking'),
    Order: t('[activity] Order'),
  })[kind];

const titleWords = (subject: string): string | undefined =>
  ({
    "The restaurant's details": t("[activity] The restaurant's details"),
    'Opening hours': t('Opening hours'),
    "The kitchen board's late times": t("[activity] The kitchen board's late times"),
    'Booking settings': t('Booking settings'),
  })[subject];

// English day and month names → Italian ones (1 January 2024 was a Monday).
const names = (locale: string) => [
  ...Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2024, 0, 1 + day)).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' })),
  ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2024, month, 1)).toLocaleDateString(locale, { month: 'long', timeZone: 'UTC' })),
];
let italianDateWords: Map<string, string> | undefined;

/** "Dish 6 · Carbonara" → "Piatto 6 · Carbonara" for an Italian request; English as recorded. */
export function subjectWords(subject: string): string {
  if (language() === 'en') return subject;
  const title = titleWords(subject);
  if (title) return title;
  const kind = /^([A-Z][a-z]+) (?=\d)/.exec(subject)?.[1];
  const said = kind && kindWords(kind);
  if (!kind || !said) return subject;
  let text = `${said}${subject.slice(kind.length)}`;
  if (kind === 'Booking') {
    italianDateWords ??= new Map(names('en-GB').map((english, i) => [english, names('it-IT')[i]!]));
    const dates = italianDateWords;
    text = text.replace(/\b[A-Z][a-z]+\b/g, (word) => dates.get(word) ?? word).replace(/ · guest · /, ` · ${t('[activity] guest')} · `);
  }
  return text;
}
