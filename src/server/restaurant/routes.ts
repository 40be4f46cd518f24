// GET /restaurant: who runs the restaurant (the imprint, the privacy notice). PUT
// /admin/restaurant: the Admin sets it, on its version, recorded in the activity list.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import { recordActivity } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { readRestaurant, writeRestaurant } from './store.js';
import { ApiError } from '../http/errors.js';
import { internationalPhone } from '../http/phone.js';
import { requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { readJsonBody } from '../http/json-body.js';
import { RestaurantChangeSchema, RestaurantSchema } from './schemas.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

const details = createRoute({
  method: 'get',
  path: '/restaurant',
  tags: ['Restaurant'],
  summary: 'Who runs the restaurant: name, legal name, address, VAT number, contacts',
  responses: { 200: json(RestaurantSchema, 'The details as the Admin set them.') },
});

const change = createRoute({
  method: 'put',
  path: '/admin/restaurant',
  tags: ['Restaurant'],
  summary: "Set the restaurant's details",
  description: 'Every field, with the `version` they were based on: a stale one is 409 `conflict` with the `restaurant` as it is now.',
  security: BEARER_AUTH,
  request: { body: jsonBody(RestaurantChangeSchema) },
  responses: { 200: json(RestaurantSchema, 'The details as saved.'), ...errors(400, 401, 403, 409, 413, 415) },
});

export function restaurantRoutes(db: Db, tokens: Tokens, { clock, guestDataDays, phoneRegion }: { clock: () => number; guestDataDays: number; phoneRegion: string }) {
  const app = new OpenAPIHono<AuthEnv>();

  app.openapi(details, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ ...(await readRestaurant(db)), guestDataDays }, 200);
  });

  app.openapi({ ...change, middleware: [requireUser(tokens, db), requireRole(['Admin'], () => t('Only the Admin can change the restaurant’s details.')), readJsonBody] }, async (c) => {
    const { version, italianHeld, coverCents, discountLimitCents, ...given } = c.req.valid('json');
    internationalPhone(given.phone, phoneRegion, 'phone'); // one a guest can call; kept as written
    const saved = await db.transaction().execute(async (trx) => {
      const before = await readRestaurant(trx);
      const fields = { ...given, italianHeld: italianHeld ?? before.italianHeld, coverCents: coverCents ?? before.coverCents, discountLimitCents: discountLimitCents ?? before.discountLimitCents };
      if (before.version !== version) {
        throw new ApiError(409, 'conflict', t('The restaurant\'s details were changed by someone else meanwhile. Here they are as they are now.'), { more: { restaurant: { ...before, guestDataDays } } });
      }
      await writeRestaurant(trx, fields, version + 1);
      const { version: _, ...was } = before;
      await recordActivity(trx, { by: c.var.user, at: clock(), action: 'restaurant.updated', subject: { title: 'restaurant' }, before: was, after: fields });
      return { ...fields, version: version + 1 };
    });
    return c.json({ ...saved, guestDataDays }, 200);
  });

  return app;
}
