// Passkeys (WebAuthn) for staff, checked by SimpleWebAuthn (@simplewebauthn/server: the
// CBOR, the COSE keys, the signatures; nothing of it written by hand here). A person signed
// in adds one; then signing in again is one touch: the browser signs a challenge this
// server made with a key only the authenticator holds, and the server checks the signature
// with the public key it kept. Every challenge works once and for five minutes, so an
// answer sent again (a replay) finds it used. A passkey belongs to its person, who can
// remove it, as can the Admin; deactivating a member removes theirs.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { recordActivity, type Actor } from '../activity/index.js';
import type { Database, Db, UserRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';

/** Who the passkeys are for: the site's origin, and its host name as WebAuthn's relying party id. */
export interface RelyingParty {
  origin: string;
  id: string;
  name: string;
}

/** The relying party of the site at `origin` (the public origin, or the request's own). */
export const relyingPartyOf = (origin: string, name: string): RelyingParty => ({ origin, id: new URL(origin).hostname, name });

export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const CHALLENGE_MS = 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const toPasskey = (row: { id: number; name: string; created_at: string; last_used_at: string | null }): Passkey => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at });
const transportsOf = (stored: string): string[] => {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/** Said in the request's language, when refused. */
const STALE = () => t('This passkey request has expired or was already answered. Try again.');

/**
 * Takes a challenge, once: true when it was made for this `purpose` (and this person,
 * adding a passkey), has not expired and was not used; it is used from now on.
 */
async function consume(db: Db, challenge: string, purpose: 'register' | 'sign-in', userId: number | null, now: number): Promise<boolean> {
  let query = db.updateTable('passkey_challenges').set({ used_at: now }).where('challenge', '=', challenge).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const { numUpdatedRows } = await query.executeTakeFirst();
  return numUpdatedRows === 1n;
}

async function remember(db: Db, challenge: string, purpose: 'register' | 'sign-in', userId: number | null, now: number): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('passkey_challenges').values({ challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_MS, used_at: null }).execute();
}

/** What the browser's check threw, as the API's 400: the challenge, or the answer itself. */
function refused(error: unknown, challengeUsed: boolean): ApiError {
  if (!challengeUsed) return new ApiError(400, 'passkey_challenge_used', STALE());
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError(400, 'passkey_invalid', t('The passkey\'s answer could not be verified: {reason}', { reason }));
}

/** Options for the browser to make a passkey for `user`, with a challenge kept for five minutes. */
export async function registrationOptions(db: Db, user: UserRow, rp: RelyingParty, now: number): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`tavola-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await remember(db, options.challenge, 'register', user.id, now);
  return options;
}

/** Checks the browser's new passkey against a challenge made for `user`, and keeps it. */
export async function addPasskey(db: Db, user: UserRow, response: RegistrationResponseJSON, rp: RelyingParty, now: number): Promise<Passkey> {
  let fresh = true;
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => (fresh = await consume(db, challenge, 'register', user.id, now)),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
    });
  } catch (error) {
    throw refused(error, fresh);
  }
  if (!verified.verified) throw new ApiError(400, 'passkey_invalid', t('The passkey\'s answer could not be verified.'));
  const { credential } = verified.registrationInfo;
  const day = new Date(now).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
    if (taken) throw new ApiError(409, 'passkey_exists', t('This passkey is added already.'));
    const { id } = await trx
      .insertInto('passkeys')
      .values({ user_id: user.id, credential_id: credential.id, public_key: credential.publicKey, counter: credential.counter, transports: JSON.stringify(credential.transports ?? []), name: '', created_at: iso(now), last_used_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Named by its number, so that two added on one day are told apart.
    const name = `Passkey ${id}, added ${day}`;
    await trx.updateTable('passkeys').set({ name }).where('id', '=', id).execute();
    await recordActivity(trx, { by: user, at: now, action: 'passkey.added', subject: { names: [user.name, name] }, before: null, after: { passkey: id } });
    return toPasskey({ id, name, created_at: iso(now), last_used_at: null });
  });
}

/** Options for the browser to sign in with any passkey of this site (the person is known by the passkey chosen). */
export async function signInOptions(db: Db, rp: RelyingParty, now: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  await remember(db, options.challenge, 'sign-in', null, now);
  return options;
}

/** The passkey the browser answered with, and its active owner; null for one this site does not know (never added, removed, or its owner deactivated). */
export async function passkeyOf(db: Db, response: AuthenticationResponseJSON) {
  const found = await db
    .selectFrom('passkeys')
    .innerJoin('users', 'users.id', 'passkeys.user_id')
    .select(['passkeys.id', 'passkeys.credential_id', 'passkeys.public_key', 'passkeys.counter', 'passkeys.transports', 'passkeys.user_id', 'users.active'])
    .where('passkeys.credential_id', '=', response.id)
    .executeTakeFirst();
  return found?.active ? found : null;
}

/** Checks a sign-in answer with the passkey's public key, against a challenge of this site; moves its counter on. */
export async function checkSignIn(db: Db, passkey: NonNullable<Awaited<ReturnType<typeof passkeyOf>>>, response: AuthenticationResponseJSON, rp: RelyingParty, now: number): Promise<void> {
  let fresh = true;
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => (fresh = await consume(db, challenge, 'sign-in', null, now)),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.counter), transports: transportsOf(passkey.transports) },
    });
  } catch (error) {
    throw refused(error, fresh);
  }
  if (!verified.verified) throw new ApiError(400, 'passkey_invalid', t('The passkey\'s answer could not be verified.'));
  await db.updateTable('passkeys').set({ counter: verified.authenticationInfo.newCounter, last_used_at: iso(now) }).where('id', '=', passkey.id).execute();
}

/** A person's passkeys, oldest first. */
export async function listPasskeys(db: Kysely<Database>, userId: number): Promise<Passkey[]> {
  const rows = await db.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toPasskey);
}

/** Removes one of `owner`'s passkeys, recorded as `actor`'s doing (the owner, or the Admin). */
export function removePasskey(db: Db, owner: { id: number; name: string }, id: number, actor: Actor): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', owner.id).returning(['name']).executeTakeFirst();
    if (!removed) throw new ApiError(404, 'not_found', t('{name} has no passkey {id}.', { name: owner.name, id }));
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'passkey.removed', subject: { names: [owner.name, removed.name] }, before: { passkey: id }, after: null });
  });
}

/** Removes every passkey of a member (deactivated): in the change's own transaction. */
export async function removePasskeysOf(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}
