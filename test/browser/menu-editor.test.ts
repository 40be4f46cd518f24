// The menu editor in Chromium: the Sold out switch saves at once and says so beside itself; a
// switch pressed on a dish the kitchen changed first is a 409 whose words say so, and the row
// shows the dish as it is now; the search narrows the rows; a category renamed in place and
// moved, by keyboard, the answer beside its controls and focus kept; axe-core finds nothing
// at 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeViolations, siteForSuite } from '../helpers/browser.js';

const Editor = suite('the menu editor in Chromium');
const site = siteForSuite(Editor);
const { signedIn } = site;

const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(site.base + path, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: await response.json() };
};
const tokenOf = async (email: string, password: string) => (await call('/api/v1/auth/login', { method: 'POST', body: { email, password } })).body.accessToken as string;

Editor('the Sold out switch saves at once and answers beside itself; pressed on a stale dish, a 409 that shows it as it is now', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  const row = (name: string) => page.locator('.dish-row', { has: page.getByRole('link', { name, exact: true }) });
  const bruschetta = page.getByRole('switch', { name: 'Bruschetta al pomodoro sold out' });
  await bruschetta.waitFor();
  assert.is(await bruschetta.getAttribute('aria-checked'), 'false');
  await bruschetta.click();
  await row('Bruschetta al pomodoro').getByText('Marked sold out.').waitFor();
  assert.is(await bruschetta.getAttribute('aria-checked'), 'true');
  assert.is((await call('/api/v1/dishes/1')).body.available, false, 'the API has it sold out');

  // The kitchen marks the burrata sold out while this page shows it on the menu.
  const kitchen = await tokenOf('kai@tavola.test', 'tavola-kitchen');
  const admin = await tokenOf('ada@tavola.test', 'tavola-admin');
  const burrata = (await call('/api/v1/admin/dishes/2', { token: admin })).body;
  assert.is((await call('/api/v1/dishes/2', { method: 'PATCH', token: kitchen, body: { version: burrata.version, available: false } })).status, 200);
  const stale = page.getByRole('switch', { name: `${burrata.name} sold out` });
  assert.is(await stale.getAttribute('aria-checked'), 'false', 'the page still shows it on the menu');
  await stale.click();
  await row(burrata.name).getByText(`Dish ${burrata.id} · ${burrata.name} was changed by someone else meanwhile. Here it is as it is now.`).waitFor();
  assert.is(await stale.getAttribute('aria-checked'), 'true', 'the row shows the dish as it is now');
  assert.is((await call('/api/v1/dishes/2')).body.available, false);

  // Back on the menu, on the version the 409 brought.
  await stale.click();
  await row(burrata.name).getByText('Back on the menu.').waitFor();
  assert.is((await call('/api/v1/dishes/2')).body.available, true);
});

Editor('the search narrows the rows to the dishes with every word typed, accents forgiven', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  await page.locator('.dish-row').first().waitFor();
  const all = await page.locator('.dish-row').count();
  await page.getByLabel('Find a dish').fill('spaghetti carbo');
  await page.getByText('1 dish found').waitFor();
  assert.equal(await page.locator('.dish-row:visible a').allTextContents(), ['Spaghetti alla carbonara']);
  assert.is(await page.locator('.admin-category:visible').count(), 1, 'only its category is shown');
  await page.getByLabel('Find a dish').fill('');
  assert.is(await page.locator('.dish-row:visible').count(), all);
});

Editor('a category renamed in place and moved, by keyboard: the answer beside its controls, focus kept', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  const rename = page.getByRole('button', { name: 'Rename Antipasti' });
  await rename.focus();
  await page.keyboard.press('Enter');
  assert.is(await rename.getAttribute('aria-expanded'), 'true');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), 'Antipasti', 'focus in the name');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Starters');
  await page.keyboard.press('Enter');
  const section = page.getByRole('region', { name: /^Starters/ });
  await section.getByText('Saved: Starters.').waitFor();
  assert.is((await call('/api/v1/categories')).body.categories[0].name, 'Starters');

  await section.getByRole('button', { name: 'Move Starters down' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: /^Starters/ }).getByText('Starters moved down.').waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Starters down', 'focus stays on the button, in its new place');
  assert.equal((await call('/api/v1/categories')).body.categories.slice(0, 2).map((category: { name: string }) => category.name), ['Pasta & risotto', 'Starters']);
});

Editor('axe-core finds nothing on the menu editor at 360 and 1280 px, light and dark; nothing wider than the screen', async () => {
  for (const width of [360, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${site.base}/admin/menu`);
      await page.locator('.dish-row').first().waitFor();
      assert.equal(await axeViolations(page), [], `/admin/menu at ${width} px, ${scheme}`);
      assert.is(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, `nothing wider than ${width} px`);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/menu-editor-${width}-${scheme}.png`, fullPage: true });
    }
  }
});

Editor.run();
