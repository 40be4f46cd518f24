// The owner's menu editor with 200 dishes: the server as `npm start` runs it (the built site,
// SQLite), the seed's 26 dishes and 174 more spread over its six categories; then, in
// Chromium at 4× CPU slowdown (the DevTools protocol's throttling) at 1280 × 800, signed in
// as the Admin:
// - first draw: from a click on the navigation's Menu (on the overview) to the first frame in
//   which all 200 rows are in the page, five times (each a new editor, the page loaded);
// - a Sold out switch's next paint: Event Timing of 30 clicks (each on another dish), p75;
// - a reorder's next paint: Event Timing of 30 keyboard moves (Enter on a category's Move
//   down / Move up, in turns), p75 of each interaction's longest event (keydown or click);
//   the same for 30 moves of a dish within its category (its own Move down / Move up);
// - every owner page's first draw: from a click on its link in the navigation (on the
//   overview) to the first frame in which its heading is the page's and nothing in it is
//   still loading (no `aria-busy`), median of 3.
// Event Timing reports an event only from 16 ms (its least threshold): an event not
// reported took less and is counted as 16 ms, so a p75 of 16 reads "16 ms or less".
// And the admin pages' file and what it brings, min+gzip (sizes.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, buildServer } from '../../build.mjs';
import { launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/server-process.js';

export interface MenuEditorFigures {
  dishes: number;
  firstDraw: { median: number; max: number };
  /** p75 of the interactions' durations, ms (16: 16 or less). */
  soldOut: number;
  reorder: number;
  dishMove: number;
  /** Each owner page's first draw, median of 3, ms, by its address. */
  pages: Record<string, number>;
}

/** The owner's pages by the navigation's links, with the heading each shows. */
const PAGES: [path: string, heading: string][] = [
  ['/admin/bookings', 'Bookings'],
  ['/admin/day', "The day's numbers"],
  ['/admin/menu', 'Menu'],
  ['/admin/stations', 'Stations and late times'],
  ['/admin/restaurant', 'The restaurant'],
  ['/admin/hours', 'Opening hours'],
  ['/admin/tables', 'Tables'],
  ['/admin/displays', 'Displays'],
  ['/admin/staff', 'Staff'],
  ['/admin/messages', 'Guests’ e-mails'],
  ['/admin/activity', 'Activity'],
];

const DISHES = 200;
const ROUNDS = 30;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
};

async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => null);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** 200 dishes: the seed's and more, in turns over the categories. */
async function prepare(base: string) {
  const token = (await api(base, 'POST', '/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).accessToken as string;
  const { categories } = await api(base, 'GET', '/v1/admin/categories', undefined, token);
  const have = categories.reduce((sum: number, category: { dishCount: number }) => sum + category.dishCount, 0);
  for (let i = have; i < DISHES; i++) {
    const category = categories[i % categories.length];
    await api(base, 'POST', '/v1/dishes', { name: `Bench dish ${i + 1}`, description: 'A dish of the bench, with a description of the usual length for a menu.', priceCents: 800 + (i % 20) * 50, categoryId: category.id, tags: [], allergens: ['gluten'] }, token);
  }
}

async function inChromium(base: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill('ada@tavola.test');
    await page.getByLabel('Password', { exact: true }).fill('tavola-admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin`);
    await page.locator('.overview-card').first().waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const draws: number[] = [];
    for (let round = 0; round < 5; round++) {
      const ms = await page.evaluate(
        (dishes) =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            // The frame after the last row is in the page: a task queued in its animation frame runs after that paint.
            const observer = new MutationObserver(() => {
              if (document.querySelectorAll('.dish-row').length < dishes) return;
              observer.disconnect();
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
            });
            observer.observe(document.body, { childList: true, subtree: true });
            document.querySelector<HTMLAnchorElement>('nav.admin-nav a[href$="/admin/menu"]')!.click();
          }),
        DISHES,
      );
      draws.push(ms);
      await nav.getByRole('link', { name: 'Overview' }).click();
      await page.locator('.overview-card').first().waitFor();
    }
    const pages: Record<string, number> = {};
    for (const [path, heading] of PAGES) {
      const times: number[] = [];
      for (let round = 0; round < 3; round++) {
        times.push(
          await page.evaluate(
            ([path, heading]) =>
              new Promise<number>((resolve) => {
                const start = performance.now();
                // (No named function in here: the page has no `__name`, which tsx would wrap it in.)
                const observer = new MutationObserver(() => {
                  if (document.querySelector('main h1')?.textContent !== heading || document.querySelector('main [aria-busy="true"]')) return;
                  observer.disconnect();
                  requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
                });
                observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
                setTimeout(() => resolve(-1), 10_000); // never drawn: said below
                document.querySelector<HTMLAnchorElement>(`nav.admin-nav a[href$="${path}"]`)!.click();
              }),
            [path, heading] as const,
          ),
        );
        await nav.getByRole('link', { name: 'Overview' }).click();
        await page.locator('.overview-card').first().waitFor();
      }
      if (times.includes(-1)) throw new Error(`${path}: its heading "${heading}" with nothing loading never came in 10 s`);
      pages[path] = quantile(times, 0.5);
    }
    await nav.getByRole('link', { name: 'Menu', exact: true }).click();
    await page.locator('.dish-row').nth(DISHES - 1).waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const seen: { name: string; duration: number; id: number }[] = [];
      (window as unknown as { events: typeof seen }).events = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { interactionId: number })[]) if (entry.name === 'click' || entry.name === 'keydown') seen.push({ name: entry.name, duration: entry.duration, id: entry.interactionId });
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    const events = () => page.evaluate(() => (window as unknown as { events: { duration: number }[] }).events.map((event) => event.duration));
    // The longest event the interaction reported after `from`, or 16 (not reported: less).
    const longest = async (from: number) => Math.max(16, ...(await events()).slice(from));

    const switches: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const row = page.locator('.dish-row').nth(i * 6);
      const before = (await events()).length;
      await row.getByRole('switch').click();
      await row.locator('.row-outcome', { hasText: /Marked sold out\.|Back on the menu\./ }).waitFor();
      await page.waitForTimeout(150); // Event Timing reports after the paint
      switches.push(await longest(before));
    }
    const moves: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Antipasti down, then up again: each move on the version the page has after the last.
      const direction = i % 2 ? 'up' : 'down';
      const button = page.getByRole('button', { name: new RegExp(`^Move Antipasti ${direction}$`) });
      await button.focus();
      const before = (await events()).length;
      await page.keyboard.press('Enter');
      await page.locator('.row-outcome', { hasText: `Antipasti moved ${direction}.` }).waitFor();
      await page.waitForTimeout(150);
      moves.push(await longest(before));
    }
    const dishMoves: number[] = [];
    const dish = (await page.locator('.dish-row-main a').first().textContent())!;
    for (let i = 0; i < ROUNDS; i++) {
      // The first dish down, then up again, each move on the version the page has after the last.
      const direction = i % 2 ? 'up' : 'down';
      await page.getByRole('button', { name: `Move ${dish} ${direction}`, exact: true }).focus();
      const before = (await events()).length;
      await page.keyboard.press('Enter');
      await page.locator('.row-outcome', { hasText: `${dish} moved ${direction}.` }).waitFor();
      await page.waitForTimeout(150);
      dishMoves.push(await longest(before));
    }
    return { firstDraw: { median: quantile(draws, 0.5), max: Math.round(Math.max(...draws) * 10) / 10 }, soldOut: quantile(switches, 0.75), reorder: quantile(moves, 0.75), dishMove: quantile(dishMoves, 0.75), pages };
  } finally {
    await browser.close();
  }
}

export async function measureMenuEditor(): Promise<MenuEditorFigures> {
  await buildApp('site');
  await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-bench-editor-'));
  const { base, child } = await startServer([process.execPath, 'dist/server/main.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'bench-menu-editor-secret-bench-menu-editor' });
  try {
    await prepare(base);
    return { dishes: DISHES, ...(await inChromium(base)) };
  } finally {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
