// Menu answers (categories, dish lists, one dish, search) are the same for everyone until
// the menu changes, and they are most of what the API is asked. So each answer is kept
// per address and language under the menu's version (menu/version.ts: the database raises
// it on every change, from any process), with its compressed copies and every header it
// was sent with, and carries the version as its ETag: a client that sends it back in
// If-None-Match gets a 304 with no body.
// Reading the version costs one small query per turn of the event loop (see
// versionAfterThisTurn); nothing is ever served stale.
// Only 200 answers are kept, at most `maxBytes` of them, least recently used first out.
// While the database cannot be reached, a kept answer is served as it is: nobody can
// change the menu meanwhile, so it is still the newest there is.
//
// A kept answer is sent two ways:
// - `middleware`, in the app: it makes and keeps answers, and answers 304s;
// - `answer`, before the app (http/listen.ts calls it with Node's request): a GET whose
//   answer is kept and current is written straight from what was kept, the headers the
//   app sent included, without the framework's objects. On the API's hottest row that is
//   most of the difference to a bare node:http server. Anything else, or any doubt (no
//   Host, a `lang` the app would refuse, an If-None-Match, a shutdown under way), goes to
//   the app.
import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/schema.js';
import { menuVersion } from './version.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { acceptedEncoding, compress, COMPRESS_OVER, type Encoding } from '../http/compress.js';
import { fromAcceptLanguage, runInLanguage } from '../http/language.js';
import { askedLanguage } from '../http/request-language.js';
import { ROUTE, type Routed } from '../http/route-name.js';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.js';

/** The addresses whose answers are kept (GET): they are made in the language asked only when made. */
export const KEPT_MENU_ANSWERS = /^\/api\/v1\/(categories|dishes(\/[^/]+)?|search)$/;

// An address the app would take as sent, with no question: a plain host, and a target of
// plain characters without dot segments (@hono/node-server builds the URL from those as they
// are). Anything else goes to the app, whose answer to it is whatever it is.
const PLAIN_HOST = /^[a-z0-9._-]+(:\d{1,5})?$/i;
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/** Browsers may keep a menu answer but must ask again before using it (then mostly get a 304). */
const CACHE_CONTROL = 'no-cache';

interface Entry {
  version: number;
  json: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** The headers the app sent it with, but for the body's length and encoding: `[name, value, name, value…]`. */
  headers?: string[];
  /** Those headers with each body's, as Node's writeHead takes them, made on first use. */
  heads: Partial<Record<Encoding | 'identity', (string | number)[]>>;
  /** The pattern of the route that made it (`/api/v1/dishes/:id`): what the metrics and the log name it by when it is written before the app. */
  route: string;
}

export interface MenuCache {
  /** The app's side: keeps the answers the route makes, and answers from them. */
  middleware: MiddlewareHandler;
  /** Answers `request` from a kept answer, before the app: true when it did (or will). */
  answer(request: IncomingMessage, response: ServerResponse, isDraining: () => boolean): false | Promise<boolean>;
}

export function createMenuCache(db: Db, { maxBytes = 16 * 1024 * 1024 }: { maxBytes?: number } = {}): MenuCache {
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

  /** The version to answer `entry` at: the database's, or the entry's own while the database is away. */
  async function currentVersion(entry: Entry | undefined): Promise<number> {
    try {
      return await versionAfterThisTurn();
    } catch (error) {
      if (!entry || !isDatabaseUnavailable(error)) throw error;
      return entry.version;
    }
  }

  /** The body for a client that accepts `header`, kept compressed once made. */
  function bodyFor(entry: Entry, header: string | undefined): [Encoding | null, Uint8Array<ArrayBuffer>] {
    const encoding = entry.json.length > COMPRESS_OVER ? acceptedEncoding(header) : null;
    if (!encoding) return [null, entry.json];
    entry.encoded[encoding] ??= compress(entry.json, encoding);
    return [encoding, entry.encoded[encoding]];
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = c.req.url; // absolute: the key is its path and query as sent
    // Per language: the same address answers in English and in Italian (http/request-language.ts).
    const lang = askedLanguage(c);
    const key = `${lang} ${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
    let entry = entries.get(key);
    const version = await currentVersion(entry);
    const tag = `W/"menu-${version}-${lang}"`;
    const headers: Record<string, string> = { ETag: tag, 'Cache-Control': CACHE_CONTROL, Vary: 'Accept-Encoding, Accept-Language' };
    if (sameTag(c.req.header('If-None-Match'), tag)) return c.body(null, 304, headers);
    if (entry?.version !== version) {
      await runInLanguage(lang, next); // the answer is made in the language asked
      if (c.res.status !== 200) return; // an error is answered as it is, and not kept
      entry = { version, json: new Uint8Array(await c.res.arrayBuffer()), encoded: {}, heads: {}, route: c.req.routePath };
    }
    const [encoding, body] = bodyFor(entry, c.req.header('Accept-Encoding'));
    if (encoding) headers['Content-Encoding'] = encoding;
    keep(key, entry);
    // Built from the headers set before the handler ran (security.ts), not merged with the
    // answer it replaces: Hono would copy that one's headers over.
    c.res = undefined;
    c.res = c.body(body, 200, { 'Content-Type': 'application/json', ...headers });
    entry.headers ??= [...c.res.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length').flat();
  };

  function answer(request: IncomingMessage, response: ServerResponse, isDraining: () => boolean): false | Promise<boolean> {
    if (request.method !== 'GET' || request.headers['if-none-match'] !== undefined || !PLAIN_HOST.test(request.headers.host ?? '')) return false;
    const url = request.url ?? '';
    if (!PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return false;
    const query = url.indexOf('?');
    if (!KEPT_MENU_ANSWERS.test(query < 0 ? url : url.slice(0, query))) return false;
    const asked = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('lang');
    if (asked !== null && !LANGUAGES.includes(asked as Language)) return false; // the app's 400
    const lang = (asked as Language | null) ?? fromAcceptLanguage(request.headers['accept-language']);
    const key = `${lang} ${url}`;
    const entry = entries.get(key);
    if (!entry?.headers) return false;
    return currentVersion(entry).then(
      (version) => {
        if (version !== entry.version || isDraining() || response.headersSent) return false;
        const [encoding, body] = bodyFor(entry, request.headers['accept-encoding']);
        const kind = encoding ?? 'identity';
        entry.heads[kind] ??= [...entry.headers!, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', body.length];
        keep(key, entry);
        (response as Routed)[ROUTE] = entry.route;
        response.writeHead(200, entry.heads[kind]).end(body);
        return true;
      },
      () => false, // the app answers the failure in its own words
    );
  }

  return { middleware, answer };
}

/** If-None-Match holds `tag` (compared weakly, as RFC 9110 asks for GET), or is `*`. */
function sameTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((each) => each.trim() === '*' || opaque(each) === opaque(tag));
}
