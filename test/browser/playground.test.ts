import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { axeViolations, launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/server-process.js';

let browser: Browser;
let server: ChildProcess;
let base: string;
let context: BrowserContext;
let page: Page;
let problems: string[];

const Playground = suite('the router playground in Chromium');
Playground.before(async () => {
  browser = await launchChromium(); // first: without a browser, nothing else is started
  // What `npm run playground` runs, on a free port.
  const started = await startServer([process.execPath, '--import', 'tsx', 'src/playground/serve.ts'], { PORT: '0', HOST: '127.0.0.1' });
  server = started.child;
  base = started.base;
});
Playground.after(async () => {
  await browser?.close();
  server?.kill();
});
Playground.before.each(async () => {
  context = await browser.newContext({ baseURL: base });
  page = await context.newPage();
  problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
});
Playground.after.each(async () => {
  await context.close();
  assert.equal(problems, [], 'no errors, and nothing the Content-Security-Policy refused');
});

const ranking = () => page.getByRole('region', { name: /^Ranking for/ });
const branches = () => ranking().locator('ol.branches > li h3').allTextContents();
const entries = () => page.getByRole('region', { name: 'History' }).locator('ol.entries > li').allTextContents();
const current = () => page.getByRole('region', { name: 'History' }).locator('li[aria-current="step"] code').textContent();
const table = () => page.getByLabel('The table');
const query = () => Object.fromEntries(new URL(page.url()).searchParams);

async function goTo(address: string) {
  await page.getByLabel('Address').fill(address);
  await page.getByRole('button', { name: 'Go' }).click();
}

Playground('editing the table changes the ranking; a mistake is shown on its line and the rest still works', async () => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Ranking for /menu/3', level: 2 }).waitFor();
  assert.equal(await branches(), ['/menu/:id — the winner', '/menu', '/login', '/kitchen', '/forbidden', '/', '/*']);
  assert.match(await ranking().textContent() ?? '', 'Why not /*? At segment 1, /menu/:id has a static segment (menu) where /* has *: a static segment ranks above *.');

  // A new route, typed into the table: /menu/specials now outranks /menu/:id for its own address.
  await table().press('End');
  await table().evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.indexOf('  menu/:id') + '  menu/:id'.length, area.value.indexOf('  menu/:id') + '  menu/:id'.length));
  await table().pressSequentially('\n  menu/specials');
  await goTo('/menu/specials');
  await page.getByRole('heading', { name: 'Ranking for /menu/specials' }).waitFor();
  assert.equal((await branches()).slice(0, 3), ['/menu/specials — the winner', '/menu/:id', '/menu']);
  assert.match(await ranking().textContent() ?? '', 'Why not /menu/:id? At segment 2, /menu/specials has a static segment (specials) where /menu/:id has a param (:id): a static segment ranks above a param.');
  assert.match(await ranking().locator('.params').count().then(String), '0');
  assert.match(await page.locator('.screen').textContent() ?? '', 'Page menu/specials');

  // A mistake: reported with its line, the line left out, the rest of the table still matched.
  await table().pressSequentially('\n  menu specials');
  const mistake = page.locator('#table-mistakes li');
  await mistake.waitFor();
  assert.is(await mistake.textContent(), 'Line 6: An address has no spaces: write menu/specials, not menu specials.');
  assert.is(await table().getAttribute('aria-invalid'), 'true');
  assert.equal((await branches())[0], '/menu/specials — the winner');
  await mistake.getByRole('button', { name: 'Line 6' }).click();
  assert.equal(await table().evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd)), '  menu specials');
  assert.ok(await table().evaluate((area) => area === document.activeElement), 'the cursor is in the table, on the line');
  // The table is in the playground's address, typed once into one entry.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('table')?.includes('menu specials'));
  assert.match(query().table!, '  menu/specials\n');
});

Playground('an address as a browser sends it reaches its static route; what the router refuses is shown on its line in its words', async () => {
  const typed = ['(layout)', '  café', '  menu/:id?', '  files/:name.json', '  *'].join('\n');
  await page.goto(`/?table=${encodeURIComponent(typed)}&at=${encodeURIComponent('/caf%C3%A9')}`);
  await page.getByRole('heading', { name: 'Ranking for /caf%C3%A9', level: 2 }).waitFor();
  assert.equal(await branches(), ['/café — the winner', '/*']);
  assert.equal(await page.locator('#table-mistakes li').allTextContents(), [
    'Line 3: Route "menu/:id?" under "/": optional segments are not supported; write two routes, "menu" and "menu/:id".',
    'Line 4: Route "files/:name.json" under "/": a param takes a whole segment; write ":name" and read the rest off its value.',
  ]);
  await goTo('/CAF%C3%89');
  await page.getByRole('heading', { name: 'Ranking for /CAF%C3%89', level: 2 }).waitFor();
  assert.equal((await branches())[0], '/café — the winner');
});

Playground('lesson 9: a base: the history holds /it/menu/3, the table sees /menu/3; a base is checked; without one the history holds the app’s addresses', async () => {
  await page.goto('/?lesson=8');
  await page.getByRole('heading', { name: 'Lesson 9: A base' }).waitFor();
  const entries = () => page.getByRole('region', { name: 'History' }).locator('ol.entries > li code').allTextContents();
  assert.is(await page.getByLabel('Base (a prefix such as /it; empty: none)').inputValue(), '/it');
  assert.equal(await entries(), ['/it/menu']);
  await page.getByRole('link', { name: '/menu/3', exact: true }).click();
  await page.getByRole('heading', { name: 'Ranking for /menu/3' }).waitFor();
  assert.equal(await entries(), ['/it/menu', '/it/menu/3']);
  assert.is(await page.getByLabel('Address', { exact: true }).inputValue(), '/menu/3');
  assert.match((await ranking().locator('.winner code').first().textContent()) ?? '', '/menu/:id');
  assert.match(new URL(page.url()).search, 'base=%2Fit');
  // A base that is not a path is refused, with what to write.
  const field = page.getByLabel('Base (a prefix such as /it; empty: none)');
  await field.fill('it here');
  await page.getByRole('button', { name: 'Use' }).click();
  assert.is(await page.locator('#base-mistake').textContent(), 'A base is a path such as /it or /en/shop (letters, digits, - . _ ~), or empty.');
  assert.is(await field.getAttribute('aria-invalid'), 'true');
  // No base: a new try at the same address, the history holding it as it is.
  await field.fill('');
  await page.getByRole('button', { name: 'Use' }).click();
  await page.waitForFunction(() => !location.search.includes('base='));
  assert.equal(await entries(), ['/menu/3']);
  await page.getByRole('link', { name: '/menu', exact: true }).click();
  await page.getByRole('heading', { name: 'Ranking for /menu' }).waitFor();
  assert.equal(await entries(), ['/menu/3', '/menu']);
});

Playground('lesson 8: the code compileMatcher writes for the table, shown as text, follows the table', async () => {
  await page.goto('/?lesson=7');
  await page.getByRole('heading', { name: 'Lesson 8: The walk written out' }).waitFor();
  await page.getByText('The code compileMatcher writes', { exact: true }).click();
  const code = page.getByLabel('The compiled matcher');
  await code.waitFor();
  const first = (await code.textContent()) ?? '';
  assert.match(first, /^\/\/ Written by compileMatcher/);
  assert.match(first, 'p.charCodeAt(i + 0) === 109 && p.charCodeAt(i + 1) === 101 && p.charCodeAt(i + 2) === 110 && p.charCodeAt(i + 3) === 117');
  assert.not.match(first, 'case 98:');
  // Another static segment beside menu: now a switch on the first letter tells them apart.
  await table().press('End');
  await table().evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.indexOf('  menu\n') + '  menu'.length, area.value.indexOf('  menu\n') + '  menu'.length));
  await table().pressSequentially('\n  book');
  await page.waitForFunction(() => document.querySelector('pre.compiled code')?.textContent?.includes('case 98:'));
  assert.match((await code.textContent()) ?? '', 'switch (i + 0 < p.length ? p.charCodeAt(i + 0) : 47) { case 109:');
  // The code is for reading: keyboard users can reach it and scroll it.
  assert.is(await code.getAttribute('tabindex'), '0');
});

Playground('the history panel: a link pushes, a keystroke in the search replaces, Back and Forward move the current entry', async () => {
  await page.goto('/?lesson=3');
  await page.getByRole('heading', { name: 'Lesson 4: Push and replace' }).waitFor();
  assert.equal(await entries(), ['/menu loaded ← current']);
  await page.getByRole('region', { name: 'The app' }).getByRole('link', { name: '/menu/3' }).click();
  await page.getByRole('link', { name: '/kitchen' }).click(); // a guest: the guard replaces it with /login
  assert.equal(await entries(), ['/menu loaded', '/menu/3 pushed', '/login replaced, state from = /kitchen ← current']);
  await page.getByRole('link', { name: '/menu/3' }).click();
  await page.getByLabel('Search: each keystroke replaces the entry').pressSequentially('soup');
  assert.equal(await entries(), ['/menu loaded', '/menu/3 pushed', '/login replaced, state from = /kitchen', '/menu/3?q=soup replaced ← current']);
  assert.match(await page.locator('.screen').textContent() ?? '', 'Searching for “soup”');

  await page.getByRole('button', { name: '← Back' }).click();
  assert.is(await current(), '/login');
  await page.getByRole('button', { name: '← Back' }).click();
  assert.is(await current(), '/menu/3');
  assert.is(await page.getByLabel('Address').inputValue(), '/menu/3');
  await page.getByRole('button', { name: 'Forward →' }).click();
  assert.is(await current(), '/login');
  assert.is(await page.getByRole('link', { name: '/login' }).getAttribute('aria-current'), 'page');
  assert.equal((await entries()).length, 4, 'Back and Forward add no entry');

  // The playground's own address: each link was a try of its own (a guard's redirect and
  // the keystrokes rewrote theirs, as Back and Forward in the app rewrite the current one).
  assert.is(query().at, '/login');
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('at') === '/login' && document.querySelectorAll('ol.entries > li').length === 1);
  assert.equal(await entries(), ['/login loaded ← current'], 'Back in the browser opens the try before, in a fresh history');
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('at') === '/menu/3');
  assert.is(await page.getByRole('heading', { name: /^Ranking for/ }).textContent(), 'Ranking for /menu/3');
  await page.goBack();
  await page.waitForFunction(() => location.search === '?lesson=3'); // the lesson as it was opened
  assert.is(await page.locator('#lesson-title').textContent(), 'Lesson 4: Push and replace');
  assert.equal(await entries(), ['/menu loaded ← current']);
});

Playground('the guard panel: a guest to /login with from, a Waiter to /forbidden, Kitchen sees the page, each redirect a replace', async () => {
  await page.goto('/?lesson=4');
  const guard = page.locator('.guard-text');
  await page.getByRole('heading', { name: 'Lesson 5: Guards' }).waitFor();
  assert.is(await guard.textContent(), '/kitchen needs kitchen or admin. A guest is sent to /login, with from = /kitchen in the navigation state so signing in comes back here; the entry is replaced, so Back does not return to /kitchen.');
  assert.equal(await entries(), ['/login replaced, state from = /kitchen ← current']);
  assert.is(await page.getByRole('heading', { name: /^Ranking for/ }).textContent(), 'Ranking for /login');

  await page.getByLabel('Waiter').check();
  assert.is(query().as, 'waiter');
  await goTo('/kitchen');
  await page.waitForFunction(() => document.querySelector('.guard-text')?.textContent?.includes('Waiter'));
  assert.is(await guard.textContent(), '/kitchen needs kitchen or admin. Waiter is signed in without that role: sent to /forbidden, the entry replaced.');
  assert.equal(await entries(), ['/login replaced, state from = /kitchen', '/forbidden replaced ← current']);

  await page.getByLabel('Kitchen').check();
  await goTo('/kitchen');
  await page.waitForFunction(() => document.querySelector('.guard-text')?.textContent?.includes('may see it'));
  assert.is(await guard.textContent(), '/kitchen needs kitchen or admin. Kitchen may see it: the guard lets the page render.');
  assert.match(await page.locator('.screen').textContent() ?? '', 'Page kitchen');
  assert.equal((await entries()).at(-1), '/kitchen pushed ← current');

  // Signing out on a guarded page decides it again: the guard sends the guest away, replacing the entry.
  await page.getByLabel('Guest').check();
  await page.waitForFunction(() => document.querySelector('li[aria-current="step"] code')?.textContent === '/login');
  assert.equal((await entries()).at(-1), '/login replaced, state from = /kitchen ← current');
});

Playground('a shared address opens the same view: table, address, who is signed in, lesson', async () => {
  await page.goto('/?lesson=1');
  await page.getByRole('heading', { name: 'Lesson 2: The best match, not the first' }).waitFor();
  await goTo('/menu/specials');
  await page.getByLabel('Admin').check();
  await table().pressSequentially('\nmenu/:id/reviews');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('table')?.endsWith('reviews'));
  const shared = page.url();

  const other = await browser.newContext({ baseURL: base });
  const second = await other.newPage();
  await second.goto(shared);
  await second.getByRole('heading', { name: 'Ranking for /menu/specials' }).waitFor();
  assert.is(await second.getByLabel('The table').inputValue(), await table().inputValue());
  assert.ok(await second.getByLabel('Admin').isChecked());
  assert.is(await second.locator('#lesson-title').textContent(), 'Lesson 2: The best match, not the first');
  assert.equal(await second.locator('ol.branches > li h3').allTextContents(), await branches());
  assert.is(await second.locator('.screen').textContent(), await page.locator('.screen').textContent());
  await other.close();
});

Playground('by keyboard: a lesson link, the table, the address bar, a link to the app', async () => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Ranking for /menu/3' }).waitFor();
  await page.getByRole('link', { name: '6. A layout without an index' }).focus();
  await page.keyboard.press('Enter');
  assert.ok(await page.getByRole('heading', { name: 'Lesson 6: A layout without an index' }).evaluate((heading) => heading === document.activeElement), 'the lesson’s heading has focus');
  assert.equal((await branches())[0], '/menu');
  assert.is(await ranking().locator('.winner h3').textContent(), '/* — the winner');
  // The lesson's question, answered by typing: an index under the first line gives / a page.
  await table().focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n  (index)');
  assert.is(await ranking().locator('.winner h3').textContent(), '/ — the winner');
  await page.getByLabel('Address').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('/menu');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Ranking for /menu' }).waitFor();
  assert.is(await current(), '/menu');
});

Playground('axe-core finds nothing at 360 and 1280 px, light and dark, with a lesson, a mistake, a redirect and the compiled code on screen', async () => {
  for (const width of [360, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/?lesson=4&table=${encodeURIComponent('(layout)\n  (guard kitchen)\n    kitchen\n  menu specials\n  login\n  *')}`);
      await page.locator('#table-mistakes li').waitFor();
      await page.getByText('The code compileMatcher writes', { exact: true }).click();
      await page.getByLabel('The compiled matcher').waitFor();
      assert.equal(await axeViolations(page), [], `${width} px, ${scheme}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.is(overflow, 0, `nothing wider than the screen at ${width} px`);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/playground-${width}-${scheme}.png`, fullPage: true });
    }
  }
});

Playground.run();
