// What is at each table, as the waiters' pages read it from the API's one answer (GET
// /staff/tables/now), in Chromium: the Tables page's cards (free, seated, guests who ordered by
// QR with nobody seating them and no guests counted for the cover, the amount open, asked for
// the bill, paid in the last half hour) in English and Italian, live; a table with nothing
// open says so and shows its last bill, reprinted by a waiter, refunded and reopened by the
// Admin, then closed owing nothing; a table never used; a bill moved to another table (the
// entry replaced). axe-core at 390 px, on a tablet and at 1280 px, light and dark; SCREENSHOTS
// saves them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { answerQuestion, checkBothSchemes, screenshot, siteForSuite } from '../helpers/browser.js';

const Floor = suite('what is at each table, on the waiters’ pages in Chromium');
const site = siteForSuite(Floor);
const WAITER = ['wanda@tavola.test', 'tavola-waiter'] as const;
const ADMIN = ['ada@tavola.test', 'tavola-admin'] as const;

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const italian = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;

/** The owner charges a cover of €2.50 a guest. */
async function coverCharge() {
  const admin = await site.tokenOf(...ADMIN);
  const { body: restaurant } = await site.call('/api/v1/restaurant');
  const { guestDataDays: _, ...fields } = restaurant;
  assert.is((await site.call('/api/v1/admin/restaurant', { method: 'PUT', token: admin, body: { ...fields, coverCents: 250 } })).status, 200);
}

/** Guests at `table` order a bruschetta from its QR code, nobody seating them (`guests`: how many they say they are). Answers the order. */
async function qrOrder(table: number, guests?: number) {
  const { body } = await site.call('/api/v1/admin/tables', { token: await site.tokenOf(...ADMIN) });
  const tableCode = body.tables.find((one: { number: number }) => one.number === table).code;
  const placed = await site.call('/api/v1/orders', { method: 'POST', body: { table, tableCode, items: [{ dishId: 1, quantity: 1 }], ...(guests && { guests }) } });
  assert.is(placed.status, 201, JSON.stringify(placed.body));
  return { ...placed.body, tableCode } as { number: number; tableCode: string };
}

/** `name`'s party of `party` seated at `table` by the waiter, with two orders unless `orders` is false. Answers their bill's total. */
async function seated(table: number, party: number, name: string, orders = true): Promise<number> {
  const waiter = await site.tokenOf(...WAITER);
  const walkIn = await site.call('/api/v1/staff/bookings/walk-ins', { method: 'POST', token: waiter, body: { party, table, name } });
  assert.is(walkIn.status, 201, JSON.stringify(walkIn.body));
  if (!orders) return 0;
  for (const items of [[{ dishId: 6, quantity: 2 }], [{ dishId: 1, quantity: 1 }]]) {
    const placed = await site.call('/api/v1/orders', { method: 'POST', token: waiter, body: { table, items } });
    assert.is(placed.status, 201, JSON.stringify(placed.body));
  }
  return (await billOf(table)).totalCents;
}

// biome-ignore lint/suspicious/noExplicitAny: the bill as the API answers it
async function billOf(table: number): Promise<any> {
  const { status, body } = await site.call(`/api/v1/staff/tables/${table}/bill`, { token: await site.tokenOf(...WAITER) });
  assert.is(status, 200, JSON.stringify(body));
  return body;
}

/** The whole bill of `table` taken by card. */
async function paid(table: number) {
  const bill = await billOf(table);
  const taken = await site.call(`/api/v1/staff/bills/${bill.id}/payments`, { method: 'POST', token: await site.tokenOf(...WAITER), body: { version: bill.version, amountCents: bill.remainingCents, method: 'card' } });
  assert.is(taken.status, 201, JSON.stringify(taken.body));
  return taken.body.bill;
}

/** The JSON bodies of the POSTs `page` sends to an address ending with `ending`. */
function sent(page: Page, ending: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(ending)) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** A card's words: its state, what it says beneath, the mark for guests not counted (or null), and whether it opens the table's page. */
const cardOf = (page: Page, table: number) =>
  page.locator(`.table-card[data-table="${table}"]`).evaluate((card) => [
    card.querySelector('.table-state')?.textContent,
    card.querySelector('.table-detail')?.textContent ?? '',
    card.querySelector('.table-uncounted')?.textContent ?? null,
    card.querySelector('a.table-card-body') !== null,
  ]);

Floor('the Tables page reads the floor from /staff/tables/now: free, seated, guests who ordered by QR with nobody seating them (marked: no guests counted for the cover), the amount open, asked for the bill, paid; a pickup after; an order elsewhere shows live; in Italian too', async () => {
  await coverCharge();
  await seated(2, 3, 'Bianchi', false);
  await qrOrder(3); // nobody says how many they are
  const { body: bruschetta } = await site.call('/api/v1/dishes/1');
  const rossi = await seated(4, 2, 'Rossi');
  const asking = await qrOrder(5, 2);
  assert.is((await site.call(`/api/v1/table-codes/${asking.tableCode}/bill/ask`, { method: 'POST' })).status, 200);
  const asked = (await billOf(5)).remainingCents;
  const verdi = await seated(6, 2, 'Verdi');
  await paid(6);
  const pickup = await site.call('/api/v1/orders', { method: 'POST', body: { pickupName: 'Ada', pickupPhone: '+393471234567', items: [{ dishId: 1, quantity: 2 }] } });
  assert.is(pickup.status, 201);

  const { page, problems } = await site.signedIn(...WAITER, { width: 390 });
  // What the Tables page asks the API (signing in lands on the host view, which reads the day: not counted).
  const read: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/staff/') && new URL(request.frame().url()).pathname === '/tables') read.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto(`${site.base}/tables`);
  await page.locator('.table-card[data-table="6"] .table-state').getByText('Paid, free now').waitFor();
  assert.ok(read.includes('GET /api/v1/staff/tables/now'), read.join('\n'));
  // The bookings' stream is followed (it says when the floor changed); the day's bookings are not read.
  assert.equal(read.filter((call) => call.includes('/staff/bookings') && !call.endsWith('/events')), [], 'the page works nothing out from the day’s bookings');
  const cards = async () => Promise.all([1, 2, 3, 4, 5, 6].map((table) => cardOf(page, table)));
  assert.equal(await cards(), [
    ['Free', '', null, false],
    ['Seated', 'Bianchi', null, true],
    [`${euros(bruschetta.priceCents)} open`, 'Ordered at the table', 'Guests not counted: no cover charge', true],
    [`${euros(rossi)} open`, 'Rossi', null, true],
    [`Asks for the bill · ${euros(asked)}`, 'Ordered at the table', null, true],
    ['Paid, free now', euros(verdi), null, true],
  ]);
  assert.equal(await page.locator('.pickup-bills li').allTextContents(), [`Order ${pickup.body.number} · ${euros(2 * bruschetta.priceCents)}`]);
  const found: string[] = [];
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 800 });
    found.push(...(await checkBothSchemes(page, `the Tables page at ${width} px`, { width: true, each: (scheme) => screenshot(page, `table-bills-tables-${width}-${scheme}`) })));
  }
  await page.setViewportSize({ width: 390, height: 800 });

  // Guests sit down at table 7 and order from its QR code: the card follows without a reload.
  await qrOrder(7);
  await page.locator('.table-card[data-table="7"] .table-state').getByText(`${euros(bruschetta.priceCents)} open`).waitFor({ timeout: 10_000 });

  // Table 3's guests counted on its bill: the mark goes.
  await page.locator('.table-card[data-table="3"] a.table-card-body').click();
  await page.waitForURL(`${site.base}/tables/3`);
  await page.getByLabel('Guests for the cover charge').fill('2');
  await page.getByRole('button', { name: 'Count' }).click();
  await page.getByRole('status').filter({ hasText: 'Guests counted: 2.' }).waitFor();
  await page.goBack();
  await page.waitForURL(`${site.base}/tables`);
  await page.locator('.table-card[data-table="3"] .table-state').getByText(`${euros(bruschetta.priceCents + 500)} open`).waitFor();
  assert.equal(await cardOf(page, 3), [`${euros(bruschetta.priceCents + 500)} open`, 'Ordered at the table', null, true]);

  // In Italian, the same floor in its words.
  await page.goto(`${site.base}/it/tables`);
  await page.locator('.table-card[data-table="6"] .table-state').getByText('Pagato, ora libero').waitFor();
  assert.equal(await Promise.all([1, 2, 5, 7].map((table) => cardOf(page, table))), [
    ['Libero', '', null, false],
    ['Seduti', 'Bianchi', null, true],
    [`Chiede il conto · ${italian(asked)}`, 'Ordine dal QR', null, true],
    [`${italian(bruschetta.priceCents)} da pagare`, 'Ordine dal QR', 'Coperti da segnare: coperto non ancora addebitato', true],
  ]);
  found.push(...(await checkBothSchemes(page, 'the Italian Tables page at 390 px', { width: true, each: (scheme) => screenshot(page, `table-bills-tables-it-390-${scheme}`) })));
  assert.equal(found, []);
  assert.equal(problems, []);
});

Floor('a table paid: its page says nothing is open and shows the last bill, reprinted by a waiter; the Admin gives money back (refused under its boxes first) and reopens it with why; owing nothing, it is closed', async () => {
  await coverCharge();
  const total = await seated(10, 2, 'Neri');
  const { version } = await paid(10);
  const waiter = await site.signedIn(...WAITER, { width: 390 });
  await waiter.page.goto(`${site.base}/tables/10`);
  await waiter.page.locator('.nothing-open').getByText('Nothing open at table 10.', { exact: true }).waitFor();
  assert.is(await waiter.page.getByRole('heading', { level: 2 }).first().textContent(), 'Last bill paid here');
  assert.match((await waiter.page.locator('.last-bill .bill-who').textContent())!, /^Paid at \d\d:\d\d · Neri · 2 orders$/);
  assert.is(await waiter.page.locator('.bill-lines tfoot td').textContent(), euros(total));
  assert.equal(await waiter.page.locator('.payments li').allTextContents(), [`${euros(total)} · Card · Wanda Rossi`]);
  assert.is(await waiter.page.locator('.remaining').textContent(), `Paid in full: ${euros(total)}`);
  assert.is(await waiter.page.getByRole('button', { name: 'Reprint the pre-bill' }).count(), 1);
  assert.equal([await waiter.page.getByText('Give money back').count(), await waiter.page.getByRole('button', { name: 'Reopen the bill' }).count()], [0, 0], 'a waiter neither refunds nor reopens');
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await waiter.page.setViewportSize({ width, height: 800 });
    found.push(...(await checkBothSchemes(waiter.page, `a last bill for a waiter at ${width} px`, { width: true, each: (scheme) => screenshot(waiter.page, `table-bills-last-bill-${width}-${scheme}`) })));
  }
  // Reprinted: the bill on one 80 mm page, without what the screen says around it.
  await waiter.page.emulateMedia({ media: 'print' });
  const pdf = (await waiter.page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  assert.is(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length, 1, 'one page');
  for (const hidden of ['.nothing-open', '.last-bill-title', '.last-bill-actions', '.site-header']) assert.ok(await waiter.page.locator(hidden).isHidden(), `${hidden} is not printed`);
  assert.ok(await waiter.page.locator('.receipt-foot').isVisible());
  await waiter.page.emulateMedia({ media: 'screen' });

  const { page } = await site.signedIn(...ADMIN, { width: 1280 });
  const refunds = sent(page, '/refunds');
  const reopens = sent(page, '/reopen');
  const closes = sent(page, '/close');
  await page.goto(`${site.base}/tables/10`);
  await page.getByText('Give money back').click();
  await page.getByRole('button', { name: 'Give it back' }).click();
  await page.locator('#refund-amount-error').getByText('Write the amount in euros, as 12.50.', { exact: true }).waitFor();
  assert.is(await page.evaluate('document.activeElement.id'), 'refund-amount');
  await page.getByLabel('Amount to give back (€)').fill('5000');
  await page.getByRole('button', { name: 'Give it back' }).click();
  await page.locator('#refund-reason-error').getByText('Say why the money is given back: the close of the day shows it.', { exact: true }).waitFor();
  assert.is(await page.evaluate('document.activeElement.id'), 'refund-reason');
  await page.getByLabel('Why it is given back').fill('Corked wine');
  await page.getByRole('button', { name: 'Give it back' }).click();
  assert.is(await answerQuestion(page, 'Give €5,000.00 back'), 'Give €5,000.00 back (Card)?');
  await page.locator('#refund-amount-error').getByText(`${euros(total)} was paid on this bill: a refund cannot be more.`, { exact: true }).waitFor();
  assert.is(await page.getByLabel('Amount to give back (€)').getAttribute('aria-invalid'), 'true');
  found.push(...(await checkBothSchemes(page, 'a refund refused at 1280 px', { width: true, each: (scheme) => screenshot(page, `table-bills-refund-refused-1280-${scheme}`) })));
  // €5 in cash: asked first, kept once, then given.
  await page.getByLabel('Amount to give back (€)').fill('5');
  await page.getByLabel('Cash', { exact: true }).check();
  await page.getByRole('button', { name: 'Give it back' }).click();
  assert.is(await answerQuestion(page, 'Give nothing back'), 'Give €5.00 back (Cash)?');
  await page.getByRole('button', { name: 'Give it back' }).click();
  await answerQuestion(page, 'Give €5.00 back');
  await page.getByRole('status').filter({ hasText: 'Given back: €5.00.' }).waitFor();
  assert.equal(refunds, [
    { version, amountCents: 500000, reason: 'Corked wine', method: 'card' },
    { version, amountCents: 500, reason: 'Corked wine', method: 'cash' },
  ]);
  assert.equal(await page.locator('.payments li').allTextContents(), [`${euros(total)} · Card · Wanda Rossi`, '-€5.00 · Cash · Corked wine · Ada Conti']);
  assert.is(await page.locator('.remaining').textContent(), `Paid in full: ${euros(total - 500)}`);

  // Reopened with why: asked in the dialog, which says when the why is missing.
  await page.getByRole('button', { name: 'Reopen the bill' }).click();
  const dialog = page.locator('dialog.ask[open]');
  await dialog.waitFor();
  assert.is(await dialog.locator('h2').textContent(), 'Reopen table 10’s last bill?');
  assert.is(await page.evaluate('document.activeElement.closest("dialog") !== null && document.activeElement.tagName'), 'INPUT');
  await dialog.getByRole('button', { name: 'Reopen the bill' }).click();
  await dialog.getByText('Say why the bill is reopened: the activity log keeps it.', { exact: true }).waitFor();
  found.push(...(await checkBothSchemes(page, 'the reopen dialog at 1280 px', { each: (scheme) => screenshot(page, `table-bills-reopen-dialog-1280-${scheme}`) })));
  await dialog.getByLabel('Why it is reopened').fill('Forgot the coffee');
  await dialog.getByRole('button', { name: 'Reopen the bill' }).click();
  await page.getByRole('status').filter({ hasText: 'The bill is open again: Forgot the coffee' }).waitFor();
  assert.equal(reopens, [{ version: version + 1, reason: 'Forgot the coffee' }], 'on the bill as the refund left it');
  assert.is(await page.locator('.remaining').textContent(), `Paid ${euros(total - 500)} · €0.00 to pay`);
  assert.ok(await page.locator('.pay-form').isHidden(), 'nothing to take');
  assert.is(await page.locator('.close-row p').textContent(), 'Nothing is owed on this bill: close it to free the table.');
  found.push(...(await checkBothSchemes(page, 'a bill reopened owing nothing at 1280 px', { width: true, each: (scheme) => screenshot(page, `table-bills-reopened-1280-${scheme}`) })));
  await page.getByRole('button', { name: 'Close the bill' }).click();
  await page.getByRole('status').filter({ hasText: 'The bill is closed.' }).waitFor();
  assert.is(await page.locator('.remaining').textContent(), 'Paid, thank you: the table is free.');
  assert.equal(closes, [{ version: version + 2 }]);
  const { status } = await site.call('/api/v1/staff/tables/10/bill', { token: await site.tokenOf(...WAITER) });
  assert.is(status, 404, 'nothing open at table 10 again');
  assert.equal(found, []);
});

Floor('a table never used: "Nothing open at table 20." in words, and nothing else to do; in Italian too', async () => {
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables/20`);
  await page.locator('.nothing-open').getByText('Nothing open at table 20.', { exact: true }).waitFor();
  assert.is(await page.getByText(/Request failed/).count(), 0);
  assert.equal([await page.locator('.last-bill-title').count(), await page.locator('.bill-lines').count(), await page.getByRole('button').filter({ hasText: /pre-bill|Reopen|Take payment/ }).count()], [0, 0, 0]);
  const found = await checkBothSchemes(page, 'a table never used at 390 px', { width: true, each: (scheme) => screenshot(page, `table-bills-nothing-open-390-${scheme}`) });
  await page.goto(`${site.base}/it/tables/20`);
  await page.locator('.nothing-open').getByText('Nessun conto aperto al tavolo 20.', { exact: true }).waitFor();
  assert.equal(found, []);
});

Floor('the party moves: the bill goes to table 13 (a taken table refused under the box in the API’s words first), the page is table 13’s in the same history entry, and Back returns to the Tables page', async () => {
  await coverCharge();
  const total = await seated(11, 2, 'Gallo');
  const guests = await qrOrder(12);
  assert.ok(guests.number);
  const taken = (await billOf(12)).remainingCents;
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  const moves = sent(page, '/move');
  await page.goto(`${site.base}/tables`);
  await page.locator('.table-card[data-table="11"] .table-state').getByText(`${euros(total)} open`).waitFor();
  await page.locator('.table-card[data-table="11"] a.table-card-body').click();
  await page.waitForURL(`${site.base}/tables/11`);
  await page.getByRole('button', { name: 'Take payment' }).waitFor();
  const entries = await page.evaluate(() => history.length);
  const { version } = await billOf(11);
  await page.getByText('Move the bill to another table').click();
  await page.getByLabel('New table').fill('twelve');
  await page.getByRole('button', { name: 'Move the bill' }).click();
  await page.locator('#move-table-error').getByText('Write the number of the table they moved to.', { exact: true }).waitFor();
  assert.equal(moves, [], 'nothing sent');
  await page.getByLabel('New table').fill('12');
  await page.getByRole('button', { name: 'Move the bill' }).click();
  await page.locator('#move-table-error').getByText(`Table 12 is taken: guests are eating there, with ${euros(taken)} open on their bill. Choose another table.`, { exact: true }).waitFor();
  assert.equal(await page.getByLabel('New table').evaluate((box) => [box.getAttribute('aria-invalid'), box === document.activeElement]), ['true', true]);
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(total), 'the bill stays as it was');
  const found = await checkBothSchemes(page, 'a move refused at 390 px', { width: true, each: (scheme) => screenshot(page, `table-bills-move-refused-390-${scheme}`) });
  await page.getByLabel('New table').fill('13');
  await page.getByRole('button', { name: 'Move the bill' }).click();
  await page.waitForURL(`${site.base}/tables/13`);
  await page.getByRole('heading', { name: 'Table 13', level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'The bill moved here from table 11.' }).waitFor();
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(total));
  assert.is(await page.evaluate(() => history.length), entries, 'the entry replaced, not a new one');
  assert.equal(moves, [{ version, toTable: 12 }, { version, toTable: 13 }]);
  found.push(...(await checkBothSchemes(page, 'a bill moved at 390 px', { width: true, each: (scheme) => screenshot(page, `table-bills-moved-390-${scheme}`) })));
  await page.goBack();
  await page.waitForURL(`${site.base}/tables`);
  await page.locator('.table-card[data-table="13"] .table-state').getByText(`${euros(total)} open`).waitFor();
  assert.equal(await cardOf(page, 13), [`${euros(total)} open`, 'Gallo', null, true]);
  assert.equal((await cardOf(page, 11)).slice(0, 3), ['Free', '', null]);
  await page.goto(`${site.base}/tables/11`);
  await page.locator('.nothing-open').getByText('Nothing open at table 11.', { exact: true }).waitFor();
  assert.equal(found, []);
});

Floor.run();
