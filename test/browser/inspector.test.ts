import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations, JWT_SECRET, launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/server-process.js';

// The route inspector as a developer meets it: `npm run dev` in Chromium, the ` key, and
// the panel telling what the router did on real page changes.
let browser: Browser;
let server: ChildProcess;
let base: string;
let dataDir: string;
let context: BrowserContext;
let page: Page;
let problems: string[];

const Inspector = suite('route inspector in `npm run dev`, in Chromium');
Inspector.before(async () => {
  browser = await launchChromium(); // first: without a browser, nothing else is started
  dataDir = mkdtempSync(join(tmpdir(), 'tavola-dev-'));
  const started = await startServer([process.execPath, '--import', 'tsx', 'src/server/dev.ts'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET });
  server = started.child;
  base = started.base;
});
Inspector.after(async () => {
  await browser?.close();
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
Inspector.before.each(async () => {
  context = await browser.newContext({ baseURL: base, viewport: { width: 600, height: 500 } });
  page = await context.newPage();
  problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
});
Inspector.after.each(async () => {
  await context.close();
  assert.equal(problems, []);
});

const panel = () => page.getByRole('complementary', { name: 'Route inspector' });
const lines = async () => (await panel().textContent())!.split('\n');
const firstLine = (text: string) => page.waitForFunction((expected) => document.querySelector('aside[aria-label="Route inspector"]')?.textContent?.startsWith(expected), text);

Inspector('hidden at first; ` shows the branch that matched, the params and the push', async () => {
  await page.goto('/menu');
  await page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  assert.is(await panel().count(), 0);
  await page.keyboard.press('Backquote');
  await panel().waitFor();
  const atLoad = await lines();
  assert.is(atLoad[0], 'load /menu   (press ` to hide)');
  assert.ok(atLoad.includes('▶ /menu              matched'), atLoad.join('\n'));
  assert.ok(atLoad.includes('✗ /menu/:id          stopped at segment 1: the path ends where the pattern wants :id'), atLoad.join('\n'));
  await page.locator('a[href="/menu/20"]').click();
  await page.getByRole('heading', { name: 'Tiramisù', level: 1 }).waitFor();
  await firstLine('push /menu/20');
  const shown = await lines();
  assert.is(shown[0], 'push /menu/20   (press ` to hide)');
  assert.ok(shown.includes('▶ /menu/:id          matched'), shown.join('\n'));
  assert.ok(shown.includes('✗ /menu              stopped at segment 1: the pattern ends before 20'), shown.join('\n'));
  assert.equal(shown.slice(-3), ['params: {"id":"20"}', 'guard:  none on this page', 'scroll: to the top']);
  await page.keyboard.press('Backquote');
  assert.is(await panel().isHidden(), true);
});

Inspector('Back: the entry popped and the scroll position restored, in pixels', async () => {
  await page.goto('/menu');
  await page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  await page.keyboard.press('Backquote');
  await page.evaluate('window.scrollTo(0, 1500)');
  await page.waitForFunction(() => window.scrollY === 1500);
  // A click through the DOM: Playwright's own click would first scroll the link into view.
  await page.evaluate(`document.querySelector('a[href="/menu/20"]').click()`);
  await firstLine('push /menu/20');
  await page.goBack();
  await page.waitForFunction(() => window.scrollY === 1500);
  await firstLine('pop /menu');
  assert.is((await lines()).at(-1), 'scroll: restored to 1500 px');
});

Inspector('a guard turning a guest away shows as the guard decision; a ` typed in a field is text', async () => {
  await page.goto('/menu');
  await page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  await page.keyboard.press('Backquote');
  await page.evaluate(`history.pushState(null, '', '/kitchen'); dispatchEvent(new PopStateEvent('popstate'))`);
  await page.waitForURL('**/login');
  await firstLine('replace /login');
  assert.ok((await lines()).includes('guard:  on /kitchen, sent to /login, replacing the entry'), (await lines()).join('\n'));
  const email = page.getByLabel('E-mail');
  await email.fill('');
  await email.press('Backquote');
  assert.is(await email.inputValue(), '`');
  assert.is(await panel().isVisible(), true);
});

Inspector('the open panel passes axe; screenshots at 360 and 1280 px, light and dark', async () => {
  for (const width of [360, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme });
      await page.goto('/menu/3');
      await page.getByRole('heading', { level: 1, name: 'Arancini siciliani' }).waitFor();
      await page.keyboard.press('Backquote');
      await firstLine('load /menu/3');
      assert.equal(await axeViolations(page), [], `${width} px, ${colorScheme}`);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `inspector-${width}-${colorScheme}.png`) });
    }
  }
});

Inspector.run();
