// The staff: the Admin's accounts (invite, role, deactivate, password links) and each
// member's own profile and password.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthDeps } from '../auth/index.js';
import { staffRoutes as profileRoutes } from './profile-routes.js';
import { staffAccountRoutes } from './routes.js';


/** Every staff route: the accounts and a member's own profile. */
export function staffFeature(deps: AuthDeps): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', staffAccountRoutes(deps));
  app.route('/', profileRoutes(deps.db, deps.tokens));
  return app;
}
