// The owner's menu editor with 200 dishes: the server as `npm start` runs it (the built site,
// SQLite), the seed's 26 dishes and 174 more spread over its six categories; then, in
// Chromium at 4× CPU slowdown (the DevTools protocol's throttling) at 1280 × 800, signed in
// as the Admin:
// - first draw: from a click on the navigation's Menu (on the overview) to the first frame that
//   shows a screenful (no part of the window still loading, and rows down to its bottom edge or
//   every row), five times (each a new editor, the page loaded); and to the first frame with
//   all 200 rows in the page (the editor draws what a screen holds first, the rest just after);
// - a Sold out switch's next paint: Event Timing of 30 clicks (each on another dish, scrolled to
//   and pointed at first, then pressed with the mouse), p75;
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
import type { Page } from 'playwright-core';
import { eventDurations } from './event-timing.js';
import { launchChromium } from '../helpers/browser.js';
import { siteAndServerBuilt } from '../helpers/built.js';
import { startServer, stopServer } from '../helpers/server-process.js';

export interface MenuEditorFigures {
  dishes: number;
  /** Click → the first screenful painted, ms. */
  firstDraw: { median: number; max: number };
  /** Click → every row in the page, ms, median. */
  wholeMenu: number;
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
  ['/admin/choices', 'Choices'],
  ['/admin/stations', 'Stations and late times'],
  ['/admin/restaurant', 'The restaurant'],
  ['/admin/hours', 'Opening hours'],
  ['/admin/tables', 'Tables'],
  ['/admin/displays', 'Displays'],
  ['/admin/staff', 'Staff'],
  ['/admin/messages', 'Guests’ e-mails'],
  ['/admin/activity', 'Activity'],
];

/** The bench's sizes; the test run's smoke (test/browser/bench-scenarios.test.ts) gives small ones. */
export interface MenuEditorSizes {
  dishes: number;
  /** Rounds of the first draw; of each owner page's; interactions of each kind. */
  draws: number;
  pageDraws: number;
  interactions: number;
  /** How many times slower Chromium's CPU is made (DevTools' throttling): 4 for the bench. */
  slowdown: number;
}
const SIZES: MenuEditorSizes = { dishes: 200, draws: 5, pageDraws: 3, interactions: 30, slowdown: 4 };
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

/** `DISHES` dishes: the seed's and more, in turns over the categories. */
async function prepare(base: string, DISHES: number) {
  const token = (await api(base, 'POST', '/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).accessToken as string;
  const { categories } = await api(base, 'GET', '/v1/admin/categories', undefined, token);
  const have = categories.reduce((sum: number, category: { dishCount: number }) => sum + category.dishCount, 0);
  for (let i = have; i < DISHES; i++) {
    const category = categories[i % categories.length];
    await api(base, 'POST', '/v1/dishes', { name: `Bench dish ${i + 1}`, description: 'A dish of the bench, with a description of the usual length for a menu.', priceCents: 800 + (i % 20) * 50, categoryId: category.id, tags: [], allergens: ['gluten'] }, token);
  }
}

/** Signs the owner in on `page` (the site's sign-in form), and waits for the overview. */
async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill('ada@tavola.test');
  await page.getByLabel('Password', { exact: true }).fill('tavola-admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
  await page.locator('.overview-card').first().waitFor();
}

/**
 * A fresh session for the measured page, before each part of the run: the owner's token lasts
 * 2 minutes, and the whole run at 4× takes longer on a slow machine (its sign-in dialog then
 * stood in the way of a move). Signed in on another tab of the same browser, whose stored
 * session the page takes, as a person's second tab would give it; nothing of it is timed.
 */
async function renewSession(page: Page, base: string) {
  const other = await page.context().newPage();
  try {
    await signIn(other, base);
  } finally {
    await other.close();
  }
}

async function inChromium(base: string, { dishes: DISHES, draws: DRAWS, pageDraws: PAGE_DRAWS, interactions: ROUNDS, slowdown }: MenuEditorSizes) {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, base);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const draws: number[] = [];
    const wholes: number[] = [];
    for (let round = 0; round < DRAWS; round++) {
      const [screen, whole] = await page.evaluate(
        (dishes) =>
          new Promise<[number, number]>((resolve) => {
            const start = performance.now();
            let screenAt: number | undefined;
            // Each time, the frame after: a task queued in an animation frame runs after that frame's paint.
            // (No named function in here: the page has no `__name`, which tsx would wrap it in.)
            const observer = new MutationObserver(() => {
              const rows = document.querySelectorAll('.dish-row');
              // A screenful: nothing in the window still loading, and rows down to its bottom (or all of
              // them). Asked until it is so (each asking lays the page out), not after.
              const screenful =
                screenAt === undefined &&
                rows.length > 0 &&
                ![...document.querySelectorAll('main [aria-busy="true"]')].some((busy) => busy.getBoundingClientRect().top < innerHeight) &&
                (rows.length >= dishes || rows[rows.length - 1]!.getBoundingClientRect().bottom >= innerHeight);
              if (screenful) {
                screenAt = -1;
                requestAnimationFrame(() => setTimeout(() => (screenAt = performance.now() - start)));
              }
              if (document.querySelectorAll('.dish-row').length < dishes) return;
              observer.disconnect();
              requestAnimationFrame(() => setTimeout(() => resolve([screenAt!, performance.now() - start])));
            });
            observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
            document.querySelector<HTMLAnchorElement>('nav.admin-nav a[href$="/admin/menu"]')!.click();
          }),
        DISHES,
      );
      draws.push(screen!);
      wholes.push(whole!);
      await nav.getByRole('link', { name: 'Overview' }).click();
      await page.locator('.overview-card').first().waitFor();
    }
    await renewSession(page, base);
    const pages: Record<string, number> = {};
    for (const [path, heading] of PAGES) {
      const times: number[] = [];
      for (let round = 0; round < PAGE_DRAWS; round++) {
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
    await renewSession(page, base);
    await nav.getByRole('link', { name: 'Menu', exact: true }).click();
    await page.locator('.dish-row').nth(DISHES - 1).waitFor({ state: 'attached' });
    const events = await eventDurations(page, ['click', 'keydown']);
    // The longest event the interaction reported after `mark`, or 16 (not reported: less).
    const longest = async (mark: number) => Math.max(16, ...(await events.since(mark)));

    const switches: number[] = [];
    const dishNames = (await page.locator('.dish-row-main a').allTextContents()).filter((_, i) => i % 6 === 0);
    for (let i = 0; i < ROUNDS; i++) {
      // Found as the browser tests find it: the switch by its name.
      const name = dishNames[i % dishNames.length]!;
      // Clicked as a person clicks: the row scrolled to and settled first (no one clicks within a
      // frame of a scroll ending), then the mouse's own press and release at the switch's centre.
      // (Playwright's click checks its target with a listener of its own in the page, whose work
      // Event Timing would count as the switch's: 15-40 ms of delay here.)
      const toggle = page.getByRole('switch', { name: `${name} sold out`, exact: true });
      await toggle.scrollIntoViewIfNeeded();
      const box = (await toggle.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(150);
      const before = await events.count();
      await page.mouse.down();
      await page.mouse.up();
      await page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) }).getByRole('status').filter({ hasText: /Marked sold out\.|Back on the menu\./ }).waitFor();
      await page.waitForTimeout(150); // Event Timing reports after the paint
      switches.push(await longest(before));
    }
    await renewSession(page, base);
    const moves: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Antipasti down, then up again: each move on the version the page has after the last.
      const direction = i % 2 ? 'up' : 'down';
      const button = page.getByRole('button', { name: new RegExp(`^Move Antipasti ${direction}$`) });
      await button.focus();
      const before = await events.count();
      await page.keyboard.press('Enter');
      await page.locator('.row-outcome', { hasText: `Antipasti moved ${direction}.` }).waitFor();
      await page.waitForTimeout(150);
      moves.push(await longest(before));
    }
    await renewSession(page, base);
    const dishMoves: number[] = [];
    const dish = (await page.locator('.dish-row-main a').first().textContent())!;
    for (let i = 0; i < ROUNDS; i++) {
      // The first dish down, then up again, each move on the version the page has after the last.
      const direction = i % 2 ? 'up' : 'down';
      await page.getByRole('button', { name: `Move ${dish} ${direction}`, exact: true }).focus();
      const before = await events.count();
      await page.keyboard.press('Enter');
      await page.locator('.row-outcome', { hasText: `${dish} moved ${direction}.` }).waitFor();
      await page.waitForTimeout(150);
      dishMoves.push(await longest(before));
    }
    return { firstDraw: { median: quantile(draws, 0.5), max: Math.round(Math.max(...draws) * 10) / 10 }, wholeMenu: quantile(wholes, 0.5), soldOut: quantile(switches, 0.75), reorder: quantile(moves, 0.75), dishMove: quantile(dishMoves, 0.75), pages };
  } finally {
    await browser.close();
  }
}

export async function measureMenuEditor(sizes: MenuEditorSizes = SIZES): Promise<MenuEditorFigures> {
  await siteAndServerBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-bench-editor-'));
  const { base, child } = await startServer([process.execPath, 'dist/server/main.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'bench-menu-editor-secret-bench-menu-editor' });
  try {
    await prepare(base, sizes.dishes);
    return { dishes: sizes.dishes, ...(await inChromium(base, sizes)) };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
