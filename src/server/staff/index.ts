// The staff: the Admin's accounts (invite, role, deactivate, password links) and each
// member's own profile, password and passkeys.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthDeps } from '../auth/index.js';
import { staffRoutes as profileRoutes } from './profile-routes.js';
import { passkeyRoutes } from './passkey-routes.js';
import { staffAccountRoutes } from './routes.js';


/** Every staff route: the accounts, a member's own profile, and passkeys. */
export function staffFeature(deps: AuthDeps & { publicOrigin: string }): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', staffAccountRoutes(deps));
  app.route('/', profileRoutes(deps.db, deps.tokens));
  app.route('/', passkeyRoutes(deps));
  return app;
}
