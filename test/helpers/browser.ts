/**
 * Real-browser tests: builds the site and the server, starts `node dist/server/main.mjs`
 * (what `npm start` runs) on a free loopback port with a fresh data folder, and drives
 * Debian's Chromium with playwright-core.
 */
import axe from 'axe-core';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPasswords } from '../../src/server/auth/passwords.js';
import { openDatabase } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/seed/seed.js';
import { growMenu } from '../bench/scale-data.js';
import { CHROMIUM, CHROMIUM_MISSING, hasChromium } from './chromium.mjs';
import { startServer, stopServer } from './server-process.js';
import { siteAndServerBuilt } from './built.js';

export { CHROMIUM };
export const JWT_SECRET = 'browser-tests-secret-browser-tests-secret';

/** Flags for a root user in a container on a closed network. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export interface Site {
  base: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** Moves the server's clock `ms` forward (its TEST_CLOCK): tokens expire, open streams reconnect against the new time. */
export async function moveClock(site: { base: string }, ms: number): Promise<void> {
  const response = await fetch(`${site.base}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  assert.is(response.status, 200, await response.text());
}

/**
 * Moves the server's clock to noon tomorrow on the restaurant's wall clock: a test that books
 * for tonight or counts today's guests then runs the same at any hour of the real day (late
 * in the evening, today has no time left to book). Sign in after it: a token from before has
 * expired by then.
 */
export async function toNoonTomorrow(site: { base: string }): Promise<void> {
  const { timeZone } = await (await fetch(`${site.base}/api/v1/bookings/rules`)).json();
  const { now } = await (await fetch(`${site.base}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 0 }) })).json();
  const wall = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(Date.parse(now));
  const [hours, minutes, seconds] = wall.split(':').map(Number) as [number, number, number];
  await moveClock(site, (36 * 3600 - hours * 3600 - minutes * 60 - seconds) * 1000);
}

export function launchChromium(): Promise<Browser> {
  if (!hasChromium()) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/**
 * Builds the site and the server (once per process), then starts them like `npm start` does. With
 * `menuSize`, the menu is first grown to that many dishes (see bench/scale-data.ts).
 * Chromium is launched first, so a machine without it starts nothing; a start that fails
 * part-way stops what it had started.
 */
export async function startSite({ menuSize }: { menuSize?: number } = {}): Promise<Site> {
  const browser = await launchChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-e2e-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    await browser.close();
    if (child) await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await siteAndServerBuilt();
    if (menuSize) {
      const db = openDatabase(dataDir);
      await prepareDatabase(db, { passwords: createPasswords({ cost: { N: 2 ** 10, r: 8, p: 1 } }), testAccounts: true, openAllHours: true });
      await growMenu(db, menuSize);
      await db.destroy();
    }
    const started = await startServer([process.execPath, 'dist/server/main.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET, OPEN_ALL_HOURS: 'on', TEST_CLOCK: 'on', CHEAP_PASSWORD_HASHES: 'on' });
    child = started.child;
    return { base: started.base, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Tab {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far (CSP violations show up here). */
  problems: string[];
}

/**
 * Answers the site's question (views/ask.ts) once it is open on `page`, with the button
 * named `choice`, or with Escape; answers the question's heading.
 */
export async function answerQuestion(page: Page, choice: string | 'Escape'): Promise<string> {
  const dialog = page.locator('dialog.ask[open]');
  await dialog.waitFor();
  const title = (await dialog.locator('h2').textContent()) ?? '';
  if (choice === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: choice, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return title;
}

/**
 * The session ended under a page: the page stays, and the sign-in dialog over it says the
 * spec's message (sign-in-again.ts). Answers it with Not now, the spec's own way: the
 * sign-in page, which says the message too.
 */
export async function notNowAfterSessionEnded(page: Page, timeout = 15_000): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.getByText('Your session has ended — please sign in again.').waitFor({ timeout });
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL((url) => url.pathname === '/login', { timeout });
  await page.getByText('Your session has ended — please sign in again.').waitFor();
}

/** A fresh browser profile (empty storage) with one page. */
export async function openTab(site: Site, options: { width?: number; locale?: string } = {}): Promise<Tab> {
  const context = await site.browser.newContext({ baseURL: site.base, viewport: { width: options.width ?? 1280, height: 800 }, ...(options.locale ? { locale: options.locale } : {}) });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  // The site asks in its own dialog: the browser's alert, confirm or prompt is a mistake.
  page.on('dialog', (dialog) => {
    problems.push(`The browser's own ${dialog.type()} dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, context, problems };
}

export interface SuiteSite extends Site {
  /** A fresh browser profile, closed after the test. */
  open(options?: { width?: number; locale?: string }): Promise<Tab>;
  /** A fresh profile signed in through the login form, on the page the sign-in lands on. */
  signedIn(email: string, password: string, options?: { width?: number }): Promise<Tab>;
  /** A call to the site's API from the test (JSON in and out), as another person or screen would make it. */
  // biome-ignore lint/suspicious/noExplicitAny: any answer of the API, as response.json() gives it; the tests' assertions read its fields
  call(path: string, init?: { method?: string; token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  /** An access token for a staff member, signed in through the API. */
  tokenOf(email: string, password: string): Promise<string>;
}

/**
 * A site for one suite: started before its first test and stopped after its last. The tabs
 * a test opens are closed after it, and the test fails if any of them saw a console error
 * or an uncaught exception (a failed load aside: some tests cut the network on purpose).
 */
export function siteForSuite(test: Test, options: { menuSize?: number } = {}): SuiteSite {
  let started: Site | undefined;
  const tabs: Tab[] = [];
  test.before(async () => {
    started = await startSite(options);
  });
  test.after(async () => {
    await started?.stop();
  });
  test.after.each(async () => {
    const problems = tabs.flatMap((tab) => tab.problems.filter((problem) => !problem.startsWith('Failed to load resource')));
    await Promise.all(tabs.splice(0).map((tab) => tab.context.close()));
    assert.equal(problems, []);
  });
  const site: SuiteSite = {
    get base() {
      return started!.base;
    },
    get browser() {
      return started!.browser;
    },
    stop: async () => started?.stop(),
    async open(options = {}) {
      const tab = await openTab(started!, options);
      tabs.push(tab);
      return tab;
    },
    async signedIn(email, password, options = {}) {
      const tab = await site.open(options);
      await tab.page.goto(`${site.base}/login`);
      await tab.page.getByLabel('E-mail').fill(email);
      await tab.page.getByLabel('Password', { exact: true }).fill(password);
      await tab.page.getByRole('button', { name: 'Sign in' }).click();
      await tab.page.waitForURL((url) => url.pathname !== '/login');
      return tab;
    },
    async call(path, init = {}) {
      const response = await fetch(site.base + path, {
        method: init.method ?? 'GET',
        headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async tokenOf(email, password) {
      const { status, body } = await site.call('/api/v1/auth/login', { method: 'POST', body: { email, password } });
      assert.is(status, 200, `sign-in of ${email}`);
      return body.accessToken as string;
    },
  };
  return site;
}

/** The date `days` after `date` (both YYYY-MM-DD). */
export const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const heading = (page: Page) => page.locator('main h1').first().textContent();

/** The axe rules whose answer can change with the colour scheme: the others read the DOM, which is the same in both. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core on the page as it stands, in the light and then the dark colour scheme, switched in
 * place (a media feature needs no reload): every rule in the light one, the rules about colour
 * in the dark one. With `width`, also whether anything is wider than the window. Each finding
 * is one line that starts with `where` and the scheme. `each` runs in each scheme after the
 * checks (a screenshot, say). The page is left in the light scheme.
 */
export async function checkBothSchemes(page: Page, where: string, { width = false, each }: { width?: boolean; each?: (scheme: 'light' | 'dark') => Promise<void> } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const violation of await axeViolations(page, { rules: scheme === 'dark' ? COLOUR_RULES : undefined })) found.push(`${where}, ${scheme}: ${violation}`);
    if (width && !(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth))) found.push(`${where}, ${scheme}: something runs off the side`);
    await each?.(scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/**
 * Opens each `[path, element]` on `page` at `base`, waits for the element, and checks the page
 * in both colour schemes (checkBothSchemes, `wide` for the width check); each screenshot is
 * named `<name(path)>-<width>-<scheme>`.
 */
export async function checkPages(page: Page, base: string, pages: readonly (readonly [path: string, ready: string])[], { width, name, wide = false }: { width: number; name: (path: string) => string; wide?: boolean }): Promise<string[]> {
  const found: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(base + path);
    await page.locator(ready).first().waitFor();
    found.push(...(await checkBothSchemes(page, `${path} at ${width} px`, { width: wide, each: (scheme) => screenshot(page, `${name(path)}-${width}-${scheme}`) })));
  }
  return found;
}

/** With SCREENSHOTS=<folder>, the whole page saved there as `<name>.png`; otherwise nothing. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** axe-core's violations on the page as one line each. Evaluated over the DevTools protocol, so the CSP does not stop it. */
export async function axeViolations(page: Page, { rules }: { rules?: string[] } = {}): Promise<string[]> {
  // Once per document: half a megabyte of script, not to be read again for each check of a page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(
    (only) => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) }),
    rules,
  );
  return result.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
