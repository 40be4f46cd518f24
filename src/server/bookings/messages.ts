// What a guest receives by e-mail, written to the outbox (mail/) by the transaction that
// changes the booking: made, requested, accepted, declined, changed, cancelled (by the
// guest or by us), and the reminder before it. Each has a plain-text part that reads well
// on its own and the same in simple HTML (no remote images, nothing to load); the manage
// link when there is one; the booking as a calendar file when it is confirmed or changed.
// Every message names its booking (day, time, people); a changed one says what it was.
import type { Kysely } from 'kysely';
import { writeMessage } from '../mail/index.js';
import { readRestaurant } from '../restaurant/index.js';
import type { BookingRow, Database } from '../db/schema.js';
import { bookingCalendar } from './calendar.js';
import { manageKeyOf } from './manage-link.js';
import { dateLabel, duration } from './slots.js';
import { guestBooking, readBookingSettings } from './store.js';
import { inLanguage, t, tn } from '../http/language.js';
import type { Language } from '../../shared/i18n/catalog.js';
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

const people = (party: number) => tn('1 person', '{count} people', party);

interface Parts {
  subject: string;
  opening: string;
  /** Lines after the booking's own: what to do next. */
  after: string[];
  calendar: boolean;
  link: boolean;
}

/** The message's words, in the language under way (the booking's: see writeBookingMessage). */
function partsOf(kind: BookingMessageKind, when: string, restaurant: string, phone: string, cutoff: string): Parts {
  const callUs = phone ? t('Please call us on {phone}', { phone }) : t('Please call us');
  const changeUntil = t('You can change or cancel it online until {cutoff} before.', { cutoff });
  switch (kind) {
    case 'booking-made':
      return { subject: t('Your table at {restaurant}: {when}', { restaurant, when }), opening: t('your table is booked.'), after: [changeUntil], calendar: true, link: true };
    case 'booking-requested':
      return { subject: t('We have your request for {when}', { when }), opening: t('we have your request. We confirm it by e-mail soon; until then no table is held for you.'), after: [], calendar: false, link: true };
    case 'booking-accepted':
      return { subject: t('Confirmed: your table at {restaurant}, {when}', { restaurant, when }), opening: t('your booking is confirmed: the table is yours.'), after: [changeUntil], calendar: true, link: true };
    case 'booking-declined':
      return { subject: t('We cannot take your booking for {when}', { when }), opening: t('we are sorry: we cannot take your booking for {when}. {callUs} or choose another time on our site.', { when, callUs }), after: [], calendar: false, link: false };
    case 'booking-changed':
      return { subject: t('Changed: your table at {restaurant}, {when}', { restaurant, when }), opening: t('your booking is changed. It is now:'), after: [changeUntil], calendar: true, link: true };
    case 'booking-cancelled':
      return { subject: t('Cancelled: your table for {when}', { when }), opening: t('your booking is cancelled, as you asked. We hope to see you another time.'), after: [], calendar: false, link: false };
    case 'booking-cancelled-by-us':
      return { subject: t('We had to cancel your table for {when}', { when }), opening: t('we are sorry: we had to cancel your booking. {callUs} and we will find you another table.', { callUs }), after: [], calendar: false, link: false };
    case 'booking-reminder':
      return {
        subject: t('See you {when}', { when }),
        opening: t('a reminder of your table with us.'),
        after: [phone ? t('If your plans have changed, please change or cancel it online until {cutoff} before, or call us on {phone}.', { cutoff, phone }) : t('If your plans have changed, please change or cancel it online until {cutoff} before, or call us.', { cutoff })],
        calendar: false,
        link: true,
      };
  }
}

/** Text made safe inside HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What a message may say beyond the booking as it is now. */
export interface MessageExtras {
  /** The manage link's secret when the caller has it (a new booking), else it is made again from the salt. */
  key?: string;
  /** The booking before a change: a changed booking's message says what it was. */
  before?: BookingRow;
}

/**
 * Writes `kind`'s message for the booking to the outbox in `trx` (the change's own
 * transaction); nothing when the guest gave no e-mail address.
 */
export async function writeBookingMessage(trx: Kysely<Database>, mail: BookingMail, kind: BookingMessageKind, row: BookingRow, now: number, extras: MessageExtras = {}): Promise<void> {
  if (!row.email) return;
  // In the language the booking was made in, whoever changes it (a guest, the host stand, the reminder's chore).
  const lang = row.lang === 'it' ? 'it' : 'en';
  const guest = { ...row, email: row.email };
  await inLanguage(lang, () => writeMessageIn(lang, trx, mail, kind, guest, now, extras));
}

async function writeMessageIn(lang: Language, trx: Kysely<Database>, mail: BookingMail, kind: BookingMessageKind, row: BookingRow & { email: string }, now: number, { key, before }: MessageExtras): Promise<void> {
  const [restaurant, settings] = await Promise.all([readRestaurant(trx), readBookingSettings(trx)]);
  const when = t('{date} at {time}', { date: dateLabel(row.date), time: row.time });
  const restaurantPhone = restaurant.phone ? phoneForReading(restaurant.phone, mail.phoneRegion) : '';
  const parts = partsOf(kind, when, restaurant.name, restaurantPhone, duration(settings.cancelCutoffMinutes));
  const linkKey = parts.link ? (key ?? manageKeyOf(row, mail.secret)) : undefined;
  // The booking's page in its language: /it/booking for one made in Italian.
  const manageUrl = linkKey && `${mail.origin}${lang === 'it' ? '/it' : ''}/booking#${linkKey}`;
  // Every message names the booking it is about; a changed one also says what it was.
  const was = kind === 'booking-changed' && before ? [t('Before the change: {when}, {people}.', { when: t('{date} at {time}', { date: dateLabel(before.date), time: before.time }), people: people(before.party) })] : [];
  const details = [when, people(row.party), ...(row.note ? [t('Your note: {note}', { note: row.note })] : []), ...was];
  const firstMail = t('Your booking’s link is in the first e-mail we sent you about it.');
  const after = [...parts.after, ...(manageUrl ? [t('Your booking: {url}', { url: manageUrl })] : parts.link ? [firstMail] : [])];
  // Closed in the restaurant's name, in the register of the greeting (Italian: "tu", as the site speaks to guests).
  const signature = [t('Best wishes,'), restaurant.name, restaurant.address, restaurantPhone].filter(Boolean);
  const greeting = row.name ? t('Dear {name},', { name: row.name }) : t('Dear guest,');
  const attached = t('The booking is attached as a calendar file (booking.ics).');
  const text = [greeting, '', parts.opening, '', ...details.map((line) => `  ${line}`), '', ...after.flatMap((line) => [line, '']), ...(parts.calendar ? [attached, ''] : []), ...signature].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#222;max-width:36em">`,
    paragraph(greeting),
    paragraph(parts.opening),
    `<p style="font-size:1.15em"><strong>${escapeHtml(when)}</strong><br>${details.slice(1).map(escapeHtml).join('<br>')}</p>`,
    ...parts.after.map(paragraph),
    manageUrl ? `<p><a href="${escapeHtml(manageUrl)}">${escapeHtml(t('See, change or cancel your booking'))}</a><br><span style="word-break:break-all">${escapeHtml(manageUrl)}</span></p>` : parts.link ? paragraph(firstMail) : '',
    parts.calendar ? paragraph(attached) : '',
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  const ics = parts.calendar
    ? bookingCalendar({ booking: guestBooking(row, settings.cancelCutoffMinutes * 60_000, now, mail.phoneRegion), uid: `booking-${(row.key_hash ?? String(row.id)).slice(0, 16)}@tavola`, restaurant: restaurant.name, timeZone: mail.timeZone, manageUrl: manageUrl ?? mail.origin, now })
    : undefined;
  await writeMessage(trx, { kind, bookingId: row.id, to: { name: row.name, address: row.email }, subject: parts.subject, text, html, ics }, now, mail.domain);
}
