// Small builders for route descriptions, so each route reads as what it does.
import type { z } from '@hono/zod-openapi';
import { ErrorSchema } from './schemas.js';

export const BEARER_AUTH = [{ Bearer: [] }];

const REASONS: Record<number, string> = {
  400: 'The request is malformed (`malformed_json`, `incomplete_body`) or a field is missing or wrong (`invalid_field`; `field` names it).',
  401: 'No valid access token. An expired one also gets `X-Token-Expired: true`.',
  403: 'Signed in, but the role may not do this.',
  404: 'Not found.',
  413: 'The body is larger than 16 KiB. Sent with `Connection: close`.',
  415: 'The body is not sent as application/json.',
  429: 'Too many of these from this client or account (`too_many_attempts`, `too_many_orders`, `too_many_bookings`, `too_many_streams`); wait for the seconds in Retry-After.',
  503: 'Not now: the database is not answering (`database_unavailable`), the server is too busy (`server_busy`) or shutting down (`shutting_down`); try again after Retry-After.',
};

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

export function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, json(ErrorSchema, REASONS[status]!)]));
}
