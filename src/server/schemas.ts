// The API's shapes, written once: they validate requests and produce the OpenAPI description.
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({
    status: z.number().int().openapi({ example: 404 }),
    code: z.string().openapi({ example: 'not_found' }),
    message: z.string().openapi({ example: 'No dish has the id 99.' }),
    field: z.string().optional().openapi({ description: 'The request field at fault, when there is one.', example: 'email' }),
  })
  .openapi('Error');

export const RoleSchema = z.enum(['Admin', 'Waiter', 'Kitchen', 'Student']).openapi('Role');

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

export const DishSchema = z
  .object({
    id: z.number().int().openapi({ example: 6 }),
    name: z.string().openapi({ example: 'Spaghetti alla carbonara' }),
    description: z.string(),
    priceCents: z.number().int().openapi({ description: 'Price in euro cents.', example: 1450 }),
    currency: z.literal('EUR'),
    category: z.string().openapi({ description: 'The slug of its category.', example: 'primi' }),
    tags: z.array(z.string()).openapi({ description: 'Dietary tags: vegetarian, vegan, gluten-free, spicy, contains-nuts, contains-fish.' }),
    image: z.string().openapi({ description: 'Address of its picture, on this origin.', example: '/images/dishes/carbonara.svg' }),
    featured: z.boolean().openapi({ description: "On today's highlights." }),
  })
  .openapi('Dish');

export const DishListSchema = z.object({ dishes: z.array(DishSchema) }).openapi('DishList');

export const DishQuerySchema = z.object({
  category: z.string().max(60).optional().openapi({ description: 'A category slug; `all` (or absent) for every category.', example: 'pizza' }),
  q: z.string().max(100).optional().openapi({ description: 'Text to find in the name or description; letter case and accents are ignored.', example: 'crème' }),
  featured: z.enum(['true', 'false']).optional().openapi({ description: "`true` for today's highlights only." }),
});

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100).openapi({ description: 'Text to find; letter case and accents are ignored.', example: 'tiramisu' }),
});

export const DishIdSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The dish id (a positive whole number).', example: '3' }),
});

export const OrderSchema = z
  .object({
    id: z.number().int(),
    table: z.number().int().openapi({ example: 4 }),
    status: z.enum(['received', 'preparing', 'ready']),
    note: z.string(),
    createdAt: z.string().openapi({ description: 'ISO 8601 date and time the order was taken.' }),
    items: z.array(z.object({ dishId: z.number().int(), name: z.string(), quantity: z.number().int() })),
  })
  .openapi('Order');

export const OrderQueueSchema = z.object({ orders: z.array(OrderSchema) }).openapi('OrderQueue');
