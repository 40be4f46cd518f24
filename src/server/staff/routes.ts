// Staff accounts. The Admin's: GET /admin/staff, GET /admin/staff/{id}, POST /admin/staff
// (invite), PATCH /admin/staff/{id} (name, role, active), POST /admin/staff/{id}/password-link
// (reset). Anyone's with a link: POST /auth/password-link (whose link is it?) and POST
// /auth/set-password (sets it and signs in). Every member's: POST /profile/password.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Actor } from '../activity/index.js';
import { changeOwnPassword, inviteStaff, linkOwner, listStaff, resetPassword, setPasswordWithLink, staffMember, updateStaff } from './store.js';
import { ApiError } from '../http/errors.js';
import { newPasswordProblem, requireRole, requireUser, type AuthEnv } from '../auth/index.js';
import { readJsonBody } from '../http/json-body.js';
import { IdParamSchema } from '../http/schemas.js';
import { AuthResponseSchema } from '../auth/index.js';
import { PAGE_SIZE } from '../http/schemas.js';
import {
  ChangePasswordSchema,
  InvitedSchema,
  InviteSchema,
  LinkOwnerSchema,
  LinkTokenSchema,
  MessageSchema,
  SetPasswordSchema,
  StaffChangeSchema,
  StaffMemberSchema,
  StaffPageSchema,
  StaffQuerySchema,
  VersionSchema,
} from './schemas.js';
import { signedIn, type AuthDeps } from '../auth/index.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { t } from '../http/language.js';

/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can manage staff accounts.');
const tags = ['Staff accounts'];

const list = createRoute({
  method: 'get',
  path: '/admin/staff',
  tags,
  summary: 'Staff accounts by id, a page at a time',
  security: BEARER_AUTH,
  request: { query: StaffQuerySchema },
  responses: { 200: json(StaffPageSchema, 'A page of staff.'), ...errors(400, 401, 403) },
});

const one = createRoute({
  method: 'get',
  path: '/admin/staff/{id}',
  tags,
  summary: 'One staff account',
  security: BEARER_AUTH,
  request: { params: IdParamSchema },
  responses: { 200: json(StaffMemberSchema, 'The account.'), ...errors(400, 401, 403, 404) },
});

const invite = createRoute({
  method: 'post',
  path: '/admin/staff',
  tags,
  summary: 'Invite someone: an account without a password, and a one-time link to set it',
  description:
    'The link works once, for 24 hours, and is answered only here (the database keeps its hash): hand it over as text or as a QR code. An e-mail address already in use, in any letter case, is a 409 `email_taken`.',
  security: BEARER_AUTH,
  request: { body: jsonBody(InviteSchema) },
  middleware: [readJsonBody],
  responses: { 201: json(InvitedSchema, 'Invited.'), ...errors(400, 401, 403, 409, 413, 415) },
});

const change = createRoute({
  method: 'patch',
  path: '/admin/staff/{id}',
  tags,
  summary: 'Rename, change the role, deactivate or reactivate',
  description:
    "Deactivating ends the account's sign-ins at once: its refresh tokens are revoked and its access tokens refused on their next request. 409 `own_account`: nobody deactivates or demotes themselves; 409 `last_admin`: the last active Admin stays one; 409 `conflict`: a stale version (the body holds `staff` as it is now).",
  security: BEARER_AUTH,
  request: { params: IdParamSchema, body: jsonBody(StaffChangeSchema) },
  middleware: [readJsonBody],
  responses: { 200: json(StaffMemberSchema, 'The account as it is now.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const reset = createRoute({
  method: 'post',
  path: '/admin/staff/{id}/password-link',
  tags,
  summary: "Reset a password: a new one-time link; the old password stops working and the account's sign-ins end",
  security: BEARER_AUTH,
  request: { params: IdParamSchema, body: jsonBody(VersionSchema) },
  middleware: [readJsonBody],
  responses: { 201: json(InvitedSchema, 'The account and its new link.'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

const whose = createRoute({
  method: 'post',
  path: '/auth/password-link',
  tags,
  summary: 'Whose link is this? (the set-password page greets them)',
  description: 'Answers 404 `link_unknown` for a link that was never made (or was edited), 410 `link_used` or `link_expired` for one that no longer works.',
  request: { body: jsonBody(LinkTokenSchema) },
  middleware: [readJsonBody],
  responses: { 200: json(LinkOwnerSchema, 'The name and e-mail the link is for.'), ...errors(400, 404, 410, 413, 415) },
});

const setPassword = createRoute({
  method: 'post',
  path: '/auth/set-password',
  tags,
  summary: 'Set a password with a one-time link, and sign in',
  description: 'The link is used up (two tabs at once: one wins, the other gets 410). The password follows the rules written on its field.',
  request: { body: jsonBody(SetPasswordSchema) },
  middleware: [readJsonBody],
  responses: { 200: json(AuthResponseSchema, 'Signed in.'), ...errors(400, 404, 410, 413, 415) },
});

const ownPassword = createRoute({
  method: 'post',
  path: '/profile/password',
  tags,
  summary: 'Change my own password',
  description:
    'The current password is required, and wrong guesses count like failed sign-ins (5 per account in 15 minutes, then 429 with Retry-After). Every other sign-in of the account ends; this one goes on.',
  security: BEARER_AUTH,
  request: { body: jsonBody(ChangePasswordSchema) },
  middleware: [readJsonBody],
  responses: { 200: json(MessageSchema, 'Changed.'), ...errors(400, 401, 413, 415, 429) },
});

export function staffAccountRoutes(deps: AuthDeps) {
  const { db, tokens, passwords, clock } = deps;
  const app = new OpenAPIHono<AuthEnv>();
  const anyone = requireUser(tokens, db);
  const admin = [anyone, requireRole(['Admin'], ADMIN_ONLY)];
  const actor = (c: Context<AuthEnv>): Actor => ({ user: c.var.user, now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);

  app.openapi({ ...list, middleware: admin }, async (c) => {
    const { limit, after } = c.req.valid('query');
    return c.json(await listStaff(db, { limit: limit ? Number(limit) : PAGE_SIZE.default, after: after ? Number(after) : undefined }), 200);
  });

  app.openapi({ ...one, middleware: admin }, async (c) => c.json(await staffMember(db, id(c)), 200));

  app.openapi({ ...invite, middleware: [...admin, readJsonBody] }, async (c) => c.json(await inviteStaff(db, c.req.valid('json'), actor(c)), 201));

  app.openapi({ ...change, middleware: [...admin, readJsonBody] }, async (c) => c.json(await updateStaff(db, id(c), c.req.valid('json'), actor(c)), 200));

  app.openapi({ ...reset, middleware: [...admin, readJsonBody] }, async (c) => c.json(await resetPassword(db, id(c), c.req.valid('json').version, actor(c)), 201));

  app.openapi(whose, async (c) => c.json(await linkOwner(db, c.req.valid('json').token, clock()), 200));

  app.openapi(setPassword, async (c) => {
    const { token, password } = c.req.valid('json');
    const user = await setPasswordWithLink(db, token, (text) => passwords.hash(text), password, clock());
    return c.json(await signedIn(tokens, await deps.refreshTokens.issue(user.id)), 200);
  });

  app.openapi({ ...ownPassword, middleware: [anyone, readJsonBody] }, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const user = c.var.user;
    const problem = newPasswordProblem(newPassword, user.email);
    if (problem) throw new ApiError(400, 'invalid_field', problem, { field: 'newPassword' });
    // Counted like a sign-in for this account: a stolen session cannot guess the password.
    const wait = await deps.loginThrottles.account.take(user.email);
    if (wait > 0) throw new ApiError(429, 'too_many_attempts', t('Too many wrong passwords. Try again in {wait} seconds.', { wait }), { headers: { 'Retry-After': String(wait) } });
    if (!(await passwords.verify(currentPassword, user.password_hash || null))) {
      throw new ApiError(400, 'invalid_field', t('That is not your current password.'), { field: 'currentPassword' });
    }
    await deps.loginThrottles.account.reset(user.email);
    await changeOwnPassword(db, user, await passwords.hash(newPassword), c.var.session, clock());
    return c.json({ message: 'Your password is changed. Your other sign-ins have ended.' }, 200);
  });

  return app;
}
