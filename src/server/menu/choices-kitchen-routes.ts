// An option sold out from the kitchen (the bufala is finished, the pizza is not): GET
// /choice-options, every option with its group's name, and PATCH /choice-options/{id}
// `{version, available}` on its group's version. For the Admin, Kitchen staff and a station's
// screen, as a dish's Sold out is; recorded with who, like every change to the menu.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { callerOf, requireCaller, STATION_DISPLAY, whoOf, type CallerEnv } from '../displays/index.js';
import { readJsonBody } from '../http/json-body.js';
import { t } from '../http/language.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { IdParamSchema } from '../http/schemas.js';
import { kitchenOptions, setOptionAvailable } from './choices-store.js';

const KitchenOptionSchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ example: 'Bufala' }),
    group: z.object({ id: z.number().int(), name: z.string().openapi({ example: 'Aggiunte' }) }),
    available: z.boolean().openapi({ description: 'False while it is sold out: a dish can still be had without it.' }),
    version: z.number().int().openapi({ description: 'Its group’s version, which a change names (and moves on).' }),
  })
  .openapi('KitchenChoiceOption');

const route = <R extends Parameters<typeof createRoute>[0]>(spec: R) => createRoute({ tags: ['Menu editing'], security: BEARER_AUTH, ...spec });

const list = route({
  method: 'get',
  path: '/choice-options',
  summary: 'Every option of every group of choices, for a kitchen’s Sold out panel',
  responses: { 200: json(z.object({ options: z.array(KitchenOptionSchema) }).openapi('KitchenChoiceOptions'), 'By group, in each group’s order; names in the language asked.'), ...errors(401, 403) },
});

const change = route({
  method: 'patch',
  path: '/choice-options/{id}',
  summary: 'Mark an option sold out, or back',
  description: 'On its group’s `version`: a stale one is 409 `conflict` with the `option` as it is now. The menu’s version moves on, so diners read it at once.',
  request: { params: IdParamSchema, body: jsonBody(z.object({ version: z.number().int().min(1), available: z.boolean() }).strict().openapi('ChoiceOptionChange')) },
  responses: { 200: json(KitchenOptionSchema, 'As it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

export function choicesKitchenRoutes(db: Db, tokens: Tokens, clock: () => number) {
  const app = new OpenAPIHono<CallerEnv>();
  const kitchen = requireCaller(callerOf({ tokens, db, clock }), ['Admin', 'Kitchen'], STATION_DISPLAY, () => t('Only the Admin, Kitchen staff and kitchen screens can mark an option sold out.'));
  app.openapi({ ...list, middleware: kitchen }, async (c) => c.json({ options: await kitchenOptions(db) }, 200));
  app.openapi({ ...change, middleware: [kitchen, readJsonBody] }, async (c) => {
    const { version, available } = c.req.valid('json');
    return c.json(await setOptionAvailable(db, Number(c.req.valid('param').id), version, available, { user: whoOf(c.var.caller), now: clock() }), 200);
  });
  return app;
}
