// The shapes of the owner's side of the API (menu editing, opening hours, activity),
// written once: they validate requests and produce the OpenAPI description.
import { z } from '@hono/zod-openapi';
import { WEEKDAYS } from '../restaurant/opening-hours.js';
import { readableText } from '../http/readable-text.js';
import { ALLERGENS, type Allergen } from '../../shared/allergens.js';

const allergens = z.enum(ALLERGENS);

/** The dietary tags a dish may carry (the menu's filters and badges know these). */
export const DISH_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'spicy', 'contains-nuts', 'contains-fish'] as const;

const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the record as it is now.' });

const dishFields = {
  name: readableText({ max: 80 }).openapi({ example: 'Supplì al telefono' }),
  description: readableText({ min: 0, max: 600, multiline: true }).openapi({ description: 'Up to 600 characters, shown as plain text.' }),
  priceCents: z.number().int().min(0).max(100_000).openapi({ description: 'Euro cents, 0 to 100000 (€1,000).', example: 650 }),
  categoryId: z.number().int().min(1).openapi({ example: 1 }),
  tags: z.array(z.enum(DISH_TAGS)).max(DISH_TAGS.length).openapi({ description: `Any of ${DISH_TAGS.join(', ')}.` }),
  allergens: z.array(allergens).max(ALLERGENS.length).nullable().openapi({ description: `What it contains, of the 14 allergens (${ALLERGENS.join(', ')}); null for not filled in yet (the menu then tells diners to ask), [] for none of them.` }),
  traces: z.array(allergens).max(ALLERGENS.length).openapi({ description: 'What it may contain traces of.' }),
  featured: z.boolean().openapi({ description: "On today's highlights." }),
  available: z.boolean().openapi({ description: 'False marks it sold out.' }),
  archived: z.boolean().openapi({ description: 'True takes it off the menu and out of search; orders keep their lines.' }),
};

export const NewDishSchema = z
  .object({
    ...dishFields,
    description: dishFields.description.default(''),
    tags: dishFields.tags.default([]),
    allergens: dishFields.allergens.default(null),
    traces: dishFields.traces.default([]),
    featured: dishFields.featured.default(false),
    available: dishFields.available.default(true),
    archived: dishFields.archived.default(false),
  })
  .strict()
  .openapi('NewDish');

export const DishChangeSchema = z
  .object({ version: VERSION, ...Object.fromEntries(Object.entries(dishFields).map(([key, schema]) => [key, schema.optional()])) })
  .strict()
  .openapi('DishChange', { description: 'The version and the fields to change. Kitchen may send only `available`.' }) as z.ZodType<
  { version: number } & Partial<{ name: string; description: string; priceCents: number; categoryId: number; tags: (typeof DISH_TAGS)[number][]; allergens: Allergen[] | null; traces: Allergen[]; featured: boolean; available: boolean; archived: boolean }>
>;

export const AdminDishSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    priceCents: z.number().int(),
    categoryId: z.number().int(),
    tags: z.array(z.string()),
    allergens: z.array(allergens).nullable(),
    traces: z.array(allergens),
    featured: z.boolean(),
    available: z.boolean(),
    archived: z.boolean(),
    image: z.string(),
    uploaded: z.boolean().openapi({ description: 'True for an uploaded photo, false for a drawn picture.' }),
    version: z.number().int(),
  })
  .openapi('AdminDish');

export const AdminCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string().openapi({ description: 'Its address in the menu (`/menu?category=…`); kept when it is renamed.' }),
    name: z.string(),
    description: z.string(),
    position: z.number().int(),
    version: z.number().int(),
    dishCount: z.number().int().openapi({ description: 'Dishes on the menu (not archived).' }),
    station: z.number().int().openapi({ description: 'The station that cooks its dishes (GET /board-settings names them).' }),
  })
  .openapi('AdminCategory');

const categoryFields = {
  name: readableText({ max: 60 }).openapi({ example: 'Antipasti' }),
  description: readableText({ min: 0, max: 300, multiline: true }),
  station: z.number().int().min(1).openapi({ description: 'The station that cooks its dishes; a new category goes to the default station unless given.' }),
};

export const NewCategorySchema = z.object({ ...categoryFields, description: categoryFields.description.default(''), station: categoryFields.station.optional() }).strict().openapi('NewCategory');

export const CategoryChangeSchema = z
  .object({ version: VERSION, name: categoryFields.name.optional(), description: categoryFields.description.optional(), station: categoryFields.station.optional() })
  .strict()
  .openapi('CategoryChange');

export const MoveCategorySchema = z.object({ version: VERSION, direction: z.enum(['up', 'down']) }).strict().openapi('MoveCategory');

export const IdParamSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number').openapi({ param: { name: 'id', in: 'path' }, example: '3' }),
});

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

export const ActivitySchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        by: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['person', 'display']).openapi({ description: 'A person (id of a user) or a paired display (id of a display; its name is "Display: …").' }) }),
        action: z.string().openapi({ example: 'dish.updated' }),
        subject: z.string().openapi({ example: 'Dish 12 · Carbonara' }),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
    next: z.number().int().nullable().openapi({ description: 'Give it as `before` for the next (older) page; null on the last page.' }),
  })
  .openapi('Activity');

export const ActivityQuerySchema = z.object({
  limit: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 200').refine((value) => Number(value) <= 200, 'must be a whole number from 1 to 200').optional(),
  before: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (the `next` of the page before)').optional(),
});

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
    version: z.number().int(),
    guestDataDays: z.number().int().openapi({ description: "Days a booking's or a pickup order's personal details are kept after its day (BOOKING_DATA_DAYS)." }),
  })
  .openapi('Restaurant');

export const RestaurantChangeSchema = z
  .object({ version: z.number().int().min(1), ...restaurantFields })
  .strict()
  .openapi('RestaurantChange');
