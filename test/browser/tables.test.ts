// Ordering at the table, end to end in Chromium: the Admin's printed sheet of QR codes
// (A4, eight cards a page), one card's QR code read back from a screenshot, that address
// opened in a fresh browser, an order placed to the table with no number typed, and the
// order on the kitchen board for that table; a renewed code refused with the cart kept;
// axe-core on the tables pages and the menu with its table at 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeQr } from '../helpers/qr.js';
import { checkBothSchemes, checkPages, screenshot, siteForSuite, type Tab } from '../helpers/browser.js';

const Tables = suite('ordering at the table in Chromium');
const site = siteForSuite(Tables);
const { open, signedIn } = site;

async function addAndOpenCart(page: Tab['page']) {
  await page.goto(`${site.base}/menu/6`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: /^Cart/ }).click();
}

Tables('the printed sheet’s QR code, scanned, opens the menu for Table 7; the order reaches the kitchen board for that table', async () => {
  const admin = await signedIn('ada@tavola.test', 'tavola-admin');
  await admin.page.goto(`${site.base}/admin/qr-codes`);
  await admin.page.locator('.qr-card').first().waitFor();
  assert.is(await admin.page.locator('.qr-card').count(), 24);
  await admin.page.emulateMedia({ media: 'print' });
  // Printed: A4, eight cards a page, nothing of the site around them.
  const pdf = (await admin.page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  assert.is(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length, 3);
  assert.ok(await admin.page.locator('.site-header').isHidden(), 'no header on paper');
  if (process.env.SCREENSHOTS) await admin.page.screenshot({ path: `${process.env.SCREENSHOTS}/tables-printed-sheet.png`, fullPage: true });
  const card = admin.page.locator('.qr-card', { has: admin.page.locator('.qr-label', { hasText: /^Table 7$/ }) });
  const address = await decodeQr(await card.locator('svg').screenshot());
  assert.match(address, new RegExp(`^${site.base}/menu#table=[A-Za-z0-9_-]{22}$`));

  const kitchen = await signedIn('kai@tavola.test', 'tavola-kitchen');
  await kitchen.page.goto(`${site.base}/kitchen`);
  await kitchen.page.getByRole('heading', { name: 'Order queue', level: 1 }).waitFor();

  // A diner's phone, with nothing but the scanned address.
  const diner = await open({ width: 360 });
  await diner.page.goto(address);
  await diner.page.getByRole('status').filter({ hasText: 'Ordering for Table 7' }).waitFor();
  assert.is(new URL(diner.page.url()).hash, '', 'the code leaves the address');
  await addAndOpenCart(diner.page);
  const toTable = diner.page.getByLabel('To Table 7');
  assert.ok(await toTable.isChecked());
  assert.is(await diner.page.locator('#order-table').isVisible(), false, 'no table number to type');
  await diner.page.getByLabel('How many are you?').fill('2');
  await diner.page.getByRole('button', { name: 'Place order' }).click();
  await diner.page.waitForURL(/\/orders\/[\w-]{22}$/);
  await diner.page.locator('.order-page').getByText('Table 7').first().waitFor();
  const number = (await diner.page.locator('h1').textContent())!.replace(/\D/g, '');

  const ticket = kitchen.page.locator('.ticket', { has: kitchen.page.getByRole('heading', { name: new RegExp(`^No\\. ${number}`) }) });
  await ticket.getByText('Table 7').waitFor({ timeout: 10_000 });
});

Tables('a renewed code: the diner’s next order is refused with the reason, the cart kept, and pickup offered', async () => {
  const login = await fetch(`${site.base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@tavola.test', password: 'tavola-admin' }) });
  const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${(await login.json()).accessToken}` };
  const tables = (await (await fetch(`${site.base}/api/v1/admin/tables`, { headers: auth })).json()).tables;
  const table3 = tables.find((table: { number: number }) => table.number === 3);
  const diner = await open();
  await diner.page.goto(`${site.base}/menu#table=${table3.code}`);
  await diner.page.getByText('Ordering for Table 3').waitFor();
  await fetch(`${site.base}/api/v1/admin/tables/3/code`, { method: 'POST', headers: auth, body: JSON.stringify({ version: table3.version }) });
  await addAndOpenCart(diner.page);
  await diner.page.getByLabel('How many are you?').fill('2');
  await diner.page.getByRole('button', { name: 'Place order' }).click();
  await diner.page.getByRole('alert').getByText("This is not table 3's code now: scan the QR code on your table again. Your cart is kept.").waitFor();
  assert.ok(await diner.page.getByLabel('I will pick it up').isChecked());
  assert.ok(await diner.page.getByLabel('To my table: scan the QR code on it first').isDisabled());
  assert.is(await diner.page.getByRole('button', { name: 'Cart 1 dish' }).count(), 1, 'the cart is kept');
  assert.is(await diner.page.getByText('Ordering for Table 3').count(), 0);
});

Tables('axe-core finds nothing on the tables pages and the menu with its table at 360 and 1280 px, light and dark', async () => {
  for (const width of [360, 1280]) {
    // One profile per width, its colour scheme switched: the light and dark passes need not sign in twice.
    const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
    const pages = [
      ['/admin/tables', '.floor-table'],
      ['/admin/qr-codes', '.qr-card'],
    ] as const;
    const found = await checkPages(page, site.base, pages, { width, name: (path) => `tables${path.replace(/\//g, '-')}` });
    const code = await page.evaluate(async () => (await (await fetch('/api/v1/admin/tables', { headers: { Authorization: `Bearer ${JSON.parse(localStorage.getItem('tavola.session')!).token}` } })).json()).tables[6].code);
    const diner = await open({ width });
    await diner.page.goto(`${site.base}/menu#table=${code}`);
    await diner.page.getByText('Ordering for Table 7').waitFor();
    await diner.page.locator('.card').first().waitFor();
    found.push(...(await checkBothSchemes(diner.page, `the menu at a table, ${width} px`, { each: (scheme) => screenshot(diner.page, `tables-menu-at-table-${width}-${scheme}`) })));
    assert.equal(found, []);
  }
});

Tables.run();
