import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { PERMISSIONS_POLICY } from '../../src/server/http/security.js';
import { PAGE_FILES } from '../../build.mjs';

interface Target {
  target: string;
  public: string;
  rewrites: { source: string; destination?: string; run?: { serviceId: string } }[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

const { hosting } = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as { hosting: Target[] };
const target = (name: string) => hosting.find((entry) => entry.target === name)!;
const header = (entry: Target, source: string, key: string) =>
  entry.headers.find((rule) => rule.source === source)?.headers.find((item) => item.key === key)?.value;

const Hosting = suite('firebase.json');

Hosting('the site rewrites /api/** to the API service first, the menu and a dish to the files that preload their pages (in Italian under /it/), then ** to /index.html', () => {
  const { rewrites, public: folder } = target('site');
  assert.is(folder, 'dist/site');
  assert.is(rewrites.length, 8);
  assert.is(rewrites[0]!.source, '/api/**');
  assert.is(rewrites[0]!.run?.serviceId, 'tavola-api');
  assert.equal(rewrites.slice(1), [
    { source: '/it/menu', destination: '/it/menu.html' },
    { source: '/it/menu/*', destination: '/it/dish.html' },
    { source: '/it', destination: '/it/index.html' },
    { source: '/it/**', destination: '/it/index.html' },
    { source: '/menu', destination: '/menu.html' },
    { source: '/menu/*', destination: '/dish.html' },
    { source: '**', destination: '/index.html' },
  ]);
  assert.equal(Object.keys(PAGE_FILES.site!).sort(), ['dish.html', 'index.html', 'menu.html'], 'build.mjs writes each file a rewrite names');
});

Hosting('the demo has only the ** rewrite', () => {
  const { rewrites, public: folder } = target('demo');
  assert.is(folder, 'dist/demo');
  assert.equal(rewrites, [{ source: '**', destination: '/index.html' }]);
});

Hosting('the playground has only the ** rewrite, and talks to nothing but its own origin', () => {
  const { rewrites, public: folder } = target('playground');
  assert.is(folder, 'dist/playground');
  assert.equal(rewrites, [{ source: '**', destination: '/index.html' }]);
  assert.match(header(target('playground'), '**', 'Content-Security-Policy')!, "connect-src 'self';");
});

for (const name of ['site', 'demo', 'playground']) {
  Hosting(`${name}: a CSP without unsafe-inline, nosniff and a referrer policy on every answer`, () => {
    const csp = header(target(name), '**', 'Content-Security-Policy')!;
    assert.match(csp, "script-src 'self'");
    assert.not.match(csp, 'unsafe-inline');
    assert.not.match(csp, 'unsafe-eval');
    assert.is(header(target(name), '**', 'X-Content-Type-Options'), 'nosniff');
    assert.is(header(target(name), '**', 'Referrer-Policy'), 'strict-origin-when-cross-origin');
    assert.is(header(target(name), '**', 'Permissions-Policy'), PERMISSIONS_POLICY, 'the same policy as the server sends');
  });

  Hosting(`${name}: dotfiles are never deployed`, () => {
    assert.ok((target(name) as Target & { ignore: string[] }).ignore.includes('**/.*'));
  });

  Hosting(`${name}: HTML is revalidated, hashed assets are cached for a year (the later rule wins)`, () => {
    const { headers } = target(name);
    assert.is(header(target(name), '**', 'Cache-Control'), 'no-cache');
    assert.is(header(target(name), '/assets/**', 'Cache-Control'), 'public, max-age=31536000, immutable');
    assert.ok(headers.findIndex((rule) => rule.source === '/assets/**') > headers.findIndex((rule) => rule.source === '**'));
  });
}

Hosting('the site may only talk to its own origin', () => {
  assert.match(header(target('site'), '**', 'Content-Security-Policy')!, "connect-src 'self';");
});

Hosting.run();
