// A day's guests ("covers"), told apart as a host counts them: the guests of bookings
// (confirmed, arrived or no-show), those of them who came, those who did not, and the guests
// seated at the door without a booking (walk-ins), who were never booked.
import { z } from '@hono/zod-openapi';
import type { Covers } from '../../shared/booking-records.js';

export const CoversSchema = z
  .object({ booked: z.number().int(), arrived: z.number().int(), noShow: z.number().int(), walkIns: z.number().int() })
  .openapi('Covers', { description: "The day's guests: of bookings (confirmed, arrived or no-show), of those who came, of those who did not come, and seated at the door without a booking (walk-ins, not among the booked)." });

/** From the day's guests per status and walk-in flag (a row per booking, or per group of them). */
export function coversOf(rows: readonly { status: string; walk_in: number | string; guests: number | string }[]): Covers {
  const covers: Covers = { booked: 0, arrived: 0, noShow: 0, walkIns: 0 };
  for (const row of rows) {
    const guests = Number(row.guests);
    if (Number(row.walk_in)) {
      if (row.status === 'arrived') covers.walkIns += guests;
      continue;
    }
    if (row.status === 'confirmed' || row.status === 'arrived' || row.status === 'no_show') covers.booked += guests;
    if (row.status === 'arrived') covers.arrived += guests;
    if (row.status === 'no_show') covers.noShow += guests;
  }
  return covers;
}
