// The shapes of the staff accounts' part of the API (the Admin's staff list, invitations,
// one-time password links, a member's own password), written once: they validate requests
// and produce the OpenAPI description.
import { z } from '@hono/zod-openapi';
import { LINK_HOURS } from './store.js';
import { readableText } from '../http/readable-text.js';
import { PASSWORD_LENGTH, passwordField, RoleSchema } from '../auth/index.js';

const VERSION = z.number().int().min(1).openapi({ description: 'The version the change is based on: an older one is a 409 with the record as it is now.' });
const PASSWORD = passwordField(`${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters, not the e-mail address; well-formed text with something visible and no control characters.`);

export const StaffMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    active: z.boolean().openapi({ description: 'False once deactivated: the account cannot sign in.' }),
    hasPassword: z.boolean().openapi({ description: 'False until an invited (or reset) account sets its password.' }),
    lastSignIn: z.string().nullable(),
    version: z.number().int(),
  })
  .openapi('StaffMember');

export const StaffPageSchema = z
  .object({ staff: z.array(StaffMemberSchema), next: z.number().int().nullable().openapi({ description: 'Give it as `after` for the next page; null on the last page.' }) })
  .openapi('StaffPage');

export const StaffQuerySchema = z.object({
  limit: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 200').refine((value) => Number(value) <= 200, 'must be a whole number from 1 to 200').optional(),
  after: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (the `next` of the page before)').optional(),
});

export const InviteSchema = z
  .object({
    name: readableText({ max: 80 }).openapi({ example: 'Marta Ricci' }),
    email: z.string().trim().max(254).email('must be an e-mail address').openapi({ example: 'marta@tavola.test' }),
    role: RoleSchema,
  })
  .strict()
  .openapi('Invite');

export const StaffChangeSchema = z
  .object({ version: VERSION, name: readableText({ max: 80 }).optional(), role: RoleSchema.optional(), active: z.boolean().optional() })
  .strict()
  .openapi('StaffChange');

export const VersionSchema = z.object({ version: VERSION }).strict().openapi('VersionOnly');

export const PasswordLinkSchema = z
  .object({
    path: z.string().openapi({ description: 'The address on this site, to hand over as a link or a QR code. Shown once: only its hash is kept.', example: '/set-password#Yx3…' }),
    expiresAt: z.string().openapi({ description: `${LINK_HOURS} hours after it was made (ISO 8601).` }),
  })
  .openapi('PasswordLink');

export const InvitedSchema = z.object({ staff: StaffMemberSchema, link: PasswordLinkSchema }).openapi('Invited');

const TOKEN = z.string().min(1).max(200).openapi({ description: 'The part of the link after `#`.' });

export const LinkTokenSchema = z.object({ token: TOKEN }).strict().openapi('LinkToken');
export const LinkOwnerSchema = z.object({ name: z.string(), email: z.string() }).openapi('LinkOwner');
export const SetPasswordSchema = z.object({ token: TOKEN, password: PASSWORD }).strict().openapi('SetPassword');
export const ChangePasswordSchema = z.object({ currentPassword: passwordField(), newPassword: PASSWORD }).strict().openapi('ChangePassword');
export const MessageSchema = z.object({ message: z.string() }).openapi('Message');
