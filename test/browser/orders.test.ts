import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { siteForSuite } from '../helpers/browser.js';

// A diner, the kitchen and a waiter, each in a browser of their own, on one server: the
// order goes from the cart to the kitchen to the table, and every screen follows live.
const Orders = suite('orders from the cart to the kitchen, live, in Chromium');
const site = siteForSuite(Orders);

async function open(width = 1280): Promise<Page> {
  return (await site.open({ width })).page;
}

/** A signed-in staff member on the kitchen page; `deaf` cuts its live stream, as if its connection lagged. */
async function staff(email: string, password: string, { width = 1280, deaf = false } = {}): Promise<Page> {
  const page = await open(width);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  if (deaf) await page.route('**/api/v1/orders/events', (route) => route.abort());
  await page.goto('/kitchen');
  await page.getByText(deaf ? 'Reconnecting by itself' : 'Live: new orders appear by themselves.', { exact: false }).waitFor();
  return page;
}

/** Table `n`'s code, as its printed QR code carries it (read by the Admin). */
async function tableCodeOf(n: number): Promise<string> {
  const login = await fetch(`${site.base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@tavola.test', password: 'tavola-admin' }) });
  const { tables } = await (await fetch(`${site.base}/api/v1/admin/tables`, { headers: { Authorization: `Bearer ${(await login.json()).accessToken}` } })).json();
  return tables.find((table: { number: number }) => table.number === n).code;
}

const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length + (window as unknown as { loads?: number }).loads!);

Orders('a diner orders; the kitchen sees it appear and moves it along; the waiter serves it; the diner watches each step', async () => {
  const kitchen = await staff('kai@tavola.test', 'tavola-kitchen');
  const waiter = await staff('wanda@tavola.test', 'tavola-waiter', { width: 900 });
  for (const page of [kitchen, waiter]) await page.evaluate(() => ((window as unknown as { loads: number }).loads = 0));
  const diner = await open(390);

  // The diner scanned table 7's QR code.
  await diner.goto(`/menu#table=${await tableCodeOf(7)}`);
  await diner.getByText('Ordering for Table 7').waitFor();
  await diner.goto('/menu/6');
  await diner.getByRole('button', { name: 'Add to cart' }).click();
  await diner.getByRole('button', { name: /^Cart/ }).click();
  assert.ok(await diner.getByLabel('To Table 7').isChecked());
  await diner.getByLabel('Note for the kitchen (optional)').fill('Extra pepper, please.');
  await diner.getByRole('button', { name: 'Place order' }).dblclick(); // a double click places one order
  await diner.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
  await diner.getByRole('heading', { level: 1, name: 'Order 5' }).waitFor();
  assert.is(await diner.locator('.order-state .badge').textContent(), 'Received');
  assert.equal(await diner.evaluate(() => JSON.parse(localStorage.getItem('tavola.cart') ?? '[]')), [], 'the cart is empty');
  const id = new URL(diner.url()).pathname.split('/').pop()!;
  assert.equal(await diner.evaluate(() => JSON.parse(localStorage.getItem('tavola.orders')!)), [id]);

  // The kitchen: without a reload, a new card, announced and marked new.
  const card = kitchen.locator('.column-received .ticket', { hasText: 'No. 5' });
  await card.waitFor();
  assert.match((await card.textContent())!, 'Table 7');
  assert.match((await card.textContent())!, '1 × Spaghetti alla carbonara');
  assert.match((await card.textContent())!, 'Extra pepper, please.');
  assert.is(await card.locator('.fresh-label').textContent(), 'New');
  assert.is(await kitchen.locator('#announcer').textContent(), 'New order 5, table 7');
  assert.is(await kitchen.locator('.column-received .ticket', { hasText: 'No. 6' }).count(), 0, 'the double click placed one order');

  await card.getByRole('button', { name: 'Start preparing (order 5)' }).click();
  await kitchen.locator('.column-preparing .ticket', { hasText: 'No. 5' }).waitFor();
  await diner.locator('.order-state .badge', { hasText: 'Preparing' }).waitFor();
  await kitchen.getByRole('button', { name: 'Mark ready (order 5)' }).click();
  await diner.locator('.order-state .badge', { hasText: 'Ready' }).waitFor();
  assert.is(await diner.locator('#announcer').textContent(), 'Order 5: Ready. Your order is ready.');

  // The waiter's board followed along, and only the waiter may serve.
  const ready = waiter.locator('.column-ready .ticket', { hasText: 'No. 5' });
  await ready.waitFor();
  assert.equal(await kitchen.locator('.column-ready .ticket', { hasText: 'No. 5' }).getByRole('button').count(), 0);
  await ready.getByRole('button', { name: 'Mark served (order 5)' }).click();
  await diner.locator('.order-state .badge', { hasText: 'Served' }).waitFor();
  await kitchen.locator('.ticket', { hasText: 'No. 5' }).waitFor({ state: 'detached' });
  await waiter.locator('.ticket', { hasText: 'No. 5' }).waitFor({ state: 'detached' });

  // Nobody reloaded anything; the diner's page survives a reload and shows where it is.
  assert.equal([await navigations(kitchen), await navigations(waiter)], [1, 1]);
  await diner.reload();
  await diner.locator('.order-state .badge', { hasText: 'Served' }).waitFor();
});

Orders('two kitchen screens at once: the second click gets a 409 that says what changed', async () => {
  const first = await staff('kai@tavola.test', 'tavola-kitchen');
  const second = await staff('kai@tavola.test', 'tavola-kitchen', { deaf: true });
  const button = (page: Page) => page.locator('.ticket', { hasText: 'No. 2' }).getByRole('button', { name: 'Start preparing (order 2)' });
  await button(first).click();
  await first.locator('.column-preparing .ticket', { hasText: 'No. 2' }).waitFor();
  await button(second).click();
  await second.locator('.ticket-message', { hasText: 'Order 2 changed meanwhile: it is preparing now, moved by Kai Moretti.' }).waitFor();
  await second.locator('.column-preparing .ticket', { hasText: 'No. 2' }).waitFor();
});

Orders('a failed order keeps the cart and says why (a waiter taking an order types a table that does not exist)', async () => {
  const diner = await staff('wanda@tavola.test', 'tavola-waiter', { width: 390 });
  await diner.goto('/menu/6');
  await diner.getByRole('button', { name: 'Add to cart' }).click();
  await diner.getByRole('button', { name: /^Cart/ }).click();
  await diner.getByLabel('Table number').fill('99');
  await diner.getByRole('button', { name: 'Place order' }).click();
  await diner.getByRole('alert').filter({ hasText: 'There is no table 99.' }).waitFor();
  assert.is(new URL(diner.url()).pathname, '/menu/6');
  assert.match((await diner.evaluate(() => localStorage.getItem('tavola.cart')))!, '"dishId":6');
});

Orders.run();
