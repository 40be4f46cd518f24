// POST /auth/login, GET /auth/me, POST /auth/refresh.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Passwords } from './passwords.js';
import type { Issued, RefreshTokens } from './refresh-tokens.js';
import type { Throttle } from '../http/throttle.js';
import { ACCESS_TOKEN_SECONDS, type Tokens } from './tokens.js';
import type { Db } from '../db/schema.js';
import type { UserRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { requireUser, type AuthEnv } from './bearer.js';
import { readJsonBody } from '../http/json-body.js';
import { AuthResponseSchema, LoginSchema, RefreshSchema, UserSchema } from './schemas.js';
import { errors, json, jsonBody, BEARER_AUTH } from '../http/openapi.js';
import { t } from '../http/language.js';

export interface AuthDeps {
  db: Db;
  passwords: Passwords;
  tokens: Tokens;
  refreshTokens: RefreshTokens;
  /** Failed sign-ins per account and per client address. */
  loginThrottles: { account: Throttle; client: Throttle };
  clientAddress: (c: Context) => string;
  clock: () => number;
}

export const toUser = (row: UserRow) => ({ id: row.id, name: row.name, email: row.email, role: row.role as 'Admin' | 'Waiter' | 'Kitchen' | 'Student' });

/** Said in the request's language, when refused. */
const INVALID = () => t('That e-mail and password do not match an account.');

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['Authentication'],
  summary: 'Sign in with e-mail and password',
  description:
    'Answers the tokens. Every attempt counts from the moment it starts: past 5 attempts for one account, or 20 from one client address, within 15 minutes (a success gives its attempt back), the answer is 429 with Retry-After.',
  request: { body: jsonBody(LoginSchema) },
  middleware: [readJsonBody],
  responses: { 200: json(AuthResponseSchema, 'Signed in.'), ...errors(400, 401, 413, 415, 429, 503) },
});

const me = createRoute({
  method: 'get',
  path: '/auth/me',
  tags: ['Authentication'],
  summary: 'The signed-in user, with the role',
  security: BEARER_AUTH,
  responses: { 200: json(UserSchema, 'The user the token belongs to.'), ...errors(401) },
});

const refresh = createRoute({
  method: 'post',
  path: '/auth/refresh',
  tags: ['Authentication'],
  summary: 'Exchange a refresh token for new tokens',
  description:
    'Each refresh token works once and is replaced by a new one. Presenting the same token again within 10 seconds of its use, while its successor is unused (a double submit, a retry after a lost answer), answers that same successor; any later reuse revokes every token of that sign-in.',
  request: { body: jsonBody(RefreshSchema) },
  middleware: [readJsonBody],
  responses: { 200: json(AuthResponseSchema, 'New tokens.'), ...errors(400, 401, 413, 415) },
});

/** What a sign-in answers: an access token for the sign-in (`sid`), and its refresh token. */
export const signedIn = async (tokens: Tokens, { userId, token, family }: Issued) => ({
  accessToken: await tokens.issue(userId, family),
  refreshToken: token,
  expiresIn: ACCESS_TOKEN_SECONDS,
});

// The client is blocked: give back the account's slot, taken for an attempt that never ran.
async function refundOn(throttle: Throttle, key: string, wait: Promise<number>): Promise<number> {
  const seconds = await wait;
  if (seconds > 0) await throttle.refund(key);
  return seconds;
}

export function authRoutes(deps: AuthDeps) {
  const { db, passwords, tokens, refreshTokens, loginThrottles: throttles } = deps;
  const app = new OpenAPIHono<AuthEnv>();

  const respondWithTokens = (issued: Issued) => signedIn(tokens, issued);

  app.openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const account = email.toLowerCase();
    const client = deps.clientAddress(c);
    // Each attempt takes its slot before the (slow) password check: parallel guesses count too.
    const wait = (await throttles.account.take(account)) || (await refundOn(throttles.account, account, throttles.client.take(client)));
    if (wait > 0) {
      throw new ApiError(429, 'too_many_attempts', t('Too many failed sign-ins. Try again in {wait} seconds.', { wait }), { headers: { 'Retry-After': String(wait) } });
    }
    let valid = false;
    let user: UserRow | undefined;
    try {
      user = await db.selectFrom('users').selectAll().where('email', '=', account).executeTakeFirst();
      // The same scrypt work whether or not the account exists, is active and has a password
      // yet (an invited one does not), so timing tells nothing.
      valid = await passwords.verify(password, user?.active ? user.password_hash || null : null);
    } catch (error) {
      // Not a guess that was checked (too busy, say): it does not count.
      await Promise.all([throttles.account.refund(account), throttles.client.refund(client)]);
      throw error;
    }
    if (!user || !valid) throw new ApiError(401, 'invalid_credentials', INVALID());
    await Promise.all([throttles.account.reset(account), throttles.client.refund(client)]);
    await db.updateTable('users').set({ last_login_at: new Date(deps.clock()).toISOString() }).where('id', '=', user.id).execute();
    return c.json(await respondWithTokens(await refreshTokens.issue(user.id)), 200);
  });

  app.openapi({ ...me, middleware: [requireUser(tokens, db)] }, (c) => c.json(toUser(c.var.user), 200));

  app.openapi(refresh, async (c) => {
    const rotated = await refreshTokens.rotate(c.req.valid('json').refreshToken);
    if (!rotated) throw new ApiError(401, 'invalid_refresh_token', t('The refresh token is not valid. Sign in again.'));
    return c.json(await respondWithTokens(rotated), 200);
  });

  return app;
}
