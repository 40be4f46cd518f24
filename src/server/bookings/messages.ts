// What a guest receives by e-mail, written to the outbox (mail/) by the transaction that
// changes the booking: made, requested, accepted, declined, changed, cancelled (by the
// guest or by us), and the reminder before it. Each has a plain-text part that reads well
// on its own and the same in simple HTML (no remote images, nothing to load); the manage
// link when there is one; the booking as a calendar file when it is confirmed or changed.
import type { Kysely } from 'kysely';
import { writeMessage } from '../mail/index.js';
import { readRestaurant } from '../restaurant/index.js';
import type { BookingRow, Database } from '../db/schema.js';
import { bookingCalendar } from './calendar.js';
import { manageKeyOf } from './manage-link.js';
import { dateLabel, duration } from './slots.js';
import { guestBooking, readBookingSettings } from './store.js';
import { phoneForReading } from '../http/phone.js';

export type BookingMessageKind = 'booking-made' | 'booking-requested' | 'booking-accepted' | 'booking-declined' | 'booking-changed' | 'booking-cancelled' | 'booking-cancelled-by-us' | 'booking-reminder';

/** What the messages need beyond the booking: where links point, the secret links are made with, the restaurant's zone and country. */
export interface BookingMail {
  /** The site's origin the links start with (PUBLIC_ORIGIN, or the address the server listens on). */
  origin: string;
  secret: Uint8Array;
  timeZone: string;
  phoneRegion: string;
  /** The domain of Message-IDs (MAIL_FROM's). */
  domain: string;
}

const people = (party: number) => `${party} ${party === 1 ? 'person' : 'people'}`;

interface Parts {
  subject: string;
  opening: string;
  /** Lines after the booking's own: what to do next. */
  after: string[];
  calendar: boolean;
  link: boolean;
}

function partsOf(kind: BookingMessageKind, when: string, restaurant: string, phone: string, cutoff: string): Parts {
  const call = phone ? ` on ${phone}` : '';
  switch (kind) {
    case 'booking-made':
      return { subject: `Your table at ${restaurant}: ${when}`, opening: 'your table is booked.', after: [`You can change or cancel it online until ${cutoff} before.`], calendar: true, link: true };
    case 'booking-requested':
      return { subject: `We have your request for ${when}`, opening: 'we have your request. We confirm it by e-mail soon; until then no table is held for you.', after: [], calendar: false, link: true };
    case 'booking-accepted':
      return { subject: `Confirmed: your table at ${restaurant}, ${when}`, opening: 'your booking is confirmed: the table is yours.', after: [`You can change or cancel it online until ${cutoff} before.`], calendar: true, link: true };
    case 'booking-declined':
      return { subject: `We cannot take your booking for ${when}`, opening: `we are sorry: we cannot take your booking for ${when}. Please call us${call} or choose another time on our site.`, after: [], calendar: false, link: false };
    case 'booking-changed':
      return { subject: `Changed: your table at ${restaurant}, ${when}`, opening: 'your booking is changed. It is now:', after: [`You can change or cancel it online until ${cutoff} before.`], calendar: true, link: true };
    case 'booking-cancelled':
      return { subject: `Cancelled: your table for ${when}`, opening: 'your booking is cancelled, as you asked. We hope to see you another time.', after: [], calendar: false, link: false };
    case 'booking-cancelled-by-us':
      return { subject: `We had to cancel your table for ${when}`, opening: `we are sorry: we had to cancel your booking. Please call us${call} and we will find you another table.`, after: [], calendar: false, link: false };
    case 'booking-reminder':
      return { subject: `See you ${when}`, opening: 'a reminder of your table with us.', after: [`If your plans have changed, please change or cancel it online until ${cutoff} before, or call us${call}.`], calendar: false, link: true };
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Writes `kind`'s message for the booking to the outbox in `trx` (the change's own
 * transaction); nothing when the guest gave no e-mail address. `key` is the manage link's
 * secret when the caller has it (a new booking), else it is made again from the salt.
 */
export async function writeBookingMessage(trx: Kysely<Database>, mail: BookingMail, kind: BookingMessageKind, row: BookingRow, now: number, key?: string): Promise<void> {
  if (!row.email) return;
  const [restaurant, settings] = await Promise.all([readRestaurant(trx), readBookingSettings(trx)]);
  const when = `${dateLabel(row.date)} at ${row.time}`;
  const restaurantPhone = restaurant.phone ? phoneForReading(restaurant.phone, mail.phoneRegion) : '';
  const parts = partsOf(kind, when, restaurant.name, restaurantPhone, duration(settings.cancelCutoffMinutes));
  const linkKey = parts.link ? (key ?? manageKeyOf(row, mail.secret)) : undefined;
  const manageUrl = linkKey && `${mail.origin}/booking#${linkKey}`;
  const details = [when, people(row.party), ...(row.note ? [`Your note: ${row.note}`] : [])];
  const after = [...parts.after, ...(manageUrl ? [`Your booking: ${manageUrl}`] : parts.link ? ['Your booking’s link is in the first e-mail we sent you about it.'] : [])];
  const signature = [restaurant.name, restaurant.address, restaurantPhone].filter(Boolean);
  const greeting = `Dear ${row.name || 'guest'},`;
  const showsBooking = kind !== 'booking-declined' && kind !== 'booking-cancelled' && kind !== 'booking-cancelled-by-us';
  const text = [greeting, '', parts.opening, '', ...(showsBooking ? [...details.map((line) => `  ${line}`), ''] : []), ...after.flatMap((line) => [line, '']), ...(parts.calendar ? ['The booking is attached as a calendar file (booking.ics).', ''] : []), ...signature].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#222;max-width:36em">`,
    paragraph(greeting),
    paragraph(parts.opening),
    showsBooking ? `<p style="font-size:1.15em"><strong>${escapeHtml(when)}</strong><br>${details.slice(1).map(escapeHtml).join('<br>')}</p>` : '',
    ...parts.after.map(paragraph),
    manageUrl ? `<p><a href="${escapeHtml(manageUrl)}">See, change or cancel your booking</a><br><span style="word-break:break-all">${escapeHtml(manageUrl)}</span></p>` : parts.link ? paragraph('Your booking’s link is in the first e-mail we sent you about it.') : '',
    parts.calendar ? paragraph('The booking is attached as a calendar file (booking.ics).') : '',
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  const ics = parts.calendar
    ? bookingCalendar({ booking: guestBooking(row, settings.cancelCutoffMinutes * 60_000, now, mail.phoneRegion), uid: `booking-${(row.key_hash ?? String(row.id)).slice(0, 16)}@tavola`, restaurant: restaurant.name, timeZone: mail.timeZone, manageUrl: manageUrl ?? mail.origin, now })
    : undefined;
  await writeMessage(trx, { kind, bookingId: row.id, to: { name: row.name, address: row.email }, subject: parts.subject, text, html, ics }, now, mail.domain);
}
