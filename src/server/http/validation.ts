// The API's own Hono app, whose request validation (zod, through @hono/zod-openapi) fails
// as a 400 that names the first field at fault, in plain words.
import { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from './errors.js';
import { language, t } from './language.js';

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
  format?: string;
  values?: unknown[];
}

// A zod failure becomes a 400 that names the first field at fault, in plain words.
function validationFailed(result: { success: boolean; error?: { issues: Issue[] } }) {
  if (result.success) return;
  const issue = result.error!.issues[0]!;
  const path = issue.path.map(String).join('.');
  const field = issue.code === 'unrecognized_keys' ? [path, issue.keys![0]].filter(Boolean).join('.') : path;
  throw new ApiError(400, 'invalid_field', describe(path, issue), { field: field || 'body' });
}

// Field names stay as the API spells them (codes); the words around them follow the request's language.
const typeWords = (type: string | undefined): string =>
  type === 'int' ? t('a whole number') : type === 'boolean' ? t('true or false') : type === 'array' ? t('a list') : type === 'object' ? t('an object') : type === 'number' ? t('a number') : type === 'string' ? t('a string') : `a ${type}`;

function describe(field: string, issue: Issue): string {
  if (issue.code === 'unrecognized_keys') return t('{fields}: not a field this takes.', { fields: issue.keys!.map((key) => (field ? `${field}.${key}` : key)).join(', ') });
  if (!field) return t('The body must be a JSON object.');
  if (issue.params?.followsFieldName) return `${field} ${issue.message}.`; // readable-text.ts words it so
  if (issue.code === 'invalid_type') return /received undefined$/.test(issue.message) ? t('{field} is required.', { field }) : t('{field} must be {type}.', { field, type: typeWords(issue.expected) });
  if (issue.origin === 'number' && issue.code === 'too_small') return t('{field} must be at least {minimum}.', { field, minimum: String(issue.minimum) });
  if (issue.origin === 'number' && issue.code === 'too_big') return t('{field} must be at most {maximum}.', { field, maximum: String(issue.maximum) });
  if (issue.origin === 'array' && issue.code === 'too_big') return t('{field} may have at most {maximum} entries.', { field, maximum: String(issue.maximum) });
  if (issue.code === 'too_small') return t('{field} must not be empty.', { field });
  if (issue.code === 'too_big') return t('{field} is too long.', { field });
  if (issue.code === 'invalid_format' && issue.format === 'email') return t('{field} must be an e-mail address.', { field });
  if (issue.code === 'invalid_value' && issue.values?.length) return t('{field} must be one of {values}.', { field, values: issue.values.map((value) => JSON.stringify(value)).join(', ') });
  // Otherwise zod's words, or a schema's own (English): an Italian request is told which field, in Italian.
  return language() === 'it' ? t('{field} is not valid.', { field }) : `${field}: ${issue.message}`;
}
