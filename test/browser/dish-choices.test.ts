import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkBothSchemes, screenshot, siteForSuite } from '../helpers/browser.js';

// A dish with choices, as a diner on a phone meets it: the groups on the dish's page (a
// required one said beside it when missed), the price following what is chosen, each set of
// choices a line of its own in the cart, and the order keeping them as they were.
const Choices = suite('a dish’s choices, from its page to the order, in Chromium');
const site = siteForSuite(Choices);

const option = (name: string, nameIt: string | null, priceCents = 0, removesAllergens: string[] = []) => ({ name, nameIt, priceCents, addsAllergens: [], removesAllergens, available: true });

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${site.base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

Choices('a diner chooses how the dish is cooked and an extra, adds two sets of choices, and the order keeps each as chosen', async () => {
  const admin = (await call('POST', '/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).body.accessToken as string;
  const doneness = (await call('POST', '/admin/choice-groups', { name: 'How it is cooked', nameIt: 'Cottura', kind: 'choose', min: 1, max: 1, options: [option('Rare', 'Al sangue'), option('Medium', 'Media'), option('Well done', 'Ben cotta')] }, admin)).body;
  const extras = (await call('POST', '/admin/choice-groups', { name: 'Add-ons', nameIt: 'Da aggiungere', kind: 'choose', min: 0, max: 2, options: [option('Smoked mozzarella', 'Provola', 200), option('Gluten-free spaghetti', 'Spaghetti senza glutine', 150, ['gluten']), { ...option('Truffle', null, 400), available: false }] }, admin)).body;
  const dish = (await call('GET', '/dishes/6')).body;
  assert.is((await call('PUT', '/admin/dishes/6/choice-groups', { version: dish.version, groups: [doneness.id, extras.id] }, admin)).status, 200);
  const { tables } = (await call('GET', '/admin/tables', undefined, admin)).body;
  const code = tables.find((table: { number: number }) => table.number === 4).code;

  const { page } = await site.open({ width: 390 });
  await page.goto(`/menu#table=${code}`);
  await page.getByText('Ordering for Table 4').waitFor();
  // "Add" on the menu's card opens the dish's page: one of its groups must be chosen from.
  await page.goto('/menu?category=primi');
  await page.getByRole('button', { name: `Add ${dish.name}` }).click();
  await page.waitForURL('**/menu/6');
  await page.getByRole('group', { name: /^How it is cooked/ }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('tavola.cart')), null, 'nothing added from the card');
  await page.reload(); // a deep address, loaded whole
  const cooked = page.getByRole('group', { name: /^How it is cooked/ });
  await cooked.waitFor();
  assert.is(await cooked.locator('legend').textContent(), 'How it is cooked Choose 1');
  // A sold-out option is shown, but cannot be chosen.
  assert.equal(await page.getByRole('group', { name: /^Add-ons/ }).getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => `${box.closest('label')!.textContent}${(box as HTMLInputElement).disabled ? ' [disabled]' : ''}`)), ['Smoked mozzarella + €2.00', 'Gluten-free spaghetti + €1.50', 'Truffle + €4.00 (sold out) [disabled]']);
  const price = page.locator('.dish-details .price');
  const base = dish.priceCents as number;
  const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
  assert.is(await price.textContent(), euros(base));

  // Added without the doneness: said beside its group, focus on its first option; nothing added.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  // Said once the order form (fetched with the later part) has checked the choices: waited for, not read at once.
  await page.locator(`#choice-error-${doneness.id}`).getByText('Choose one.', { exact: true }).waitFor();
  assert.is(await page.evaluate(() => (document.activeElement as HTMLInputElement).closest('label')!.textContent), 'Rare');
  assert.equal(await page.evaluate(() => localStorage.getItem('tavola.cart')), null);

  // Medium with buffalo mozzarella and a note: the price follows.
  await page.getByLabel('Medium').check();
  assert.is(await page.locator(`#choice-error-${doneness.id}`).textContent(), '', 'a change clears what was said');
  await page.getByLabel(/^Smoked mozzarella/).check();
  assert.is(await price.textContent(), euros(base + 200));
  assert.is(await page.locator('.dish-order button[type="submit"]').textContent(), `Add to cart · ${euros(base + 200)}`, 'the button says what it costs');
  // The allergens follow the choices: gluten-free spaghetti takes gluten away, and it comes back without them.
  const allergens = page.locator('.allergen-info .allergens').first();
  assert.is(await allergens.textContent(), 'Allergens: gluten, eggs, milk');
  await page.getByLabel(/^Gluten-free spaghetti/).check();
  assert.is(await allergens.textContent(), 'Allergens: eggs, milk');
  assert.is(await price.textContent(), euros(base + 350));
  await page.getByLabel(/^Gluten-free spaghetti/).uncheck();
  assert.is(await allergens.textContent(), 'Allergens: gluten, eggs, milk');
  await page.getByLabel('A note on this dish (optional)').fill('allergic to sesame');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added. 1 in your cart.').waitFor();
  assert.equal(await checkBothSchemes(page, '/menu/6 with choices at 390 px', { width: true, each: (scheme) => screenshot(page, `dish-choices-390-${scheme}`) }), []);
  // Then one rare, with nothing else: another line.
  await page.getByLabel('Rare').check();
  await page.getByLabel(/^Smoked mozzarella/).uncheck();
  await page.getByLabel('A note on this dish (optional)').fill('');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added. 2 in your cart.').waitFor();

  // The cart says each line's choices and note; after a reload too.
  await page.reload();
  const cartButton = page.getByRole('button', { name: /^Cart/ });
  await cartButton.click();
  const lines = page.locator('dialog.cart li');
  await lines.first().waitFor();
  const said = () => lines.evaluateAll((items) => items.map((item) => [...item.querySelectorAll('.name > small, .line-problem')].map((part) => part.textContent).filter(Boolean).join(' | ')));
  assert.equal(await said(), ['Medium · Smoked mozzarella | ✎ allergic to sesame', 'Rare']);
  assert.equal(await lines.locator('.price').allTextContents(), [euros(base + 200), euros(base)]);
  await page.getByRole('button', { name: `One more ${dish.name} · Rare` }).click();
  assert.equal(await lines.locator('output').allTextContents(), ['1', '2']);
  await screenshot(page, 'cart-choices-390');

  // The rare one changed to well done on the dish's page: the line keeps its place and quantity.
  await page.getByRole('link', { name: `Change ${dish.name} · Rare` }).click();
  await page.waitForURL(/\/menu\/6\?line=/);
  assert.is(await page.locator('dialog.cart').evaluate((dialog) => (dialog as HTMLDialogElement).open), false, 'the cart closed');
  const change = page.getByRole('button', { name: 'Change this line' });
  await change.waitFor();
  assert.is(await page.getByRole('radio', { name: 'Rare' }).isChecked(), true, 'its choices as chosen');
  await page.getByRole('radio', { name: 'Well done' }).check();
  await change.click();
  await page.getByText('Changed in your cart.').waitFor();
  assert.is(await page.locator('.dish-order button[type="submit"]').textContent(), `Add to cart · ${euros(base)}`);

  // The kitchen sells out the provola meanwhile: the cart says so on that line, and drops nothing.
  const kitchenToken = (await call('POST', '/auth/login', { email: 'kai@tavola.test', password: 'tavola-kitchen' })).body.accessToken as string;
  const provolaId = extras.options.find((one: { name: string }) => one.name === 'Smoked mozzarella').id;
  assert.is((await call('PATCH', `/choice-options/${provolaId}`, { version: extras.version, available: false }, kitchenToken)).status, 200);
  await cartButton.click();
  await lines.locator('.line-problem', { hasText: /\S/ }).waitFor();
  assert.equal(await said(), ['Medium · Smoked mozzarella | ✎ allergic to sesame | Smoked mozzarella is sold out now: change or remove this line.', 'Well done']);
  assert.equal(await lines.locator('output').allTextContents(), ['1', '2']);
  assert.is((await call('PATCH', `/choice-options/${provolaId}`, { version: extras.version + 1, available: true }, kitchenToken)).status, 200);
  await page.getByRole('button', { name: 'Close' }).click();
  await cartButton.click();
  await page.waitForFunction(() => [...document.querySelectorAll('dialog.cart .line-problem')].every((line) => line.textContent === ''));
  await page.getByLabel('How many are you?').fill('2');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);

  // The order kept each line's choices as they were, priced by the server.
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const order = (await call('GET', `/orders/${id}`)).body;
  assert.equal(
    order.items.map((item: { quantity: number; priceCents: number; note?: string; choices?: { name: string; priceCents: number }[] }) => [item.quantity, item.priceCents, item.note ?? null, (item.choices ?? []).map((choice) => `${choice.name} ${choice.priceCents}`)]),
    [
      [1, base + 200, 'allergic to sesame', ['Medium 0', 'Smoked mozzarella 200']],
      [2, base, null, ['Well done 0']],
    ],
  );

  // The provola is finished: the kitchen marks that one option sold out from its board, in two keystrokes.
  const kitchen = (await site.open({ width: 1280 })).page;
  await kitchen.goto('/login');
  await kitchen.getByLabel('E-mail').fill('kai@tavola.test');
  await kitchen.getByLabel('Password').fill('tavola-kitchen');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await kitchen.waitForURL((url) => url.pathname !== '/login');
  await kitchen.goto('/kitchen');
  const search = kitchen.getByLabel('Find a dish or an option');
  await search.fill('provola'); // the Italian name: this board reads English
  assert.equal(await kitchen.locator('.sold-out-list li').allTextContents(), ['No dish or option has that in its name.']);
  await search.fill('SMOKED');
  await search.press('Enter');
  await kitchen.getByRole('status').getByText('Smoked mozzarella · Add-ons is sold out.').waitFor();
  assert.is(await kitchen.getByRole('button', { name: 'Sold out: Smoked mozzarella · Add-ons' }).getAttribute('aria-pressed'), 'true');
  await search.fill('');
  assert.equal(await kitchen.locator('.sold-out-list li').allTextContents(), ['Smoked mozzarella · Add-onsSold out', 'Truffle · Add-onsSold out']);
  // The diner's dish page shows it sold out, the dish still to be had without it.
  await page.goto('/menu/6');
  const provola = page.getByLabel(/^Smoked mozzarella/);
  await provola.waitFor();
  assert.is(await provola.isDisabled(), true);
  assert.is(await provola.evaluate((box) => box.closest('label')!.textContent), 'Smoked mozzarella + €2.00 (sold out)');
  assert.is(await page.getByRole('button', { name: 'Add to cart' }).isDisabled(), false);
});

Choices('in Italian: the groups and options in Italian (English where not written), what is missing said in Italian, the cart line in Italian', async () => {
  const { page } = await site.open({ width: 390 });
  await page.goto('/it/menu/6');
  const cooked = page.getByRole('group', { name: /^Cottura/ });
  await cooked.waitFor();
  assert.is(await cooked.locator('legend').textContent(), 'Cottura Scegline 1');
  assert.equal(await cooked.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')!.textContent)), ['Al sangue', 'Media', 'Ben cotta']);
  const extras = page.getByRole('group', { name: /^Da aggiungere/ });
  assert.is(await extras.locator('.choice-asked').textContent(), 'Scegline fino a 2');
  // Prices as Italians write them (a no-break space before €); the provola is still sold out from the test before.
  assert.equal(await extras.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')!.textContent!.replaceAll('\u00a0', ' '))), ['Provola + 2,00 € (non disponibile)', 'Spaghetti senza glutine + 1,50 €', 'Truffle + 4,00 € (non disponibile)']);
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  // Said once the order form (fetched with the later part) has checked the choices: waited for, not read at once.
  await cooked.locator('.field-error').getByText('Scegli un’opzione.', { exact: true }).waitFor();
  await page.getByRole('radio', { name: 'Media' }).check();
  await page.getByRole('checkbox', { name: /^Spaghetti senza glutine/ }).check();
  assert.is(await page.locator('.allergen-info .allergens').first().textContent(), 'Allergeni: uova, latte');
  await page.getByLabel('Una nota su questo piatto (facoltativa)').fill('poco sale');
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await page.getByText('Aggiunto. 1 nel carrello.').waitFor();
  assert.equal(await checkBothSchemes(page, '/it/menu/6 with choices at 390 px', { width: true, each: (scheme) => screenshot(page, `dish-choices-it-390-${scheme}`) }), []);
  await page.getByRole('button', { name: /^Carrello/ }).click();
  const line = page.locator('dialog.cart li').first();
  await line.waitFor();
  assert.equal(await line.locator('.name > small').allTextContents(), ['Media · Spaghetti senza glutine', '✎ poco sale']);
  assert.is(await line.getByRole('link').textContent(), 'Modifica Spaghetti alla carbonara · Media · Spaghetti senza glutine · ✎ poco sale');

  // The menu without gluten lists the carbonara, and says which choice makes it so.
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await page.goto('/it/menu?without=gluten');
  const card = page.locator('.card', { has: page.getByRole('link', { name: 'Spaghetti alla carbonara' }) });
  await card.waitFor();
  assert.is(await card.locator('.free-with').textContent(), 'Senza glutine: scegli Spaghetti senza glutine');
  await screenshot(page, 'menu-without-gluten-it-390');
});

/** A list of an order's dishes (the order page's, a ticket's) as the kitchen reads it: each line's "1 × dish", its choices, its note. */
const linesOf = (page: Page, lists: string) =>
  page.locator(lists).evaluateAll((uls) =>
    uls
      .filter((ul) => ul.parentElement?.tagName !== 'LI')
      .flatMap((ul) =>
        [...ul.children].map((li) => [
          [...li.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE || (node as Element).classList.contains('quantity')).map((node) => node.textContent).join('').trim(),
          [...li.querySelectorAll(':scope > ul > li')].map((choice) => choice.textContent),
          li.querySelector(':scope > .note')?.textContent ?? null,
        ]),
      ),
  );

/** The seed's bistecca (27) with its doneness, the pizzas' extras and what the cacciatora leaves out; the ids of Medium, Rocket and Rosemary; the code of `table`. */
async function bisteccaWithEverything(table: number) {
  const admin = (await call('POST', '/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).body.accessToken as string;
  const { groups } = (await call('GET', '/admin/choice-groups', undefined, admin)).body;
  const group = (name: string) => groups.find((one: { name: string }) => one.name === name);
  const optionId = (of: string, name: string) => group(of).options.find((one: { name: string }) => one.name === name).id as number;
  const bistecca = (await call('GET', '/dishes/27')).body;
  if (bistecca.choices.length < 3) assert.is((await call('PUT', '/admin/dishes/27/choice-groups', { version: bistecca.version, groups: [group('How it is cooked').id, group('Extras').id, group('Without').id] }, admin)).status, 200);
  const { tables } = (await call('GET', '/admin/tables', undefined, admin)).body;
  return { ids: [optionId('How it is cooked', 'Medium'), optionId('Extras', 'Rocket'), optionId('Without', 'Rosemary')], code: tables.find((one: { number: number }) => one.number === table).code as string };
}

/** The page's request that places the order, sent by `click`. */
async function placing(page: Page, click: () => Promise<void>): Promise<unknown> {
  const [request] = await Promise.all([page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders'), click()]);
  return request.postDataJSON();
}

/** axe-core and screenshots of the page at 360 and 1280 px, light and dark (the window left at 360). */
async function bothWidths(page: Page, where: string, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await checkBothSchemes(page, `${where} at ${width} px`, { width: true, each: (scheme) => screenshot(page, `${name}-${width}-${scheme}`) })));
  }
  await page.setViewportSize({ width: 360, height: 800 });
  return found;
}

Choices('a note on a dish without choices: an espresso “decaf” is a line of its own, changed in its place; the order page says each line as the kitchen reads it (the doneness, an extra, what is left out, the note), and so does the kitchen’s ticket', async () => {
  const { ids, code } = await bisteccaWithEverything(5);
  const [medium, rocket, rosemary] = ids;
  const { page } = await site.open({ width: 360 });
  await page.goto(`/menu#table=${code}`);
  await page.getByText('Ordering for Table 5').waitFor();
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('tavola.cart') ?? '[]').map((line: { dishId: number; quantity: number; note?: string; choices?: { text: string } }) => [line.dishId, line.quantity, line.choices?.text ?? null, line.note ?? null]));

  // An espresso as it comes, then one with a note: two lines.
  await page.goto('/menu/26');
  const note = page.getByLabel('A note on this dish (optional)');
  await note.waitFor();
  assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Espresso');
  assert.is(await page.locator('.dish-order button[type="submit"]').textContent(), 'Add to cart');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added. 1 in your cart.').waitFor();
  await note.fill('decaf');
  const found = await bothWidths(page, '/menu/26 with a note', 'dish-note');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added. 2 in your cart.').waitFor();
  assert.equal(await stored(), [[26, 1, null, null], [26, 1, null, 'decaf']]);

  // The bistecca medium, with rocket, without rosemary, and a note.
  await page.goto('/menu/27');
  await page.getByRole('group', { name: /^How it is cooked/ }).waitFor();
  await page.getByRole('radio', { name: 'Medium' }).check();
  await page.getByRole('checkbox', { name: /^Rocket/ }).check();
  await page.getByRole('checkbox', { name: 'Rosemary' }).check();
  await note.fill('allergic to sesame');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added. 1 in your cart.').waitFor();

  // The cart: each line with its choices and note; the buttons say which line they change.
  await page.getByRole('button', { name: /^Cart/ }).click();
  const lines = page.locator('dialog.cart li');
  await lines.first().waitFor();
  assert.equal(await lines.evaluateAll((items) => items.map((item) => [...item.querySelectorAll('.name > small')].map((part) => part.textContent).join(' | '))), ['', '✎ decaf', 'Medium · Rocket · without Rosemary | ✎ allergic to sesame']);
  assert.equal(await lines.locator('[data-control="more"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))), ['One more Espresso', 'One more Espresso · ✎ decaf', 'One more Bistecca ai ferri · Medium · Rocket · without Rosemary · ✎ allergic to sesame']);
  found.push(...(await bothWidths(page, 'the cart with notes', 'cart-notes')));

  // The decaf line's Change: its note on the espresso's page, changed in its place, its quantity kept.
  await page.getByRole('link', { name: 'Change Espresso · ✎ decaf' }).click();
  await page.waitForURL(/\/menu\/26\?line=/);
  const change = page.getByRole('button', { name: 'Change this line' });
  await change.waitFor();
  assert.is(await note.inputValue(), 'decaf');
  await note.fill('decaf, in a glass');
  await change.click();
  await page.getByText('Changed in your cart.').waitFor();
  assert.is(await page.locator('.dish-order button[type="submit"]').textContent(), 'Add to cart');
  assert.equal(await stored(), [[26, 1, null, null], [26, 1, null, 'decaf, in a glass'], [27, 1, 'Medium · Rocket · without Rosemary', 'allergic to sesame']]);

  // Placed: each line sent with its choices and its note.
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByLabel('How many are you?').fill('2');
  const sent = await placing(page, () => page.getByRole('button', { name: 'Place order' }).click());
  assert.equal(sent, {
    table: 5,
    tableCode: code,
    guests: 2,
    items: [
      { dishId: 26, quantity: 1 },
      { dishId: 26, quantity: 1, note: 'decaf, in a glass' },
      { dishId: 27, quantity: 1, choices: [medium, rocket, rosemary], note: 'allergic to sesame' },
    ],
  });
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await page.locator('.order-items').first().waitFor();
  const expected = [
    ['1 × Espresso', [], null],
    ['1 × Espresso', [], 'decaf, in a glass'],
    ['1 × Bistecca ai ferri', ['+ Medium', '+ Rocket', 'WITHOUT Rosemary'], 'Allergy: allergic to sesame'],
  ];
  assert.equal(await linesOf(page, 'section[aria-labelledby="order-dishes"] ul.order-items'), expected);
  found.push(...(await bothWidths(page, 'an order with choices and notes', 'order-lines')));
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '');

  // The kitchen reads the same lines on its ticket (the bar's espressos and the kitchen's bistecca).
  const kitchen = (await site.open({ width: 1280 })).page;
  await kitchen.goto('/login');
  await kitchen.getByLabel('E-mail').fill('kai@tavola.test');
  await kitchen.getByLabel('Password').fill('tavola-kitchen');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await kitchen.waitForURL((url) => url.pathname !== '/login');
  await kitchen.goto('/kitchen');
  const ticket = `.ticket[data-order="${id}"]`;
  await kitchen.locator(ticket).waitFor();
  assert.is(await kitchen.locator(`${ticket} h3`).textContent(), `No. ${number}Table 5`);
  assert.equal(((await linesOf(kitchen, `${ticket} ul.order-items`)) as unknown[]).sort(), [...expected].sort());
  assert.equal(found, []);
});

Choices('in Italian: a note on an espresso, the cart and the order page say each line in Italian (“+ Media”, “SENZA Rosmarino”)', async () => {
  const { ids, code } = await bisteccaWithEverything(6);
  const [medium, rocket, rosemary] = ids;
  const { page } = await site.open({ width: 360 });
  await page.goto(`/it/menu#table=${code}`);
  await page.getByText('Ordini per').waitFor();
  await page.goto('/it/menu/26');
  const note = page.getByLabel('Una nota su questo piatto (facoltativa)');
  await note.fill('decaffeinato');
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await page.getByText('Aggiunto. 1 nel carrello.').waitFor();
  const found = await bothWidths(page, '/it/menu/26 with a note', 'dish-note-it');
  await page.goto('/it/menu/27');
  await page.getByRole('group', { name: /^Cottura/ }).waitFor();
  await page.getByRole('radio', { name: 'Media' }).check();
  await page.getByRole('checkbox', { name: /^Rucola/ }).check();
  await page.getByRole('checkbox', { name: 'Rosmarino' }).check();
  await note.fill('poco sale');
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await page.getByText('Aggiunto. 1 nel carrello.').waitFor();
  await page.getByRole('button', { name: /^Carrello/ }).click();
  const lines = page.locator('dialog.cart li');
  await lines.first().waitFor();
  assert.equal(await lines.evaluateAll((items) => items.map((item) => [...item.querySelectorAll('.name > small')].map((part) => part.textContent).join(' | '))), ['✎ decaffeinato', 'Media · Rucola · senza Rosmarino | ✎ poco sale']);
  assert.equal(await lines.locator('[data-control="more"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))), ['Uno in più: Espresso · ✎ decaffeinato', 'Uno in più: Bistecca ai ferri · Media · Rucola · senza Rosmarino · ✎ poco sale']);
  found.push(...(await bothWidths(page, 'the Italian cart with notes', 'cart-notes-it')));
  await page.getByLabel('Quanti siete?').fill('4');
  const sent = await placing(page, () => page.getByRole('button', { name: 'Invia l’ordine' }).click());
  assert.equal(sent, {
    table: 6,
    tableCode: code,
    guests: 4,
    items: [
      { dishId: 26, quantity: 1, note: 'decaffeinato' },
      { dishId: 27, quantity: 1, choices: [medium, rocket, rosemary], note: 'poco sale' },
    ],
  });
  await page.waitForURL(/\/it\/orders\/[A-Za-z0-9_-]{22}$/);
  await page.locator('.order-items').first().waitFor();
  assert.is(await page.locator('#order-dishes').textContent(), 'I tuoi piatti');
  assert.equal(await linesOf(page, 'section[aria-labelledby="order-dishes"] ul.order-items'), [
    ['1 × Espresso', [], 'decaffeinato'],
    ['1 × Bistecca ai ferri', ['+ Media', '+ Rucola', 'SENZA Rosmarino'], 'poco sale'],
  ]);
  found.push(...(await bothWidths(page, 'an Italian order with choices and notes', 'order-lines-it')));
  assert.equal(found, []);
});

Choices.run();
