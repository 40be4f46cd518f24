// A course by its name ("Mains", "Secondi"), as the API says it (server/orders/course-words.ts):
// on a ticket, in the kitchen's "coming" list, on the waiter's pad. The same five keys as the
// server's: the site's t() must see each key written out, for each language's build to put its
// words in place.
import { t } from '../../core/words.js';

export function courseWords(course: number): string {
  if (course === 0) return t('[course] Drinks');
  if (course === 1) return t('[course] Starters');
  if (course === 2) return t('[course] First courses');
  if (course === 3) return t('[course] Mains');
  if (course === 4) return t('[course] Desserts');
  return String(course);
}
