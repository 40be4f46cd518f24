// What a password is, in one place for signing in, setting one with a link and changing
// one's own:
// - Text, well-formed. JSON can carry half a character ("\ud800"); encoding it for scrypt
//   turns every half into U+FFFD, so twelve of one half and twelve of the other would be
//   the same password. Refused wherever a password is read, sign-in included.
// - Compared in one form, NFC (NIST SP 800-63B, 5.1.1.2): "caffè" typed with è or with
//   e and a combining accent is one password. passwords.ts hashes that form.
// - A new one: 12 to 128 characters, not the e-mail address, and readable as names are
//   (no control characters, something visible: twelve spaces or NULs are not a password).
import { z } from '@hono/zod-openapi';
import { BROKEN_CHARACTER, hasBrokenCharacter, readableTextProblem } from '../http/readable-text.js';

export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** A password field of a request: refused (400, naming the field) when it is not well-formed text. */
export const passwordField = (description?: string) =>
  z
    .string()
    .min(1)
    .max(1024)
    .superRefine((text, context) => {
      if (hasBrokenCharacter(text)) context.addIssue({ code: 'custom', message: BROKEN_CHARACTER, params: { followsFieldName: true } });
    })
    .openapi(description ? { description } : {});

/** The form a password is hashed in. */
export const comparableForm = (password: string): string => password.normalize('NFC');

/** What is wrong with `password` as a new password for the account `email` (a sentence), or null. */
export function newPasswordProblem(password: string, email: string): string | null {
  const length = [...comparableForm(password)].length;
  if (length < PASSWORD_LENGTH.min) return `The password needs at least ${PASSWORD_LENGTH.min} characters.`;
  if (length > PASSWORD_LENGTH.max) return `The password may have at most ${PASSWORD_LENGTH.max} characters.`;
  const unreadable = readableTextProblem(password);
  if (unreadable) return `The password ${unreadable}.`;
  if (password.trim().toLowerCase() === email.toLowerCase()) return 'The password cannot be your e-mail address.';
  return null;
}
