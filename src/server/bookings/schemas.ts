// The bookings' request fields and answers, as the API validates and describes them.
import { z } from '@hono/zod-openapi';
import { BOOKING_STATUSES } from '../../shared/booking-records.js';

export const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((date) => {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    return !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(date);
  }, 'must be a real date')
  .openapi({ description: "A day in the restaurant's time zone.", example: '2026-12-04' });

export const TIME = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM')
  .openapi({ description: "On the restaurant's wall clock; one of the free times.", example: '19:30' });

export const PARTY = z.number().int().min(1).max(99).openapi({ description: 'How many people.', example: 4 });

export const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the booking as it is now.' });

const FreeTimeSchema = z.object({ time: z.string(), startsAt: z.string() });

const DaySchema = z
  .object({
    date: z.string(),
    label: z.string().openapi({ example: 'Friday 4 December' }),
    state: z.enum(['free', 'full', 'closed', 'past', 'too_far']),
    times: z.array(FreeTimeSchema),
  })
  .openapi('BookingDay');

export const AvailabilitySchema = z
  .object({
    party: z.number().int(),
    timeZone: z.string(),
    day: DaySchema,
    around: z.array(DaySchema).openapi({ description: 'Up to three days before and after, within today and the horizon, each with its first four free times at most.' }),
    note: z.string().nullable().openapi({ example: 'Fully booked on Friday 4 December; Saturday 5 December has 19:30, 19:45 and later.' }),
  })
  .openapi('Availability');

export const GuestBookingSchema = z
  .object({
    status: z.enum(BOOKING_STATUSES),
    party: z.number().int(),
    date: z.string(),
    time: z.string(),
    when: z.string().openapi({ example: 'Friday 4 December at 19:30' }),
    startsAt: z.string(),
    endsAt: z.string(),
    name: z.string(),
    phone: z.string().openapi({ description: 'In international form (E.164).' }),
    phoneText: z.string().openapi({ description: 'As people write it: national in the restaurant’s country (PHONE_REGION), international otherwise.', example: '347 123 4567' }),
    email: z.string(),
    note: z.string(),
    changeableUntil: z.string().nullable().openapi({ description: 'Until when the guest may change or cancel it online; null when no more.' }),
    version: z.number().int(),
  })
  .openapi('GuestBooking');

export const StaffBookingSchema = GuestBookingSchema.extend({
  id: z.number().int(),
  table: z.number().int().nullable().openapi({ description: 'Its table, or the first of its tables when joined; null while it holds none.' }),
  tables: z.array(z.number().int()).openapi({ description: 'Every table it holds: one, or those joined for it (`table` first).' }),
  source: z.enum(['online', 'staff']),
  createdAt: z.string(),
  tableOffFloor: z.boolean().openapi({ description: 'Its table was taken off the floor: move it.' }),
  seatedAt: z.string().nullable().openapi({ description: 'When the party sat down (marked arrived).' }),
  finishedAt: z.string().nullable().openapi({ description: 'When it left: its table was free from then.' }),
  walkIn: z.boolean().openapi({ description: 'Seated at the door without a booking.' }),
  billAskedAt: z.string().nullable().openapi({ description: 'When a guest at its table asked for the bill (the table’s QR code), while the bill is open; else null.' }),
  billPaidAt: z.string().nullable().openapi({ description: 'When the stay’s bill was paid in full (its own, or the bill it was joined to); else null.' }),
  billOpenCents: z.number().int().nullable().openapi({ description: 'What the seated party’s open bill owes now (its own, or the bill it was joined to); null with none open.' }),
  partyKnown: z.boolean().openapi({ description: 'False while nobody has said how many they are (a stay an order opened): `party` counts 1 then.' }),
  openedByOrder: z.boolean().openapi({ description: 'Guests who sat down and ordered with nobody seating them: the table is theirs from that order, until the host seats them (`sameGuests`) or their bill is paid.' }),
}).openapi('StaffBooking');

export const BookingSettingsSchema = z
  .object({
    intervalMinutes: z.number().int().min(5).max(120),
    stayMinutes: z.number().int().min(30).max(360),
    leadMinutes: z.number().int().min(0).max(10_080),
    horizonDays: z.number().int().min(1).max(365),
    cancelCutoffMinutes: z.number().int().min(0).max(10_080),
    largestParty: z.number().int().min(1).max(99),
    pacingParties: z.number().int().min(0).max(1000).openapi({ description: 'Parties starting per quarter hour at most; 0: no limit.' }),
    pacingSeats: z.number().int().min(0).max(10_000).openapi({ description: 'Guests starting per quarter hour at most; 0: no limit.' }),
    needsApproval: z.boolean(),
    lateMinutes: z.number().int().min(1).max(240).openapi({ description: 'A party not come this many minutes after its time is shown late on the host stand.', example: 15 }),
    version: z.number().int().min(1),
  })
  .openapi('BookingSettings');
