import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkBothSchemes, screenshot, siteForSuite } from '../helpers/browser.js';

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
  await diner.getByLabel('How many are you?').fill('2');
  await diner.getByLabel('Note for the kitchen (optional)').fill('Extra pepper, please.');
  await diner.getByRole('button', { name: 'Place order' }).dblclick(); // a double click places one order
  await diner.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
  await diner.getByRole('heading', { level: 1, name: 'Order 1' }).waitFor(); // this server's first
  assert.is(await diner.locator('.order-state .badge').textContent(), 'Received');
  assert.equal(await diner.evaluate(() => JSON.parse(localStorage.getItem('tavola.cart') ?? '[]')), [], 'the cart is empty');
  const id = new URL(diner.url()).pathname.split('/').pop()!;
  assert.equal(await diner.evaluate(() => JSON.parse(localStorage.getItem('tavola.orders')!)), [id]);

  // The kitchen: without a reload, a new card, announced and marked new.
  const card = kitchen.locator('.column-received .ticket', { hasText: 'No. 1' });
  await card.waitFor();
  assert.match((await card.textContent())!, 'Table 7');
  assert.match((await card.textContent())!, '1 × Spaghetti alla carbonara');
  assert.match((await card.textContent())!, 'Extra pepper, please.');
  assert.is(await card.locator('.fresh-label').textContent(), 'New');
  assert.is(await kitchen.locator('#announcer').textContent(), 'New order 1, table 7');
  assert.is(await kitchen.locator('.column-received .ticket', { hasText: 'No. 2' }).count(), 0, 'the double click placed one order');

  await card.getByRole('button', { name: 'Start preparing (order 1)' }).click();
  await kitchen.locator('.column-preparing .ticket', { hasText: 'No. 1' }).waitFor();
  await diner.locator('.order-state .badge', { hasText: 'Preparing' }).waitFor();
  await kitchen.getByRole('button', { name: 'Mark ready (order 1)' }).click();
  await diner.locator('.order-state .badge', { hasText: 'Ready' }).waitFor();
  assert.is(await diner.locator('#announcer').textContent(), 'Order 1: Ready. Your order is ready.');

  // The waiter's board followed along, and only the waiter may serve.
  const ready = waiter.locator('.column-ready .ticket', { hasText: 'No. 1' });
  await ready.waitFor();
  assert.equal(await kitchen.locator('.column-ready .ticket', { hasText: 'No. 1' }).getByRole('button').count(), 0);
  await ready.getByRole('button', { name: 'Mark served (order 1)' }).click();
  await diner.locator('.order-state .badge', { hasText: 'Served' }).waitFor();
  await kitchen.locator('.ticket', { hasText: 'No. 1' }).waitFor({ state: 'detached' });
  await waiter.locator('.ticket', { hasText: 'No. 1' }).waitFor({ state: 'detached' });

  // Nobody reloaded anything; the diner's page survives a reload and shows where it is.
  assert.equal([await navigations(kitchen), await navigations(waiter)], [1, 1]);
  await diner.reload();
  await diner.locator('.order-state .badge', { hasText: 'Served' }).waitFor();
});

Orders('two kitchen screens at once: the second click gets a 409 that says what changed', async () => {
  // A waiter's order at table 2, on both screens as they open (the second hears nothing after).
  const placed = await site.call('/api/v1/orders', { method: 'POST', token: await site.tokenOf('wanda@tavola.test', 'tavola-waiter'), body: { table: 2, items: [{ dishId: 6, quantity: 2 }] } });
  assert.is(placed.status, 201, JSON.stringify(placed.body));
  const { number } = placed.body;
  const first = await staff('kai@tavola.test', 'tavola-kitchen');
  const second = await staff('kai@tavola.test', 'tavola-kitchen', { deaf: true });
  const button = (page: Page) => page.locator('.ticket', { hasText: `No. ${number}` }).getByRole('button', { name: `Start preparing (order ${number})` });
  await button(first).click();
  await first.locator('.column-preparing .ticket', { hasText: `No. ${number}` }).waitFor();
  await button(second).click();
  await second.locator('.ticket-message', { hasText: `Order ${number} changed meanwhile: it is preparing now, moved by Kai Moretti.` }).waitFor();
  await second.locator('.column-preparing .ticket', { hasText: `No. ${number}` }).waitFor();
});

Orders('a failed order keeps the cart and says why (a waiter taking an order types a table that does not exist)', async () => {
  const diner = await staff('wanda@tavola.test', 'tavola-waiter', { width: 390 });
  await diner.goto('/menu/6');
  await diner.getByRole('button', { name: 'Add to cart' }).click();
  await diner.getByRole('button', { name: /^Cart/ }).click();
  await diner.getByLabel('Table number').fill('99');
  await diner.getByLabel('How many are at the table?').fill('2');
  await diner.getByRole('button', { name: 'Place order' }).click();
  await diner.getByRole('alert').filter({ hasText: 'There is no table 99.' }).waitFor();
  assert.is(new URL(diner.url()).pathname, '/menu/6');
  assert.match((await diner.evaluate(() => localStorage.getItem('tavola.cart')))!, '"dishId":6');
});

/** The bodies of the orders `page` places, as it sends them. */
function ordersSent(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders') sent.push(request.postDataJSON());
  });
  return sent;
}

/** One carbonara in the cart, and the cart open (in Italian with `/it`). */
async function carbonaraInCart(page: Page, lang: '' | '/it' = '') {
  await page.goto(`${lang}/menu/6`);
  await page.getByRole('button', { name: lang ? 'Aggiungi al carrello' : 'Add to cart' }).click();
  await page.getByRole('button', { name: lang ? /^Carrello/ : /^Cart/ }).click();
}

/** The page at 360 and 1280 px, light and dark: axe-core, nothing wider than the window, a screenshot each (`<name>-<width>-<scheme>`). */
async function bothWidths(page: Page, where: string, name: string, inView: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator(inView).scrollIntoViewIfNeeded();
    found.push(...(await checkBothSchemes(page, `${where} at ${width} px`, { width: true, each: (scheme) => screenshot(page, `${name}-${width}-${scheme}`) })));
  }
  await page.setViewportSize({ width: 360, height: 800 });
  return found;
}

/** What the waiters' Tables page reads of table `n` now. */
async function tableNow(n: number) {
  const { body } = await site.call('/api/v1/staff/tables/now', { token: await site.tokenOf('wanda@tavola.test', 'tavola-waiter') });
  return body.tables.find((table: { number: number }) => table.number === n) as { stay: { party: number; partyKnown: boolean; openedByOrder: boolean } | null; bill: { covers: number | null } | null };
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' }).click();
const focused = (page: Page) => page.evaluate(() => [document.activeElement?.id, document.activeElement?.getAttribute('aria-invalid')]);

Orders('the first order of a table’s visit asks how many they are: 0, 51 and letters refused in the field’s words, the cursor in it, nothing sent; 3 sent as typed, and the Tables page’s stay has a party of 3; the next order of the visit asks nothing and sends none', async () => {
  const code = await tableCodeOf(9);
  const diner = await open(360);
  const sent = ordersSent(diner);
  await diner.goto(`/menu#table=${code}`);
  await diner.getByText('Ordering for Table 9').waitFor();
  await carbonaraInCart(diner);
  const guests = diner.getByLabel('How many are you?');
  await guests.waitFor();
  assert.is(await diner.locator('#order-guests-hint').textContent(), 'We ask once, at your first order from this table.');
  const found = await bothWidths(diner, 'the checkout at a table, asking how many', 'checkout-guests', '#order-guests');

  // Refused before anything is sent: by the button, and by Enter in the field.
  for (const [typed, how] of [['0', 'click'], ['51', 'Enter'], ['three', 'click'], ['', 'Enter']] as const) {
    await guests.fill(typed);
    assert.is(await diner.locator('#order-guests-error').textContent(), '', 'typing clears the refusal');
    if (how === 'Enter') await guests.press('Enter');
    else await placeOrder(diner);
    await diner.locator('#order-guests-error').getByText('Type how many you are: a number from 1 to 50.').waitFor();
    assert.equal(await focused(diner), ['order-guests', 'true'], `“${typed}” refused, the cursor in the field`);
  }
  found.push(...(await bothWidths(diner, 'the checkout at a table, how many refused', 'checkout-guests-refused', '#order-guests-error')));
  assert.equal(sent, [], 'nothing sent');

  await guests.fill('3');
  await placeOrder(diner);
  await diner.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
  assert.equal(sent, [{ table: 9, tableCode: code, guests: 3, items: [{ dishId: 6, quantity: 1 }] }]);

  // The same visit, its QR code even scanned again: not asked, and nothing sent of it.
  const checked = diner.waitForResponse((response) => response.url().includes('/api/v1/table-codes/'));
  await diner.goto(`/menu#table=${code}`);
  await checked;
  await diner.getByText('Ordering for Table 9').waitFor();
  await carbonaraInCart(diner);
  await diner.getByRole('button', { name: 'Place order' }).waitFor();
  assert.is(await diner.locator('#order-guests').isVisible(), false, 'asked once a visit');
  await placeOrder(diner);
  await diner.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
  assert.equal(sent[1], { table: 9, tableCode: code, items: [{ dishId: 6, quantity: 1 }] });

  // The waiters' Tables page: the stay the first order opened, a party of 3 said, the cover charge counting 3.
  const nine = await tableNow(9);
  assert.equal([nine.stay?.party, nine.stay?.partyKnown, nine.stay?.openedByOrder, nine.bill?.covers], [3, true, true, 3]);

  // In Italian, the question and its refusal.
  const italian = await open(360);
  const sentIt = ordersSent(italian);
  await italian.goto(`/it/menu#table=${await tableCodeOf(10)}`);
  await italian.getByText('Ordini per').waitFor();
  await carbonaraInCart(italian, '/it');
  const quanti = italian.getByLabel('Quanti siete?');
  await quanti.fill('0');
  await italian.getByRole('button', { name: 'Invia l’ordine' }).click();
  await italian.locator('#order-guests-error').getByText('Indicate quanti siete: un numero da 1 a 50.').waitFor();
  assert.equal(await focused(italian), ['order-guests', 'true']);
  assert.is(await italian.locator('#order-guests-hint').textContent(), 'Ve lo chiediamo una volta sola, al primo ordine da questo tavolo.');
  found.push(...(await bothWidths(italian, 'the Italian checkout, how many refused', 'checkout-guests-refused-it', '#order-guests-error')));
  assert.equal(sentIt, [], 'nothing sent');
  assert.equal(found, []);
});

Orders('a waiter taking the order at a table is asked how many are there at their first order to it, not at the next; a pickup order never', async () => {
  const { page: waiter } = await site.signedIn('wanda@tavola.test', 'tavola-waiter', { width: 360 });
  const sent = ordersSent(waiter);
  await carbonaraInCart(waiter);
  await waiter.getByLabel('Table number').fill('11');
  const count = waiter.getByLabel('How many are at the table?');
  await count.fill('51');
  await placeOrder(waiter);
  await waiter.locator('#order-guests-error').getByText('Type how many are at the table: a number from 1 to 50.').waitFor();
  assert.equal(await focused(waiter), ['order-guests', 'true']);
  assert.equal(sent, []);
  const found = await bothWidths(waiter, 'the waiter’s checkout, how many refused', 'checkout-guests-waiter', '#order-guests-error');
  await count.fill('2');
  await placeOrder(waiter);
  await waiter.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
  assert.equal(sent, [{ table: 11, guests: 2, items: [{ dishId: 6, quantity: 1 }] }]);

  await carbonaraInCart(waiter);
  await waiter.getByLabel('Table number').fill('11');
  assert.is(await count.isVisible(), false, 'table 11 is one they have ordered at');
  await waiter.getByLabel('Table number').fill('12');
  assert.is(await count.isVisible(), true, 'table 12 is not');
  await waiter.getByLabel('I will pick it up').check();
  assert.is(await count.isVisible(), false, 'pickup is not asked');
  await waiter.getByLabel('To a table (you are taking the order)').check();
  await waiter.getByLabel('Table number').fill('11');
  await placeOrder(waiter);
  await waiter.waitForURL((url) => url.pathname.startsWith('/orders/') && sent.length === 2);
  assert.equal(sent[1], { table: 11, items: [{ dishId: 6, quantity: 1 }] });
  const eleven = await tableNow(11);
  assert.equal([eleven.stay?.party, eleven.stay?.partyKnown, eleven.bill?.covers], [2, true, 2]);
  assert.equal(found, []);
});

Orders.run();
