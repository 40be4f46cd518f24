// Text a person will read: a pickup name called out at the counter, a note on a kitchen
// ticket, and the owner's menu texts. It is stored in one form (NFC: "José" typed with a
// combining accent is the same name as "José" typed with é), and refused when it would
// print wrong or not at all:
// - control characters (a NUL, an escape) mean nothing on a ticket;
// - bidirectional controls turn text around: "Bob\u202Eevil" shows as "Boblive";
// - a lone surrogate is half a character (JSON's "\ud800"), stored as replacement marks;
// - text with nothing visible (zero-width spaces, fillers) is an invisible name.
import { z } from '@hono/zod-openapi';

// Control characters (Cc: C0, DEL and C1), but for the line feed a note may hold.
const CONTROL = /(?!\n)\p{Cc}/u;
const CONTROL_OR_NEWLINE = /\p{Cc}/u;
// With the u flag a well-formed pair is one code point: only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;
// Arabic letter mark, LRM/RLM, embeddings and overrides, isolates.
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// Anything but spaces, marks that need a base, format and ignorable characters, and braille blank.
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Mn}\p{Me}\u2800]/u;

/** The phrase (after a field's name) for text that holds half a character. */
export const BROKEN_CHARACTER = 'must not contain a broken character (a lone UTF-16 surrogate)';

/** Whether `text` holds half a character: it is not well-formed Unicode. */
export const hasBrokenCharacter = (text: string): boolean => LONE_SURROGATE.test(text);

/** What is wrong with `text` as readable text (a phrase that follows the field's name), or null. */
export function readableTextProblem(text: string, { multiline = false } = {}): string | null {
  if (hasBrokenCharacter(text)) return BROKEN_CHARACTER;
  if ((multiline ? CONTROL : CONTROL_OR_NEWLINE).test(text)) return multiline ? 'must not contain control characters' : 'must be one line without control characters';
  if (BIDI.test(text)) return 'must not contain characters that change the direction of text';
  if (!VISIBLE.test(text)) return 'must have at least one visible character';
  return null;
}

/**
 * A string schema for readable text: trimmed, NFC-normalised, `min` to `max` characters,
 * refused with a message that names the field when readableTextProblem finds something.
 * An empty optional text (`min: 0`) is allowed.
 */
export function readableText({ min = 1, max, multiline = false }: { min?: number; max: number; multiline?: boolean }) {
  return z
    .string()
    .overwrite((text) => (multiline ? text.replace(/\r\n?/g, '\n') : text)) // a form's line breaks are CRLF
    .trim()
    .normalize('NFC')
    .min(min)
    .max(max)
    .superRefine((text, context) => {
      if (text === '' && min === 0) return;
      const problem = readableTextProblem(text, { multiline });
      if (problem) context.addIssue({ code: 'custom', message: problem, params: { followsFieldName: true } });
    });
}
