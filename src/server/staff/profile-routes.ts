// GET /profile: what My account shows, for any signed-in user.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ORDER_STAFF } from '../../shared/order-states.js';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { requireUser, type AuthEnv } from '../auth/index.js';
import { ProfileSchema } from '../auth/index.js';
import { toUser } from '../auth/index.js';
import { BEARER_AUTH, errors, json } from '../http/openapi.js';

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
      },
      200,
    );
  });
  return app;
}
