// Signing in: passwords, the spec's 2-minute access tokens, refresh tokens rotated with reuse
// detection, and the bearer check every protected route runs. Also the secrets a paired
// display is given (display-credentials.ts), since the bearer check tells them apart.
import { OpenAPIHono } from '@hono/zod-openapi';
import { authRoutes, type AuthDeps } from './routes.js';

export { CHEAP_COST, createPasswords, type Passwords } from './passwords.js';
export { newPasswordProblem, passwordField, PASSWORD_LENGTH } from './password-rules.js';
export { createTokens, type Tokens } from './tokens.js';
export { createRefreshTokens, endSignIns, type RefreshTokens } from './refresh-tokens.js';
export { bearerCredentials, requireRole, requireUser, userOf, type AuthEnv } from './bearer.js';
export { signedIn, toUser, type AuthDeps } from './routes.js';
export { hashSecret, isDisplayCredential, newDisplayCredential, newPairingCode, PAIRING_MINUTES, readPairingCode } from './display-credentials.js';
export { sweepRefreshTokensHourly } from './token-sweep.js';
export { AuthResponseSchema, ProfileSchema, RoleSchema } from './schemas.js';

/** Signing in, the profile's me call and the refresh (the staff's accounts are staff/). */
export function authFeature(deps: AuthDeps): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', authRoutes(deps));
  return app;
}
