// Nothing English reaches an Italian page, proved by machine: every Italian page a diner, a
// waiter, a cook and the owner meet, at 390 and 1280 px, is read whole (its text, and the
// aria-label, title, placeholder and alt of everything drawn, and the CSS content before and
// after it) and fails on a sentence of the English catalog or a word of an English list.
// What people typed is data, not ours to translate: the owner's dish names in the editor's
// rows, guests' names on the stand's bars, a diner's note on a ticket.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { siteForSuite } from '../helpers/browser.js';
import { IT } from '../../src/shared/i18n/it.js';
import { withoutContext } from '../../src/shared/i18n/catalog.js';
import { italianPrice } from '../../src/site/common/price.js';

const Walk = suite('no English on an Italian page');
const site = siteForSuite(Walk);

// Sentences of the catalog whose Italian differs, long enough not to be a name ("Tavola", "OK").
const SENTENCES = Object.entries(IT)
  .flatMap(([key, italian]) => {
    const english = withoutContext(key).replace(/\{\w+\}/g, '\u0000').split('\u0000').map((part) => part.trim()).filter((part) => part.length >= 12 && /[a-z] [a-z]/i.test(part));
    const forms = typeof italian === 'string' ? [italian] : [italian.one, italian.other];
    return english.filter((part) => !forms.some((form) => form.includes(part)));
  })
  .filter((part, i, all) => all.indexOf(part) === i);
// Words no Italian sentence of ours has: English's small words and the staff's terms.
const WORDS = ['the', 'and', 'with', 'your', 'you', 'from', 'for', 'of', 'to', 'is', 'are', 'at', 'on', 'by', 'this', 'that', 'Loading', 'Booked', 'Seated', 'Table', 'Tables', 'Kitchen', 'Waiter', 'Student', 'Admin', 'Save', 'Cancel', 'Sign', 'Free', 'Nothing', 'Guests', 'people', 'orders', 'dishes', 'minutes', 'Sent', 'Waiting', 'Ready', 'Received', 'Preparing', 'Served', 'Rare', 'Medium', 'Extras', 'Olives', 'Rosemary', 'Without'];
const WORD = new RegExp(`(^|[^\\p{L}])(${WORDS.join('|')})(?=$|[^\\p{L}])`, 'u');

/** Everything the page says, each with where it was found. */
async function saidOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [lang="en"], .dish-row-main a, .booking-bar, .ticket .note') || !parent.getClientRects().length) continue;
      found.push(text);
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('[lang="en"]')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(`${name}: ${value}`);
      }
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        if (content && content !== 'none' && content !== 'normal' && content.startsWith('"')) found.push(`${pseudo}: ${content}`);
      }
    }
    return found;
  });
}

// A day written 2026-11-28 rather than in words.
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
const english = (text: string) => SENTENCES.find((sentence) => text.includes(sentence)) ?? text.match(WORD)?.[2] ?? text.match(ISO_DAY)?.[0];

Walk('the diner’s, the staff’s and the owner’s pages in Italian', async () => {
  const findings: string[] = [];
  // A pickup order for the three stations (Pizza oven, Kitchen and Bar, "Forno pizza", "Cucina"
  // and "Bar" in Italian): the kitchen's board draws each station's part named.
  const order = await site.call('/api/v1/orders', { method: 'POST', body: { pickupName: 'Ada', pickupPhone: '+393471234567', items: [{ dishId: 12, quantity: 1 }, { dishId: 20, quantity: 1 }, { dishId: 24, quantity: 1 }] } });
  assert.is(order.status, 201);
  // Table 3 seated with an order, a dish moved to table 4 and one taken off: its bill and the close have each kind of line.
  const waiter = await site.tokenOf('wanda@tavola.test', 'tavola-waiter');
  assert.is((await site.call('/api/v1/staff/bookings/walk-ins', { method: 'POST', token: waiter, body: { party: 2, table: 3, name: 'Rossi' } })).status, 201);
  assert.is((await site.call('/api/v1/orders', { method: 'POST', token: waiter, body: { table: 3, items: [{ dishId: 6, quantity: 3 }, { dishId: 1, quantity: 1 }] } })).status, 201);
  let { body: bill } = await site.call('/api/v1/staff/tables/3/bill', { token: waiter });
  ({ body: { bill } } = await site.call(`/api/v1/staff/bills/${bill.id}/line-moves`, { method: 'POST', token: waiter, body: { version: bill.version, line: bill.lines[0].key, quantity: 1, toTable: 4 } }));
  assert.is((await site.call(`/api/v1/staff/bills/${bill.id}/line-removals`, { method: 'POST', token: waiter, body: { version: bill.version, line: bill.lines[1].key, quantity: 1, reason: 'Troppo salata' } })).status, 201);
  // And a bistecca cooked medium: its line says the doneness in Italian.
  const { body: menu } = await site.call('/api/v1/dishes?limit=50');
  const bistecca = menu.dishes.find((dish: { name: string }) => dish.name === 'Bistecca ai ferri');
  const medium = (await site.call(`/api/v1/dishes/${bistecca.id}`)).body.choices[0].options.find((option: { name: string }) => option.name === 'Medium').id;
  assert.is((await site.call('/api/v1/orders', { method: 'POST', token: waiter, body: { table: 3, items: [{ dishId: bistecca.id, quantity: 1, choices: [medium] }] } })).status, 201);
  const look = async (page: Page, where: string) => {
    for (const text of await saidOn(page)) {
      const word = english(text.replace(/^(aria-label|title|placeholder|alt|::before|::after): /, ''));
      if (word) findings.push(`${where}: "${word}" in ${JSON.stringify(text.slice(0, 120))}`);
    }
  };
  const read = async (page: Page, path: string, width: number) => {
    await page.goto(`${site.base}${path}`);
    // The page drew (its heading), then what it loads arrived (nothing busy in it any more).
    await page.locator('main h1').first().waitFor();
    // Every part still loading (an account page has two) has drawn what it read.
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    await page.waitForFunction(() => document.querySelector('.site-footer .hours')?.textContent !== ''); // the hours, asked of the API
    // The ticket is there, its parts under the stations' Italian names.
    if (path === '/it/kitchen') {
      // Its tickets come after the heading: the three stations' parts of the orders open.
      await page.waitForFunction("new Set([...document.querySelectorAll('.part h4')].map((part) => part.textContent)).size >= 3");
      assert.equal([...new Set(await page.locator('.part h4').allInnerTexts())].sort(), ['Bar\nIn cottura', 'Cucina\nIn cottura', 'Forno pizza\nIn cottura']);
    }
    // The bill: the choice in Italian, the amount to take as an Italian writes it.
    if (path === '/it/tables/3') {
      assert.ok((await page.locator('.bill-lines').textContent())?.includes('Bistecca ai ferri · Media'));
      const amount = await page.getByLabel('Importo (€)').inputValue();
      assert.match(amount, /^\d+,\d\d$/);
      // Cash handed over as an Italian writes a thousand euros ("1.000"): the change is said, nothing refused.
      await page.getByLabel('Contanti', { exact: true }).check();
      await page.getByLabel('Contanti ricevuti (€)').fill('1.000');
      const change = 100_000 - Math.round(Number(amount.replace(',', '.')) * 100);
      assert.is(await page.locator('.pay-form .change').textContent(), `Resto: ${italianPrice(change)}`);
      await page.getByLabel('Carta', { exact: true }).check(); // as it was, for the screenshots
    }
    await look(page, `${path} at ${width}`);
  };
  // Each person walks the pages their role opens (the Admin's kitchen is refused: Kai's).
  const people = [
    ['ada@tavola.test', 'tavola-admin', '/it/admin', ['/it/admin', '/it/admin/menu', '/it/admin/dishes/3', '/it/admin/dishes/27', '/it/admin/choices', '/it/admin/choices/1', '/it/admin/day', '/it/admin/bookings', '/it/admin/tables', '/it/admin/hours', '/it/admin/restaurant', '/it/admin/staff', '/it/admin/displays', '/it/admin/stations', '/it/admin/messages', '/it/admin/activity', '/it/admin/booking-settings', '/it/admin/close', '/it/bookings', '/it/account']],
    ['kai@tavola.test', 'tavola-kitchen', '/it/kitchen', ['/it/kitchen']],
    ['wanda@tavola.test', 'tavola-waiter', '/it/bookings', ['/it/bookings', '/it/tables', '/it/tables/3', '/it/tables/4', '/it/account']],
  ] as const;
  for (const width of [390, 1280]) {
    const { page } = await site.open({ width });
    for (const path of ['/it', '/it/menu', '/it/menu/3', '/it/book', '/it/privacy', '/it/imprint', '/it/login', '/it/nowhere', '/it/board', '/it/pair']) await read(page, path, width);
    for (const [email, password, workplace, paths] of people) {
      const { page } = await site.open({ width });
      await page.goto(`${site.base}/it/login`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(`${site.base}${workplace}`);
      for (const path of paths) await read(page, path, width);
    }
  }
  assert.equal(findings, []);
});

Walk.run();
