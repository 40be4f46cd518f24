// Small builders for route descriptions, so each route reads as what it does.
import type { z } from '@hono/zod-openapi';
import { ErrorSchema } from './schemas.js';

export const BEARER_AUTH = [{ Bearer: [] }];

const REASONS: Record<number, string> = {
  400: 'The request is malformed (`malformed_json`, `incomplete_body`), a field, parameter or `lang` is missing or wrong (`invalid_field`; `field` names it), or the request is not valid HTTP (`bad_request`).',
  401: 'No valid access token. An expired one also gets `X-Token-Expired: true`.',
  403: 'Signed in, but the role may not do this (`forbidden`), or a paired display where only a person may go (`display_not_allowed`).',
  404: 'Not found.',
  408: 'The request did not arrive whole within 30 seconds (its headers within 10): `request_timeout`, and the connection is closed.',
  409: 'Changed meanwhile, or taken.',
  410: 'Used already, or expired.',
  413: 'The body is larger than 16 KiB. Sent with `Connection: close`.',
  415: 'The body is not sent as application/json.',
  429: 'Too many of these from this client or account (`too_many_attempts`, `too_many_orders`, `too_many_bookings`, `too_many_streams`); wait for the seconds in Retry-After.',
  500: 'A failure of ours (`internal`): a plain message, the details only in the server log.',
  503: 'Not now: the database is not answering (`database_unavailable`), the server is too busy (`server_busy`) or shutting down (`shutting_down`); try again after Retry-After.',
};

const CROSS_ORIGIN = 'A state change sent from another site (`cross_origin`): the API answers its own origin only.';

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

export function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, json(ErrorSchema, REASONS[status]!)]));
}

/** For an answer kept by ETag: the client's copy is current. */
export const NOT_MODIFIED = { 304: { description: 'Not modified: the ETag sent in If-None-Match is the current one. No body.' } };

interface Operation {
  parameters?: ({ in?: string } | { $ref: string })[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, unknown>;
}
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Lists on each operation of `document` the answers the API's edges give it, whatever the
 * route says: they come from middleware every route of a kind passes through, so each
 * route would otherwise have to repeat them, and the ones that did not were wrong.
 * - every operation: `lang` (a 400 when it is neither `en` nor `it`), 500, 503;
 * - a state change (not GET): 403 `cross_origin` (security.ts);
 * - a body: 400, 408, 413, 415 (json-body.ts, listen.ts);
 * - a Bearer token: 401, and 403 for a paired display where only a person may go;
 * - a path parameter: 404.
 */
export function listEdgeAnswers<T extends { paths?: object; components?: object }>(document: T): T {
  document.components ??= {};
  const components: { parameters?: object } = document.components;
  components.parameters = {
    ...components.parameters,
    Lang: { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['en', 'it'] }, description: 'The language of the answer; without it, Accept-Language decides (English unless Italian ranks first).' },
  };
  const add = (operation: Operation, status: number, description = REASONS[status]!) => {
    operation.responses[status] ??= json(ErrorSchema, description);
  };
  for (const item of Object.values(document.paths ?? {}) as Partial<Record<(typeof METHODS)[number], Operation>>[]) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/Lang' }];
      for (const status of [400, 500, 503]) add(operation, status);
      if (method !== 'get') add(operation, 403, CROSS_ORIGIN);
      if (operation.requestBody) for (const status of [408, 413, 415]) add(operation, status);
      if (operation.security?.some((scheme) => 'Bearer' in (scheme as object))) for (const status of [401, 403]) add(operation, status);
      if (operation.parameters.some((parameter) => 'in' in parameter && parameter.in === 'path')) add(operation, 404);
      operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return document;
}
