// The owner runs the menu: categories and dishes created, edited, reordered and archived,
// pictures uploaded. Admin only, except one thing: Kitchen staff, and a kitchen station's
// paired screen, mark a dish sold out and back.
// Every change names the version it was based on, and lands in the activity list.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import {
  createCategory,
  createDish,
  findAdminDish,
  listAdminCategories,
  listAdminDishes,
  listAdminMenu,
  moveCategory,
  placeCategory,
  placeDish,
  setDishPicture,
  updateCategory,
  updateDish,
} from './admin-store.js';
import type { Actor } from '../activity/index.js';
import { storePicture } from '../pictures/index.js';
import { ApiError } from '../http/errors.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { callerOf, requireCaller, STATION_DISPLAY, whoOf, type CallerEnv } from '../displays/index.js';
import { readJsonBody, readLimitedBody } from '../http/json-body.js';
import { MAX_UPLOAD_BYTES, processPicture } from '../pictures/index.js';
import { pageOf, PageQuerySchema } from '../http/schemas.js';
import { AdminCategorySchema, AdminDishSchema, CategoryChangeSchema, DishChangeSchema, MoveCategorySchema, MoveDishSchema, NewCategorySchema, NewDishSchema } from './admin-schemas.js';
import { IdParamSchema } from '../http/schemas.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can change the menu.');
/** Said in the request's language, when refused. */
const KITCHEN_ONLY_AVAILABLE = () => t('Kitchen staff and kitchen screens can only mark a dish sold out or back on: the rest of the menu is the Admin’s.');

const route = <R extends Parameters<typeof createRoute>[0]>(spec: R) => createRoute({ tags: ['Menu editing'], security: BEARER_AUTH, ...spec });

const categories = route({
  method: 'get',
  path: '/admin/categories',
  summary: 'Every category with its id, position and version',
  responses: { 200: json(z.object({ categories: z.array(AdminCategorySchema) }), 'In menu order.'), ...errors(401, 403) },
});

const wholeMenu = route({
  method: 'get',
  path: '/admin/menu',
  summary: 'The whole menu as the editor draws it, in one answer',
  description: 'Every category in menu order, each with all its dishes in menu order (archived ones too): what `GET /admin/categories` and each category’s `GET /admin/categories/{id}/dishes` give, without a request per category.',
  responses: { 200: json(z.object({ categories: z.array(AdminCategorySchema.extend({ dishes: z.array(AdminDishSchema) })) }), 'In menu order.'), ...errors(401, 403) },
});

const categoryDishes = route({
  method: 'get',
  path: '/admin/categories/{id}/dishes',
  summary: "A category's dishes, archived ones too, a page at a time",
  request: { params: IdParamSchema, query: PageQuerySchema },
  responses: { 200: json(z.object({ dishes: z.array(AdminDishSchema), next: z.number().int().nullable() }), 'In menu order.'), ...errors(400, 401, 403, 404) },
});

const oneDish = route({
  method: 'get',
  path: '/admin/dishes/{id}',
  summary: 'One dish as the editor sees it (archived ones too)',
  request: { params: IdParamSchema },
  responses: { 200: json(AdminDishSchema, 'The dish.'), ...errors(401, 403, 404) },
});

const newCategory = route({
  method: 'post',
  path: '/categories',
  summary: 'Add a category (at the end of the menu)',
  request: { body: jsonBody(NewCategorySchema) },
  responses: { 201: json(AdminCategorySchema, 'Added.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const changeCategory = route({
  method: 'patch',
  path: '/categories/{id}',
  summary: 'Rename or describe a category',
  request: { params: IdParamSchema, body: jsonBody(CategoryChangeSchema) },
  responses: { 200: json(AdminCategorySchema, 'As it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const reorderCategory = route({
  method: 'post',
  path: '/categories/{id}/move',
  summary: 'Move a category up or down the menu, or to a place',
  description:
    '`direction`: swaps it with its neighbour; 409 `cannot_move` when it is already first (up) or last (down). `to`: puts it at that place in menu order (0 first), the others closing up. Either one, on the category’s `version` (a stale one is 409 `conflict` with the category as it is now).',
  request: { params: IdParamSchema, body: jsonBody(MoveCategorySchema) },
  responses: { 200: json(AdminCategorySchema, 'As it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const newDish = route({
  method: 'post',
  path: '/dishes',
  summary: 'Add a dish',
  request: { body: jsonBody(NewDishSchema) },
  responses: { 201: json(AdminDishSchema, 'Added (with a drawn picture until one is uploaded).'), ...errors(400, 401, 403, 413, 415) },
});

const changeDish = route({
  method: 'patch',
  path: '/dishes/{id}',
  summary: 'Change a dish: any field for the Admin, sold out or back (`available`) for Kitchen',
  description: 'A stale `version` is 409 `conflict` with the `dish` as it is now. Archiving (`archived: true`) takes it off the menu and out of search; orders placed keep their lines, names and prices.',
  request: { params: IdParamSchema, body: jsonBody(DishChangeSchema) },
  responses: { 200: json(AdminDishSchema, 'As it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const reorderDish = route({
  method: 'post',
  path: '/dishes/{id}/move',
  summary: 'Move a dish to a place among its category’s dishes',
  description: 'Puts it at `to` (0 first, past the end last), the others closing up; each dish whose place changes gets a new version. On the dish’s `version`: a stale one is 409 `conflict` with the `dish` as it is now. To move it to another category, change its `categoryId` (it goes last there).',
  request: { params: IdParamSchema, body: jsonBody(MoveDishSchema) },
  responses: { 200: json(AdminDishSchema, 'As it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const uploadPicture = route({
  method: 'put',
  path: '/dishes/{id}/picture',
  summary: "Upload a dish's photo",
  description: `The body is the file itself (JPEG, PNG or WebP, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB and 40 megapixels); its type is read from its bytes, whatever Content-Type says. It is decoded and made anew as WebP, 480 and 960 pixels wide, without any metadata. A refused upload leaves the old picture in place: 413 too large a file, 415 not a JPEG, PNG or WebP (SVG included), 422 damaged (\`unreadable_picture\`), too many pixels (\`picture_too_large\`) or too few (\`picture_too_small\`).`,
  request: {
    params: IdParamSchema,
    query: z.object({ version: z.string().regex(/^[1-9]\d{0,8}$/, 'must be the dish’s version (a positive whole number)').openapi({ description: 'The version of the dish the upload is based on.' }) }),
    body: { required: true, content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) }, 'image/png': { schema: z.string().openapi({ format: 'binary' }) }, 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
  },
  responses: { 200: json(AdminDishSchema, 'The dish with its new picture.'), ...errors(400, 401, 403, 404, 409, 413, 415, 422) },
});

export function menuAdminRoutes(db: Db, tokens: Tokens, clock: () => number) {
  const app = new OpenAPIHono<AuthEnv & CallerEnv>();
  const signedIn = requireUser(tokens, db);
  const admin = [signedIn, requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: { var: AuthEnv['Variables'] }): Actor => ({ user: c.var.user, now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);

  app.openapi({ ...categories, middleware: admin }, async (c) => c.json({ categories: await listAdminCategories(db) }, 200));

  app.openapi({ ...wholeMenu, middleware: admin }, async (c) => c.json({ categories: await listAdminMenu(db) }, 200));

  app.openapi({ ...categoryDishes, middleware: admin }, async (c) => {
    const categoryId = id(c);
    if (!(await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst())) throw new ApiError(404, 'not_found', t('No category has the id {categoryId}.', { categoryId }));
    return c.json(await listAdminDishes(db, categoryId, pageOf(c.req.valid('query'))), 200);
  });

  app.openapi({ ...oneDish, middleware: admin }, async (c) => {
    const dish = await findAdminDish(db, id(c));
    if (!dish) throw new ApiError(404, 'not_found', t('No dish has the id {id}.', { id: id(c) }));
    return c.json(dish, 200);
  });

  app.openapi({ ...newCategory, middleware: [...admin, readJsonBody] }, async (c) => c.json(await createCategory(db, c.req.valid('json'), actor(c)), 201));

  app.openapi({ ...changeCategory, middleware: [...admin, readJsonBody] }, async (c) => {
    const { version, ...changes } = c.req.valid('json');
    return c.json(await updateCategory(db, id(c), version, changes, actor(c)), 200);
  });

  app.openapi({ ...reorderCategory, middleware: [...admin, readJsonBody] }, async (c) => {
    const { version, direction, to } = c.req.valid('json');
    if ((direction === undefined) === (to === undefined)) throw new ApiError(400, 'invalid_field', t('Send either direction (up or down) or to (a place in the menu), not both.'), { field: direction === undefined ? 'direction' : 'to' });
    return c.json(to === undefined ? await moveCategory(db, id(c), version, direction!, actor(c)) : await placeCategory(db, id(c), version, to, actor(c)), 200);
  });

  app.openapi({ ...newDish, middleware: [...admin, readJsonBody] }, async (c) => c.json(await createDish(db, c.req.valid('json'), actor(c)), 201));

  app.openapi({ ...reorderDish, middleware: [...admin, readJsonBody] }, async (c) => {
    const { version, to } = c.req.valid('json');
    return c.json(await placeDish(db, id(c), version, to, actor(c)), 200);
  });

  const soldOut = requireCaller(callerOf({ tokens, db, clock }), ['Admin', 'Kitchen'], STATION_DISPLAY, () => t('Only the Admin can change the menu. Kitchen staff and kitchen screens can mark a dish sold out.'));
  app.openapi({ ...changeDish, middleware: [soldOut, readJsonBody] }, async (c) => {
    const { version, ...changes } = c.req.valid('json');
    const caller = c.var.caller;
    const owner = caller.kind === 'person' && caller.user.role === 'Admin';
    if (!owner && Object.keys(changes).some((key) => key !== 'available')) throw new ApiError(403, 'forbidden', KITCHEN_ONLY_AVAILABLE());
    return c.json(await updateDish(db, id(c), version, changes, { user: whoOf(caller), now: clock() }), 200);
  });

  app.openapi({ ...uploadPicture, middleware: admin }, async (c) => {
    const version = Number(c.req.valid('query').version);
    const bytes = await readLimitedBody(c, MAX_UPLOAD_BYTES, t('The picture is larger than {size} MB.', { size: MAX_UPLOAD_BYTES / 1024 / 1024 }));
    if (!bytes.length) throw new ApiError(400, 'invalid_field', t('Send the picture file as the request body.'), { field: 'body' });
    const picture = await processPicture(bytes, c.req.header('Content-Type'));
    const who = actor(c);
    const dish = await db.transaction().execute(async (trx) => {
      await storePicture(trx, picture, who.now);
      return setDishPicture(trx, id(c), version, picture.hash, who);
    });
    return c.json(dish, 200);
  });

  return app;
}
