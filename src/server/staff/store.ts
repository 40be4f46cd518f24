// The staff accounts an Admin runs: listed a page at a time, invited (an account with no
// password and a one-time link to set one), their role changed, deactivated and back, their
// password reset (a new link; the old password stops working). The rules that keep the
// restaurant reachable: nobody deactivates or demotes themselves, and the last active Admin
// stays one. Each change, with its activity entry and the sign-ins it ends, is one transaction.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { endSignIns, newPasswordProblem } from '../auth/index.js';
import { ApiError } from '../http/errors.js';
import { recordActivity, subjectWords, type Subject } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation, serializeAdminChanges } from '../db/dialect.js';
import type { Actor } from '../activity/index.js';
import type { Database, UserRow } from '../db/schema.js';
import type { PasswordLink, Role, StaffMember } from '../../shared/admin-records.js';
import { removePasskeysOf } from './passkeys.js';
import { t } from '../http/language.js';

/** How long a link to set a password works. */
export const LINK_HOURS = 24;

type Trx = Kysely<Database>;

const toMember = (row: UserRow): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  active: row.active === 1,
  hasPassword: row.password_hash !== '',
  lastSignIn: row.last_login_at,
  version: row.version,
});

const subject = (member: { id: number; name: string }): Subject => ({ kind: 'Staff', id: member.id, names: [member.name] });
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Staff by id, `limit` at a time after the id `after` (the `next` of the page before). */
export async function listStaff(db: Db, { after, limit }: { after?: number; limit: number }): Promise<{ staff: StaffMember[]; next: number | null }> {
  let query = db.selectFrom('users').selectAll().orderBy('id').limit(limit + 1);
  if (after !== undefined) query = query.where('id', '>', after);
  const rows = await query.execute();
  const staff = rows.slice(0, limit).map(toMember);
  return { staff, next: rows.length > limit ? staff.at(-1)!.id : null };
}

export async function staffMember(db: Db, id: number): Promise<StaffMember> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', t('No staff member has the id {id}.', { id }));
  return toMember(row);
}

/** A new link for the user; any older one that was not used stops working. */
async function newLink(trx: Trx, userId: number, now: number): Promise<PasswordLink> {
  await trx.updateTable('password_links').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + LINK_HOURS * 3600_000;
  await trx.insertInto('password_links').values({ user_id: userId, token_hash: digest(token), expires_at: expiresAt, used_at: null }).execute();
  // In the fragment: a browser never sends it to a server, in a request or a Referer.
  return { path: `/set-password#${token}`, expiresAt: new Date(expiresAt).toISOString() };
}

export function inviteStaff(db: Db, fields: { name: string; email: string; role: Role }, actor: Actor): Promise<{ staff: StaffMember; link: PasswordLink }> {
  const email = fields.email.toLowerCase();
  return db
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({ email, name: fields.name, role: fields.role, password_hash: '', created_at: new Date(actor.now).toISOString(), last_login_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = await newLink(trx, id, actor.now);
      const staff = toMember(await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
      await recordActivity(trx, { by: actor.user, at: actor.now, action: 'staff.invited', subject: subject(staff), before: null, after: staff });
      return { staff, link };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken', t('{email} already has an account.', { email }), { field: 'email' });
      throw error;
    });
}

/** Loads the member inside `trx` and checks the version the edit was based on. */
async function current(trx: Trx, id: number, version: number): Promise<StaffMember> {
  const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found', t('No staff member has the id {id}.', { id }));
  const member = toMember(row);
  if (member.version !== version) {
    throw new ApiError(409, 'conflict', t('{subject} was changed by someone else meanwhile. Here it is as it is now.', { subject: subjectWords(subject(member)) }), { more: { staff: member } });
  }
  return member;
}

/** Refuses a change that would leave no active Admin (checked inside the change's transaction). */
async function keepAnAdmin(trx: Trx, member: StaffMember) {
  const admins = await trx.selectFrom('users').select('id').where('role', '=', 'Admin').where('active', '=', 1).where('id', '!=', member.id).limit(1).execute();
  if (!admins.length) throw new ApiError(409, 'last_admin', t('{name} is the last active Admin: make someone else an Admin first, so the restaurant can still be run.', { name: member.name }));
}

export function updateStaff(db: Db, id: number, changes: { version: number; role?: Role; active?: boolean; name?: string }, actor: Actor): Promise<StaffMember> {
  return db.transaction().execute(async (trx) => {
    await serializeAdminChanges(trx);
    const before = await current(trx, id, changes.version);
    const demoted = changes.role !== undefined && changes.role !== 'Admin' && before.role === 'Admin';
    const deactivated = changes.active === false && before.active;
    if (id === actor.user.id && (demoted || deactivated)) {
      throw new ApiError(409, 'own_account', deactivated ? t('You cannot deactivate your own account: another Admin can.') : t('You cannot take the Admin role from yourself: another Admin can.'));
    }
    if ((demoted || deactivated) && before.active && before.role === 'Admin') await keepAnAdmin(trx, before);
    await trx
      .updateTable('users')
      .set({
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.active !== undefined && { active: changes.active ? 1 : 0 }),
        ...(changes.name !== undefined && { name: changes.name }),
        version: before.version + 1,
      })
      .where('id', '=', id)
      .execute();
    // Deactivated: every sign-in ends now (its refresh tokens revoked, its access tokens refused), and its passkeys go.
    if (deactivated) {
      await endSignIns(trx, id, actor.now);
      await removePasskeysOf(trx, id);
    }
    const after = await staffMember(trx, id);
    const action = deactivated ? 'staff.deactivated' : changes.active === true && !before.active ? 'staff.reactivated' : 'staff.updated';
    await recordActivity(trx, { by: actor.user, at: actor.now, action, subject: subject(after), before, after });
    return after;
  });
}

/** A new one-time link; the password the account had stops working and its sign-ins end. */
export function resetPassword(db: Db, id: number, version: number, actor: Actor): Promise<{ staff: StaffMember; link: PasswordLink }> {
  return db.transaction().execute(async (trx) => {
    const before = await current(trx, id, version);
    await trx.updateTable('users').set({ password_hash: '', version: before.version + 1 }).where('id', '=', id).execute();
    await endSignIns(trx, id, actor.now);
    const link = await newLink(trx, id, actor.now);
    const staff = await staffMember(trx, id);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'staff.password_reset', subject: subject(staff), before, after: staff });
    return { staff, link };
  });
}

/** Why a link does not work, in words a person can act on. */
const LINK_PROBLEMS = {
  unknown: 'This link is not valid: check that it was copied whole, or ask an Admin for a new one.',
  used: 'This link was already used (or a newer one was made). Ask an Admin for a new one, or sign in.',
  expired: `This link has expired: links work for ${LINK_HOURS} hours. Ask an Admin for a new one.`,
} as const;

async function linkFor(db: Db, token: string, now: number) {
  const link = await db.selectFrom('password_links').selectAll().where('token_hash', '=', digest(token)).executeTakeFirst();
  if (!link) throw new ApiError(404, 'link_unknown', LINK_PROBLEMS.unknown);
  if (link.used_at !== null) throw new ApiError(410, 'link_used', LINK_PROBLEMS.used);
  if (Number(link.expires_at) <= now) throw new ApiError(410, 'link_expired', LINK_PROBLEMS.expired);
  const user = await db.selectFrom('users').selectAll().where('id', '=', link.user_id).executeTakeFirstOrThrow();
  if (!user.active) throw new ApiError(410, 'link_used', LINK_PROBLEMS.used);
  return { link, user };
}

/** Who a link is for, so the page can greet them before they choose a password. */
export async function linkOwner(db: Db, token: string, now: number): Promise<{ name: string; email: string }> {
  const { user } = await linkFor(db, token, now);
  return { name: user.name, email: user.email };
}

/** Uses the link (once: two tabs at once, and only one wins) and sets the password it was for. */
export async function setPasswordWithLink(db: Db, token: string, hash: (password: string) => Promise<string>, password: string, now: number): Promise<UserRow> {
  const { user } = await linkFor(db, token, now);
  const problem = newPasswordProblem(password, user.email);
  if (problem) throw new ApiError(400, 'invalid_field', problem, { field: 'password' });
  const passwordHash = await hash(password);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_links')
      .set({ used_at: now })
      .where('token_hash', '=', digest(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(410, 'link_used', LINK_PROBLEMS.used);
    await trx.updateTable('users').set({ password_hash: passwordHash, last_login_at: new Date(now).toISOString() }).where('id', '=', claimed.user_id).execute();
    const row = await trx.selectFrom('users').selectAll().where('id', '=', claimed.user_id).executeTakeFirstOrThrow();
    await recordActivity(trx, { by: row, at: now, action: 'staff.password_set', subject: subject(row), before: null, after: null });
    return row;
  });
}

/** A signed-in member's own new password: their other sign-ins end, this one (`session`) stays. */
export function changeOwnPassword(db: Db, user: UserRow, passwordHash: string, session: string, now: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    await endSignIns(trx, user.id, now, session);
    await recordActivity(trx, { by: user, at: now, action: 'staff.password_changed', subject: subject(user), before: null, after: null });
  });
}
