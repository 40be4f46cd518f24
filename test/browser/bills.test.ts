// The waiter's Tables page and a table's bill in Chromium: a table of four seated with two
// orders shows its amount open; the bill opens by a click (a pushed history entry, Back
// returns), split in two, the first half by card with a tip and the second in cash with the
// change said; paid in full, the page says so and the Tables page shows the table free. A
// bill changed meanwhile by another waiter is shown as it is, with the API's words. axe-core
// on both pages at 390 and 1280 px, light and dark; SCREENSHOTS saves them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBothSchemes, screenshot, siteForSuite } from '../helpers/browser.js';
import { shareOut } from '../../src/shared/bills.js';

const Bills = suite('the Tables page and a bill in Chromium');
const site = siteForSuite(Bills);
const WAITER = ['wanda@tavola.test', 'tavola-waiter'] as const;

/** Table `table` seated with `party` and two orders placed by the waiter; the owner's cover charge €2.50. Answers the bill's total. */
async function seatedWithOrders(table: number, party: number): Promise<number> {
  const admin = await site.tokenOf('ada@tavola.test', 'tavola-admin');
  const { body: restaurant } = await site.call('/api/v1/restaurant');
  const { guestDataDays: _, ...fields } = restaurant;
  assert.is((await site.call('/api/v1/admin/restaurant', { method: 'PUT', token: admin, body: { ...fields, coverCents: 250 } })).status, 200);
  const waiter = await site.tokenOf(...WAITER);
  const seated = await site.call('/api/v1/staff/bookings/walk-ins', { method: 'POST', token: waiter, body: { party, table, name: 'Rossi' } });
  assert.is(seated.status, 201, JSON.stringify(seated.body));
  for (const items of [[{ dishId: 6, quantity: 2 }], [{ dishId: 1, quantity: 1 }]]) {
    const placed = await site.call('/api/v1/orders', { method: 'POST', token: waiter, body: { table, items } });
    assert.is(placed.status, 201, JSON.stringify(placed.body));
  }
  const { body: bill } = await site.call(`/api/v1/staff/tables/${table}/bill`, { token: waiter });
  return bill.totalCents;
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

Bills('a table of four paid in two halves, by card with a tip and in cash with the change: the bill closes and the table is free', async () => {
  const total = await seatedWithOrders(7, 4);
  const { page, problems } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables`);
  const card = page.locator('.table-card[data-table="7"]');
  await card.getByText(`${euros(total)} open`).waitFor();
  assert.is(await card.locator('.table-detail').textContent(), 'Rossi');
  assert.is(await page.locator('.table-card[data-table="8"] .table-state').textContent(), 'Free');
  const found = await checkBothSchemes(page, 'the Tables page at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-tables-390-${scheme}`) });

  const before = await page.evaluate(() => history.length);
  await card.locator('a.table-card-body').click();
  await page.waitForURL(`${site.base}/tables/7`);
  assert.is(await page.evaluate(() => history.length), before + 1, 'the bill is a new entry');
  await page.getByRole('heading', { name: 'Table 7', level: 1 }).waitFor();
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(total));
  assert.is(await page.locator('.bill-lines tr.cover th').textContent(), 'Cover charge');
  assert.is(await page.title(), 'Table 7 · Bill · Tavola');
  found.push(...(await checkBothSchemes(page, 'a bill at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-bill-390-${scheme}`) })));

  // The pre-bill on paper: 80 mm wide, one page, the restaurant and its VAT number at the top, the bill alone.
  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  assert.is(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length, 1, 'one page');
  assert.match(pdf, /\/MediaBox \[0 0 22[67]\.\d+ /, '80 mm wide (226.8 points, to Chromium’s pixel)');
  assert.equal(await page.locator('.receipt-head p').allTextContents(), ['Tavola', 'Tavola S.r.l.', 'Via dei Serpenti 42, 00184 Roma RM, Italia', 'VAT number 12345678903']);
  assert.is(await page.locator('.receipt-foot').textContent(), 'Pre-bill, not a fiscal receipt');
  for (const hidden of ['.site-header', '.pay-form', '.print-bill', '.back']) assert.ok(await page.locator(hidden).isHidden(), `${hidden} is not printed`);
  await page.setViewportSize({ width: 302, height: 800 });
  await screenshot(page, 'bills-pre-bill-printed');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ media: 'screen' });
  assert.ok(await page.locator('.receipt-head').isHidden(), 'on screen, no receipt head');

  // Split in two: the amount is the first (larger) half.
  await page.getByLabel('Split evenly').selectOption('2');
  const half = Math.ceil(total / 2);
  assert.is(await page.getByLabel('Amount (€)').inputValue(), (half / 100).toFixed(2));
  await page.getByLabel('Tip (€)').fill('2');
  await page.getByRole('button', { name: 'Take payment' }).click();
  await page.getByRole('status').filter({ hasText: `Taken: ${euros(half)}.` }).waitFor();
  assert.is(await page.locator('.remaining').textContent(), `Paid ${euros(half)} · ${euros(total - half)} to pay`);
  assert.match((await page.locator('.payments li').first().textContent())!, `${euros(half)} · Card · tip €2.00 · Wanda Rossi`);

  // The rest in cash: €50 handed over, the change said before and after.
  await page.getByLabel('Cash', { exact: true }).check();
  await page.getByLabel('Cash handed over (€)').fill('50');
  const change = 5000 - (total - half);
  await page.locator('.change').getByText(`Change: ${euros(change)}`).waitFor();
  await page.getByRole('button', { name: 'Take payment' }).click();
  await page.getByRole('status').filter({ hasText: `Taken: ${euros(total - half)}. Change: ${euros(change)}` }).waitFor();
  assert.is(await page.locator('.remaining').textContent(), 'Paid, thank you: the table is free.');
  assert.ok(await page.locator('.pay-form').isHidden(), 'nothing more to take');

  await page.goBack();
  await page.waitForURL(`${site.base}/tables`);
  await page.locator('.table-card[data-table="7"] .table-state').getByText('Paid, free now').waitFor();
  assert.is(await page.locator('.table-card[data-table="7"] .table-detail').textContent(), euros(total), 'what the party paid');
  assert.equal(found, []);
  assert.equal(problems, []);
});

Bills('a bill opened from the Tables page is drawn at once as the page listed it, then as the API has it: an order placed meanwhile shows', async () => {
  const total = await seatedWithOrders(13, 2);
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables`);
  await page.locator('.table-card[data-table="13"]').getByText(`${euros(total)} open`).waitFor();
  // Another waiter takes one more bruschetta (1) for the table; the Tables page does not know yet.
  const waiter = await site.tokenOf(...WAITER);
  const placed = await site.call('/api/v1/orders', { method: 'POST', token: waiter, body: { table: 13, items: [{ dishId: 1, quantity: 1 }] } });
  assert.is(placed.status, 201);
  const { body: fresh } = await site.call('/api/v1/staff/tables/13/bill', { token: waiter });
  assert.ok(fresh.totalCents > total);
  await page.locator('.table-card[data-table="13"] a.table-card-body').click();
  await page.waitForURL(`${site.base}/tables/13`);
  await page.locator('.bill-lines tfoot td').getByText(euros(fresh.totalCents), { exact: true }).waitFor();
  assert.is(await page.locator('.remaining').textContent(), `Paid €0.00 · ${euros(fresh.totalCents)} to pay`);
  assert.is(await page.getByLabel('Amount (€)').inputValue(), (fresh.totalCents / 100).toFixed(2));
});

Bills('a bill paid meanwhile by another waiter: the payment is refused with the API’s words and the bill shown as it is', async () => {
  const total = await seatedWithOrders(9, 2);
  const { page } = await site.signedIn(...WAITER, { width: 1280 });
  await page.goto(`${site.base}/tables/9`);
  await page.getByRole('button', { name: 'Take payment' }).waitFor();
  // A discount with its reason, by keyboard: shown on the bill with why and who.
  await page.getByText('Give a discount').focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Amount off (€)').fill('2');
  // Its reason left out: said in the form's words, the cursor in the box, nothing given.
  await page.keyboard.press('Enter');
  await page.getByRole('alert').getByText('Say why the discount is given: the bill and the close of the day show it.', { exact: true }).waitFor();
  assert.is(await page.evaluate('document.activeElement.id'), 'discount-reason');
  const refusedFound = await checkBothSchemes(page, 'a discount refused for its reason at 1280 px', { each: (scheme) => screenshot(page, `bills-discount-refused-1280-${scheme}`) });
  await page.getByLabel('Why the discount').fill('Late dish');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Discount given: €2.00.' }).waitFor();
  assert.equal(await page.locator('.bill-lines tr.discount').allTextContents(), ['Discount: Late dish (Wanda Rossi)-€2.00']);
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(total - 200));
  const found = [...refusedFound, ...(await checkBothSchemes(page, 'a bill at 1280 px', { each: (scheme) => screenshot(page, `bills-bill-1280-${scheme}`) }))];
  // Another waiter takes the whole bill on their phone.
  const other = await site.tokenOf(...WAITER);
  const { body: bill } = await site.call('/api/v1/staff/tables/9/bill', { token: other });
  assert.is((await site.call(`/api/v1/staff/bills/${bill.id}/payments`, { method: 'POST', token: other, body: { version: bill.version, amountCents: bill.remainingCents, method: 'card' } })).status, 201);
  await page.getByRole('button', { name: 'Take payment' }).click();
  await page.getByRole('alert').getByText(`Bill ${bill.id} is paid and closed: nothing more can be taken on it.`).waitFor();
  assert.is(await page.locator('.remaining').textContent(), 'Paid, thank you: the table is free.');
  await page.goto(`${site.base}/tables`);
  await page.locator('.table-card[data-table="9"] .table-state').getByText('Paid, free now').waitFor();
  found.push(...(await checkBothSchemes(page, 'the Tables page at 1280 px', { width: true, each: (scheme) => screenshot(page, `bills-tables-1280-${scheme}`) })));
  assert.equal(found, []);
});

Bills('split by dishes at 390 px, by keyboard: each guest’s share from what they had, the cover charge evenly; a share chosen is taken', async () => {
  const total = await seatedWithOrders(14, 2); // two carbonara (6) and a bruschetta (1), cover 2 × €2.50
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables/14`);
  await page.getByRole('button', { name: 'Take payment' }).waitFor();
  const lines = await page.locator('.bill-lines tbody tr:not(.cover) td.money:last-child').allTextContents();
  await page.getByText('Split by dishes').focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Guests', { exact: true }).selectOption('2');
  // Not a whole number: said, with the cursor in the box, and nothing asked of the API.
  const box = page.getByLabel('Guest 1: how many of Spaghetti alla carbonara');
  await box.fill('1,5');
  await page.getByRole('button', { name: 'Work out the shares' }).click();
  await page.locator('.split-lines .form-error').filter({ hasText: 'Write how many as a whole number from 0 to 100.' }).waitFor();
  assert.ok(await box.evaluate((input) => input === document.activeElement), 'the box that is wrong has the focus');
  // A carbonara each; the bruschetta is Guest 2's.
  await box.fill('1');
  await page.getByLabel('Guest 2: how many of Spaghetti alla carbonara').fill('1');
  await page.getByLabel('Guest 2: how many of Bruschetta al pomodoro').fill('1');
  await page.getByRole('button', { name: 'Work out the shares' }).click();
  const carbonara = Number(lines[0]!.replace(/\D/g, '')) / 2;
  const first = carbonara + 250;
  await page.getByRole('button', { name: `Guest 1: ${euros(first)}` }).waitFor();
  await page.getByRole('button', { name: `Guest 2: ${euros(total - first)}` }).waitFor();
  const found = await checkBothSchemes(page, 'a split by dishes at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-split-390-${scheme}`) });
  await page.getByRole('button', { name: `Guest 1: ${euros(first)}` }).click();
  assert.is(await page.getByLabel('Amount (€)').inputValue(), (first / 100).toFixed(2));
  assert.ok(await page.getByLabel('Amount (€)').evaluate((input) => input === document.activeElement), 'the amount has the focus');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `Taken: ${euros(first)}.` }).waitFor();
  assert.is(await page.locator('.remaining').textContent(), `Paid ${euros(first)} · ${euros(total - first)} to pay`);
  // Part paid, the split by dishes is still offered: the shares worked out for the whole bill are
  // gone, what was typed stays, and worked out again they share what remains (the API's
  // shares: in proportion to what each had), to the cent.
  const split = page.locator('.split-lines');
  assert.ok(await split.isVisible(), 'part paid: the split by dishes is still there');
  assert.equal(await split.locator('.share-list button').count(), 0, 'no share of the whole bill left to choose');
  assert.is(await page.getByLabel('Guest 2: how many of Bruschetta al pomodoro').inputValue(), '1', 'what was typed stays');
  await page.getByRole('button', { name: 'Work out the shares' }).click();
  const shareButtons = split.locator('.share-list button');
  await shareButtons.first().waitFor();
  const again = shareOut(total - first, [first, total - first]);
  assert.equal(await shareButtons.allTextContents(), [`Guest 1: ${euros(again[0]!)}`, `Guest 2: ${euros(again[1]!)}`]);
  assert.is(await split.locator('.split-shares > p').textContent(), 'Each guest’s share of what remains (the cover charge split evenly, discounts and payments shared in proportion): choose one to take it.');
  const centsIn = (text: string) => Number(text.match(/€([\d,]+\.\d\d)/)![1]!.replace(/,/g, '').replace('.', ''));
  const remains = centsIn((await page.locator('.remaining').textContent())!.split('·')[1]!);
  assert.is((await shareButtons.allTextContents()).reduce((sum, text) => sum + centsIn(text), 0), remains, 'the shares add up to what remains, as the page says it');
  found.push(...(await checkBothSchemes(page, 'a split by dishes after a payment at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-split-part-paid-390-${scheme}`) })));
  // Guest 2's share taken: what remains is Guest 1's.
  await shareButtons.nth(1).click();
  assert.is(await page.getByLabel('Amount (€)').inputValue(), (again[1]! / 100).toFixed(2));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `Taken: ${euros(again[1]!)}.` }).waitFor();
  assert.is(await page.locator('.remaining').textContent(), `Paid ${euros(first + again[1]!)} · ${euros(again[0]!)} to pay`);
  assert.equal(found, []);
});

Bills('a tip of -2 is refused in the tip’s own words, the cursor in its box and nothing sent, in English and on the Italian page; a tip written as the page writes money is taken', async () => {
  const total = await seatedWithOrders(17, 2);
  const { page } = await site.signedIn(...WAITER, { width: 360 });
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/payments')) sent.push(request.postDataJSON());
  });
  const found: string[] = [];
  const cases = [
    { path: '/tables/17', tip: 'Tip (€)', take: 'Take payment', said: 'Write the tip in euros, as 2.50, or leave the box empty.', name: 'bills-tip-refused' },
    { path: '/it/tables/17', tip: 'Mancia (€)', take: 'Incassa', said: 'Scrivi la mancia in euro, ad esempio 2,50, oppure lascia il campo vuoto.', name: 'bills-tip-refused-it' },
  ];
  for (const { path, tip, take, said, name } of cases) {
    await page.goto(`${site.base}${path}`);
    await page.getByRole('button', { name: take }).waitFor();
    await page.getByLabel(tip).fill('-2');
    await page.getByRole('button', { name: take }).click();
    await page.getByRole('alert').getByText(said, { exact: true }).waitFor();
    assert.is(await page.evaluate('document.activeElement.id'), 'pay-tip', `${path}: the cursor in the tip’s box`);
    assert.is(await page.getByLabel(tip).inputValue(), '-2', 'what was typed stays, to be put right');
    // Said under the box, in view with it, and read with it (its description).
    assert.equal(await page.getByLabel(tip).evaluate((box) => [box.getAttribute('aria-invalid'), box.getAttribute('aria-describedby'), document.getElementById('pay-tip-error')!.textContent]), ['true', 'pay-tip-error', said]);
    assert.ok(await page.locator('#pay-tip-error').evaluate((words) => words.getBoundingClientRect().bottom <= innerHeight && words.getBoundingClientRect().top >= 0), 'the words are in view where the cursor is');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      found.push(...(await checkBothSchemes(page, `${path} with its tip refused at ${width} px`, { width: true, each: (scheme) => screenshot(page, `${name}-${width}-${scheme}`) })));
    }
    await page.setViewportSize({ width: 360, height: 800 });
  }
  assert.equal(sent, [], 'no payment was sent');
  const { body: bill } = await site.call('/api/v1/staff/tables/17/bill', { token: await site.tokenOf(...WAITER) });
  assert.equal([bill.paidCents, bill.payments], [0, []]);
  // Put right as an Italian writes it: the whole bill by card with a tip of €2.50.
  await page.getByLabel('Mancia (€)').fill('2,50');
  await page.getByRole('button', { name: 'Incassa' }).click();
  await page.getByRole('status').filter({ hasText: 'Incassato:' }).waitFor();
  assert.equal(sent, [{ version: bill.version, amountCents: total, method: 'card', tipCents: 250 }]);
  assert.equal(found, []);
});

Bills('on the Italian page, an amount over what remains is refused in the API’s words; the right amount is then taken at once, on the version the bill still has (no "changed meanwhile")', async () => {
  const total = await seatedWithOrders(22, 2);
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/payments')) answers.push(response.status());
  });
  await page.goto(`${site.base}/it/tables/22`);
  await page.getByRole('button', { name: 'Incassa' }).waitFor();
  const italian = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;
  await page.getByLabel('Importo (€)', { exact: true }).fill(((total + 1000) / 100).toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Incassa' }).click();
  await page.getByText(`Su questo conto restano ${italian(total)}: incassa al massimo questa cifra e registra l’eccedenza come mancia.`).waitFor();
  await page.getByLabel('Importo (€)', { exact: true }).fill((total / 100).toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Incassa' }).click();
  await page.getByRole('status').filter({ hasText: `Incassato: ${italian(total)}.` }).waitFor();
  assert.equal(answers, [400, 201]);
});

Bills('a guest at table 12 reads the bill from the table’s QR code and asks for it: the waiters’ Tables page shows it live; paid, a reload of /bill says so', async () => {
  const total = await seatedWithOrders(12, 2);
  const admin = await site.tokenOf('ada@tavola.test', 'tavola-admin');
  const { body } = await site.call('/api/v1/admin/tables', { token: admin });
  const code = body.tables.find((table: { number: number }) => table.number === 12).code;
  const waiter = await site.signedIn(...WAITER, { width: 1280 });
  await waiter.page.goto(`${site.base}/tables`);
  const card = waiter.page.locator('.table-card[data-table="12"] .table-state');
  await card.getByText(`${euros(total)} open`).waitFor();

  // The guest's phone, with nothing but the scanned address.
  const guest = await site.open({ width: 390 });
  await guest.page.goto(`${site.base}/menu#table=${code}`);
  await guest.page.getByRole('link', { name: 'Your bill' }).click();
  await guest.page.waitForURL(`${site.base}/bill`);
  await guest.page.getByRole('heading', { name: 'Your bill', level: 1 }).waitFor();
  assert.is(await guest.page.locator('.bill-lines tfoot td').textContent(), euros(total));
  assert.is(await guest.page.locator('.remaining').textContent(), `To pay: ${euros(total)}`);
  const found = await checkBothSchemes(guest.page, 'the table’s bill at 390 px', { width: true, each: (scheme) => screenshot(guest.page, `bills-guest-390-${scheme}`) });
  await guest.page.getByRole('button', { name: 'Ask for the bill' }).click();
  await guest.page.getByRole('status').filter({ hasText: /^Asked at \d\d:\d\d: a waiter is coming\.$/ }).waitFor();
  assert.is(await guest.page.getByRole('button', { name: 'Ask for the bill' }).count(), 0, 'asked once');

  // The waiters' page hears it without a reload.
  await card.getByText(`Asks for the bill · ${euros(total)}`).waitFor({ timeout: 10_000 });
  await waiter.page.locator('.table-card[data-table="12"] a.table-card-body').click();
  await waiter.page.getByRole('button', { name: 'Take payment' }).click();
  await waiter.page.getByText('Paid, thank you: the table is free.').waitFor();

  await guest.page.reload();
  await guest.page.locator('.remaining').getByText('Paid, thank you!').waitFor();
  assert.equal(found, []);
});

Bills('a party spread over tables 18 and 19: table 19’s bill joined to 18’s from its page, the total both', async () => {
  const eighteen = await seatedWithOrders(18, 2);
  const nineteen = await seatedWithOrders(19, 2);
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables/18`);
  await page.getByRole('button', { name: 'Take payment' }).waitFor();
  await page.getByText('Join another table’s bill').click();
  await page.getByLabel('Bill to join').selectOption({ label: `Table 19 · ${euros(nineteen)}` });
  await page.getByRole('button', { name: 'Join it here' }).click();
  await page.getByRole('status').filter({ hasText: 'Table 19’s bill is joined to this one.' }).waitFor();
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(eighteen + nineteen));
  await page.goto(`${site.base}/tables`);
  await page.locator('.table-card[data-table="19"] .table-state').getByText(`${euros(eighteen + nineteen)} open`).waitFor();
});

Bills('guests moved, a dish sent back, the pre-bill e-mailed, by keyboard at 390 px: a carbonara moves to table 11, the bruschetta comes off with why, the bill says both', async () => {
  const total = await seatedWithOrders(15, 2); // two carbonara (6) and a bruschetta (1), cover 2 × €2.50
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables/15`);
  await page.getByRole('button', { name: 'Take payment' }).waitFor();
  const [carbonara, bruschetta] = (await page.locator('.bill-lines tbody tr:not(.cover) td.money:nth-child(3)').allTextContents()).map((price) => Number(price.replace(/\D/g, '')));
  await page.getByText('Move or take off dishes').focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Dish', { exact: true }).selectOption({ label: '2 × Spaghetti alla carbonara' });
  await page.getByLabel('How many').fill('1');
  // A table's number left out is said in the form's words, not the API's field code (toTable), and nothing is sent.
  await page.getByLabel('To table').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alert').getByText('Write the number of the table they moved to.', { exact: true }).waitFor();
  assert.is(await page.evaluate('document.activeElement.id'), 'change-table');
  await page.getByLabel('To table').fill('11');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Moved to table 11: 1 × Spaghetti alla carbonara' }).waitFor();
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(total - carbonara!));
  assert.equal(await page.locator('.bill-changes li').allTextContents(), ['Moved to table 11: 1 × Spaghetti alla carbonara · Wanda Rossi']);
  // The bruschetta comes off: the kitchen has not started it, so the waiter may.
  await page.getByLabel('Dish', { exact: true }).selectOption({ label: '1 × Bruschetta al pomodoro' });
  await page.getByLabel('Take off the bill').check();
  await page.getByRole('button', { name: 'Take off', exact: true }).click();
  await page.getByRole('alert').getByText('Say why it comes off: the close of the day lists it.', { exact: true }).waitFor();
  assert.is(await page.evaluate('document.activeElement.id'), 'change-reason');
  const refusedFound = await checkBothSchemes(page, 'a dish refused for its reason at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-removal-refused-390-${scheme}`) });
  await page.getByLabel('Why it comes off').fill('Sent back: too salty');
  await page.getByRole('button', { name: 'Take off', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Taken off: 1 × Bruschetta al pomodoro' }).waitFor();
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(total - carbonara! - bruschetta!));
  assert.is(await page.locator('.bill-changes li').nth(1).textContent(), `Taken off: 1 × Bruschetta al pomodoro, ${euros(bruschetta!)} (Sent back: too salty) · Wanda Rossi`);
  const found = [...refusedFound, ...(await checkBothSchemes(page, 'a bill with dishes moved and taken off at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-changes-390-${scheme}`) }))];
  // The pre-bill by e-mail, in Italian for this guest.
  await page.getByText('E-mail the pre-bill').click();
  await page.getByLabel('Guest’s e-mail address').fill('rossi.example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('alert').getByText('Write the guest’s e-mail address, as name@example.com.', { exact: true }).waitFor();
  assert.is(await page.evaluate('document.activeElement.id'), 'email-address');
  await page.getByLabel('Guest’s e-mail address').fill('rossi@example.com');
  await page.getByLabel('Language of the e-mail').selectOption('it');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('status').filter({ hasText: 'Pre-bill sent to rossi@example.com.' }).waitFor();
  const admin = await site.tokenOf('ada@tavola.test', 'tavola-admin');
  const { body } = await site.call('/api/v1/admin/messages', { token: admin });
  const sent = body.messages.find((message: { to: { address: string } }) => message.to.address === 'rossi@example.com');
  assert.equal([sent.kind, sent.subject], ['pre-bill', 'Preconto del tavolo 15 – Tavola']);
  // Table 11's bill has the carbonara.
  await page.goto(`${site.base}/tables/11`);
  await page.getByRole('heading', { name: 'Table 11', level: 1 }).waitFor();
  assert.equal(await page.locator('.bill-changes li').allTextContents(), ['Moved from table 15: 1 × Spaghetti alla carbonara · Wanda Rossi']);
  assert.is(await page.locator('.bill-lines tfoot td').textContent(), euros(carbonara!));
  assert.equal(found, []);
});

Bills('the Admin closes the day at 390 and 1280 px: the money by method (Satispay a row of its own), the bills still open, the cash counted against what is expected; a day not begun is refused in words; reopened, payments go on', async () => {
  const total = await seatedWithOrders(16, 2);
  const waiter = await site.tokenOf(...WAITER);
  const { body: bill } = await site.call('/api/v1/staff/tables/16/bill', { token: waiter });
  const taken = await site.call(`/api/v1/staff/bills/${bill.id}/payments`, { method: 'POST', token: waiter, body: { version: bill.version, amountCents: total, tipCents: 100, method: 'cash', tenderedCents: total + 500 } });
  assert.is(taken.status, 201);
  // Table 21 paid with Satispay: the close names it, apart from the other methods.
  const satispayTotal = await seatedWithOrders(21, 2);
  const { body: twentyOne } = await site.call('/api/v1/staff/tables/21/bill', { token: waiter });
  assert.is((await site.call(`/api/v1/staff/bills/${twentyOne.id}/payments`, { method: 'POST', token: waiter, body: { version: twentyOne.version, amountCents: satispayTotal, method: 'other', methodName: 'Satispay' } })).status, 201);
  const { body: day } = await site.call('/api/v1/admin/close', { token: await site.tokenOf('ada@tavola.test', 'tavola-admin') });
  const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/close`);
  await page.getByLabel('Cash counted (€)').waitFor();
  const title = (await page.locator("h1").textContent())!;
  assert.match(title, /^Close the day · \w+day,? \d+ \w+ \d{4}$/, title);
  assert.is(await page.locator('#close-expected').textContent(), `The drawer should hold ${euros(day.expectedCashCents)} (cash payments and their tips).`);
  const satispay = day.methods.find((row: { methodName: string | null }) => row.methodName === 'Satispay');
  assert.equal(await page.locator('tbody tr', { has: page.getByRole('rowheader', { name: 'Satispay', exact: true }) }).locator('td').allTextContents(), [String(satispay.count), euros(satispay.amountCents), euros(0)]);
  // The discount and the dish sent back earlier in this suite, with who and why.
  const changes = await page.locator('.money-changes li').allTextContents();
  assert.ok(changes.includes('Table 9: €2.00 off, Late dish (Wanda Rossi)'), changes.join('\n'));
  assert.ok(changes.some((line) => /^Table 15: 1 × Bruschetta al pomodoro taken off \(€\d+\.\d\d\), Sent back: too salty \(Wanda Rossi\)$/.test(line)), changes.join('\n'));
  const found = await checkBothSchemes(page, 'the close at 390 px', { width: true, each: (scheme) => screenshot(page, `bills-close-390-${scheme}`) });
  // The accountant's CSV, downloaded: its header and this table's cash payment.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the payments (CSV)' }).click()]);
  assert.is(download.suggestedFilename(), `tavola-payments-${day.date}.csv`);
  const { readFile } = await import('node:fs/promises');
  const text = await readFile((await download.path())!, 'utf8');
  assert.is(text.split('\r\n')[0], 'payment,at,bill,table,method,method_name,amount_eur,tip_eur,reason,taken_by');
  assert.ok(text.includes(`,${bill.id},16,cash,,${(total / 100).toFixed(2)},1.00,,Wanda Rossi`), text);
  await page.getByLabel('Cash counted (€)').fill(((day.expectedCashCents - 200) / 100).toFixed(2));
  await page.getByRole('button', { name: 'Close the day', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'The day is closed.' }).waitFor();
  assert.is(await page.locator('.remaining.paid').textContent(), `Closed by Ada Conti: ${euros(day.expectedCashCents - 200)} counted, ${euros(day.expectedCashCents)} expected, difference -€2.00.`);
  await page.setViewportSize({ width: 1280, height: 800 });
  found.push(...(await checkBothSchemes(page, 'the close at 1280 px', { each: (scheme) => screenshot(page, `bills-close-1280-${scheme}`) })));
  await page.getByRole('button', { name: 'Reopen the day' }).click();
  await page.getByRole('status').filter({ hasText: 'The day is open again: payments can be taken on it.' }).waitFor();
  assert.equal(found, []);
  // A day that has not begun: the page offers the form, the API refuses it, the page says why.
  await page.goto(`${site.base}/admin/close/2099-01-01`);
  await page.getByLabel('Cash counted (€)').fill('50');
  await page.getByRole('button', { name: 'Close the day', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Thursday 1 January 2099 has not begun yet: only a day that has begun can be closed.' }).waitFor();
});

Bills.run();
