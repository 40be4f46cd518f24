// The reminder e-mail, a set time before a booking (MAIL_REMINDER_HOURS, 24 unless set):
// written to the outbox when its time comes, once, for a confirmed booking with an e-mail
// address that was made (or last moved) before that time. Marking the booking and writing
// the message are one transaction that only one process can win (the mark is conditional),
// so several processes looking at once write it once.
import type { Booker } from './book.js';
import { writeBookingMessage } from './messages.js';
import { hourly } from '../hourly.js';

const BATCH = 100;

/** Writes the reminders due at `now`; answers how many. */
export async function writeDueReminders(booker: Booker, now: number): Promise<number> {
  let written = 0;
  for (;;) {
    const due = await booker.db
      .selectFrom('bookings')
      .select('id')
      .where('reminder_written', '=', 0)
      .where('status', '=', 'confirmed')
      .where('email', 'is not', null)
      .where('starts_ms', '>', now)
      .where('starts_ms', '<=', now + booker.reminderMs)
      .orderBy('starts_ms')
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      const wrote = await booker.db.transaction().execute(async (trx) => {
        const marked = await trx.updateTable('bookings').set({ reminder_written: 1 }).where('id', '=', id).where('reminder_written', '=', 0).returningAll().executeTakeFirst();
        if (marked) await writeBookingMessage(trx, booker.mail, 'booking-reminder', marked, now);
        return Boolean(marked);
      });
      if (wrote) written++;
    }
    if (due.length < BATCH) break;
  }
  if (written) booker.mailWritten();
  return written;
}

const MINUTE_MS = 60_000;

/** Looks for due reminders every minute (and a second after start), until the returned function is called. */
export function writeRemindersEveryMinute(booker: Booker): () => void {
  return hourly(() => writeDueReminders(booker, booker.clock()), "write the bookings' reminders", MINUTE_MS);
}
