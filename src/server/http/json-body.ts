// Checks the body of a route that takes JSON, before its validator sees it: the right
// content type (415), a small size (413), a body that arrived whole and JSON that parses
// (400). It is a middleware of those routes only, so a method or path with no route is a
// 405 or 404 whatever its body.
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';
import { t } from './language.js';

export const MAX_BODY_BYTES = 16 * 1024;

/** `application/json`, optionally with parameters (`; charset=utf-8`): what the validator accepts too. */
const JSON_TYPE = /^application\/json(;\s*[a-zA-Z0-9-]+=[^;]+)*$/i;

// The client may still be sending: `Connection: close` tells it not to send more on this
// connection, and the server reads what is in flight before closing (see listen.ts).
const tooLarge = (message: string) => new ApiError(413, 'body_too_large', message, { headers: { Connection: 'close' } });

export const readJsonBody: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', t('Send the body as JSON with Content-Type: application/json.'));
  }
  const body = await readLimitedBody(c, MAX_BODY_BYTES, t('The request body is larger than {size} KiB.', { size: MAX_BODY_BYTES / 1024 }));
  c.req.raw = new Request(c.req.raw, { body: body.toString('utf8') });
  try {
    await c.req.json(); // parsed once here; the route's validator reads the same parse
  } catch {
    throw new ApiError(400, 'malformed_json', t('The request body is not valid JSON.'));
  }
  await next();
};

/** The whole body, refused (413, with `message`) as soon as it is known to be larger than `limit` bytes. */
export async function readLimitedBody(c: Context, limit: number, message: string): Promise<Buffer> {
  if (Number(c.req.header('Content-Length') ?? 0) > limit) throw tooLarge(message);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = c.req.raw.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
      size += part.value.byteLength;
      if (size > limit) throw tooLarge(message);
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The body stopped arriving (the client went away): not a failure of ours.
    throw new ApiError(400, 'incomplete_body', t('The request body did not arrive in full.'));
  }
  return Buffer.concat(chunks);
}
