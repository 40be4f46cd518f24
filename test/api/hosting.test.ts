import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superstaticModule from 'superstatic';
import { buildApp } from '../../build.mjs';
import { createHttpServer, listen } from '../../src/server/http/listen.js';
import { createTestApi } from '../helpers/api.js';

// firebase.json as written, served by superstatic, the engine of Firebase Hosting's
// emulator: a refresh at any deep address gets index.html, hashed assets are cached for
// a year, every answer has the CSP, and on the site `/api/**` goes to the API (the
// emulator's Cloud Run rewrite, played here by the API on loopback), not to index.html.
const root = mkdtempSync(join(tmpdir(), 'tavola-hosting-'));
const config = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as { hosting: { target: string; public: string }[] };
const servers: Server[] = [];
const bases: Record<string, string> = {};
let asset: Record<string, string> = {};
// A CommonJS module whose `exports.default` is the function: Node hands ESM the exports object.
const superstatic = (superstaticModule as unknown as { default: typeof superstaticModule }).default;

/** The `run` rewrite: forward the request to the API service (here, on loopback). */
const toApi = (api: string) => (req: IncomingMessage, res: ServerResponse) =>
  req.pipe(
    request(api + req.url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    }),
  );

const Hosting = suite('firebase.json, served by superstatic as written');

Hosting.before(async () => {
  const api = createHttpServer((await createTestApi()).app);
  servers.push(api);
  const apiBase = `http://127.0.0.1:${await listen(api, 0, '127.0.0.1')}`;
  for (const target of config.hosting) {
    // Built where firebase.json's `public` says, relative to the folder superstatic works in.
    const built = await buildApp(target.target, { outdir: join(root, target.public), demoApiUrl: 'https://dummyjson.com' });
    asset = { ...asset, [target.target]: `/assets/${built.script}` };
    const handle = superstatic({ config: target as never, cwd: root, rewriters: { run: async () => toApi(apiBase) } });
    const server = createServer((req, res) =>
      handle(req, res, () => {
        res.statusCode = 404;
        res.end('Not found');
      }),
    );
    servers.push(server);
    bases[target.target] = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  }
});
Hosting.after(() => {
  for (const server of servers) server.close();
  rmSync(root, { recursive: true, force: true });
});

const DEEP: Record<string, string[]> = {
  site: ['/', '/menu', '/menu/3', '/menu?category=pizza&q=mar', '/orders/AAAAAAAAAAAAAAAAAAAAAA', '/kitchen', '/account', '/login', '/forbidden', '/no/such/page'],
  demo: ['/', '/products', '/products/3', '/products?category=beauty', '/profile', '/admin', '/login', '/no/such/page'],
  playground: ['/', '/?lesson=2', `/?table=${encodeURIComponent('(layout)\n  menu/:id')}&at=%2Fmenu%2F3&as=admin`, '/no/such/page'],
};

// The site's menu and dish addresses get the files that preload their pages (build.mjs PAGE_FILES).
const fileOf = (name: string, path: string) => (name !== 'site' ? 'index.html' : /^\/menu(\?|$)/.test(path) ? 'menu.html' : /^\/menu\/[^/]+$/.test(path) ? 'dish.html' : 'index.html');

for (const name of ['site', 'demo', 'playground']) {
  Hosting(`${name}: a refresh at every deep address gets its page's HTML, with the CSP and no-cache`, async () => {
    for (const path of DEEP[name]!) {
      const response = await fetch(bases[name]! + path);
      assert.is(response.status, 200, path);
      assert.is(await response.text(), readFileSync(join(root, 'dist', name, fileOf(name, path)), 'utf8'), path);
      assert.match(response.headers.get('Content-Security-Policy')!, "script-src 'self'", path);
      assert.is(response.headers.get('Cache-Control'), 'no-cache', path);
    }
  });

  Hosting(`${name}: hashed assets are cached for a year, with the CSP`, async () => {
    const response = await fetch(bases[name]! + asset[name]);
    assert.is(response.status, 200);
    assert.is(response.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    assert.ok(response.headers.get('Content-Security-Policy'));
    assert.is(response.headers.get('X-Content-Type-Options'), 'nosniff');
  });
}

Hosting('site: /api/** reaches the API first, never index.html', async () => {
  const dishes = await fetch(`${bases.site}/api/v1/dishes/3`);
  assert.is(dishes.status, 200);
  assert.is((await dishes.json()).id, 3);
  const missing = await fetch(`${bases.site}/api/v1/nothing-here`);
  assert.is(missing.status, 404);
  assert.is((await missing.json()).code, 'not_found');
});

Hosting('site: robots.txt and sitemap.xml are the built files, never index.html', async () => {
  const robots = await fetch(`${bases.site}/robots.txt`);
  assert.is(robots.status, 200);
  assert.match(robots.headers.get('Content-Type')!, 'text/plain');
  assert.is(await robots.text(), readFileSync(join(root, 'dist', 'site', 'robots.txt'), 'utf8'));
  const sitemap = await fetch(`${bases.site}/sitemap.xml`);
  assert.is(sitemap.status, 200);
  assert.match(sitemap.headers.get('Content-Type')!, 'xml');
  const xml = await sitemap.text();
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
  assert.is(xml.match(/<url>/g)!.length, 74, 'home, menu, the booking form, privacy, imprint, 6 categories, 26 dishes, each in English and in Italian');
});

Hosting('site: the home page, and only it, preloads its hero picture', async () => {
  assert.is((await fetch(`${bases.site}/`)).headers.get('Link'), '</images/hero.svg>; rel=preload; as=image; fetchpriority=high');
  for (const path of ['/menu', '/menu/3', '/robots.txt']) assert.is((await fetch(bases.site + path)).headers.get('Link'), null, path);
});

Hosting('demo: there is no /api rule; /api/anything is just another address of the app', async () => {
  const response = await fetch(`${bases.demo}/api/v1/dishes`);
  assert.is(response.status, 200);
  assert.match(await response.text(), '<div id="app">');
});

Hosting.run();
