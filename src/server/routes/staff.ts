// GET /profile (any signed-in user) and GET /orders/queue (Waiter and Kitchen only).
// The checks are middleware of these routes, so another method on these paths is a 405.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import { listOpenOrders } from '../db/orders.js';
import { requireRole, requireUser, type AuthEnv } from '../middleware/bearer.js';
import { OrderQueueSchema, ProfileSchema } from '../schemas.js';
import { toUser } from './auth.js';
import { BEARER_AUTH, errors, json } from './openapi-helpers.js';

export const QUEUE_ROLES = ['Waiter', 'Kitchen'] as const;

const profile = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Staff'],
  summary: 'What the My account page shows',
  security: BEARER_AUTH,
  responses: { 200: json(ProfileSchema, 'The profile of the signed-in user.'), ...errors(401) },
});

const queue = createRoute({
  method: 'get',
  path: '/orders/queue',
  tags: ['Staff'],
  summary: 'The open orders, oldest first (newest last)',
  description: 'For Waiter and Kitchen only; Admin and Student get 403.',
  security: BEARER_AUTH,
  responses: { 200: json(OrderQueueSchema, 'Orders not yet served.'), ...errors(401, 403) },
});

export function staffRoutes(db: Db, tokens: Tokens) {
  const app = new OpenAPIHono<AuthEnv>();
  const signedIn = requireUser(tokens, db);
  const queueStaff = requireRole(QUEUE_ROLES, 'Only Waiter and Kitchen staff can see the order queue.');

  app.openapi({ ...profile, middleware: [signedIn] }, (c) => {
    const user = c.var.user;
    return c.json(
      {
        ...toUser(user),
        memberSince: user.created_at,
        lastSignIn: user.last_login_at,
        canSeeOrderQueue: (QUEUE_ROLES as readonly string[]).includes(user.role),
      },
      200,
    );
  });

  app.openapi({ ...queue, middleware: [signedIn, queueStaff] }, async (c) => c.json({ orders: await listOpenOrders(db) }, 200));
  return app;
}
