// Menu answers (categories, dish lists, one dish, search) are the same for everyone until
// the menu changes, and they are most of what the API is asked. So each answer is kept
// per address under the menu's version (menu/version.ts: the database raises it on
// every change, from any process), with its compressed copies, and carries the version
// as its ETag: a client that sends it back in If-None-Match gets a 304 with no body.
// Reading the version costs one small query per turn of the event loop (see
// versionAfterThisTurn); nothing is ever served stale.
// Only 200 answers are kept, at most `maxBytes` of them, least recently used first out.
// While the database cannot be reached, a kept answer is served as it is: nobody can
// change the menu meanwhile, so it is still the newest there is.
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/schema.js';
import { menuVersion } from './version.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { acceptedEncoding, compress, COMPRESS_OVER, type Encoding } from '../http/compress.js';
import { runInLanguage } from '../http/language.js';
import { askedLanguage } from '../http/request-language.js';

interface Entry {
  version: number;
  json: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

/** Browsers may keep a menu answer but must ask again before using it (then mostly get a 304). */
const CACHE_CONTROL = 'no-cache';

export function menuCache(db: Db, { maxBytes = 16 * 1024 * 1024 }: { maxBytes?: number } = {}): MiddlewareHandler {
  const entries = new Map<string, Entry>(); // in order of last use
  let bytes = 0;
  const size = (entry: Entry) => entry.json.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

  function keep(key: string, entry: Entry) {
    const old = entries.get(key);
    if (old) bytes -= size(old);
    entries.delete(key);
    entries.set(key, entry);
    bytes += size(entry);
    for (const [oldest, each] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= size(each);
    }
  }

  // The requests that arrive in one turn of the event loop share one reading of the
  // version, made at the end of that turn: each of them was sent before the reading, and
  // its answer is read after it, so no answer is older than its request.
  let nextReading: Promise<number> | undefined;
  function versionAfterThisTurn(): Promise<number> {
    nextReading ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      nextReading = undefined; // a request from now on waits for the next reading
      return menuVersion(db);
    });
    return nextReading;
  }

  return async (c, next) => {
    const url = c.req.url; // absolute: the key is its path and query as sent
    // Per language: the same address answers in English and in Italian (http/request-language.ts).
    const lang = askedLanguage(c);
    const key = `${lang} ${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
    let entry = entries.get(key);
    let version: number;
    try {
      version = await versionAfterThisTurn();
    } catch (error) {
      if (!entry || !isDatabaseUnavailable(error)) throw error;
      version = entry.version;
    }
    const tag = `W/"menu-${version}-${lang}"`;
    const headers: Record<string, string> = { ETag: tag, 'Cache-Control': CACHE_CONTROL, Vary: 'Accept-Encoding, Accept-Language' };
    if (sameTag(c.req.header('If-None-Match'), tag)) return c.body(null, 304, headers);
    if (entry?.version !== version) {
      await runInLanguage(lang, next); // the answer is made in the language asked
      if (c.res.status !== 200) return; // an error is answered as it is, and not kept
      entry = { version, json: new Uint8Array(await c.res.arrayBuffer()), encoded: {} };
    }
    const encoding = entry.json.length > COMPRESS_OVER ? acceptedEncoding(c.req.header('Accept-Encoding')) : null;
    let body = entry.json;
    if (encoding) {
      body = entry.encoded[encoding] ??= compress(entry.json, encoding);
      headers['Content-Encoding'] = encoding;
    }
    keep(key, entry);
    // Built from the headers set before the handler ran (security.ts), not merged with the
    // answer it replaces: Hono would copy that one's headers over.
    c.res = undefined;
    c.res = c.body(body, 200, { 'Content-Type': 'application/json', ...headers });
  };
}

/** If-None-Match holds `tag` (compared weakly, as RFC 9110 asks for GET), or is `*`. */
function sameTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((each) => each.trim() === '*' || opaque(each) === opaque(tag));
}
