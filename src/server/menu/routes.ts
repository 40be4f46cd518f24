// GET /categories, /dishes, /dishes/{id}, /search: open to everyone.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Db } from '../db/schema.js';
import { findDish, listCategories, listDishes } from './store.js';
import { ApiError } from '../http/errors.js';
import { allergenList, CategorySchema, DishIdSchema, DishListSchema, DishQuerySchema, OneDishSchema, SearchQuerySchema } from './schemas.js';
import { pageOf } from '../http/schemas.js';
import type { MenuCache } from './cache.js';
import { errors, json, NOT_MODIFIED } from '../http/openapi.js';
import { t } from '../http/language.js';

const categories = createRoute({
  method: 'get',
  path: '/categories',
  tags: ['Menu'],
  summary: 'The categories of the menu, in menu order',
  responses: { 200: json(z.object({ categories: z.array(CategorySchema) }), 'Every category.'), ...NOT_MODIFIED },
});

const dishes = createRoute({
  method: 'get',
  path: '/dishes',
  tags: ['Menu'],
  summary: 'Dishes, filtered by category and text, a page at a time',
  description: 'In menu order (category, then dish). An unknown category gives an empty list, not an error, so an old shared address still works; an unknown allergen in `without` is a 400 that lists the codes. `next` names where the next page starts.',
  request: { query: DishQuerySchema },
  responses: { 200: json(DishListSchema, 'The dishes, in menu order.'), ...NOT_MODIFIED, ...errors(400) },
});

const dish = createRoute({
  method: 'get',
  path: '/dishes/{id}',
  tags: ['Menu'],
  summary: 'One dish',
  request: { params: DishIdSchema },
  responses: { 200: json(OneDishSchema, 'The dish, with its groups of choices.'), ...NOT_MODIFIED, ...errors(404) },
});

const search = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Menu'],
  summary: 'Find dishes by text in every category, a page at a time',
  request: { query: SearchQuerySchema },
  responses: { 200: json(DishListSchema.extend({ query: z.string() }), 'The dishes found, in menu order.'), ...NOT_MODIFIED, ...errors(400) },
});

export function menuRoutes(db: Db, cache: MenuCache) {
  const app = new OpenAPIHono();
  const cached = [cache.middleware];

  app.openapi({ ...categories, middleware: cached }, async (c) => c.json({ categories: await listCategories(db) }, 200));

  app.openapi({ ...dishes, middleware: cached }, async (c) => {
    const { category, q, featured, without, ...page } = c.req.valid('query');
    return c.json(await listDishes(db, { category, q, featured: featured === undefined ? undefined : featured === 'true', without: allergenList(without) }, pageOf(page)), 200);
  });

  app.openapi({ ...dish, middleware: cached }, async (c) => {
    const { id } = c.req.valid('param');
    // Only a plain positive whole number is an id: `3`, not `3.0`, `03x` or `1e3`.
    const found = /^[1-9]\d{0,15}$/.test(id) ? await findDish(db, Number(id)) : undefined;
    if (!found) throw new ApiError(404, 'not_found', t('No dish has the id {value}.', { value: JSON.stringify(id) }));
    return c.json(found, 200);
  });

  app.openapi({ ...search, middleware: cached }, async (c) => {
    const { q, ...page } = c.req.valid('query');
    return c.json({ query: q, ...(await listDishes(db, { q }, pageOf(page))) }, 200);
  });

  return app;
}
