// In Chromium, ours beside a Preact + wouter build of the same diner pages (same markup,
// stylesheet and API), each served by `dist/server/main.mjs`:
// - first contentful paint of the home page, cold (a fresh browser context each time);
// - click → the first painted frame that shows the new view, and the first that shows
//   its content (the dish's price, the menu's dishes), over navigations between the menu
//   and a dish (clicks on a dish card and on the header's Menu link). Ours draws a dish
//   opened from the menu, and the menu it has seen, whole in the click's frame; the
//   anchor draws a loading frame first and the content once its fetch is answered.
// The anchor is built twice: as such apps usually are (an empty #app: nothing to paint
// before its script has run), and into our index.html with its static shell. The apps
// take turns, round after round.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { appOptions, buildAndMinify, copyPublic, precompress, writeIndex } from '../../build.mjs';
import { launchChromium } from '../helpers/browser.js';
import { siteAndServerBuilt } from '../helpers/built.js';
import { exited, startServer } from '../helpers/server-process.js';

export interface Timings {
  fcp: { median: number; p95: number };
  /** Click → the first frame with the new view (whole, or a loading frame). */
  frame: { median: number; p95: number };
  /** Click → the first frame with what was asked for (the dish's price, the menu's dishes). */
  content: { median: number; p95: number };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
};
const summary = (values: number[]) => ({ median: quantile(values, 0.5), p95: quantile(values, 0.95) });

async function buildPreact(outdir: string, { shell }: { shell: boolean }) {
  await copyPublic('site', outdir);
  const result = await buildAndMinify({
    ...appOptions('site'),
    entryPoints: [fileURLToPath(new URL('./anchors/preact-site.js', import.meta.url))],
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'error',
  });
  await writeIndex('site', outdir, result.metafile!, '', 'test/bench/anchors/preact-site.js');
  if (!shell) {
    const index = join(outdir, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace(/<div id="app">[\s\S]*?<\/div>\s*(?=<div id="announcer")/, '<div id="app"></div>\n    '));
  }
  await precompress(outdir);
}

// Page scripts are strings: tsx would wrap named functions in a helper the page does not have.

/**
 * Time from a click to the first painted frame in which `view` is in the page (the new
 * view, whole or a loading frame), and to the first in which `content` is (what the
 * person came for: the dish's price, the menu's dishes).
 */
function clickToFrames(page: Page, link: string, view: string, content: string): Promise<[number, number]> {
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    let viewAt;
    document.querySelector(${JSON.stringify(link)}).click();
    // Found in this frame's callbacks: the frame paints it next; a task queued now runs after that paint.
    const painted = (then) => setTimeout(() => then(performance.now() - start));
    const check = () => {
      if (viewAt === undefined && document.querySelector(${JSON.stringify(view)})) painted((time) => (viewAt = time));
      if (document.querySelector(${JSON.stringify(content)})) return painted((time) => resolve([viewAt ?? time, time]));
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
}

async function firstPaint(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/`, { waitUntil: 'load' });
  const fcp = await page.evaluate<number>(`new Promise((resolve) => {
    const wait = () => {
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      return entry ? resolve(entry.startTime) : setTimeout(wait, 10);
    };
    wait();
  })`);
  await context.close();
  return fcp;
}

/** `base` with the language's prefix (`…/it` for ours in Italian): its menu link is `${prefix}/menu`. */
async function navigate(browser: Browser, base: string, count: number, prefix = ''): Promise<{ view: number[]; content: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}${prefix}/menu`);
  await page.locator('.menu-section h3 a').first().waitFor();
  const view: number[] = [];
  const content: number[] = [];
  const add = ([shown, whole]: [number, number]) => {
    view.push(shown);
    content.push(whole);
  };
  for (let i = 0; i < count / 2; i++) {
    const card = `.menu-section .card:nth-child(${(i % 4) + 1}) h3 a`;
    add(await clickToFrames(page, card, 'main .dish', 'main .dish-details p.price'));
    add(await clickToFrames(page, `.nav-links a[href="${prefix}/menu"]`, 'main .menu', 'main .menu-section h3 a'));
  }
  await context.close();
  return { view, content };
}

export type App = 'ours' | 'ours, in Italian (/it/)' | 'preact+wouter' | 'preact+wouter, our shell';

export async function measureNavigation({ rounds = 5, loads = 4, navigations = 12 } = {}): Promise<Record<App, Timings>> {
  const dir = mkdtempSync(join(tmpdir(), 'tavola-navigation-'));
  const started: Awaited<ReturnType<typeof startServer>>[] = [];
  const browser = await launchChromium();
  try {
    await siteAndServerBuilt();
    await buildPreact(join(dir, 'preact'), { shell: false });
    await buildPreact(join(dir, 'preact-shell'), { shell: true });
    // Ours is the site as built for npm start (dist/site); the anchors are built here.
    const env = (name: string) => ({ PORT: '0', HOST: '127.0.0.1', ...(name === 'ours' ? {} : { SITE_DIR: join(dir, name) }), DATA_DIR: join(dir, `data-${name}`), JWT_SECRET: 'navigation-bench-navigation-bench-secret' });
    const names: [string, App][] = [['ours', 'ours'], ['preact', 'preact+wouter'], ['preact-shell', 'preact+wouter, our shell']];
    const apps: { name: App; base: string; prefix: string; fcp: number[]; frame: number[]; content: number[] }[] = [];
    for (const [folder, name] of names) {
      const server = await startServer([process.execPath, 'dist/server/main.mjs'], env(folder));
      started.push(server);
      apps.push({ name, base: server.base, prefix: '', fcp: [], frame: [], content: [] });
      // Ours in Italian: the same server, the Italian build's pages (the anchors have English only).
      if (name === 'ours') apps.push({ name: 'ours, in Italian (/it/)', base: server.base, prefix: '/it', fcp: [], frame: [], content: [] });
    }
    for (let round = 0; round < rounds; round++) {
      // A different order each round: no app always goes first.
      for (const app of apps.map((_, i) => apps[(i + round) % apps.length]!)) {
        for (let i = 0; i < loads; i++) app.fcp.push(await firstPaint(browser, app.base + app.prefix));
        const { view, content } = await navigate(browser, app.base, navigations, app.prefix);
        app.frame.push(...view);
        app.content.push(...content);
      }
    }
    return Object.fromEntries(apps.map((app) => [app.name, { fcp: summary(app.fcp), frame: summary(app.frame), content: summary(app.content) }])) as Record<App, Timings>;
  } finally {
    await browser.close();
    for (const { child } of started) {
      child.kill();
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
