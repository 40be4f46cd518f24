// Serves the built site the way the static host does: a file when one exists, and for any
// other address the file of firebase.json's first rewrite that matches it (menu.html for
// /menu, index.html for the `**` rest), so a refresh at /menu/3 works. Rewrites and headers
// come from firebase.json, so local and hosted answers are the same.
import type { MiddlewareHandler } from 'hono';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { PROJECT_ROOT } from './config.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** One hosting target of firebase.json, as written. */
export interface HostingTarget {
  target: string;
  public: string;
  cleanUrls?: boolean;
  rewrites: { source: string; destination?: string; run?: { serviceId: string; region?: string } }[];
  headers: HeaderRule[];
}

export function hostingTarget(target: string): HostingTarget {
  const config = JSON.parse(readFileSync(join(PROJECT_ROOT, 'firebase.json'), 'utf8')) as { hosting: HostingTarget[] };
  const found = config.hosting.find((entry) => entry.target === target);
  if (!found) throw new Error(`firebase.json has no hosting target "${target}".`);
  return found;
}

/** The header rules of one hosting target in firebase.json, as [pattern, headers]. */
export function hostingHeaders(target: string): [RegExp, [string, string][]][] {
  return hostingTarget(target).headers.map((rule) => [globToRegExp(rule.source), rule.headers.map((header) => [header.key, header.value])]);
}

// Firebase globs: `**` is any run of characters, `*` stays inside one segment.
function globToRegExp(glob: string): RegExp {
  const pattern = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*|\*/g, (star) => (star === '**' ? '.*' : '[^/]*'));
  return new RegExp(`^${pattern.startsWith('/') ? '' : '/?'}${pattern}$`);
}

/**
 * serve-handler's settings for one hosting target of firebase.json, serving `outdir` with
 * that target's rewrites and headers (`header` may change a value), so a local server and
 * the host cannot drift.
 */
export function staticHostConfig(target: string, outdir: string, header = (_key: string, value: string) => value) {
  const hosting = hostingTarget(target);
  return {
    public: outdir,
    cleanUrls: hosting.cleanUrls ?? false,
    directoryListing: false,
    rewrites: hosting.rewrites.flatMap(({ source, destination }) => (destination ? [{ source, destination }] : [])),
    headers: hosting.headers.map((rule) => ({ source: rule.source, headers: rule.headers.map(({ key, value }) => ({ key, value: header(key, value) })) })),
  };
}

/** Adds `origin` to the CSP's connect-src and img-src: the demo served locally talks to the stand-in. */
export function allowInCsp(csp: string, origin: string): string {
  return csp.replace(/(connect-src|img-src)([^;]*)/g, `$1$2 ${origin}`);
}

/**
 * Serves the built site in `siteDir` for GET and HEAD, with the rewrites' files as the fallback.
 * `statusOf` gives a page's status (page-status.ts: 404 for an address that names nothing);
 * without it, or while it cannot tell (the database away), a page is a 200.
 */
export function serveSite(siteDir: string, statusOf?: (path: string, query: URLSearchParams) => Promise<200 | 404>): MiddlewareHandler {
  const rules = hostingHeaders('site');
  const rewrites = hostingTarget('site').rewrites.flatMap(({ source, destination }) => (destination ? [[globToRegExp(source), destination] as const] : []));
  const root = normalize(siteDir + sep);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = safeDecode(c.req.path);
    const requested = normalize(join(root, path));
    let file = requested;
    let status: 200 | 404 = 200;
    // Dotfiles (`.env`, `.git/config`) are never served, as the host ignores them too.
    if (/\/\./.test(path) || !requested.startsWith(root) || !(await isFile(requested))) {
      // A missing asset is a 404, not the page: a script answered with HTML fails in confusing ways.
      if (c.req.path.startsWith('/assets/')) return next();
      // A build without the page files (the bench's anchor) gets index.html for every page.
      const rewritten = join(root, rewrites.find(([pattern]) => pattern.test(c.req.path))?.[1] ?? 'index.html');
      file = (await isFile(rewritten)) ? rewritten : join(root, 'index.html');
      status = (await statusOf?.(c.req.path, new URL(c.req.url).searchParams).catch(() => 200 as const)) ?? 200;
    }
    // Later rules win, as on the host.
    for (const [pattern, headers] of rules) if (pattern.test(c.req.path)) for (const [key, value] of headers) c.header(key, value);
    c.header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    const sent = await encoded(c.req.header('Accept-Encoding'), file, (name, value) => c.header(name, value));
    if (c.req.method === 'HEAD') return c.body(null, status);
    return c.body(new Uint8Array(await readFile(sent)), status);
  };
}

// Text files have a brotli and a gzip copy made at build time (build.mjs `precompress`).
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml']);
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** The file to send: the smallest copy the request accepts, with the headers that say so. */
async function encoded(acceptEncoding = '', file: string, header: (name: string, value: string) => void): Promise<string> {
  if (!COMPRESSIBLE.has(extname(file))) return file;
  header('Vary', 'Accept-Encoding');
  const accepts = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q=/) as [string, string?])
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name.toLowerCase()),
  );
  for (const [name, suffix] of ENCODINGS) {
    if (accepts.has(name) && (await isFile(file + suffix))) {
      header('Content-Encoding', name);
      return file + suffix;
    }
  }
  return file;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
