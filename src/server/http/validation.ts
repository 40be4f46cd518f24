// The API's own Hono app, whose request validation (zod, through @hono/zod-openapi) fails
// as a 400 that names the first field at fault, in plain words.
import { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from './errors.js';

/** An app for API routes: a failed validation is a 400 `invalid_field` with `field`. */
export const createApi = () => new OpenAPIHono({ defaultHook: validationFailed });

interface Issue {
  path: PropertyKey[];
  code: string;
  message: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: { followsFieldName?: boolean };
  keys?: string[];
}

// A zod failure becomes a 400 that names the first field at fault, in plain words.
function validationFailed(result: { success: boolean; error?: { issues: Issue[] } }) {
  if (result.success) return;
  const issue = result.error!.issues[0]!;
  const path = issue.path.map(String).join('.');
  const field = issue.code === 'unrecognized_keys' ? [path, issue.keys![0]].filter(Boolean).join('.') : path;
  throw new ApiError(400, 'invalid_field', describe(path, issue), { field: field || 'body' });
}

const TYPE_WORDS: Record<string, string> = { int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object' };

function describe(field: string, issue: Issue): string {
  if (issue.code === 'unrecognized_keys') return `${issue.keys!.map((key) => (field ? `${field}.${key}` : key)).join(', ')}: not a field this takes.`;
  if (!field) return 'The body must be a JSON object.';
  if (issue.params?.followsFieldName) return `${field} ${issue.message}.`; // readable-text.ts words it so
  if (issue.code === 'invalid_type') return /received undefined$/.test(issue.message) ? `${field} is required.` : `${field} must be ${TYPE_WORDS[issue.expected!] ?? `a ${issue.expected}`}.`;
  if (issue.origin === 'number' && issue.code === 'too_small') return `${field} must be at least ${issue.minimum}.`;
  if (issue.origin === 'number' && issue.code === 'too_big') return `${field} must be at most ${issue.maximum}.`;
  if (issue.origin === 'array' && issue.code === 'too_big') return `${field} may have at most ${issue.maximum} entries.`;
  if (issue.code === 'too_small') return `${field} must not be empty.`;
  if (issue.code === 'too_big') return `${field} is too long.`;
  return `${field}: ${issue.message}`;
}
