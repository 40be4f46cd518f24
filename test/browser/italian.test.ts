// Tavola in Italian, in Chromium: the diner's flow under /it/ (the menu filtered without milk,
// a dish opened and Back, a refresh at a deep address, the cart, a pickup order followed on its
// page, a table booked), the switch to English that keeps the page, its filters and the cart,
// the one-line suggestion for a browser that prefers Italian, a kitchen board in Italian, the
// activity list said in Italian, axe on each Italian page at 390 and 1280 px, light and dark,
// and the header at 360 px.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkBothSchemes, plusDays, screenshot, siteForSuite } from '../helpers/browser.js';

const Italian = suite('Tavola in Italian, in Chromium');
const site = siteForSuite(Italian);

const timesSettled = (page: Page) => page.locator('.booking-times[aria-busy]').waitFor({ state: 'detached' });

Italian('the diner’s flow under /it/: filter, dish and Back, a refresh at a deep address, cart, pickup order, a table booked', async () => {
  const { page } = await site.open({ width: 390 });
  await page.goto(`${site.base}/it/menu?without=milk`);
  assert.is(await page.locator('html').getAttribute('lang'), 'it');
  await page.getByRole('heading', { name: 'Menù', level: 1 }).waitFor();
  assert.is(await page.title(), 'Menù · Tavola');
  await page.getByRole('status').filter({ hasText: /^\d+ piatti senza latte$/ }).waitFor();
  assert.ok(await page.getByLabel('latte', { exact: true }).isChecked(), 'the allergen in its Italian word');
  assert.is(await page.locator('.card', { hasText: 'Bruschetta al pomodoro' }).locator('.allergens').textContent(), 'Allergeni: glutine');
  assert.is(await page.locator('.card', { hasText: 'Bruschetta al pomodoro' }).locator('.price').textContent(), '7,50\u00a0€');
  assert.is(await page.getByRole('link', { name: 'Menù' }).first().getAttribute('href'), '/it/menu');

  // Two dishes from their cards; the header counts them in Italian.
  await page.getByRole('button', { name: 'Aggiungi Bruschetta al pomodoro' }).click();
  await page.getByRole('button', { name: 'Aggiungi Espresso' }).click();
  assert.is(await page.getByRole('button', { name: /^Carrello/ }).textContent(), 'Carrello 2 piatti');

  // A dish from the list, its back link Back to the same filtered menu; Forward again.
  await page.getByRole('link', { name: 'Branzino al forno' }).click();
  await page.waitForURL(/\/it\/menu\/\d+$/);
  await page.getByRole('heading', { name: 'Branzino al forno', level: 1 }).waitFor();
  await page.getByText('Branzino intero al forno con limone, finocchio e pomodorini.').waitFor();
  assert.is(await page.title(), 'Branzino al forno · Tavola');
  const dishAddress = page.url();
  await page.getByRole('link', { name: '← Torna al menù' }).click();
  await page.waitForURL(`${site.base}/it/menu?without=milk`);
  await page.goForward();
  await page.waitForURL(dishAddress);
  // A refresh at the deep address: the Italian shell, the same dish.
  await page.reload();
  await page.getByRole('heading', { name: 'Branzino al forno', level: 1 }).waitFor();
  assert.is(await page.locator('html').getAttribute('lang'), 'it');
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await page.getByRole('status').filter({ hasText: 'Aggiunto. 1 nel carrello.' }).waitFor();

  // Pickup, followed on its page.
  await page.getByRole('button', { name: /^Carrello/ }).click();
  await page.getByLabel('Lo ritiro io').check();
  await page.getByLabel('Nome da chiamare').fill('Giulia');
  await page.getByLabel('Numero di telefono').fill('347 123 4567');
  await page.getByRole('button', { name: 'Invia l’ordine' }).click();
  await page.waitForURL(/\/it\/orders\/[\w-]{22}$/);
  await page.getByText('La cucina ha ricevuto il tuo ordine.').first().waitFor();
  assert.match((await page.locator('h1').textContent()) ?? '', /^Ordine \d+$/);

  // A table for two tomorrow (late in the evening, today has no time left).
  await page.getByRole('link', { name: 'Prenota' }).click();
  await page.waitForURL(`${site.base}/it/book`);
  await timesSettled(page);
  const { firstDate } = (await site.call('/api/v1/bookings/rules')).body;
  await page.getByLabel('Giorno').fill(plusDays(firstDate, 1));
  await timesSettled(page);
  const times = page.getByRole('group', { name: /^Orari liberi / });
  assert.match((await times.locator('legend').textContent()) ?? '', /^Orari liberi (lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d+ \w+ per 2 persone$/);
  await times.getByRole('radio').first().check();
  await page.getByLabel('Nome', { exact: true }).fill('Giulia Rossi');
  await page.getByLabel('Telefono', { exact: true }).fill('347 123 4567');
  await page.getByRole('button', { name: 'Prenota il tavolo' }).click();
  await page.waitForURL(/\/it\/booking#[A-Za-z0-9_-]{22}$/);
  await page.getByRole('heading', { name: 'Grazie: prenotato', level: 1 }).waitFor();
});

Italian('an address that names nothing: a 404, and the page says so in Italian with the address as typed', async () => {
  const { page } = await site.open({ width: 390 });
  for (const [path, shown] of [
    ['/it/menu/999', '/it/menu/999'],
    ['/it/nowhere', '/it/nowhere'],
  ]) {
    const response = await page.goto(`${site.base}${path}`);
    assert.is(response!.status(), 404, path);
    await page.getByRole('heading', { name: 'Pagina non trovata', level: 1 }).waitFor();
    assert.is(await page.locator('.not-found code').textContent(), shown);
    assert.match((await page.locator('.not-found p').first().textContent())!, /^Non c’è niente all’indirizzo /);
  }
  assert.is((await page.goto(`${site.base}/it/menu/3`))!.status(), 200);
});

Italian('the switch keeps the page, its filters and the cart; the choice is remembered; an Italian browser is offered Italian in a line, never sent there', async () => {
  const { page } = await site.open({ width: 1280 });
  await page.goto(`${site.base}/it/menu?category=pizza`);
  await page.getByRole('button', { name: 'Aggiungi Margherita' }).click();
  const toEnglish = page.getByRole('link', { name: 'English', exact: true });
  assert.is(await toEnglish.getAttribute('href'), '/menu?category=pizza');
  assert.is(await toEnglish.getAttribute('hreflang'), 'en');
  await toEnglish.click();
  await page.waitForURL(`${site.base}/menu?category=pizza`);
  assert.is(await page.locator('html').getAttribute('lang'), 'en');
  assert.is(await page.getByRole('button', { name: /^Cart/ }).textContent(), 'Cart 1 dish', 'the cart came along');
  // The head names both languages' addresses of this page, English as the default.
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${new URL((link as HTMLLinkElement).href).pathname}${new URL((link as HTMLLinkElement).href).search}`));
  assert.equal(alternates, ['en /menu?category=pizza', 'it /it/menu?category=pizza', 'x-default /menu?category=pizza']);
  // English was chosen here: no suggestion on English pages; one back to English would not show either.
  assert.ok(await page.locator('.language-hint').isHidden());

  // A browser that prefers Italian, on an English address: one line offers Italian, nothing moves by itself.
  const roman = await site.open({ width: 390, locale: 'it-IT' });
  await roman.page.goto(`${site.base}/menu/3`);
  await roman.page.getByRole('heading', { name: 'Arancini siciliani', level: 1 }).waitFor();
  const hint = roman.page.getByRole('link', { name: 'Leggi in italiano' });
  await hint.waitFor();
  assert.is(roman.page.url(), `${site.base}/menu/3`, 'no redirect');
  assert.is(await hint.getAttribute('href'), '/it/menu/3');
  await hint.click();
  await roman.page.waitForURL(`${site.base}/it/menu/3`);
  await roman.page.getByText('Croccanti palle di riso allo zafferano ripiene di ragù e piselli, con una salsa di pomodoro piccante.').waitFor();
  // Remembered: back on an English page, the line still offers Italian; on Italian pages, no line.
  assert.ok(await roman.page.locator('.language-hint').isHidden());
  assert.is(await roman.page.evaluate(() => localStorage.getItem('tavola.lang')), 'it');
});

Italian('a kitchen board in Italian: the staff signs in at /it/login and the tickets speak Italian', async () => {
  // An order on the board to be read.
  assert.is((await site.call('/api/v1/orders', { method: 'POST', body: { pickupName: 'Marco', pickupPhone: '+39 347 765 4321', items: [{ dishId: 12, quantity: 1 }] } })).status, 201);
  const { page } = await site.open({ width: 1280 });
  await page.goto(`${site.base}/it/login`);
  await page.getByRole('heading', { name: 'Accesso del personale', level: 1 }).waitFor();
  await page.getByLabel('E-mail').fill('kai@tavola.test');
  await page.getByLabel('Password', { exact: true }).fill('tavola-kitchen');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${site.base}/it/kitchen`);
  await page.getByRole('heading', { name: 'Coda degli ordini', level: 1 }).waitFor();
  await page.locator('.ticket').first().waitFor();
  assert.ok(await page.getByRole('button', { name: /^Inizia a preparare/ }).count() > 0 || (await page.getByRole('button', { name: /^Segna pronto/ }).count()) > 0, 'the tickets’ buttons in Italian');
  assert.is(await page.locator('html').getAttribute('lang'), 'it');

  // Kai chooses English for their pages on My account: the page opens again in English, and signing in later lands there.
  await page.goto(`${site.base}/it/account`);
  await page.getByLabel('Lingua delle tue pagine').selectOption('en');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await page.waitForURL(`${site.base}/account`);
  await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  assert.is(await page.getByLabel('Language of your pages').inputValue(), 'en');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.base}/it/login`);
  await page.getByLabel('E-mail').fill('kai@tavola.test');
  await page.getByLabel('Password', { exact: true }).fill('tavola-kitchen');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${site.base}/kitchen`);
  await page.getByRole('heading', { name: 'Order queue', level: 1 }).waitFor();
});

Italian('the activity list in Italian: each change said in Italian, its kind too, names as they are', async () => {
  const admin = await site.tokenOf('ada@tavola.test', 'tavola-admin');
  const dish = (await site.call('/api/v1/admin/dishes/3', { token: admin })).body;
  const soldOut = await site.call('/api/v1/dishes/3', { method: 'PATCH', token: admin, body: { version: dish.version, available: false } });
  assert.is(soldOut.status, 200);
  const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/it/admin/activity`);
  const newest = page.locator('ol.activity li').first();
  await newest.waitFor();
  assert.match((await newest.textContent())!, new RegExp(` · Ada Conti ha segnato esaurito · Piatto 3 · ${dish.name}$`));
  assert.is(await site.call('/api/v1/dishes/3', { method: 'PATCH', token: admin, body: { version: soldOut.body.version, available: true } }).then((answer) => answer.status), 200);
});

Italian('axe finds nothing on the Italian pages at 390 and 1280 px, light and dark', async () => {
  const found: string[] = [];
  for (const width of [390, 1280]) {
    const { page } = await site.open({ width });
    for (const path of ['/it/', '/it/menu', '/it/menu/1', '/it/book', '/it/privacy', '/it/imprint', '/it/nowhere']) {
      await page.goto(`${site.base}${path}`);
      await page.locator('main h1').first().waitFor();
      // Loaded: nothing in the page is still waiting for the API.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      found.push(...(await checkBothSchemes(page, `${path} at ${width} px`, { width: true, each: (scheme) => screenshot(page, `it${path.slice(3).replace(/\//g, '-') || '-home'}-${width}-${scheme}`) })));
    }
  }
  assert.equal(found, []);
});

Italian('axe finds nothing on the owner’s and the staff’s pages in Italian, at 390 and 1280 px, light and dark, and nothing runs off the side', async () => {
  const pages = ['/it/account', '/it/admin', '/it/admin/menu', '/it/admin/dishes/1', '/it/admin/day', '/it/admin/hours', '/it/admin/restaurant', '/it/admin/staff', '/it/admin/bookings', '/it/admin/tables', '/it/admin/displays', '/it/admin/stations', '/it/admin/messages', '/it/admin/activity', '/it/pair'];
  const found: string[] = [];
  for (const width of [390, 1280]) {
    const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width });
    for (const path of pages) {
      await page.goto(`${site.base}${path}`);
      await page.locator('main h1').first().waitFor();
      // Loaded: nothing in the page is still waiting for the API.
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .status[role="status"]:not(:empty)'));
      assert.is(await page.locator('html').getAttribute('lang'), 'it', path);
      found.push(...(await checkBothSchemes(page, `${path} at ${width} px`, { width: true, each: (scheme) => screenshot(page, `it${path.slice(3).replace(/\//g, '-')}-${width}-${scheme}`) })));
    }
  }
  assert.equal(found, []);
});

Italian('at 360 px the header’s longer Italian words ("Carrello", "Prenota") leave the other language’s code in view, for a guest and for the staff', async () => {
  const offSide = "[...document.querySelectorAll('.site-header *')].filter((each) => each.getBoundingClientRect().right > innerWidth).map((each) => (each.textContent ?? '').trim())";
  const guest = await site.open({ width: 360 });
  await guest.page.goto(`${site.base}/it/menu`);
  await guest.page.locator('main h1').waitFor();
  assert.equal(await guest.page.evaluate(offSide), [], '/it/menu');
  const { page } = await site.signedIn('wanda@tavola.test', 'tavola-waiter', { width: 360 });
  await page.goto(`${site.base}/it/tables`);
  await page.locator('main h1').waitFor();
  assert.equal(await page.evaluate(offSide), [], '/it/tables');
  assert.ok(await page.getByRole('link', { name: 'English', exact: true }).isVisible());
});

Italian.run();
