// GET /profile: what My account shows, for any signed-in user. POST /profile/language: the
// language of one's own pages (each person's own: nobody else's, no version to keep).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ORDER_STAFF } from '../../shared/order-states.js';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { requireUser, type AuthEnv } from '../auth/index.js';
import { ProfileSchema } from '../auth/index.js';
import { toUser } from '../auth/index.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { readJsonBody } from '../http/json-body.js';

const language = createRoute({
  method: 'post',
  path: '/profile/language',
  tags: ['Staff'],
  summary: 'The language of my pages',
  security: BEARER_AUTH,
  request: { body: jsonBody(z.object({ lang: z.enum(['en', 'it']) }).strict().openapi('ProfileLanguage')) },
  responses: { 200: json(z.object({ lang: z.enum(['en', 'it']) }), 'Saved.'), ...errors(400, 401, 413, 415) },
});

const profile = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Staff'],
  summary: 'What the My account page shows',
  security: BEARER_AUTH,
  responses: { 200: json(ProfileSchema, 'The profile of the signed-in user.'), ...errors(401) },
});

export function staffRoutes(db: Db, tokens: Tokens) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openapi({ ...profile, middleware: [requireUser(tokens, db)] }, (c) => {
    const user = c.var.user;
    return c.json(
      {
        ...toUser(user),
        memberSince: user.created_at,
        lastSignIn: user.last_login_at,
        canSeeOrderQueue: (ORDER_STAFF as readonly string[]).includes(user.role),
        lang: user.lang === 'it' || user.lang === 'en' ? user.lang : null,
      },
      200,
    );
  });
  app.openapi({ ...language, middleware: [requireUser(tokens, db), readJsonBody] }, async (c) => {
    const { lang } = c.req.valid('json');
    await db.updateTable('users').set({ lang }).where('id', '=', c.var.user.id).execute();
    return c.json({ lang }, 200);
  });
  return app;
}
