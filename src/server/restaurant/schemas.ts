// The shapes of the restaurant's details and its opening hours, as everyone reads them and the Admin sets them.
import { z } from '@hono/zod-openapi';
import { readableText } from '../http/readable-text.js';
import { WEEKDAYS } from './opening-hours.js';

const TIME = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time from 00:00 to 23:59');
const SERVICE = z.object({ opens: TIME, closes: TIME.or(z.literal('24:00')) }).strict();

export const WeekSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(SERVICE).max(2)])) as Record<(typeof WEEKDAYS)[number], z.ZodArray<typeof SERVICE>>)
  .strict()
  .openapi('Week', { description: 'For each day, 0 to 2 services `{opens, closes}` in `HH:MM`. A service that closes at or before it opens runs past midnight; `24:00` closes at the end of the day.' });

const ClosedDateSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
      .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'must be a real date'),
    note: readableText({ min: 0, max: 80 }).default(''),
  })
  .strict();

export const HoursChangeSchema = z
  .object({ version: z.number().int().min(0), week: WeekSchema, closedDates: z.array(ClosedDateSchema).max(100) })
  .strict()
  .openapi('HoursChange');

export const HoursSchema = z
  .object({
    timeZone: z.string().openapi({ example: 'Europe/Rome' }),
    week: WeekSchema,
    closedDates: z.array(z.object({ date: z.string(), note: z.string() })),
    version: z.number().int(),
    open: z.boolean().openapi({ description: 'Open now: orders are taken.' }),
    closesAt: z.string().nullable().openapi({ description: 'While open: when this service ends (ISO 8601).' }),
    opensAt: z.string().nullable().openapi({ description: 'While closed: when the next service starts (ISO 8601), or null.' }),
    summary: z.string().openapi({ example: 'Open now · until 23:00' }),
    weekText: z.string().openapi({ example: 'Tuesday to Sunday, 12:00–15:00 and 19:00–23:00' }),
  })
  .openapi('Hours');

/** An Italian VAT number (partita IVA): 11 digits, the last the Luhn check digit of the first ten. */
export function isItalianVatNumber(text: string): boolean {
  if (!/^\d{11}$/.test(text)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(text[i]) * (i % 2 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(text[10]);
}

const restaurantFields = {
  name: readableText({ max: 80 }).openapi({ description: 'The name diners know.', example: 'Tavola' }),
  legalName: readableText({ max: 120 }).openapi({ description: "The business's registered name.", example: 'Tavola S.r.l.' }),
  address: readableText({ max: 200 }).openapi({ description: 'The registered address.', example: 'Via dei Serpenti 42, 00184 Roma RM, Italia' }),
  vatNumber: z
    .string()
    .transform((text) => text.replace(/^IT/i, '').replace(/[\s.]/g, ''))
    .refine(isItalianVatNumber, 'must be an Italian VAT number (partita IVA): 11 digits, the last a check digit')
    .openapi({ description: 'The partita IVA: 11 digits (spaces and an "IT" in front are taken off).', example: '12345678903' }),
  phone: readableText({ max: 40 }).openapi({ example: '+39 06 1234 5678' }),
  email: z.string().trim().max(120).email().openapi({ example: 'ciao@tavola.example' }),
};

export const RestaurantSchema = z
  .object({
    name: z.string(),
    legalName: z.string(),
    address: z.string(),
    vatNumber: z.string(),
    phone: z.string(),
    email: z.string(),
    italianHeld: z.boolean().openapi({ description: 'True while Italian is held back from diners until the menu is complete: Italian answers carry the English words, marked `untranslated`.' }),
    coverCents: z.number().int().openapi({ description: 'The cover charge per guest ("coperto") a table’s bill counts, in cents; 0 for none.' }),
    discountLimitCents: z.number().int().openapi({ description: 'The most a Waiter may take off one bill, in cents; a larger discount is the Admin’s.' }),
    version: z.number().int(),
    guestDataDays: z.number().int().openapi({ description: "Days a booking's or a pickup order's personal details are kept after its day (BOOKING_DATA_DAYS)." }),
  })
  .openapi('Restaurant');

export const RestaurantChangeSchema = z
  .object({ version: z.number().int().min(1), ...restaurantFields, italianHeld: z.boolean().optional().openapi({ description: 'Hold Italian back from diners (true) or show it (false); left out, it stays as it is.' }), coverCents: z.number().int().min(0).max(10_000).optional().openapi({ description: 'The cover charge per guest in cents (0: none); left out, it stays as it is. Bills opened from then on count it.' }), discountLimitCents: z.number().int().min(0).max(1_000_000).optional().openapi({ description: 'The most a Waiter may take off one bill, in cents; left out, it stays as it is.' }) })
  .strict()
  .openapi('RestaurantChange');
