import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../build.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const Build = suite('build.mjs');
const out = mkdtempSync(join(tmpdir(), 'tavola-build-'));
Build.after(() => rmSync(out, { recursive: true, force: true }));

for (const app of ['site', 'demo']) {
  Build(`${app}: index.html names content-hashed assets that exist, with no sourcemap deployed`, async () => {
    const dir = join(out, app);
    const { script } = await buildApp(app, { outdir: dir, demoApiUrl: 'http://127.0.0.1:1' });
    assert.match(script, /^main-[A-Z0-9]{8}\.js$/);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.match(html, `<script type="module" src="/assets/${script}"></script>`);
    assert.ok(existsSync(join(dir, 'assets', script)));
    assert.not.match(html, /<script>|<style>|style="/, 'nothing inline, so the CSP needs no unsafe-inline');
    const assets = readdirSync(join(dir, 'assets'));
    assert.equal(assets.filter((file) => file.endsWith('.map')), []);
    assert.not.match(readFileSync(join(dir, 'assets', script), 'utf8'), 'sourceMappingURL');
    assert.ok(existsSync(join(dir, 'favicon.svg')), 'public files are copied');
  });
}

Build('site: each page file preloads the entry’s chunk and its own page’s file, and no other page’s', async () => {
  const dir = join(out, 'site');
  const preloaded = (html: string) => [...readFileSync(join(dir, html), 'utf8').matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)">/g)].map((match) => match[1]!);
  // Each page's file by words only it has.
  const holding = (words: string) => readdirSync(join(dir, 'assets')).filter((file) => file.endsWith('.js') && readFileSync(join(dir, 'assets', file), 'utf8').includes(words));
  const [home, menu, dish] = ['See the menu and order', 'Show more dishes', 'Added. '].map(holding);
  assert.equal([home!.length, menu!.length, dish!.length], [1, 1, 1]);
  const pages = { 'index.html': home![0], 'menu.html': menu![0], 'dish.html': dish![0] };
  const shared = preloaded('index.html').filter((file) => file !== home![0]);
  assert.is(shared.length, 1, 'the site’s one chunk');
  // The dish page's file shares the 404 content with the 404 page's: a small chunk of their own.
  const [notFound] = holding('It may have moved, or the address has a typo.');
  for (const [html, page] of Object.entries(pages)) assert.equal(preloaded(html), [...shared, page, ...(html === 'dish.html' ? [notFound] : [])], html);
  // The same head up to the scripts, but for each page's own hreflang alternates.
  const head = (html: string) => readFileSync(join(dir, html), 'utf8').split('<script')[0]!.replace(/\s*<link rel="alternate"[^>]*>/g, '');
  assert.is(head('menu.html'), head('index.html'), 'the same head up to the scripts');
  assert.match(readFileSync(join(dir, 'menu.html'), 'utf8'), '<link rel="alternate" hreflang="it" href="http://127.0.0.1:8080/it/menu">');
});

Build('site: robots.txt and a sitemap of the seed menu, with absolute addresses on PUBLIC_ORIGIN', async () => {
  const dir = join(out, 'crawlers');
  const before = process.env.PUBLIC_ORIGIN;
  process.env.PUBLIC_ORIGIN = 'https://tavola.example/';
  try {
    await buildApp('site', { outdir: dir });
  } finally {
    if (before === undefined) delete process.env.PUBLIC_ORIGIN;
    else process.env.PUBLIC_ORIGIN = before;
  }
  const robots = readFileSync(join(dir, 'robots.txt'), 'utf8');
  assert.is(robots, 'User-agent: *\nDisallow: /api/\nDisallow: /login\nDisallow: /account\nDisallow: /kitchen\nDisallow: /display\nDisallow: /pair\nDisallow: /board\nDisallow: /forbidden\nDisallow: /orders/\nDisallow: /booking\nDisallow: /admin\nDisallow: /it/login\nDisallow: /it/account\nDisallow: /it/kitchen\nDisallow: /it/display\nDisallow: /it/pair\nDisallow: /it/board\nDisallow: /it/forbidden\nDisallow: /it/orders/\nDisallow: /it/booking\nDisallow: /it/admin\nAllow: /\n\nSitemap: https://tavola.example/sitemap.xml\n');
  const locs = [...readFileSync(join(dir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  assert.is(locs.length, 74, 'each page in English and in Italian');
  assert.equal(locs.slice(0, 4), ['https://tavola.example/', 'https://tavola.example/it/', 'https://tavola.example/menu', 'https://tavola.example/it/menu']);
  assert.equal(locs.slice(-2), ['https://tavola.example/menu/26', 'https://tavola.example/it/menu/26']);
  assert.ok(existsSync(join(dir, 'sitemap.xml.br')), 'compressed like the other text files');
});

Build('dotfiles in public/ are not copied into the build', async () => {
  const hidden = [join(root, 'public', 'site', '.env'), join(root, 'public', 'site', 'images', '.secret')];
  for (const file of hidden) writeFileSync(file, 'SECRET=1');
  try {
    const dir = join(out, 'dotfiles');
    await buildApp('site', { outdir: dir });
    assert.not.ok(existsSync(join(dir, '.env')));
    assert.not.ok(existsSync(join(dir, 'images', '.secret')));
    assert.ok(existsSync(join(dir, 'images', 'dishes')), 'the rest is copied');
  } finally {
    for (const file of hidden) rmSync(file, { force: true });
  }
});

Build.run();
