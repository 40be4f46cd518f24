// The owner's choices (Admin only): GET and POST /admin/choice-groups, PUT
// /admin/choice-groups/{id} (a group written whole, on its version), and GET and PUT
// /admin/dishes/{id}/choice-groups (the groups a dish lists, in order, on the dish's
// version). Diners read a dish's groups with the dish (GET /dishes/{id}, `choices`).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ALLERGENS } from '../../shared/allergens.js';
import { CHOICE_KINDS, MOST_GROUPS, MOST_OPTIONS } from '../../shared/choices.js';
import type { Actor } from '../activity/index.js';
import { requireRole, requireUser, type AuthEnv, type Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { readJsonBody } from '../http/json-body.js';
import { t } from '../http/language.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { readableText } from '../http/readable-text.js';
import { IdParamSchema } from '../http/schemas.js';
import { adminGroups, createGroup, groupsOfDish, setDishGroups, updateGroup } from './choices-store.js';

const ADMIN_ONLY = () => t('Only the Admin can change the menu.');
const route = <R extends Parameters<typeof createRoute>[0]>(spec: R) => createRoute({ tags: ['Menu editing'], security: BEARER_AUTH, ...spec });
const allergens = z.array(z.enum(ALLERGENS)).max(ALLERGENS.length);

const optionFields = {
  name: readableText({ max: 80 }).openapi({ example: 'Ben cotta' }),
  nameIt: readableText({ max: 80 }).nullable().openapi({ description: 'In Italian; null while not written (Italian diners then read the English).' }),
  priceCents: z.number().int().min(-100_000).max(100_000).openapi({ description: 'Added to the dish’s price (negative for less, a smaller portion).' }),
  addsAllergens: allergens.openapi({ description: 'Allergens the option brings (bufala: milk).' }),
  removesAllergens: allergens.openapi({ description: 'Allergens it takes away (gluten-free pasta: gluten).' }),
  available: z.boolean().openapi({ description: 'False while it is sold out.' }),
};
const OptionSchema = z.object({ id: z.number().int(), ...optionFields }).openapi('AdminChoiceOption');
const groupFields = {
  name: readableText({ max: 80 }).openapi({ example: 'Cottura' }),
  nameIt: readableText({ max: 80 }).nullable(),
  kind: z.enum(CHOICE_KINDS).openapi({ description: '`choose`: options to pick; `without`: what can be left out (min 0, every price change 0).' }),
  min: z.number().int().min(0).max(MOST_OPTIONS).openapi({ description: 'How many options a diner must choose (0: none needed).' }),
  max: z.number().int().min(1).max(MOST_OPTIONS).openapi({ description: 'How many a diner may choose.' }),
};
export const AdminChoiceGroupSchema = z.object({ id: z.number().int(), ...groupFields, options: z.array(OptionSchema), dishes: z.array(z.number().int()).openapi({ description: 'The dishes that list it.' }), version: z.number().int() }).openapi('AdminChoiceGroup');
const GroupFieldsSchema = z.object({ ...groupFields, options: z.array(z.object({ id: z.number().int().min(1).optional().openapi({ description: 'An option of the group, changed; without: a new option.' }), ...optionFields }).strict()).min(1).max(MOST_OPTIONS) });
const NewGroupSchema = GroupFieldsSchema.strict().openapi('NewChoiceGroup');
const GroupChangeSchema = GroupFieldsSchema.extend({ version: z.number().int().min(1) }).strict().openapi('ChoiceGroupChange');

const list = route({
  method: 'get',
  path: '/admin/choice-groups',
  summary: 'Every group of choices, with its options and the dishes that list it',
  responses: { 200: json(z.object({ groups: z.array(AdminChoiceGroupSchema) }).openapi('AdminChoiceGroups'), 'By id.'), ...errors(401, 403) },
});

const create = route({
  method: 'post',
  path: '/admin/choice-groups',
  summary: 'Add a group of choices',
  description: '400 `invalid_field` for a minimum over the maximum or over the number of options, a “without” group that is required or priced, two options of one name.',
  request: { body: jsonBody(NewGroupSchema) },
  responses: { 201: json(AdminChoiceGroupSchema, 'Added.'), ...errors(400, 401, 403, 413, 415) },
});

const change = route({
  method: 'put',
  path: '/admin/choice-groups/{id}',
  summary: 'Write a group of choices whole',
  description: 'An option with its `id` is that option changed; one without is new; one left out is taken out of the group (past orders keep its name). On the group’s `version`: a stale one is 409 `conflict` with the `group` as it is now. Refusals as for adding one, and 400 for an option of another group.',
  request: { params: IdParamSchema, body: jsonBody(GroupChangeSchema) },
  responses: { 200: json(AdminChoiceGroupSchema, 'As it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const DishGroupsSchema = z.object({ version: z.number().int(), groups: z.array(z.number().int()) }).openapi('DishChoiceGroupsSet');

const readDishGroups = route({
  method: 'get',
  path: '/admin/dishes/{id}/choice-groups',
  summary: 'The groups of choices a dish lists, in order, with the dish’s version',
  request: { params: IdParamSchema },
  responses: { 200: json(DishGroupsSchema, 'The dish’s version and its groups.'), ...errors(401, 403, 404) },
});

const dishGroups = route({
  method: 'put',
  path: '/admin/dishes/{id}/choice-groups',
  summary: 'The groups of choices a dish lists, in order',
  description: `Up to ${MOST_GROUPS}, each once. On the dish's \`version\`, which moves on (409 \`conflict\` for a stale one, with the dish's \`version\` and \`groups\`).`,
  request: { params: IdParamSchema, body: jsonBody(z.object({ version: z.number().int().min(1), groups: z.array(z.number().int().min(1)).max(MOST_GROUPS) }).strict().openapi('DishChoiceGroups')) },
  responses: { 200: json(DishGroupsSchema, 'The dish’s new version and its groups.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

export function choicesAdminRoutes(db: Db, tokens: Tokens, clock: () => number) {
  const app = new OpenAPIHono<AuthEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: { var: AuthEnv['Variables'] }): Actor => ({ user: c.var.user, now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);
  app.openapi({ ...list, middleware: admin }, async (c) => c.json({ groups: await adminGroups(db) }, 200));
  app.openapi({ ...create, middleware: [...admin, readJsonBody] }, async (c) => c.json(await createGroup(db, c.req.valid('json'), actor(c)), 201));
  app.openapi({ ...change, middleware: [...admin, readJsonBody] }, async (c) => {
    const { version, ...fields } = c.req.valid('json');
    return c.json(await updateGroup(db, id(c), version, fields, actor(c)), 200);
  });
  app.openapi({ ...readDishGroups, middleware: admin }, async (c) => c.json(await groupsOfDish(db, id(c)), 200));
  app.openapi({ ...dishGroups, middleware: [...admin, readJsonBody] }, async (c) => {
    const { version, groups } = c.req.valid('json');
    return c.json(await setDishGroups(db, id(c), version, groups, actor(c)), 200);
  });
  return app;
}
