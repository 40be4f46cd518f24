// JSON answers over 1 KiB go out compressed (brotli, else gzip) when the client accepts it:
// the dish list is 8 KiB as JSON and about 2 KiB compressed. Event streams and small
// answers are left as they are.
import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const THRESHOLD = 1024;

export const compressJson: MiddlewareHandler = async (c, next) => {
  const accepts = (c.req.header('Accept-Encoding') ?? '').toLowerCase();
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  await next();
  // Nothing to do, or nothing asked for: the answer is not even looked at (that is not free).
  if (!encoding) return;
  const res = c.res;
  if (!res.headers.get('Content-Type')?.startsWith('application/json') || res.headers.has('Content-Encoding') || !res.body) return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.length <= THRESHOLD) {
    c.res = new Response(body, res); // read to measure it: put it back as it was
    return;
  }
  // Quality 5: most of the gain of the highest setting at a small part of its cost.
  const compressed = encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
  const headers = new Headers(res.headers);
  headers.set('Content-Encoding', encoding);
  headers.append('Vary', 'Accept-Encoding');
  headers.delete('Content-Length');
  c.res = new Response(new Uint8Array(compressed), { status: res.status, headers });
};
