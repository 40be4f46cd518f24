// A booking's state as a word inside a sentence ("Booking 12 is cancelled: …"), in the
// request's language: the codes stay the API's (`no_show`), the words follow the language
// (Italian's are feminine, as "prenotazione" is: the context in the key says so).
import { t } from '../http/language.js';

export function bookingStateWord(status: string): string {
  if (status === 'requested') return t('[booking] requested');
  if (status === 'confirmed') return t('[booking] confirmed');
  if (status === 'arrived') return t('[booking] arrived');
  if (status === 'no_show') return t('[booking] no-show');
  if (status === 'cancelled') return t('[booking] cancelled');
  if (status === 'declined') return t('[booking] declined');
  return status.replace('_', '-');
}
