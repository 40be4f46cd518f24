// A course by its name, in the request's language ("Secondi"), as a label: the tickets, the
// fire buttons and the API's sentences say it the same way.
import { t } from '../http/language.js';

export function courseWords(course: number): string {
  if (course === 0) return t('[course] Drinks');
  if (course === 1) return t('[course] Starters');
  if (course === 2) return t('[course] First courses');
  if (course === 3) return t('[course] Mains');
  if (course === 4) return t('[course] Desserts');
  return String(course);
}
