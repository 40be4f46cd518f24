// The API's shapes, written once: they validate requests and produce the OpenAPI description.
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../shared/admin-records.js';
import { ALLERGENS, type Allergen } from '../../shared/allergens.js';
import { ORDER_STATUSES } from '../../shared/order-states.js';
import { readableText } from './readable-text.js';
import { ApiError } from './errors.js';

export const ErrorSchema = z
  .object({
    status: z.number().int().openapi({ example: 404 }),
    code: z.string().openapi({ example: 'not_found' }),
    message: z.string().openapi({ example: 'No dish has the id 99.' }),
    field: z.string().optional().openapi({ description: 'The request field at fault, when there is one.', example: 'email' }),
  })
  .openapi('Error');

export const RoleSchema = z.enum(ROLES).openapi('Role');

export const LoginSchema = z
  .object({
    email: z.string().trim().min(1).max(254).openapi({ example: 'kai@tavola.test' }),
    password: z.string().min(1).max(1024).openapi({ example: 'tavola-kitchen' }),
  })
  .openapi('LoginRequest');

export const RefreshSchema = z.object({ refreshToken: z.string().min(1).max(200) }).openapi('RefreshRequest');

export const AuthResponseSchema = z
  .object({
    accessToken: z.string().openapi({ description: 'A signed JWT (HS256). Send it as `Authorization: Bearer <accessToken>`.' }),
    refreshToken: z.string().openapi({ description: 'Opaque; exchange it once at /auth/refresh. Lives 7 days.' }),
    expiresIn: z.number().int().openapi({ description: 'Lifetime of the access token, in seconds.', example: 120 }),
  })
  .openapi('AuthResponse');

export const UserSchema = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    name: z.string().openapi({ example: 'Kai Moretti' }),
    email: z.string().openapi({ example: 'kai@tavola.test' }),
    role: RoleSchema,
  })
  .openapi('User');

export const ProfileSchema = UserSchema.extend({
  memberSince: z.string().openapi({ description: 'ISO 8601 date and time the account was created.' }),
  lastSignIn: z.string().nullable().openapi({ description: 'ISO 8601 date and time of the previous sign-in, or null for a first one.' }),
  canSeeOrderQueue: z.boolean().openapi({ description: 'True for Waiter and Kitchen.' }),
}).openapi('Profile');

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
  if (unknown !== undefined) throw new ApiError(400, 'invalid_field', `${field}: ${JSON.stringify(unknown)} is not an allergen. The codes are ${ALLERGENS.join(', ')}.`, { field });
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
  })
  .openapi('Dish');

/** Every list comes a page at a time: this many items unless `limit` says otherwise, and never more than the maximum. */
export const PAGE_SIZE = { default: 50, max: 200 } as const;

const NEXT = z.number().int().nullable().openapi({ description: 'Give it as `after` for the next page; null on the last page.', example: null });

const PAGE_QUERY = {
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .refine((value) => Number(value) <= PAGE_SIZE.max, `must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .optional()
    .openapi({ description: `How many to answer at most: 1 to ${PAGE_SIZE.max}, ${PAGE_SIZE.default} when absent.`, example: '50' }),
  after: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (the `next` of the page before)')
    .optional()
    .openapi({ description: 'The `next` of the page before; absent for the first page.' }),
};

/** `limit` and `after` as numbers, with the default page size. */
export const pageOf = ({ limit, after }: { limit?: string; after?: string }) => ({ limit: limit ? Number(limit) : PAGE_SIZE.default, after: after ? Number(after) : undefined });

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

export const OrderStatusSchema = z.enum(ORDER_STATUSES).openapi('OrderStatus', {
  description: 'received → preparing → ready → served; cancelled from received or preparing.',
});

export const OrderSchema = z
  .object({
    id: z.string().openapi({ description: 'The public id (128 random bits): the diner follows the order with it.', example: 'kQ3v9Xw2T0yYzL5mN8pR1A' }),
    number: z.number().int().openapi({ description: 'The short sequential number staff call the order by.', example: 42 }),
    table: z.number().int().nullable().openapi({ description: 'The table, or null for pickup.', example: 7 }),
    pickupName: z.string().nullable().openapi({ description: 'The name a pickup order is called by, or null at a table.' }),
    pickupPhone: z.string().nullable().optional().openapi({ description: "A pickup order's phone number in international form (E.164), for the kitchen to call; null when none was given. Only staff and paired screens are sent it.", example: '+393471234567' }),
    takenBy: z.string().nullable().openapi({ description: 'The Waiter or Kitchen member who placed it for the table, or null for a diner’s own order.' }),
    status: OrderStatusSchema,
    note: z.string(),
    items: z.array(
      z.object({
        dishId: z.number().int(),
        name: z.string(),
        quantity: z.number().int(),
        priceCents: z.number().int().openapi({ description: 'Left out for a paired display.' }),
        station: z.number().int().openapi({ description: 'The station that cooks it (its category’s when ordered).' }),
      }),
    ),
    parts: z
      .array(z.object({ station: z.number().int(), name: z.string().openapi({ example: 'Pizza oven' }), done: z.boolean(), doneBy: z.string().nullable().openapi({ example: 'Display: Pizza oven' }) }))
      .openapi({ description: 'One per station with dishes in the order: when every part is done, the order is ready by itself.' }),
    totalCents: z.number().int().openapi({ description: 'Computed by the server from its own prices. Left out for a paired display.', example: 2900 }),
    currency: z.literal('EUR'),
    version: z.number().int().openapi({ description: 'Goes up with every change; send it with a move.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601 date and time the order was placed.' }),
    updatedAt: z.string(),
    movedBy: z.string().nullable().openapi({ description: 'Who made the last change: a person’s name, or "Display: Pass" for a paired screen; null while untouched.' }),
  })
  .openapi('Order');

/** An order as a paired display gets it: without prices. */
export const TicketSchema = OrderSchema.omit({ totalCents: true, items: true })
  .extend({ items: z.array(OrderSchema.shape.items.element.omit({ priceCents: true })) })
  .openapi('Ticket', { description: 'An order as a paired display is sent it: everything but the prices.' });

export const OrderQueueSchema = z
  .object({
    orders: z.array(z.union([OrderSchema, TicketSchema])).openapi({ description: 'Orders for people; tickets (no prices) for a paired display.' }),
    lastEventId: z.number().int().openapi({ description: 'Give it as Last-Event-ID to /orders/events to follow on without a gap.' }),
    next: NEXT,
  })
  .openapi('OrderQueue');

export const QueueQuerySchema = z.object(PAGE_QUERY);

export const PlaceOrderSchema = z
  .object({
    table: z.number().int().min(1).max(9999).optional().openapi({ description: 'The table to bring it to. Give `table` or `pickupName`, not both.', example: 7 }),
    tableCode: z.string().min(1).max(100).optional().openapi({ description: "The table's code, from the QR code on it: an order to a table needs it, unless Waiter or Kitchen staff place it (send their Bearer token).", example: 'pL0k2Wq9XbYv7TnR3sJ1eA' }),
    pickupName: readableText({ max: 60 }).optional().openapi({ description: 'The name to call a pickup order by.', example: 'Ada' }),
    pickupPhone: z.string().max(40).optional().openapi({ description: "A pickup order's phone number, for the kitchen to call when it waits: needed with `pickupName`. Without a country code it is read as one of the restaurant's country.", example: '347 123 4567' }),
    items: z
      .array(z.object({ dishId: z.number().int().min(1), quantity: z.number().int().min(1).max(20) }))
      .min(1)
      .max(30)
      .openapi({ description: '1 to 30 lines, each dish once, 1 to 20 of it.' }),
    note: readableText({ min: 0, max: 200, multiline: true }).optional().openapi({ description: 'For the kitchen, up to 200 characters.', example: 'No basil, please.' }),
  })
  .openapi('PlaceOrder');

export const MoveOrderSchema = z
  .object({
    status: OrderStatusSchema,
    version: z.number().int().min(1).openapi({ description: 'The version the move is based on.' }),
  })
  .openapi('MoveOrder');

export const VersionSchema = z.object({ version: z.number().int().min(1).openapi({ description: "The order's version the screen saw." }) }).strict().openapi('OrderVersion');

export const OrderIdSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The public id of the order.', example: 'kQ3v9Xw2T0yYzL5mN8pR1A' }),
});
