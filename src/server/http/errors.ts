// One error type with a status, and one JSON shape for every failure the API answers:
//   { "status": 404, "code": "not_found", "message": "No dish has the id 99." }
// (`field` is added when one request field is at fault; a conflict adds the `order` as it is now.)
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { quietLog } from '../quiet-log.js';
import { t } from './language.js';

export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  field?: string;
  [more: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: { field?: string; headers?: Record<string, string>; more?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Writes an ApiError as the JSON error shape, with its headers. */
export function errorResponse(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) c.header(name, value);
  const body: ErrorBody = { status: error.status, code: error.code, message: error.message, ...error.extra.more };
  if (error.extra.field) body.field = error.extra.field;
  return c.json(body, error.status);
}

// Hono's own exceptions, in the codes the API documents.
const HTTP_EXCEPTION_CODES: Partial<Record<number, string>> = { 400: 'bad_request', 413: 'body_too_large', 415: 'unsupported_media_type' };

/** How long a client should wait before it asks again while the database is away. */
const DATABASE_RETRY_SECONDS = 2;

export const databaseUnavailable = () =>
  new ApiError(503, 'database_unavailable', t('The database is not answering right now. Please try again in a moment.'), { headers: { 'Retry-After': String(DATABASE_RETRY_SECONDS) } });

// An outage fails every request at once: say so in the log once a minute, not once a request.
const logUnavailable = quietLog();

/** The app's onError: known errors keep their status; a database out of reach is a 503; anything else is a 500 without details. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (isDatabaseUnavailable(error)) {
    logUnavailable(`The database is unavailable (requests answer 503 until it is back): ${error.message}`);
    return errorResponse(c, databaseUnavailable());
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return errorResponse(c, new ApiError(status, HTTP_EXCEPTION_CODES[status] ?? 'bad_request', error.message || 'The request could not be handled.'));
  }
  console.error(error);
  return errorResponse(c, new ApiError(500, 'internal', t('Something went wrong on our side. Please try again.')));
}
