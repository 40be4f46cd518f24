// JSON answers over 1 KiB go out compressed (brotli, else gzip) when the client accepts it:
// the dish list is 8 KiB as JSON and about 2 KiB compressed. Event streams and small
// answers are left as they are, and so is an answer already compressed (the menu cache
// keeps its compressed copies).
import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESS_OVER = 1024;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in for an Accept-Encoding header: brotli first, then gzip, else none. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepts = (header ?? '').toLowerCase();
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

/** Brotli at quality 5 gives most of the gain of the highest setting at a small part of its cost. */
export const compress = (body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> =>
  new Uint8Array(encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 }));

export const compressJson: MiddlewareHandler = async (c, next) => {
  const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
  await next();
  // Nothing to do, or nothing asked for: the answer is not even looked at (that is not free).
  if (!encoding) return;
  const res = c.res;
  if (!res.headers.get('Content-Type')?.startsWith('application/json') || res.headers.has('Content-Encoding') || !res.body) return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.length <= COMPRESS_OVER) {
    c.res = new Response(body, res); // read to measure it: put it back as it was
    return;
  }
  const headers = new Headers(res.headers);
  headers.set('Content-Encoding', encoding);
  headers.append('Vary', 'Accept-Encoding');
  headers.delete('Content-Length');
  c.res = new Response(compress(body, encoding), { status: res.status, headers });
};
