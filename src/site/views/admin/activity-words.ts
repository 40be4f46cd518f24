// The activity list's words in the page's language. The API records each change with a code
// ("dish.sold_out", language-free) and a subject written when it happened ("Dish 6 · Carbonara",
// "Booking 4 · Neri · Friday 27 November 19:30"). The code is said through the catalog; the
// subject keeps its names and numbers, and its kind, its fixed titles and a booking's day
// and month are put in the page's language.
import { LANG, t } from '../../../core/words.js';
import { monthName, weekdayName } from '../../format.js';

/** Every action the API records, as the sentence after the person's name says it. */
export const ACTION_WORDS: Record<string, string> = {
  'dish.created': t('[activity] created'),
  'dish.updated': t('[activity] updated'),
  'dish.sold_out': t('[activity] sold out'),
  'dish.back_on': t('[activity] back on'),
  'dish.archived': t('[activity] archived'),
  'dish.restored': t('[activity] restored'),
  'dish.allergens_changed': t('[activity] allergens changed'),
  'dish.picture': t('[activity] picture'),
  'dish.moved': t('[activity] moved'),
  'category.created': t('[activity] created'),
  'category.updated': t('[activity] updated'),
  'category.moved': t('[activity] moved'),
  'category.moved_up': t('[activity] moved up'),
  'category.moved_down': t('[activity] moved down'),
  'table.created': t('[activity] created'),
  'table.updated': t('[activity] updated'),
  'table.deactivated': t('[activity] deactivated'),
  'table.reactivated': t('[activity] reactivated'),
  'table.code_renewed': t('[activity] code renewed'),
  'staff.invited': t('[activity] invited'),
  'staff.updated': t('[activity] updated'),
  'staff.deactivated': t('[activity] deactivated'),
  'staff.reactivated': t('[activity] reactivated'),
  'staff.password_set': t('[activity] password set'),
  'staff.password_reset': t('[activity] password reset'),
  'staff.password_changed': t('[activity] password changed'),
  'passkey.added': t('[activity] added'),
  'passkey.removed': t('[activity] removed'),
  'display.created': t('[activity] created'),
  'display.updated': t('[activity] updated'),
  'display.deleted': t('[activity] deleted'),
  'display.paired': t('[activity] paired'),
  'display.unpaired': t('[activity] unpaired'),
  'display.code_issued': t('[activity] code issued'),
  'station.created': t('[activity] created'),
  'station.updated': t('[activity] updated'),
  'station.deleted': t('[activity] deleted'),
  'board.updated': t('[activity] updated'),
  'restaurant.updated': t('[activity] updated'),
  'hours.updated': t('[activity] updated'),
  'booking_settings.updated': t('[activity] updated'),
  'order.moved': t('[activity] moved'),
  'order.part_done': t('[activity] part done'),
  'order.recalled': t('[activity] recalled'),
  'message.sent_again': t('[activity] sent again'),
  'booking.created': t('[activity] created'),
  'booking.updated': t('[activity] updated'),
  'booking.moved': t('[activity] moved'),
  'booking.accepted': t('[activity] accepted'),
  'booking.declined': t('[activity] declined'),
  'booking.cancelled': t('[activity] cancelled'),
  'booking.arrived': t('[activity] arrived'),
  'booking.no_show': t('[activity] no show'),
  'booking.arrival_undone': t('[activity] arrival undone'),
  'booking.no_show_undone': t('[activity] no show undone'),
  'booking.finished': t('[activity] finished'),
  'booking.finish_undone': t('[activity] finish undone'),
  'booking.walk_in': t('[activity] walk in'),
};

/** "dish.sold_out" → "sold out"; a code this page does not know yet, its last part in words. */
export const actionWords = (action: string): string => ACTION_WORDS[action] ?? action.split('.').at(-1)!.replace(/_/g, ' ');

const KINDS: Record<string, string> = {
  Dish: t('[activity] Dish'),
  Category: t('[activity] Category'),
  Table: t('[activity] Table'),
  Staff: t('[activity] Staff'),
  Display: t('[activity] Display'),
  Station: t('[activity] Station'),
  Booking: t('[activity] Booking'),
  Order: t('[activity] Order'),
};

const TITLES: Record<string, string> = {
  "The restaurant's details": t("[activity] The restaurant's details"),
  'Opening hours': t('Opening hours'),
  "The kitchen board's late times": t("[activity] The kitchen board's late times"),
  'Booking settings': t('Booking settings'),
};

// English day and month names → the page's; none in English.
const DATE_WORDS =
  LANG === 'en'
    ? null
    : new Map([
        ...Array.from({ length: 7 }, (_, day) => [weekdayName(day, 'en-GB'), weekdayName(day)] as const),
        ...Array.from({ length: 12 }, (_, month) => [monthName(month, 'en-GB'), monthName(month)] as const),
      ]);

/** "Dish 6 · Carbonara" → "Piatto 6 · Carbonara" in Italian; names and numbers as they are. */
export function subjectWords(subject: string): string {
  const title = TITLES[subject];
  if (title) return title;
  const kind = /^([A-Z][a-z]+) (?=\d)/.exec(subject)?.[1];
  if (!kind || !KINDS[kind]) return subject;
  let text = `${KINDS[kind]}${subject.slice(kind.length)}`;
  // A booking's subject has its day: "Friday 27 November 19:30", and "guest" for a party without a name.
  if (kind === 'Booking' && DATE_WORDS) text = text.replace(/\b[A-Z][a-z]+\b/g, (word) => DATE_WORDS.get(word) ?? word).replace(/ · guest · /, ` · ${t('[activity] guest')} · `);
  return text;
}
