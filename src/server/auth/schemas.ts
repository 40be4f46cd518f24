// The shapes of signing in and of who is signed in.
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../shared/admin-records.js';
import { passwordField } from './password-rules.js';

export const RoleSchema = z.enum(ROLES).openapi('Role');

export const LoginSchema = z
  .object({
    email: z.string().trim().min(1).max(254).openapi({ example: 'kai@tavola.test' }),
    password: passwordField().openapi({ example: 'tavola-kitchen' }),
  })
  .openapi('LoginRequest');

export const RefreshSchema = z.object({ refreshToken: z.string().min(1).max(200) }).openapi('RefreshRequest');

export const AuthResponseSchema = z
  .object({
    accessToken: z.string().openapi({ description: 'A signed JWT (HS256). Send it as `Authorization: Bearer <accessToken>`.' }),
    refreshToken: z.string().openapi({ description: 'Opaque; exchange it once at /auth/refresh. Lives 7 days.' }),
    expiresIn: z.number().int().openapi({ description: 'Lifetime of the access token, in seconds.', example: 120 }),
  })
  .openapi('AuthResponse');

export const UserSchema = z
  .object({
    id: z.number().int().openapi({ example: 1 }),
    name: z.string().openapi({ example: 'Kai Moretti' }),
    email: z.string().openapi({ example: 'kai@tavola.test' }),
    role: RoleSchema,
  })
  .openapi('User');

export const ProfileSchema = UserSchema.extend({
  memberSince: z.string().openapi({ description: 'ISO 8601 date and time the account was created.' }),
  lastSignIn: z.string().nullable().openapi({ description: 'ISO 8601 date and time of the previous sign-in, or null for a first one.' }),
  canSeeOrderQueue: z.boolean().openapi({ description: 'True for Waiter and Kitchen.' }),
  lang: z.enum(['en', 'it']).nullable().openapi({ description: 'The language they chose for their pages (signed in, they land in it: `it` under /it/), or null while they have not.' }),
}).openapi('Profile');
