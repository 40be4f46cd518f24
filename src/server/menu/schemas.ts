// The menu's shapes as everyone reads it: categories, dishes, their allergens, and the queries.
import { z } from '@hono/zod-openapi';
import { ALLERGENS, type Allergen } from '../../shared/allergens.js';
import { ApiError } from '../http/errors.js';
import { NEXT, PAGE_QUERY } from '../http/schemas.js';
import { t } from '../http/language.js';

export const CategorySchema = z
  .object({
    slug: z.string().openapi({ example: 'primi' }),
    name: z.string().openapi({ example: 'Pasta & risotto' }),
    description: z.string(),
    dishCount: z.number().int(),
  })
  .openapi('Category');

/** One of the 14 allergens of EU Regulation 1169/2011, Annex II, by its code. */
export const AllergenSchema = z.enum(ALLERGENS).openapi('Allergen', {
  description: 'One of the 14 allergens of EU Regulation 1169/2011, Annex II: gluten (cereals containing gluten), crustaceans, eggs, fish, peanuts, soybeans, milk, nuts (tree nuts), celery, mustard, sesame, sulphites (over 10 mg/kg), lupin, molluscs.',
});

/** `without=milk,eggs` read into codes, or a 400 that lists the codes. */
export function allergenList(text: string | undefined, field = 'without'): Allergen[] {
  const codes = (text ?? '').split(',').map((code) => code.trim()).filter(Boolean);
  const unknown = codes.find((code) => !(ALLERGENS as readonly string[]).includes(code));
  if (unknown !== undefined) throw new ApiError(400, 'invalid_field', t('{field}: {value} is not an allergen. The codes are {value2}.', { field, value: JSON.stringify(unknown), value2: ALLERGENS.join(', ') }), { field });
  return [...new Set(codes as Allergen[])];
}

export const DishSchema = z
  .object({
    id: z.number().int().openapi({ example: 6 }),
    name: z.string().openapi({ example: 'Spaghetti alla carbonara' }),
    description: z.string(),
    priceCents: z.number().int().openapi({ description: 'Price in euro cents.', example: 1450 }),
    currency: z.literal('EUR'),
    category: z.string().openapi({ description: 'The slug of its category.', example: 'primi' }),
    tags: z.array(z.string()).openapi({ description: 'Dietary tags: vegetarian, vegan, gluten-free, spicy, contains-nuts, contains-fish.' }),
    allergens: z.array(AllergenSchema).nullable().openapi({ description: 'The allergens it contains, in the order of the list; null while the restaurant has not filled them in (the menu then says to ask the staff), never an empty list for that.', example: ['gluten', 'eggs', 'milk'] }),
    traces: z.array(AllergenSchema).openapi({ description: 'The allergens it may contain traces of.', example: [] }),
    image: z.string().openapi({ description: 'Address of its picture, on this origin.', example: '/images/dishes/carbonara.svg' }),
    srcset: z.string().nullable().openapi({ description: 'An uploaded picture in two widths (480w, 960w), for `<img srcset>`; null for a drawn picture.' }),
    featured: z.boolean().openapi({ description: "On today's highlights." }),
    available: z.boolean().openapi({ description: 'False while it is sold out: it cannot be ordered.' }),
    version: z.number().int().openapi({ description: 'Goes up with every edit; a change (PATCH /dishes/{id}) names the version it was based on.' }),
    freeWith: z.object({ option: z.string(), allergens: z.array(AllergenSchema), said: z.string() }).optional().openapi({ description: 'In a list filtered by `without`: the choice that makes the dish free of those allergens, when only a choice does (`option`: “Gluten-free spaghetti”, in the language asked; `allergens`: those of the filter it takes away; `said`: “Without gluten: choose Gluten-free spaghetti”, the words a menu card shows); absent otherwise.' }),
    choosing: z.enum(['none', 'optional', 'required']).openapi({ description: 'Whether it has groups of choices (`GET /dishes/{id}` lists them), and whether one must be chosen from (a menu card’s “Add” then opens the dish’s choices).' }),
  })
  .openapi('Dish');

const ChoiceGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ example: 'Cottura' }),
    kind: z.enum(['choose', 'without']).openapi({ description: '`choose`: options to pick; `without`: what can be left out (priced 0).' }),
    min: z.number().int().openapi({ description: 'How many of its options must be chosen (0: none needed).' }),
    max: z.number().int().openapi({ description: 'How many may be chosen.' }),
    options: z.array(
      z.object({
        id: z.number().int(),
        name: z.string().openapi({ example: 'Media' }),
        priceCents: z.number().int().openapi({ description: 'Added to the dish’s price (negative: less).' }),
        addsAllergens: z.array(AllergenSchema),
        removesAllergens: z.array(AllergenSchema),
        available: z.boolean().openapi({ description: 'False while it is sold out.' }),
      }),
    ),
  })
  .openapi('ChoiceGroup');

/** One dish, with the groups of choices it lists in order (the lists of dishes leave them out). */
export const OneDishSchema = DishSchema.extend({ choices: z.array(ChoiceGroupSchema).openapi({ description: 'Its groups of choices, in its order; [] for none.' }) }).openapi('DishWithChoices');

export const DishListSchema = z.object({ dishes: z.array(DishSchema), next: NEXT }).openapi('DishList');

export const DishQuerySchema = z.object({
  ...PAGE_QUERY,
  category: z.string().max(60).optional().openapi({ description: 'A category slug; `all` (or absent) for every category.', example: 'pizza' }),
  q: z.string().max(100).optional().openapi({ description: 'Words to find: each must appear in the name, description, dietary tags or category; letter case and accents are ignored.', example: 'vegan pizza' }),
  featured: z.enum(['true', 'false']).optional().openapi({ description: "`true` for today's highlights only." }),
  without: z.string().max(200).optional().openapi({ description: 'Allergen codes, comma-separated: only dishes whose allergens are filled in and that contain none of them, not even as traces.', example: 'milk,eggs' }),
});

export const SearchQuerySchema = z.object({
  ...PAGE_QUERY,
  q: z.string().trim().min(1).max(100).openapi({ description: 'Words to find: each must appear in the name, description, dietary tags or category; letter case and accents are ignored.', example: 'gluten free' }),
});

export const DishIdSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The dish id (a positive whole number).', example: '3' }),
});
