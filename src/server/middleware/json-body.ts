// Checks a request body before any route sees it: the right content type (415), a small
// size (413) and JSON that parses (400). Each failure is the API's JSON error shape.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors.js';

export const MAX_BODY_BYTES = 16 * 1024;

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'body_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
  },
});

export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'POST' && c.req.method !== 'PUT' && c.req.method !== 'PATCH') return next();
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  return limit(c, async () => {
    try {
      await c.req.json(); // parsed once here; the route's validator reads the same parse
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(400, 'malformed_json', 'The request body is not valid JSON.');
    }
    await next();
  });
};
