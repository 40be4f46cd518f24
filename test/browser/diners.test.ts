// What a diner in Rome needs, end to end in Chromium: the menu without milk and eggs (in the
// address), two dishes added from their cards, a dish opened from a search and Back to the
// same search and scroll, "carbonra" finding the carbonara, a pickup order with a phone number that the kitchen's ticket
// shows; the Admin ticks an allergen and the diner's filtered menu follows within 5 s; the
// imprint shows what the Admin set; the site sets no cookies; axe-core on the changed pages
// at 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBothSchemes, siteForSuite, screenshot } from '../helpers/browser.js';

const Diners = suite('a diner in Rome, in Chromium');
const site = siteForSuite(Diners);
const { open, signedIn } = site;
const ADMIN = ['ada@tavola.test', 'tavola-admin'] as const;

const cardNames = (page: import('playwright-core').Page) => page.locator('.menu .cards h3').allTextContents();

Diners('without=milk,eggs, two dishes added from their cards, Back from a searched dish to the same search and scroll, a pickup order with a phone the kitchen sees', async () => {
  const kitchen = await signedIn('kai@tavola.test', 'tavola-kitchen');
  await kitchen.page.goto(`${site.base}/kitchen`);
  await kitchen.page.getByRole('heading', { name: 'Order queue', level: 1 }).waitFor();

  const diner = await open({ width: 390 });
  await diner.page.goto(`${site.base}/menu?without=milk,eggs`);
  await diner.page.getByRole('status').filter({ hasText: '7 dishes without eggs, milk' }).waitFor();
  assert.equal(await cardNames(diner.page), ['Bruschetta al pomodoro', 'Branzino al forno', 'Pollo alla cacciatora', 'Bistecca ai ferri', 'Limonata della casa', 'Chinotto', 'Espresso']);
  assert.ok(await diner.page.locator('details.without').evaluate((panel) => (panel as HTMLDetailsElement).open), 'open while it filters');
  assert.ok(await diner.page.getByLabel('milk', { exact: true }).isChecked());
  assert.ok(await diner.page.getByLabel('eggs', { exact: true }).isChecked());
  assert.is(await diner.page.locator('.card', { hasText: 'Branzino' }).locator('.allergens').textContent(), 'Allergens: fish');

  await diner.page.getByRole('button', { name: 'Add Bruschetta al pomodoro' }).click();
  await diner.page.getByRole('button', { name: 'Add Espresso' }).click();
  await diner.page.getByRole('button', { name: 'Add Espresso' }).click();
  assert.is(await diner.page.locator('.card', { hasText: 'Espresso' }).locator('[data-in-cart]').textContent(), '2 in your cart');
  assert.is(await diner.page.getByRole('button', { name: /^Cart/ }).textContent(), 'Cart 3 dishes');

  // A search, scrolled down, a dish, and its back link: the same address and scroll.
  await diner.page.goto(`${site.base}/menu`);
  await diner.page.getByLabel('Search the menu').fill('tomato');
  await diner.page.waitForURL(`${site.base}/menu?q=tomato`);
  await diner.page.getByRole('status').filter({ hasText: /dishes for “tomato”/ }).waitFor();
  const link = diner.page.getByRole('link', { name: 'Pollo alla cacciatora' });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await diner.page.evaluate(() => scrollY);
  assert.ok(scrolled > 500, `scrolled ${scrolled} px`);
  await link.click();
  await diner.page.getByRole('heading', { name: 'Pollo alla cacciatora', level: 1 }).waitFor();
  assert.is(await diner.page.getByText(/^Allergens:/).textContent(), 'Allergens: celery, sulphites');
  await diner.page.getByRole('link', { name: '← Back to the menu' }).click();
  await diner.page.waitForURL(`${site.base}/menu?q=tomato`);
  await diner.page.waitForFunction((y) => Math.abs(scrollY - y) < 2, scrolled);
  assert.is(await diner.page.getByLabel('Search the menu').inputValue(), 'tomato');
  // It went Back: the dish is the next entry, Forward.
  await diner.page.goForward();
  await diner.page.waitForURL(/\/menu\/\d+$/);
  await diner.page.goBack();
  await diner.page.waitForURL(`${site.base}/menu?q=tomato`);

  // A typo is forgiven; the dish found goes Back to the same search.
  await diner.page.getByLabel('Search the menu').fill('carbonra');
  await diner.page.waitForURL(`${site.base}/menu?q=carbonra`);
  await diner.page.getByRole('status').filter({ hasText: '1 dish for “carbonra”' }).waitFor();
  await diner.page.getByRole('link', { name: 'Spaghetti alla carbonara' }).click();
  await diner.page.getByRole('heading', { name: 'Spaghetti alla carbonara', level: 1 }).waitFor();
  await diner.page.getByRole('link', { name: '← Back to the menu' }).click();
  await diner.page.waitForURL(`${site.base}/menu?q=carbonra`);
  assert.is(await diner.page.getByLabel('Search the menu').inputValue(), 'carbonra');

  // Pickup, with a phone number written the Italian way.
  await diner.page.getByRole('button', { name: /^Cart/ }).click();
  await diner.page.getByLabel('I will pick it up').check();
  await diner.page.getByLabel('Name to call out').fill('Giulia');
  await diner.page.getByLabel('Phone number').fill('347 123 4567');
  await diner.page.getByLabel('Note for the kitchen (optional)').fill('Allergic to milk');
  await diner.page.getByRole('button', { name: 'Place order' }).click();
  await diner.page.waitForURL(/\/orders\/[\w-]{22}$/);
  await diner.page.locator('.order-page').getByText('Pickup for Giulia').first().waitFor();
  const number = (await diner.page.locator('h1').textContent())!.replace(/\D/g, '');
  assert.not.match(await diner.page.locator('main').textContent() ?? '', '347', "the diner's page does not show the phone");

  const ticket = kitchen.page.locator('.ticket', { has: kitchen.page.getByRole('heading', { name: new RegExp(`^No\\. ${number}`) }) });
  await ticket.waitFor({ timeout: 10_000 });
  assert.is(await ticket.getByRole('link', { name: '+39 347 123 4567' }).getAttribute('href'), 'tel:+393471234567');
  assert.is(await ticket.locator('.note.allergy').textContent(), 'Allergy: Allergic to milk', 'the cook cannot miss it');
  assert.equal(await diner.page.context().cookies(), [], 'the site sets no cookies');
});

Diners("the Admin ticks milk on the espresso: the diner's menu without milk drops it within 5 s", async () => {
  const diner = await open();
  await diner.page.goto(`${site.base}/menu?without=milk`);
  await diner.page.getByRole('link', { name: 'Espresso' }).waitFor();
  const admin = await signedIn(...ADMIN);
  await admin.page.goto(`${site.base}/admin/dishes/26`);
  await admin.page.getByRole('heading', { name: 'Edit dish' }).waitFor();
  await admin.page.getByLabel('milk', { exact: true }).first().check();
  await admin.page.getByRole('button', { name: 'Save changes' }).click();
  await admin.page.getByRole('status').filter({ hasText: 'Saved Espresso.' }).waitFor();
  await diner.page.getByRole('link', { name: 'Espresso' }).waitFor({ state: 'detached', timeout: 5_500 });
  assert.not.ok((await cardNames(diner.page)).includes('Espresso'));
  await admin.page.goto(`${site.base}/admin/activity`);
  await admin.page.locator('.activity li', { hasText: 'Ada Conti allergens changed · Dish 26 · Espresso' }).first().waitFor();
});

Diners('the imprint shows what the Admin set at /admin/restaurant', async () => {
  const admin = await signedIn(...ADMIN);
  await admin.page.goto(`${site.base}/admin/restaurant`);
  await admin.page.getByLabel('Registered name').fill('Trattoria Ada S.r.l.');
  await admin.page.getByLabel('VAT number (partita IVA, 11 digits)').fill('0123456789');
  await admin.page.getByRole('button', { name: 'Save details' }).click();
  await admin.page.getByRole('alert').filter({ hasText: 'vatNumber: must be an Italian VAT number (partita IVA): 11 digits, the last a check digit' }).waitFor();
  assert.is(await admin.page.evaluate(() => document.activeElement?.id), 'restaurant-vatNumber');
  await admin.page.getByLabel('VAT number (partita IVA, 11 digits)').fill('01234567897');
  await admin.page.getByRole('button', { name: 'Save details' }).click();
  await admin.page.getByText('Saved: the imprint and the privacy notice show it now.').waitFor();

  const diner = await open({ width: 360 });
  await diner.page.goto(`${site.base}/`);
  await diner.page.getByRole('contentinfo').getByRole('link', { name: 'Imprint' }).click();
  await diner.page.waitForURL(`${site.base}/imprint`);
  await diner.page.getByText('Trattoria Ada S.r.l.').waitFor();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText (not the DOM's) reads the text as laid out, a line per row, which is what this checks.
  assert.is(await diner.page.locator('.facts').innerText(), 'Restaurant\nTavola\nRun by\nTrattoria Ada S.r.l.\nRegistered address\nVia dei Serpenti 42, 00184 Roma RM, Italia\nVAT number (P.IVA)\nIT 01234567897\nPhone\n+39 06 1234 5678\nE-mail\nciao@tavola.example');
  await diner.page.getByRole('link', { name: 'How we handle your data' }).click();
  await diner.page.getByText('This site sets no cookies and uses no tracking or analytics, so it asks for no consent.').waitFor();
  await diner.page.getByText('Trattoria Ada S.r.l., Via dei Serpenti 42').waitFor();
});

Diners('axe-core finds nothing on the changed pages at 360 and 1280 px, light and dark', async () => {
  const diner = await open();
  const admin = await signedIn(...ADMIN);
  const found: string[] = [];
  for (const width of [360, 1280]) {
    for (const [tab, path, ready] of [
      [diner, '/menu?without=milk,eggs', 'Add Chinotto'],
      [diner, '/menu/6', 'Allergens: gluten, eggs, milk'],
      [diner, '/privacy', 'Your rights'],
      [diner, '/imprint', 'VAT number (P.IVA)'],
      [admin, '/admin/dishes/6', 'May contain traces of'],
      [admin, '/admin/restaurant', 'Save details'],
    ] as const) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.goto(`${site.base}${path}`);
      await tab.page.getByText(ready).first().waitFor();
      if (path.startsWith('/menu?')) await tab.page.getByRole('button', { name: 'Add Chinotto' }).click();
      found.push(...(await checkBothSchemes(tab.page, `${path} at ${width} px`, { each: (scheme) => screenshot(tab.page, `diner-${path.replace(/\W+/g, '-').slice(1)}-${width}-${scheme}`) })));
    }
  }
  assert.equal(found, []);
});

Diners.run();
