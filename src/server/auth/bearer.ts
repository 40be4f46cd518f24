// Protected routes: the exact header `Authorization: Bearer <token>` (the scheme in any letter
// case, as RFC 9110 has it; one space, then the token), a token the API signed and that has not expired, a user that still exists and is active, and a sign-in
// that has not been ended (the token's `sid`, its refresh token family, not revoked). The
// role and the active flag are read from the database for every request, never from
// anything the client sends: a deactivated account's live token is refused at once.
import type { Context, MiddlewareHandler } from 'hono';
import { isDisplayCredential } from './display-credentials.js';
import type { Tokens } from './tokens.js';
import type { Db } from '../db/schema.js';
import type { UserRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';

/** After requireUser: the user, their sign-in (`sid`), and when their access token expires (a stream ends then). */
export type AuthEnv = { Variables: { user: UserRow; session: string; tokenExpiresAt: number } };

const REALM = 'Bearer realm="tavola"';
const TOKEN68 = /^[A-Za-z0-9\-_.~+/]+=*$/;

/**
 * What follows the scheme of `Authorization: Bearer <credentials>`, or undefined for another
 * scheme or none. The one reading of the header (people, paired screens, /metrics): the
 * scheme is case-insensitive (RFC 9110 §11.1), so `bearer` and `BEARER` are Bearer too.
 */
export const bearerCredentials = (header: string | undefined): string | undefined => /^bearer (.+)$/i.exec(header ?? '')?.[1];

/** A 401; `ends` (an expired token, an ended sign-in) adds X-Token-Expired, so the client drops the session. */
function unauthorized(message: string, { error, code = 'unauthorized', ends = false }: { error?: 'invalid_token'; code?: string; ends?: boolean } = {}): ApiError {
  const challenge = error ? `${REALM}, error="${error}", error_description="${message}"` : REALM;
  const headers: Record<string, string> = { 'WWW-Authenticate': challenge };
  if (ends) headers['X-Token-Expired'] = 'true';
  return new ApiError(401, code, message, { headers });
}

/** The signed-in user of a request with an Authorization header (401 when it does not hold), or null without one. */
export async function userOf(c: Context, tokens: Tokens, db: Db): Promise<{ user: UserRow; session: string; expiresAt: number } | null> {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const token = bearerCredentials(header);
  if (!token || !TOKEN68.test(token)) throw unauthorized('The Authorization header must be exactly "Bearer <access token>".', { error: 'invalid_token' });
  if (isDisplayCredential(token)) throw new ApiError(403, 'display_not_allowed', t('This is a paired screen: it opens its own board and nothing else.'));
  const check = await tokens.check(token);
  if (!check.ok && check.expired) throw unauthorized('The access token has expired.', { error: 'invalid_token', code: 'token_expired', ends: true });
  if (!check.ok) throw unauthorized('The access token is not valid.', { error: 'invalid_token' });
  const user = await db
    .selectFrom('users')
    .selectAll()
    .select((eb) => eb.exists(eb.selectFrom('refresh_tokens').select('id').where('family', '=', check.session).where('revoked_at', 'is not', null)).as('ended'))
    .where('id', '=', check.userId)
    .executeTakeFirst();
  if (!user) throw unauthorized('The access token is not valid.', { error: 'invalid_token' });
  if (!user.active || isTrue(user.ended)) throw unauthorized('This sign-in has ended. Sign in again.', { error: 'invalid_token', code: 'session_ended', ends: true });
  const { ended: _, ...row } = user;
  return { user: row, session: check.session, expiresAt: check.expiresAt };
}

/** Lets the request through with `c.var.user` set, or answers 401. */
export function requireUser(tokens: Tokens, db: Db): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const found = await userOf(c, tokens, db);
    if (!found) throw unauthorized(t('Sign in first: send Authorization: Bearer <access token>.'));
    c.set('user', found.user);
    c.set('session', found.session);
    c.set('tokenExpiresAt', found.expiresAt);
    await next();
  };
}

/** `exists` answers 1 on SQLite and true on PostgreSQL. */
const isTrue = (value: unknown) => value === true || value === 1 || value === '1';

/** After requireUser: answers 403 unless the user has one of `roles`. */
export function requireRole(roles: readonly string[], message: () => string): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw new ApiError(403, 'forbidden', message());
    await next();
  };
}
