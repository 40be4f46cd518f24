// What a guest does: book a table online, and through the private manage link see the
// booking, change its party, day or time, or cancel it, until the owner's cut-off.
import type { Kysely } from 'kysely';
import type { GuestBooking } from '../../shared/booking-records.js';
import { bookingById, guestBooking, holdTables, insertBooking, releaseTables, readBookingSettings, tablesOfBookings } from './store.js';
import type { BookingRow, Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { readContext, type Context } from './availability.js';
import { bookingInWords, bookingOfKey, bookingWrite, checkPhoneCap, checkSeatable, chooseTables, onlineSlot, reminderDue, type Booker, type Wanted } from './book.js';
import { tablesFit, paced } from './floor.js';
import { internationalPhone } from '../http/phone.js';
import { newBookingKey } from './manage-link.js';
import { writeBookingMessage } from './messages.js';
import { duration } from './slots.js';
import { t } from '../http/language.js';
import { bookingStateWord } from './state-words.js';

export interface GuestDetails extends Wanted {
  name: string;
  phone: string;
  email?: string;
  note?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Online bookings are for parties up to the owner's largest: a 400 that says to call. */
export function checkOnlineParty(context: Pick<Context, 'settings'>, party: number) {
  const { largestParty } = context.settings;
  if (party > largestParty) throw new ApiError(400, 'party_too_large', t('Online bookings are for up to {largestParty} people: for {party}, please call us.', { largestParty, party }), { field: 'party' });
}

/** Books a table online; answers the booking and the manage link's secret (shown once, kept only hashed). */
export async function bookOnline(booker: Booker, details: GuestDetails, phoneRegion: string): Promise<{ booking: GuestBooking; key: string }> {
  const phone = internationalPhone(details.phone, phoneRegion);
  const { key, hash, salt } = newBookingKey(booker.mail.secret);
  const { row, cutoffMs, now } = await bookingWrite(booker, async (trx, now, aim) => {
    const context = await readContext(trx, details.date, details.date, booker.timeZone, now);
    checkOnlineParty(context, details.party);
    const slot = onlineSlot(context, details);
    checkSeatable(context, details.party);
    await checkPhoneCap(trx, phone, now);
    aim(details);
    // With approval on, the booking holds nothing until it is accepted; there must be room now all the same.
    const tables = chooseTables(context, details, slot, { pacing: true });
    const requested = context.settings.needsApproval;
    const row = await insertBooking(
      trx,
      { keyHash: hash, keySalt: salt, noReminder: !reminderDue(booker, slot.startsMs, now), status: requested ? 'requested' : 'confirmed', ...details, startsMs: slot.startsMs, endsMs: slot.endsMs, tables: requested ? [] : tables, phone, source: 'online' },
      now,
    );
    await writeBookingMessage(trx, booker.mail, requested ? 'booking-requested' : 'booking-made', row, now, { key });
    return { row, cutoffMs: context.settings.cancelCutoffMinutes * 60_000, now };
  });
  return { booking: guestBooking(row, cutoffMs, now, phoneRegion), key };
}

export async function ownBooking(db: Kysely<Database>, key: string, now: number, region: string): Promise<GuestBooking> {
  const [row, settings] = await Promise.all([bookingOfKey(db, key), readBookingSettings(db)]);
  return guestBooking(row, settings.cancelCutoffMinutes * 60_000, now, region);
}

/** The booking may still be changed by its guest: open, the version the guest saw, before the cut-off. */
function checkChangeable(row: BookingRow, version: number, cutoffMinutes: number, now: number, region: string) {
  if (row.status !== 'requested' && row.status !== 'confirmed') {
    throw new ApiError(409, 'invalid_transition', t('This booking is {value}: there is nothing to change.', { value: bookingStateWord(row.status) }), { more: { booking: guestBooking(row, cutoffMinutes * 60_000, now, region) } });
  }
  if (row.version !== version) {
    throw new ApiError(409, 'conflict', t('Your booking was changed meanwhile: it is now {bookingInWords}.', { bookingInWords: bookingInWords({ ...row, table_number: null }) }), { more: { booking: guestBooking(row, cutoffMinutes * 60_000, now, region) } });
  }
  if (now >= Number(row.starts_ms) - cutoffMinutes * 60_000) {
    throw new ApiError(409, 'too_late_to_change', t('A booking can be changed or cancelled online until {duration} before it: please call us.', { duration: duration(cutoffMinutes) }));
  }
}

/** Another party size, day or time; the table is kept when it still fits, else the smallest free one. */
export async function changeOwnBooking(booker: Booker, key: string, change: Partial<Wanted> & { version: number }): Promise<GuestBooking> {
  const { row, cutoffMs, now } = await bookingWrite(booker, async (trx, now, aim) => {
    const before = await bookingOfKey(trx, key);
    const settings = await readBookingSettings(trx);
    checkChangeable(before, change.version, settings.cancelCutoffMinutes, now, booker.mail.phoneRegion);
    const wanted = { party: change.party ?? before.party, date: change.date ?? before.date, time: change.time ?? before.time };
    const context = await readContext(trx, wanted.date, wanted.date, booker.timeZone, now);
    checkOnlineParty(context, wanted.party);
    const slot = onlineSlot(context, wanted);
    checkSeatable(context, wanted.party);
    aim(wanted);
    const moving = before.id;
    const held = (await tablesOfBookings(trx, [before])).get(moving) ?? [];
    const kept = held.length > 0 && tablesFit(context.floor, held, wanted.party, slot.startsMs, slot.endsMs, moving).fit === 'fits' && paced(context.floor, context.settings, wanted.party, slot.startsMs, moving);
    const tables = kept ? held : chooseTables(context, wanted, slot, { moving, pacing: true });
    const timeChanged = slot.startsMs !== Number(before.starts_ms);
    // Its tables let go first: the database checks each table at the new times as it is held again.
    await releaseTables(trx, moving);
    const holds = before.status === 'requested' ? [] : tables;
    await trx
      .updateTable('bookings')
      .set({ ...wanted, starts_ms: slot.startsMs, ends_ms: slot.endsMs, table_number: holds[0] ?? null, ...(timeChanged && { reminder_written: reminderDue(booker, slot.startsMs, now) ? 0 : 1 }), version: before.version + 1, updated_at: iso(now) })
      .where('id', '=', moving)
      .execute();
    await holdTables(trx, moving, holds);
    const after = (await bookingById(trx, moving))!;
    if (wanted.party !== before.party || timeChanged) await writeBookingMessage(trx, booker.mail, 'booking-changed', after, now, { key, before });
    return { row: after, cutoffMs: settings.cancelCutoffMinutes * 60_000, now };
  });
  return guestBooking(row, cutoffMs, now, booker.mail.phoneRegion);
}

export async function cancelOwnBooking(booker: Booker, key: string, version: number): Promise<GuestBooking> {
  const { row, cutoffMs, now } = await bookingWrite(booker, async (trx, now) => {
    const before = await bookingOfKey(trx, key);
    const settings = await readBookingSettings(trx);
    checkChangeable(before, version, settings.cancelCutoffMinutes, now, booker.mail.phoneRegion);
    await trx.updateTable('bookings').set({ status: 'cancelled', version: before.version + 1, updated_at: iso(now) }).where('id', '=', before.id).execute();
    const after = (await bookingById(trx, before.id))!;
    await writeBookingMessage(trx, booker.mail, 'booking-cancelled', after, now);
    return { row: after, cutoffMs: settings.cancelCutoffMinutes * 60_000, now };
  });
  return guestBooking(row, cutoffMs, now, booker.mail.phoneRegion);
}
