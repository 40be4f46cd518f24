import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { heading, launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/server-process.js';

let browser: Browser;
let server: ChildProcess;
let base: string;
let context: BrowserContext;
let page: Page;
let problems: string[];

const Demo = suite('demo variant in Chromium, against the stand-in');
Demo.before(async () => {
  // What `npm run start:demo` runs, on free ports.
  const started = await startServer([process.execPath, '--import', 'tsx', 'src/demo-shop/main.ts'], { PORT: '0', DEMO_SHOP_PORT: '0', HOST: '127.0.0.1' });
  server = started.child;
  base = started.base;
  browser = await launchChromium();
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
});

Demo('an unknown product shows the not-found page', async () => {
  await page.goto('/products/999');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
});

Demo('the category lives in the address, and is absent for all', async () => {
  await page.goto('/products');
  await page.getByText('36 products').waitFor();
  await page.getByRole('link', { name: 'Beauty' }).click();
  await page.getByText('6 products').waitFor();
  assert.is(new URL(page.url()).search, '?category=beauty');
  await page.reload();
  await page.getByText('6 products').waitFor();
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await page.getByText('36 products').waitFor();
  assert.is(page.url(), `${base}/products`);
  await page.goBack();
  await page.getByText('6 products').waitFor();
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
  await page.waitForFunction(() => (document.querySelector('.avatar') as HTMLImageElement | null)?.naturalWidth! > 0);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('tavola-demo.session')))!);
  assert.equal(stored.user, { id: 1, firstName: 'Emily', role: 'admin' });
  assert.equal(Object.keys(stored), ['token', 'user']);
});

Demo('a normal user at /admin is sent to /, replacing the entry; the admin gets in', async () => {
  await page.goto('/login');
  await signIn('oliviaw', 'oliviawpass');
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
  await page.getByText('The shop has 36 products.').waitFor();
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

Demo.run();
