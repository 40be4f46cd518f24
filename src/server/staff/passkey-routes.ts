// Passkeys. A person's own: POST /auth/passkeys/options and POST /auth/passkeys (add one),
// GET /auth/passkeys, DELETE /auth/passkeys/{id}. Anyone's, to sign in:
// POST /auth/passkey-login/options and POST /auth/passkey-login, which answers the same
// AuthResponse as the password and counts against the same throttles. The Admin's:
// GET /admin/staff/{id}/passkeys and DELETE /admin/staff/{id}/passkeys/{passkey}.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { Actor } from '../activity/index.js';
import { AuthResponseSchema, requireRole, requireUser, signedIn, type AuthDeps, type AuthEnv } from '../auth/index.js';
import { ApiError } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { IdParamSchema } from '../http/schemas.js';
import { addPasskey, checkSignIn, listPasskeys, passkeyOf, registrationOptions, relyingPartyOf, removePasskey, signInOptions } from './passkeys.js';
import { staffMember } from './store.js';
import { t } from '../http/language.js';

const tags = ['Passkeys'];
/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can manage staff accounts.');
/** Said in the request's language, when refused. */
const UNKNOWN = () => t('This passkey is not one of this site’s (it may have been removed, or its account deactivated). Sign in with your password.');

const PasskeySchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ example: 'Passkey added 26 November 2026' }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .openapi('Passkey');
const PasskeysSchema = z.object({ passkeys: z.array(PasskeySchema) }).openapi('Passkeys');
const OptionsSchema = z.record(z.string(), z.unknown()).openapi('PasskeyOptions', { description: 'WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON), for the browser (SimpleWebAuthn’s startRegistration or startAuthentication). Its challenge works once, for 5 minutes.' });
const CredentialSchema = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(40).nullable().optional(),
  })
  .openapi('PasskeyCredential', { description: 'What the browser answered (RegistrationResponseJSON or AuthenticationResponseJSON), as SimpleWebAuthn’s browser side gives it.' });
const PasskeyParamSchema = IdParamSchema.extend({
  passkey: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number').openapi({ param: { name: 'passkey', in: 'path' }, example: '2' }),
});

const addOptions = createRoute({ method: 'post', path: '/auth/passkeys/options', tags, summary: 'Options to add a passkey to your account', security: BEARER_AUTH, responses: { 200: json(OptionsSchema, 'For the browser.'), ...errors(401) } });
const add = createRoute({
  method: 'post',
  path: '/auth/passkeys',
  tags,
  summary: 'Add a passkey to your account',
  description: 'The browser’s answer to the options, on the challenge they gave (used: 400 `passkey_challenge_used`); checked against this site’s origin (400 `passkey_invalid` otherwise).',
  security: BEARER_AUTH,
  request: { body: jsonBody(CredentialSchema) },
  responses: { 201: json(PasskeySchema, 'Added.'), ...errors(400, 401, 409, 413, 415) },
});
const mine = createRoute({ method: 'get', path: '/auth/passkeys', tags, summary: 'Your passkeys', security: BEARER_AUTH, responses: { 200: json(PasskeysSchema, 'Oldest first.'), ...errors(401) } });
const removeMine = createRoute({ method: 'delete', path: '/auth/passkeys/{id}', tags, summary: 'Remove one of your passkeys', security: BEARER_AUTH, request: { params: IdParamSchema }, responses: { 204: { description: 'Removed: it signs in no more.' }, ...errors(401, 404) } });
const loginOptions = createRoute({ method: 'post', path: '/auth/passkey-login/options', tags, summary: 'Options to sign in with a passkey', responses: { 200: json(OptionsSchema, 'For the browser.') } });
const login = createRoute({
  method: 'post',
  path: '/auth/passkey-login',
  tags,
  summary: 'Sign in with a passkey',
  description:
    'Answers the same tokens as POST /auth/login, and counts in the same throttles (per account and per client address: 429 with Retry-After). A passkey this site does not know (never added, removed, or its account deactivated) is 401 `passkey_unknown`; a challenge used before (a replay) or expired 400 `passkey_challenge_used`; an answer made for another origin, or that does not verify, 400 `passkey_invalid`.',
  request: { body: jsonBody(CredentialSchema) },
  responses: { 200: json(AuthResponseSchema, 'Signed in.'), ...errors(400, 401, 413, 415, 429) },
});
const theirs = createRoute({ method: 'get', path: '/admin/staff/{id}/passkeys', tags, summary: 'A staff member’s passkeys', security: BEARER_AUTH, request: { params: IdParamSchema }, responses: { 200: json(PasskeysSchema, 'Oldest first.'), ...errors(401, 403, 404) } });
const removeTheirs = createRoute({
  method: 'delete',
  path: '/admin/staff/{id}/passkeys/{passkey}',
  tags,
  summary: 'Remove a staff member’s passkey',
  security: BEARER_AUTH,
  request: { params: PasskeyParamSchema },
  responses: { 204: { description: 'Removed.' }, ...errors(401, 403, 404) },
});

export function passkeyRoutes(deps: AuthDeps & { publicOrigin: string }) {
  const { db, tokens, clock, loginThrottles: throttles } = deps;
  const app = new OpenAPIHono<AuthEnv>();
  const anyone = requireUser(tokens, db);
  const admin = [anyone, requireRole(['Admin'], ADMIN_ONLY)];
  const rp = (c: Context) => relyingPartyOf(deps.publicOrigin || new URL(c.req.url).origin, 'Tavola');
  const actor = (c: Context<AuthEnv>): Actor => ({ user: c.var.user, now: clock() });
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => Number(c.req.valid('param').id);

  app.openapi({ ...addOptions, middleware: [anyone] }, async (c) => c.json(await registrationOptions(db, c.var.user, rp(c), clock()), 200));
  app.openapi({ ...add, middleware: [anyone, readJsonBody] }, async (c) => c.json(await addPasskey(db, c.var.user, c.req.valid('json') as unknown as RegistrationResponseJSON, rp(c), clock()), 201));
  app.openapi({ ...mine, middleware: [anyone] }, async (c) => c.json({ passkeys: await listPasskeys(db, c.var.user.id) }, 200));
  app.openapi({ ...removeMine, middleware: [anyone] }, async (c) => {
    await removePasskey(db, c.var.user, id(c), actor(c));
    return c.body(null, 204);
  });

  app.openapi(loginOptions, async (c) => c.json(await signInOptions(db, rp(c), clock()), 200));
  app.openapi({ ...login, middleware: [readJsonBody] }, async (c) => {
    const response = c.req.valid('json') as unknown as AuthenticationResponseJSON;
    const client = deps.clientAddress(c);
    const tooMany = (wait: number) => new ApiError(429, 'too_many_attempts', t('Too many failed sign-ins. Try again in {wait} seconds.', { wait }), { headers: { 'Retry-After': String(wait) } });
    // As with a password: each attempt takes its slot first, for the client, then for the account.
    const clientWait = await throttles.client.take(client);
    if (clientWait > 0) throw tooMany(clientWait);
    const passkey = await passkeyOf(db, response);
    if (!passkey) throw new ApiError(401, 'passkey_unknown', UNKNOWN());
    const owner = (await db.selectFrom('users').selectAll().where('id', '=', passkey.user_id).executeTakeFirstOrThrow());
    const accountWait = await throttles.account.take(owner.email);
    if (accountWait > 0) {
      await throttles.client.refund(client);
      throw tooMany(accountWait);
    }
    await checkSignIn(db, passkey, response, rp(c), clock());
    await Promise.all([throttles.account.reset(owner.email), throttles.client.refund(client)]);
    await db.updateTable('users').set({ last_login_at: new Date(clock()).toISOString() }).where('id', '=', owner.id).execute();
    return c.json(await signedIn(tokens, await deps.refreshTokens.issue(owner.id)), 200);
  });

  app.openapi({ ...theirs, middleware: admin }, async (c) => {
    const member = await staffMember(db, id(c));
    return c.json({ passkeys: await listPasskeys(db, member.id) }, 200);
  });
  app.openapi({ ...removeTheirs, middleware: admin }, async (c) => {
    const member = await staffMember(db, id(c));
    await removePasskey(db, member, Number(c.req.valid('param').passkey), actor(c));
    return c.body(null, 204);
  });
  return app;
}
