// The shapes of the owner's side of the menu: dishes and categories as the editor sees and
// changes them.
import { z } from '@hono/zod-openapi';
import { readableText } from '../http/readable-text.js';
import { ALLERGENS, type Allergen } from '../../shared/allergens.js';
import { DISH_TAGS } from '../../shared/dish-tags.js';

export { DISH_TAGS };

const allergens = z.enum(ALLERGENS);


const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the record as it is now.' });

const dishFields = {
  name: readableText({ max: 80 }).openapi({ example: 'Supplì al telefono' }),
  description: readableText({ min: 0, max: 600, multiline: true }).openapi({ description: 'Up to 600 characters, shown as plain text.' }),
  nameIt: readableText({ max: 80 }).nullable().openapi({ description: 'Its name in Italian; null while not translated (Italian pages then show the English name, marked as English).', example: 'Supplì al telefono' }),
  descriptionIt: readableText({ min: 0, max: 600, multiline: true }).nullable().openapi({ description: 'Its description in Italian; null while not translated.' }),
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
    nameIt: dishFields.nameIt.default(null),
    descriptionIt: dishFields.descriptionIt.default(null),
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
  .object({ version: VERSION, ...Object.fromEntries(Object.entries(dishFields).map(([key, schema]) => [key, schema.optional()])), italianReviewed: z.literal(true).optional().openapi({ description: 'The Italian still holds for the English as it is now: it is no longer to review.' }), })
  .strict()
  .openapi('DishChange', { description: 'The version and the fields to change. Kitchen may send only `available`.' }) as z.ZodType<
  { version: number } & Partial<{ name: string; description: string; nameIt: string | null; descriptionIt: string | null; priceCents: number; categoryId: number; tags: (typeof DISH_TAGS)[number][]; allergens: Allergen[] | null; traces: Allergen[]; featured: boolean; available: boolean; archived: boolean; italianReviewed: true }>
>;

export const AdminDishSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    nameIt: z.string().nullable(),
    descriptionIt: z.string().nullable(),
    italianToReview: z.boolean().openapi({ description: 'True when the English changed after the Italian was written: its Italian is to review. Changing the Italian, or sending `italianReviewed: true`, clears it.' }),
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
    nameIt: z.string().nullable(),
    descriptionIt: z.string().nullable(),
    italianToReview: z.boolean().openapi({ description: 'True when the English changed after the Italian was written: its Italian is to review. Changing the Italian, or sending `italianReviewed: true`, clears it.' }),
    position: z.number().int(),
    version: z.number().int(),
    dishCount: z.number().int().openapi({ description: 'Dishes on the menu (not archived).' }),
    station: z.number().int().openapi({ description: 'The station that cooks its dishes (GET /board-settings names them).' }),
    vatBp: z.number().int().openapi({ description: 'Its dishes’ VAT rate in hundredths of a percent (1000: 10 %, food served at the table); copied onto each dish ordered, so a change alters no past bill.' }),
    course: z.number().int().openapi({ description: 'The course of its dishes when a waiter takes a table’s order by course: 0 at once (drinks), 1 antipasti, 2 primi, 3 secondi, 4 dolci.' }),
  })
  .openapi('AdminCategory');

const categoryFields = {
  name: readableText({ max: 60 }).openapi({ example: 'Antipasti' }),
  description: readableText({ min: 0, max: 300, multiline: true }),
  nameIt: readableText({ max: 60 }).nullable().openapi({ description: 'Its name in Italian; null while not translated.', example: 'Antipasti' }),
  descriptionIt: readableText({ min: 0, max: 300, multiline: true }).nullable(),
  station: z.number().int().min(1).openapi({ description: 'The station that cooks its dishes; a new category goes to the default station unless given.' }),
  vatBp: z.number().int().min(0).max(10_000).openapi({ description: 'Its dishes’ VAT rate in hundredths of a percent: 400, 500, 1000 or 2200 in Italy; 1000 for a new category unless given.' }),
  course: z.number().int().min(0).max(4).openapi({ description: 'The course of its dishes: 0 at once (drinks), 1 antipasti, 2 primi, 3 secondi, 4 dolci; 1 for a new category unless given.' }),
};

export const NewCategorySchema = z
  .object({ ...categoryFields, description: categoryFields.description.default(''), nameIt: categoryFields.nameIt.default(null), descriptionIt: categoryFields.descriptionIt.default(null), station: categoryFields.station.optional(), vatBp: categoryFields.vatBp.optional(), course: categoryFields.course.optional() })
  .strict()
  .openapi('NewCategory');

export const CategoryChangeSchema = z
  .object({
    version: VERSION,
    name: categoryFields.name.optional(),
    description: categoryFields.description.optional(),
    nameIt: categoryFields.nameIt.optional(),
    descriptionIt: categoryFields.descriptionIt.optional(),
    station: categoryFields.station.optional(),
    vatBp: categoryFields.vatBp.optional(),
    course: categoryFields.course.optional(),
    italianReviewed: z.literal(true).optional().openapi({ description: 'The Italian still holds for the English as it is now: it is no longer to review.' }),
  })
  .strict()
  .openapi('CategoryChange');

export const MoveCategorySchema = z
  .object({
    version: VERSION,
    direction: z.enum(['up', 'down']).optional().openapi({ description: 'One place up or down (the keyboard’s move).' }),
    to: z.number().int().min(0).max(9999).optional().openapi({ description: 'The place to take in menu order, 0 first (a drag’s move); past the end is last.' }),
  })
  .strict()
  .openapi('MoveCategory', { description: 'Either `direction` or `to`.' });

export const MoveDishSchema = z
  .object({
    version: VERSION,
    to: z.number().int().min(0).max(9999).openapi({ description: 'The place to take among its category’s dishes, 0 first; past the end is last.' }),
  })
  .strict()
  .openapi('MoveDish');
