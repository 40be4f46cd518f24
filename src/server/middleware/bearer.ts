// Protected routes: the exact header `Authorization: Bearer <token>`, a token the API
// signed and that has not expired, and a user that still exists. The role is read
// from the database for every request, never from anything the client sends.
import type { MiddlewareHandler } from 'hono';
import type { Tokens } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { ApiError } from '../errors.js';

/** After requireUser: the user, and when their access token expires (a stream ends then). */
export type AuthEnv = { Variables: { user: UserRow; tokenExpiresAt: number } };

const REALM = 'Bearer realm="tavola"';
const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;

function unauthorized(message: string, error?: 'invalid_token', expired = false): ApiError {
  const challenge = error ? `${REALM}, error="${error}", error_description="${message}"` : REALM;
  const headers: Record<string, string> = { 'WWW-Authenticate': challenge };
  if (expired) headers['X-Token-Expired'] = 'true';
  return new ApiError(401, expired ? 'token_expired' : 'unauthorized', message, { headers });
}

/** Lets the request through with `c.var.user` set, or answers 401. */
export function requireUser(tokens: Tokens, db: Db): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    if (!header) throw unauthorized('Sign in first: send Authorization: Bearer <access token>.');
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized('The Authorization header must be exactly "Bearer <access token>".', 'invalid_token');
    const check = await tokens.check(token);
    if (!check.ok && check.expired) throw unauthorized('The access token has expired.', 'invalid_token', true);
    if (!check.ok) throw unauthorized('The access token is not valid.', 'invalid_token');
    const user = await db.selectFrom('users').selectAll().where('id', '=', check.userId).executeTakeFirst();
    if (!user) throw unauthorized('The access token is not valid.', 'invalid_token');
    c.set('user', user);
    c.set('tokenExpiresAt', check.expiresAt);
    await next();
  };
}

/** After requireUser: answers 403 unless the user has one of `roles`. */
export function requireRole(roles: readonly string[], message: string): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw new ApiError(403, 'forbidden', message);
    await next();
  };
}
