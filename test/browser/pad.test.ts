// The waiter's pad in Chromium, on a phone (390 px): four guests, three courses, 12 dishes
// taken from the Tables grid to Send, every tap and keystroke counted (the goal: at most 40
// taps and 10 keystrokes); the drinks and first course go to the kitchen at once, the rest
// held; the kitchen's screen shows each ticket with its course and the held ones coming; the
// primi fired from the Tables page, the secondi from the pad. A refusal keeps the lines and
// the key; axe-core on the pad, light and dark; SCREENSHOTS saves them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { checkBothSchemes, screenshot, siteForSuite } from '../helpers/browser.js';

const Pad = suite('the waiter’s pad in Chromium');
const site = siteForSuite(Pad);
const WAITER = ['wanda@tavola.test', 'tavola-waiter'] as const;
const KITCHEN = ['kai@tavola.test', 'tavola-kitchen'] as const;

/** Taps and keystrokes, counted as a waiter makes them. */
function counter(page: Page) {
  const count = { taps: 0, keys: 0 };
  return {
    count,
    tap: async (target: Locator) => {
      count.taps += 1;
      await target.click();
    },
    type: async (target: Locator, text: string) => {
      count.taps += 1; // into the box
      await target.click();
      count.keys += text.length;
      await page.keyboard.type(text);
    },
  };
}

Pad('four guests, three courses, 12 dishes in at most 40 taps and 10 keystrokes from the Tables grid; the first course goes, the others wait; the kitchen sees each course; fired from the Tables page and from the pad', async () => {
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables`);
  const { count, tap, type } = counter(page);
  await tap(page.getByRole('link', { name: 'Take the order (table 5)' }));
  await page.waitForURL(`${site.base}/tables/5/order`);
  await page.getByRole('heading', { name: 'Table 5 · the order', level: 1 }).waitFor();
  const dish = (name: string) => page.locator('.pad-dish', { hasText: name });
  const tab = (name: string) => page.locator('.pad-tab', { hasText: name });
  await dish('Bruschetta al pomodoro').waitFor();
  await tap(page.locator('.pad-guest[data-guests="4"]'));
  // Antipasti, the tab shown first: two bruschette, a burrata, arancini.
  await tap(dish('Bruschetta al pomodoro'));
  await tap(dish('Bruschetta al pomodoro'));
  await tap(dish('Burrata con pesche'));
  await tap(dish('Arancini siciliani'));
  // Primi: two carbonara, a cacio e pepe in tonnarelli, a ragù for the guest in seat 3.
  await tap(tab('Pasta'));
  await tap(dish('Spaghetti alla carbonara'));
  await tap(dish('Spaghetti alla carbonara'));
  await tap(dish('Cacio e pepe'));
  await tap(page.locator('.pad-chip', { hasText: 'Tonnarelli' }));
  await tap(dish('Tagliatelle al ragù'));
  // Secondi: two saltimbocca, a branzino, and a bistecca found by three letters, medium.
  await tap(tab('Mains'));
  await tap(dish('Saltimbocca alla romana'));
  await tap(dish('Saltimbocca alla romana'));
  await tap(dish('Branzino al forno'));
  await type(page.getByLabel('Find a dish (two or three letters)'), 'bis');
  await tap(dish('Bistecca ai ferri'));
  await tap(page.locator('.pad-chip', { hasText: 'Medium' }));
  // The ragù is seat 3's: three taps on its seat.
  const ragu = page.locator('.pad-line', { hasText: 'Tagliatelle al ragù' });
  const seat = ragu.getByRole('button', { name: /^Seat .* \(Tagliatelle al ragù\)$/ });
  for (let i = 0; i < 3; i++) await tap(seat);
  assert.is(await seat.textContent(), 'Seat 3 (Tagliatelle al ragù)');
  assert.equal(await page.locator('.pad-course h3').allTextContents(), ['Starters · now', 'First courses · held until you fire it', 'Mains · held until you fire it']);
  assert.is(await page.locator('.pad-total').textContent(), '12 dishes · €189.00');
  assert.equal(await checkBothSchemes(page, '/tables/5/order, before Send', { each: (scheme) => screenshot(page, `pad-390-${scheme}`) }), []);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/staff/tables/5/orders') && request.method() === 'POST');
  await tap(page.getByRole('button', { name: 'Send', exact: true }));
  const request = await sent;
  assert.match(request.headers()['idempotency-key']!, /^[0-9a-f-]{36}$/);
  await page.getByText('Sent: Starters to the kitchen; First courses, Mains held until you fire them.').waitFor();
  assert.ok(count.taps <= 40 && count.keys <= 10, `${count.taps} taps and ${count.keys} keystrokes`);
  assert.equal(count, { taps: 23, keys: 3 });
  assert.equal(request.postDataJSON().guests, 4);

  // The kitchen's board: the antipasti as a ticket marked Starters, the primi and secondi coming.
  const kitchen = await site.signedIn(...KITCHEN, { width: 1280 });
  await kitchen.page.goto(`${site.base}/kitchen`);
  const ticket = kitchen.page.locator('.ticket', { has: kitchen.page.locator('.where', { hasText: 'Table 5' }) });
  await ticket.first().waitFor();
  assert.equal(await ticket.locator('.course').allTextContents(), ['Starters']);
  assert.equal(await kitchen.page.locator('.coming-what').allTextContents(), ['4 First courses held, table 5', '4 Mains held, table 5']);

  // The primi fired from the Tables page: they arrive on the board marked with their course.
  await page.goto(`${site.base}/tables`);
  await tap(page.getByRole('button', { name: 'Fire: First courses (table 5)' }));
  await page.getByText('Table 5: First courses fired.').waitFor();
  await ticket.locator('.course', { hasText: 'First courses' }).waitFor();
  assert.equal(await kitchen.page.locator('.coming-what').allTextContents(), ['4 Mains held, table 5']);
  // The secondi from the pad; firing them again elsewhere meanwhile is refused in the API's words.
  await page.goto(`${site.base}/tables/5/order`);
  await page.getByRole('button', { name: 'Fire: Mains' }).click();
  await page.getByText('Mains fired: the kitchen has them.').waitFor();
  await ticket.locator('.course', { hasText: 'Mains' }).waitFor();
  assert.is(await kitchen.page.locator('.coming').count(), 0, 'nothing more coming');
  assert.equal(await ticket.locator('.course').allTextContents(), ['Starters', 'First courses', 'Mains']);
  await screenshot(kitchen.page, 'kitchen-courses-1280-light');
  // The pad at 1280 px too, with the held courses gone: axe finds nothing, light and dark.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.pad-dish', { hasText: 'Bruschetta al pomodoro' }).click();
  assert.equal(await checkBothSchemes(page, '/tables/5/order at 1280 px', { each: (scheme) => screenshot(page, `pad-1280-${scheme}`) }), []);
});

Pad('a refused send keeps the lines and the key: sending again after the refusal is answered once', async () => {
  const { page } = await site.signedIn(...WAITER, { width: 390 });
  await page.goto(`${site.base}/tables/6/order`);
  await page.locator('.pad-dish', { hasText: 'Bruschetta al pomodoro' }).click();
  // The network drops the first send's answer: the order was placed, the pad does not know.
  let keys: string[] = [];
  let dropped = false;
  await page.route('**/api/v1/staff/tables/6/orders', async (route) => {
    keys = [...keys, route.request().headers()['idempotency-key']!];
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.pad-outcome').getByText('Could not reach the server. Check your connection and try again.', { exact: true }).waitFor();
  assert.is(await page.locator('.pad-line').count(), 1, 'the line is kept');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('Sent: Starters to the kitchen.').waitFor();
  assert.equal([keys.length, keys[0] === keys[1]], [2, true], 'the same key both times');
  const bill = await site.call('/api/v1/staff/tables/6/bill', { token: await site.tokenOf(...WAITER) });
  assert.is(bill.body.orders.length, 1, 'placed once');
});

Pad('in Italian at 360 px: the pad in the kitchen’s words, each course saying when it goes; axe, light and dark', async () => {
  const { page } = await site.signedIn(...WAITER, { width: 360 });
  await page.goto(`${site.base}/it/tables/7/order`);
  await page.getByRole('heading', { name: 'Tavolo 7 · la comanda', level: 1 }).waitFor();
  await page.locator('.pad-guest[data-guests="2"]').click();
  await page.locator('.pad-dish', { hasText: 'Bruschetta al pomodoro' }).click();
  await page.locator('.pad-tab', { hasText: 'Secondi' }).click();
  await page.locator('.pad-dish', { hasText: 'Saltimbocca alla romana' }).click();
  await page.locator('.pad-dish', { hasText: 'Saltimbocca alla romana' }).click();
  assert.equal(await page.locator('.pad-course h3').allTextContents(), ['Antipasti · ora', 'Secondi · in attesa della tua marcia']);
  assert.is(await page.locator('.pad-total').textContent(), '3 piatti · 51,50\u00a0€');
  assert.equal(await checkBothSchemes(page, '/it/tables/7/order at 360 px', { each: (scheme) => screenshot(page, `pad-it-360-${scheme}`) }), []);
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.locator('.pad-outcome').getByText('In cucina: Antipasti. In attesa della tua marcia: Secondi.', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Marcia: Secondi' }).click();
  await page.locator('.pad-outcome').getByText('Secondi in marcia: la cucina è avvisata.', { exact: true }).waitFor();
});

Pad.run();
