import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { SignJWT } from 'jose';
import { axeViolations, checkBothSchemes, heading, launchChromium, screenshot } from '../helpers/browser.js';
import { startServer } from '../helpers/server-process.js';

let browser: Browser;
let server: ChildProcess;
let base: string;
let context: BrowserContext;
let page: Page;
let problems: string[];

const Demo = suite('demo variant in Chromium, against the stand-in');
Demo.before(async () => {
  browser = await launchChromium(); // first: without a browser, nothing else is started
  // What `npm run start:demo` runs, on free ports.
  const started = await startServer([process.execPath, '--import', 'tsx', 'src/demo-shop/main.ts'], { PORT: '0', DEMO_SHOP_PORT: '0', HOST: '127.0.0.1' });
  server = started.child;
  base = started.base;
});
Demo.after(async () => {
  await browser?.close();
  server?.kill();
});
Demo.before.each(async () => {
  context = await browser.newContext({ baseURL: base });
  page = await context.newPage();
  problems = [];
  page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
});
Demo.after.each(async () => {
  await context.close();
  assert.equal(problems, []);
});

async function signIn(username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

Demo('a product deep link survives a refresh', async () => {
  await page.goto('/products/3');
  await page.getByRole('heading', { name: 'Powder Canister', level: 1 }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Powder Canister', level: 1 }).waitFor();
  assert.is(await page.title(), 'Powder Canister · Tavola demo');
  assert.ok(await page.locator('.dish img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the picture loaded from the stand-in');
  // The rating is seen as a star and heard as a sentence.
  assert.is(await page.locator('.dish .rating [aria-hidden="true"]').textContent(), '★ 3.9');
  assert.is(await page.locator('.dish .rating .visually-hidden').textContent(), 'Rated 3.9 of 5');
  await page.getByRole('link', { name: '← Back to the products' }).click();
  await page.getByText('30 products ·').waitFor();
  assert.is(await page.locator('.card', { has: page.getByRole('link', { name: 'Powder Canister', exact: true }) }).locator('.rating [aria-hidden="true"]').textContent(), '★ 3.9');
});

Demo('an address that cannot be a product is not found, and says so in the title', async () => {
  for (const id of ['abc', '0', '1.5', '-1']) {
    await page.goto(`/products/${id}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.is(await page.title(), 'Page not found · Tavola demo', id);
  }
});

Demo('category=all is the same page as no category: the address is replaced, not pushed', async () => {
  await page.goto('/');
  const before = await page.evaluate(() => history.length);
  await page.goto('/products?category=all');
  await page.getByText('194 products').waitFor();
  await page.waitForURL(`${base}/products`);
  assert.is(await page.evaluate(() => history.length), before + 1, 'one entry for the visit, none for the correction');
});

Demo('with the shop unreachable, the product page and sign-in say so, keep what was typed, and try again', async () => {
  const offline = (url: URL) => url.origin !== base;
  await page.route(offline, (route) => route.abort('internetdisconnected'));
  await page.goto('/products/3');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not reach the server. Check your connection and try again.' });
  await alert.waitFor();
  await page.unroute(offline);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('heading', { name: 'Powder Canister', level: 1 }).waitFor();

  await page.route(offline, (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  await signIn('emilys', 'emilyspass');
  await alert.waitFor();
  assert.is(await page.getByLabel('Username').inputValue(), 'emilys');
  assert.is(await page.getByLabel('Password').inputValue(), 'emilyspass', 'a request that never left refused nothing');
  await page.unroute(offline);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  assert.is(await page.locator('.who').textContent(), 'Emilyadmin');
});

Demo('an unknown product shows the not-found page', async () => {
  await page.goto('/products/999');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
});

Demo('the category lives in the address, and is absent for all', async () => {
  await page.goto('/products');
  await page.getByText('194 products').waitFor();
  await page.getByRole('link', { name: 'Beauty' }).click();
  await page.getByText('30 products ·').waitFor();
  assert.is(new URL(page.url()).search, '?category=beauty');
  await page.reload();
  await page.getByText('30 products ·').waitFor();
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await page.getByText('194 products').waitFor();
  assert.is(page.url(), `${base}/products`);
  await page.goBack();
  await page.getByText('30 products ·').waitFor();
});

Demo('a guest at /profile signs in and comes back to name, e-mail and picture', async () => {
  await page.goto('/profile');
  await page.waitForURL('**/login');
  await signIn('emilys', 'emilyspass');
  await page.waitForURL('**/profile');
  await page.getByText('Emily Johnson').waitFor();
  assert.match((await page.locator('.details').textContent())!, 'emily.johnson@x.dummyjson.com');
  const picture = page.getByRole('img', { name: 'Picture of Emily Johnson' });
  await picture.waitFor();
  await page.waitForFunction(() => ((document.querySelector('.avatar') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('tavola-demo.session')))!);
  assert.equal(stored.user, { id: 1, firstName: 'Emily', role: 'admin' });
  assert.equal(Object.keys(stored), ['token', 'user']);
});

Demo('a user at /admin is sent to /, replacing the entry; the admin gets in', async () => {
  await page.goto('/login');
  await signIn('averyp', 'averyppass');
  await page.waitForURL((url) => url.pathname === '/');
  const before = await page.evaluate(() => history.length);
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');
  assert.is(await heading(page), 'Tavola demo');
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.is(await nav.getByRole('link', { name: 'Admin', exact: true }).count(), 0, 'no Admin link in the header for a user');
  assert.is(await page.evaluate(() => history.length), before + 1, 'the /admin entry was replaced by /');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn('emilys', 'emilyspass');
  await nav.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByText('The shop has 194 products.').waitFor();
});

Demo('a moderator is not an admin either', async () => {
  await page.goto('/login');
  await signIn('oliviaw', 'oliviawpass');
  await page.waitForURL((url) => url.pathname === '/');
  assert.is(await page.locator('.who').textContent(), 'Oliviamoderator');
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');
});

Demo('a token signed with another secret, or no token at all: the shop answers 500 as the public API does, and the session ends with the spec’s message', async () => {
  const now = Math.floor(Date.now() / 1000);
  const forged = await new SignJWT({ id: 1, username: 'emilys' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(new TextEncoder().encode('another-secret-another-secret-32!'));
  for (const [token, message] of [
    [forged, 'invalid signature'],
    ['not.a.token', 'invalid token'],
  ]) {
    await page.goto('/');
    await page.evaluate(`localStorage.setItem('tavola-demo.session', ${JSON.stringify(JSON.stringify({ token, user: { id: 1, firstName: 'Emily', role: 'admin' } }))})`);
    const answer = page.waitForResponse((response) => response.url().endsWith('/auth/me'));
    await page.goto('/profile');
    const refused = await answer;
    assert.equal([refused.status(), await refused.json()], [500, { message }]);
    await page.waitForURL('**/login');
    await page.getByText('Your session has ended — please sign in again.').waitFor();
    assert.is(await page.evaluate(() => localStorage.getItem('tavola-demo.session')), null, message);
  }
});

/** The products on screen, by their ids in their links. */
const productIds = () => page.locator('.cards h2 a').evaluateAll((links) => links.map((link) => Number((link as HTMLAnchorElement).pathname.split('/')[2])));

Demo('pages are links: 1 → 2 → 7, Back to 2, a reload at 7 shows the same products; a category has its own pages', async () => {
  await page.goto('/products');
  await page.getByText('194 products · 1–30, page 1 of 7').waitFor();
  const before = await page.evaluate(() => history.length);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await page.getByText('194 products · 31–60, page 2 of 7').waitFor();
  assert.is(page.url(), `${base}/products?page=2`);
  assert.equal((await productIds()).slice(0, 2), [31, 32]);
  await pager.getByRole('link', { name: '7', exact: true }).click();
  await page.getByText('194 products · 181–194, page 7 of 7').waitFor();
  const seven = await productIds();
  assert.equal([seven.length, seven[0], seven.at(-1)], [14, 181, 194]);
  assert.is(await page.evaluate(() => history.length), before + 2, 'each page a new entry');
  assert.is(await pager.getByRole('link', { name: 'Next →' }).count(), 0, 'no Next on the last page');
  await page.goBack();
  await page.getByText('194 products · 31–60, page 2 of 7').waitFor();
  assert.is(page.url(), `${base}/products?page=2`);
  await page.goForward();
  await page.getByText('page 7 of 7').waitFor();
  await page.reload();
  await page.getByText('194 products · 181–194, page 7 of 7').waitFor();
  assert.equal(await productIds(), seven);

  await page.getByRole('link', { name: 'Groceries' }).click();
  await page.getByText('45 products · 1–30, page 1 of 2').waitFor();
  assert.is(page.url(), `${base}/products?category=groceries`, 'a category starts at its first page');
  await pager.getByRole('link', { name: 'Next →' }).click();
  await page.getByText('45 products · 31–45, page 2 of 2').waitFor();
  assert.is(page.url(), `${base}/products?category=groceries&page=2`);
  assert.is(await page.locator('.card').count(), 15);
});

Demo('a page past the end says so and links the last; page=1 is left out of the address, replacing the entry', async () => {
  await page.goto('/products?page=9');
  await page.getByText('There is no page 9: the products end at page 7.').waitFor();
  await page.getByRole('link', { name: 'Go to page 7' }).click();
  await page.getByText('194 products · 181–194, page 7 of 7').waitFor();
  await page.goto('/');
  const before = await page.evaluate(() => history.length);
  await page.goto('/products?page=1');
  await page.getByText('194 products · 1–30, page 1 of 7').waitFor();
  await page.waitForURL(`${base}/products`);
  assert.is(await page.evaluate(() => history.length), before + 1, 'one entry for the visit, none for the correction');
});

Demo('signed in, browsing products asks the shop once a page and sends no preflight: the token goes only with /auth/me', async () => {
  await page.goto('/login');
  // Every request to the shop, preflights too (the browser's own, which Playwright's events leave out).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: string[] = [];
  cdp.on('Network.requestWillBeSent', ({ request, type }) => {
    const url = new URL(request.url);
    if (url.origin !== base && !url.pathname.startsWith('/images/')) sent.push(`${type === 'Preflight' ? 'OPTIONS' : request.method} ${url.pathname}${url.search}${request.headers.Authorization ? ' (token)' : ''}`);
  });
  await signIn('emilys', 'emilyspass');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await page.getByText('page 1 of 7').waitFor();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next →' }).click();
  await page.getByText('page 2 of 7').waitFor();
  await page.getByRole('link', { name: 'Essence Mascara Lash Princess No. 2' }).click();
  await page.getByRole('heading', { name: 'Essence Mascara Lash Princess No. 2', level: 1 }).waitFor();
  // Sorted: Chromium reports a preflight after the request it precedes.
  assert.equal(sent.sort(), [
    'OPTIONS /auth/login',
    'POST /auth/login',
    'OPTIONS /auth/me',
    'GET /auth/me (token)',
    'GET /products/categories',
    'GET /products?limit=30&skip=0',
    'GET /products?limit=30&skip=30',
    'GET /products/37',
  ].sort());
});

Demo('a failed sign-in shows the message and saves nothing', async () => {
  await page.goto('/login');
  await signIn('emilys', 'wrong');
  await page.getByRole('alert').filter({ hasText: "That username and password don't match." }).waitFor();
  assert.is(await page.evaluate(() => localStorage.getItem('tavola-demo.session')), null);
});

Demo('Sign out ends the session', async () => {
  await page.goto('/login');
  await signIn('emilys', 'emilyspass');
  await page.waitForURL((url) => url.pathname === '/');
  assert.is(await page.locator('.who').textContent(), 'Emilyadmin');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  assert.is(await page.evaluate(() => localStorage.getItem('tavola-demo.session')), null);
  await page.goto('/profile');
  await page.waitForURL('**/login');
});

Demo('axe-core finds nothing on any page, at 360 and 1280 px, light and dark', async () => {
  await page.goto('/login');
  await signIn('emilys', 'emilyspass');
  await page.waitForURL((url) => url.pathname === '/');
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const pages: [string, string][] = [['/', 'main h1'], ['/products', '.card'], ['/products?page=7', '.pager'], ['/products?page=9', '.notice'], ['/products/3', '.rating'], ['/profile', '.details'], ['/admin', 'text=The shop has 194 products.'], ['/nowhere', '.not-found']];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      // With SCREENSHOTS=<folder>, each page is saved there as it was checked.
      found.push(...(await checkBothSchemes(page, `${width} ${path}`, { each: (scheme) => screenshot(page, `demo${path.replace(/[/?=]/g, '-')}-${width}-${scheme}`) })));
    }
  }
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/login');
  await page.locator('form').waitFor();
  for (const problem of await axeViolations(page)) found.push(`/login: ${problem}`);
  assert.equal(found, []);
});

Demo.run();
