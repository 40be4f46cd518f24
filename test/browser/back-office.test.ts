// The owner's back office in Chromium, on one site (the tests run in this order; each reads
// the state it starts from rather than assuming the seed's):
// - the overview at /admin (its cards and the orders of each hour so far) follows a booking
//   and an order made meanwhile without a reload, each figure links to its page; the
//   navigation stands at the side from 1024 px, grouped, the page marked, and folds behind
//   one button at 390 px, used by keyboard;
// - reordering: a category dragged by its handle to another place, a dish dragged onto
//   another category and to another place in its own; Up and Down by keyboard; two owners on
//   the same page: one wins, the other sees what changed;
// - the menu editor's Sold out switch (a stale one is a 409 that shows the dish as it is
//   now), its search, a category renamed in place;
// - drafts of the long forms kept across a reload and a closed tab, offered, never applied
//   unasked;
// - answers beside the controls that asked (a table, a category's station, the phone
//   booking form's refusal under its field);
// - axe-core finds nothing on the overview and the menu editor at 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkBothSchemes, moveClock, screenshot, siteForSuite, toNoonTomorrow } from '../helpers/browser.js';

const Office = suite('the owner’s back office in Chromium');
const site = siteForSuite(Office);
const { signedIn, call, tokenOf } = site;

const names = async (): Promise<string[]> => (await call('/api/v1/categories')).body.categories.map((each: { name: string }) => each.name);

/**
 * A reload with unsaved changes is asked by the browser itself ("Leave site?", the blocker's
 * `beforeunload`): here the person says yes. (The tab's own listener counts any browser
 * dialog as a mistake; this one is expected.)
 */
function acceptLeaving(page: Page) {
  page.removeAllListeners('dialog');
  page.on('dialog', (dialog) => {
    assert.is(dialog.type(), 'beforeunload');
    void dialog.accept();
  });
}

/** Whether the answer `text` is on screen now, within the viewport (not scrolled away). */
const inView = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const found = [...document.querySelectorAll('.row-outcome')].find((each) => each.textContent === wanted);
    const box = found?.getBoundingClientRect();
    return Boolean(box && box.top >= 0 && box.bottom <= innerHeight);
  }, text);

Office('today at a glance, live: a booking and an order made meanwhile show without a reload; a figure opens its page', async () => {
  await toNoonTomorrow(site); // tonight's 22:00 is bookable whatever the hour of the run
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin`);
  // The figures are also read every 20 s: what changes before then came by a stream.
  const loaded = Date.now();
  const beforeTheTimer = () => Math.max(1, 18_000 - (Date.now() - loaded));
  const figure = (name: string) => page.getByRole('region', { name }).locator('.overview-figure').textContent();
  await page.locator('.overview-card').first().waitFor();
  assert.is(await page.locator('main h1').textContent(), 'Today');
  const guests = Number(await figure('Guests today'));
  const admin = await tokenOf('ada@tavola.test', 'tavola-admin');
  const now = (await call('/api/v1/admin/overview', { token: admin })).body;
  // Below the cards, the orders of each hour so far beside the week before's, as the day's page draws them.
  const day = (await call('/api/v1/admin/day', { token: admin })).body;
  assert.equal([await page.locator('.day-so-far .hour-bar').count(), await page.locator('.day-so-far .hour-bar-before').count()], [day.perHour.length, day.perHour.length]);
  assert.is(await page.locator('.day-so-far svg').getAttribute('aria-labelledby'), 'overview-hours');
  const ticket = day.averageTicketCents === null ? '–' : `€${(day.averageTicketCents / 100).toFixed(2)}`;
  assert.match((await page.locator('[aria-labelledby="overview-takings"] .overview-ticket').textContent())!, `Average ticket: ${ticket} `);
  assert.equal([await figure('Guests today'), await figure('Sold out'), await figure('Screens')], [String(now.covers.booked + now.covers.walkIns), String(now.soldOut.count), now.screens.paired ? `${now.screens.online} of ${now.screens.paired} online` : 'None paired']);

  // A waiter takes a phone booking for tonight: the page hears it on the bookings' stream.
  const waiter = await tokenOf('wanda@tavola.test', 'tavola-waiter');
  const today = (await call('/api/v1/bookings/rules')).body.firstDate;
  const booking = (await call('/api/v1/staff/bookings', { method: 'POST', token: waiter, body: { party: 2, date: today, time: '22:00', name: 'Overview' } })).body;
  assert.is(booking.status, 'confirmed', JSON.stringify(booking));
  await page.waitForFunction((expected) => document.querySelector('[aria-labelledby="overview-covers"] .overview-figure')?.textContent === expected, String(guests + 2), { timeout: beforeTheTimer() });

  // A diner orders for pickup: the page hears it on the orders' stream.
  const open = Number(await figure('Orders open'));
  const order = await call('/api/v1/orders', { method: 'POST', body: { pickupName: 'Overview', pickupPhone: '+39 347 9000001', items: [{ dishId: 6, quantity: 1 }] } });
  assert.is(order.status, 201, JSON.stringify(order.body));
  await page.waitForFunction((expected) => document.querySelector('[aria-labelledby="overview-orders"] .overview-figure')?.textContent === expected, String(open + 1), { timeout: beforeTheTimer() });
  assert.is(await page.evaluate(() => performance.getEntriesByType('navigation').length), 1, 'the same document: no reload');

  await page.getByRole('region', { name: 'Screens' }).getByRole('link', { name: 'Displays' }).click();
  await page.waitForURL(`${site.base}/admin/displays`);
  // The page may first stand as its route's placeholder ("Admin") while the section's page is fetched.
  await page.getByRole('heading', { name: 'Displays', level: 1 }).waitFor();
});

Office('today at a glance, when the session ends: the page pauses with a line that says since when (no dialog opens by itself); Sign in again brings it back to life', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin`);
  await page.getByText(/^As of \d\d:\d\d; it updates by itself\.$/).waitFor();
  // Past the 2-minute mark of the owner's token on the server's clock; an order made then
  // reaches the page's stream, which the server ends there: the page's own read meets the 401.
  await moveClock(site, 125_000);
  const placed = await call('/api/v1/orders', { method: 'POST', body: { pickupName: 'Paused', pickupPhone: '+39 347 9000002', items: [{ dishId: 6, quantity: 1 }] } });
  assert.is(placed.status, 201, JSON.stringify(placed.body));
  await page.getByRole('status').filter({ hasText: /^Live figures paused at \d\d:\d\d: your session has ended\.$/ }).waitFor({ timeout: 15_000 });
  assert.is(await page.locator('dialog[open]').count(), 0, 'nothing asks by itself');
  assert.is(await page.locator('.overview-card').count(), 6, 'the figures stay');
  await page.locator('main').getByRole('button', { name: 'Sign in again' }).click();
  const dialog = page.locator('dialog.sign-in-again[open]');
  await dialog.getByLabel('Password').fill('tavola-admin');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(/^As of \d\d:\d\d; it updates by itself\.$/).waitFor();
  assert.is(new URL(page.url()).pathname, '/admin');
});

Office('the navigation: at the side from 1024 px, grouped, the page marked; at 390 px one button, by keyboard', async () => {
  const wide = await signedIn('ada@tavola.test', 'tavola-admin', { width: 1280 });
  await wide.page.goto(`${site.base}/admin/hours`);
  const nav = wide.page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Opening hours' }).waitFor();
  assert.is(await nav.getByRole('button').isVisible(), false, 'no button on a wide screen');
  assert.equal(await nav.getByRole('list').evaluateAll((lists) => lists.map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)!.textContent)), ['Service', 'Menu', 'Restaurant', 'People']);
  assert.is(await nav.getByRole('link', { name: 'Opening hours' }).getAttribute('aria-current'), 'page');
  const [navBox, headingBox] = [await nav.boundingBox(), await wide.page.locator('main h1').boundingBox()];
  assert.ok(navBox!.x + navBox!.width <= headingBox!.x, 'the nav stands left of the page');

  const phone = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  const { page } = phone;
  await page.goto(`${site.base}/admin`);
  const toggle = page.getByRole('button', { name: 'Admin menu · Overview' });
  await toggle.waitFor();
  assert.equal([await toggle.getAttribute('aria-expanded'), await page.getByRole('link', { name: 'Opening hours' }).isVisible()], ['false', false]);
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal([await toggle.getAttribute('aria-expanded'), await page.getByRole('link', { name: 'Opening hours' }).isVisible()], ['true', true]);
  // Tab into the open list and on to a link, as a keyboard does.
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Overview');
  await page.getByRole('link', { name: 'Opening hours' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${site.base}/admin/hours`);
  await page.getByRole('button', { name: 'Admin menu · Opening hours' }).waitFor();
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'nothing wider than the phone');
});

Office('a category dragged to another place; a dish dragged onto another category; the answer beside them', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  // The whole menu on screen: a drag cannot scroll the page as it goes.
  await page.setViewportSize({ width: 1280, height: 4200 });
  await page.goto(`${site.base}/admin/menu`);
  const section = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  await section('Desserts').locator('.dish-row').first().waitFor();
  assert.equal(await names(), ['Antipasti', 'Pasta & risotto', 'Pizza', 'Mains', 'Desserts', 'Drinks'], 'the seed’s order: the first test to change the menu');
  // Desserts by its handle onto the top half of Pasta & risotto: it goes before it.
  await section('Desserts').locator('.category-head .drag-handle').dragTo(section('Pasta & risotto'), { targetPosition: { x: 40, y: 10 } });
  await section('Desserts').getByText('Desserts moved to place 2.').waitFor();
  assert.equal(await names(), ['Antipasti', 'Desserts', 'Pasta & risotto', 'Pizza', 'Mains', 'Drinks']);
  assert.equal(await page.locator('.admin-category h2').evaluateAll((headings) => headings.map((heading) => heading.firstChild!.textContent)), await names(), 'the page shows the new order');

  // A dish by its handle onto Drinks: it is cooked and sold there now.
  const tiramisu = section('Desserts').locator('.dish-row').first();
  const dish = (await tiramisu.locator('.dish-row-main a').textContent())!;
  await tiramisu.locator('.drag-handle').dragTo(section('Drinks'));
  await section('Drinks').getByText(`${dish} moved to Drinks.`).waitFor();
  await section('Drinks').getByRole('link', { name: dish, exact: true }).waitFor(); // its rows read again
  await section('Desserts').locator('.dish-row').first().waitFor();
  assert.ok(!(await section('Desserts').locator('.dish-row-main a').allTextContents()).includes(dish));
});

Office('a dish dragged to another place in its category, then moved by keyboard: the diner’s menu follows; the second owner’s stale move shows the rows as they are now', async () => {
  const first = await signedIn('ada@tavola.test', 'tavola-admin');
  const second = await signedIn('ada@tavola.test', 'tavola-admin');
  await first.page.setViewportSize({ width: 1280, height: 4200 });
  const antipasti = (page: Page) => page.getByRole('region', { name: /^Antipasti/ });
  const rows = (page: Page) => antipasti(page).locator('.dish-row-main a').allTextContents();
  const menu = async (): Promise<string[]> => (await call('/api/v1/dishes?category=antipasti')).body.dishes.map((each: { name: string }) => each.name);
  for (const { page } of [first, second]) {
    await page.goto(`${site.base}/admin/menu`);
    await antipasti(page).locator('.dish-row').first().waitFor();
  }
  const before = await rows(first.page);
  assert.equal(before, await menu(), 'the editor lists the dishes in the menu’s order');
  // The last dish by its handle onto the top half of the first: it goes first.
  const moved = before.at(-1)!;
  await antipasti(first.page).locator('.dish-row').last().locator('.drag-handle').dragTo(antipasti(first.page).locator('.dish-row').first(), { targetPosition: { x: 40, y: 5 } });
  await antipasti(first.page).getByText(`${moved} moved to place 1.`).waitFor();
  const dragged = [moved, ...before.slice(0, -1)];
  assert.equal(await rows(first.page), dragged);
  assert.equal(await menu(), dragged, 'the diner’s menu follows');

  // By keyboard: its Down button, announced, focus kept on it in the row's new place.
  await first.page.getByRole('button', { name: `Move ${moved} down` }).focus();
  await first.page.keyboard.press('Enter');
  await antipasti(first.page).getByText(`${moved} moved down.`).waitFor();
  assert.is(await first.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Move ${moved} down`);
  assert.is(await first.page.locator('[role=status].visually-hidden').textContent(), `${moved} moved down.`);
  const now = [dragged[1]!, moved, ...dragged.slice(2)];
  assert.equal(await menu(), now);

  // The second owner's page still has the first order: its move is on the dish's old version.
  await second.page.getByRole('button', { name: `Move ${moved} up` }).click();
  await antipasti(second.page).getByText(/was changed by someone else meanwhile\. Here it is as it is now\.$/).waitFor();
  assert.equal(await rows(second.page), now, 'the rows as they are now');
  assert.equal(await menu(), now, 'the stale move changed nothing');
});

Office('by keyboard: Move down, announced, focus kept; two owners on the same page: the second sees what changed', async () => {
  const first = await signedIn('ada@tavola.test', 'tavola-admin');
  const second = await signedIn('ada@tavola.test', 'tavola-admin');
  for (const { page } of [first, second]) {
    await page.goto(`${site.base}/admin/menu`);
    await page.getByRole('button', { name: 'Move Pizza down' }).waitFor();
  }
  await first.page.getByRole('button', { name: 'Move Pizza down' }).focus();
  await first.page.keyboard.press('Enter');
  await first.page.getByRole('region', { name: /^Pizza/ }).getByText('Pizza moved down.').waitFor();
  assert.is(await first.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Pizza down');
  assert.is(await first.page.locator('[role=status].visually-hidden').textContent(), 'Pizza moved down.');
  const order = await names();

  // The second owner's page still has Pizza where it was, on its old version.
  await second.page.getByRole('button', { name: 'Move Pizza down' }).click();
  await second.page.getByRole('region', { name: /^Pizza/ }).getByText(/was changed by someone else meanwhile\. Here it is as it is now\.$/).waitFor();
  assert.equal(await second.page.locator('.admin-category h2').evaluateAll((headings) => headings.map((heading) => heading.firstChild!.textContent)), order, 'the list as it is now');
  assert.equal(await names(), order, 'the stale move changed nothing');
});


Office('the Sold out switch saves at once and answers beside itself; pressed on a stale dish, a 409 that shows it as it is now', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  const row = (name: string) => page.locator('.dish-row', { has: page.getByRole('link', { name, exact: true }) });
  const bruschetta = page.getByRole('switch', { name: 'Bruschetta al pomodoro sold out' });
  await bruschetta.waitFor();
  assert.is(await bruschetta.getAttribute('aria-checked'), 'false');
  // The answer held back: the switch has moved already, and a slow answer is said to be coming.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/dishes/1', async (route) => {
    await held;
    await route.continue();
  });
  await bruschetta.click();
  assert.is(await bruschetta.getAttribute('aria-checked'), 'true', 'moved before the answer');
  await row('Bruschetta al pomodoro').getByText('Saving…').waitFor();
  release();
  await row('Bruschetta al pomodoro').getByText('Marked sold out.').waitFor();
  await page.unroute('**/api/v1/dishes/1');
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

Office('the search narrows the rows to the dishes with every word typed, accents forgiven', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  await page.locator('.dish-row').first().waitFor();
  // Every category's rows, not only the first to arrive (each category's dishes load on their own).
  await page.waitForFunction(() => !document.querySelector('.admin-categories [aria-busy="true"]'));
  const all = await page.locator('.dish-row').count();
  await page.getByLabel('Find a dish').fill('spaghetti carbo');
  await page.getByText('1 dish found').waitFor();
  assert.equal(await page.locator('.dish-row:visible a').allTextContents(), ['Spaghetti alla carbonara']);
  assert.is(await page.locator('.admin-category:visible').count(), 1, 'only its category is shown');
  await page.getByLabel('Find a dish').fill('');
  assert.is(await page.locator('.dish-row:visible').count(), all);
});

Office('a category renamed in place and moved, by keyboard: the answer beside its controls, focus kept', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/menu`);
  const before = await names();
  assert.is(before[0], 'Antipasti');
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
  assert.equal((await names()).slice(0, 2), [before[1], 'Starters']);
});

Office('a dish form: typed, reloaded, offered back; not applied unasked; restored, saved, forgotten', async () => {
  const { page, context } = await signedIn('ada@tavola.test', 'tavola-admin');
  acceptLeaving(page);
  await page.goto(`${site.base}/admin/dishes/7`);
  const name = page.getByLabel('Name', { exact: true });
  await name.waitFor();
  const saved = await name.inputValue();
  const price = await page.getByLabel('Price (€)').inputValue();
  await name.fill(`${saved} della casa`);
  await page.getByLabel('Price (€)').fill('15.50');
  await page.reload();
  await page.getByText(/^You have changes to this form that were not saved, from /).waitFor();
  assert.equal([await name.inputValue(), await page.getByLabel('Price (€)').inputValue()], [saved, price], 'nothing applied unasked');

  // A closed tab: a new one in the same browser is offered the same draft.
  const other = await context.newPage();
  await other.goto(`${site.base}/admin/dishes/7`);
  await other.getByRole('button', { name: 'Restore my changes' }).click();
  assert.equal([await other.getByLabel('Name', { exact: true }).inputValue(), await other.getByLabel('Price (€)').inputValue()], [`${saved} della casa`, '15.50']);
  assert.is(await other.evaluate(() => document.activeElement?.id), 'dish-name', 'focus on the first field');
  await other.getByRole('button', { name: 'Save changes' }).click();
  await other.getByText(`Saved ${saved} della casa.`).waitFor();
  assert.is(await other.evaluate(() => localStorage.getItem('tavola.draft.dish-7')), null, 'a save forgets the draft');
  await other.reload();
  await other.getByLabel('Name', { exact: true }).waitFor();
  assert.is(await other.getByRole('button', { name: 'Restore my changes' }).count(), 0, 'nothing to offer after a save');

  // The English name changed and the Italian did not: the Italian is to review, here and in the editor, until the owner says it holds.
  const review = other.getByText('The English changed after the Italian was written: review the Italian.');
  await review.waitFor();
  await other.goto(`${site.base}/admin/menu`);
  const row = other.getByRole('listitem').filter({ has: other.getByRole('link', { name: `${saved} della casa`, exact: true }) });
  await row.getByText('Italian to review').waitFor();
  await row.getByRole('link', { name: `${saved} della casa`, exact: true }).click();
  await other.getByLabel('It still holds').check();
  await other.getByRole('button', { name: 'Save changes' }).click();
  await other.getByText(`Saved ${saved} della casa.`).waitFor();
  assert.ok(await review.isHidden(), 'reviewed: nothing to say');
});

Office('the opening hours: a service switched off and a closed date added, kept across a reload with the rows; restored, saved, forgotten', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  acceptLeaving(page);
  const found = (await call('/api/v1/hours')).body;
  await page.goto(`${site.base}/admin/hours`);
  const lunch = page.locator('#monday-0-on');
  await lunch.waitFor();
  const wasOn = await lunch.isChecked();
  const rows = () => page.locator('.closed-dates li').count();
  const before = await rows();
  await lunch.setChecked(!wasOn);
  await page.getByRole('button', { name: 'Add a closed date' }).click();
  assert.is(await page.evaluate(() => document.activeElement?.className), 'closed-date', 'focus in the new row’s date');
  await page.locator('.closed-dates li').last().locator('.closed-date').fill('2026-12-24');
  await page.locator('.closed-dates li').last().locator('.closed-note').fill('Christmas Eve');
  await page.reload();
  await page.getByText(/^You have changes to this form that were not saved, from /).waitFor();
  assert.equal([await lunch.isChecked(), await rows()], [wasOn, before], 'nothing applied unasked');
  await page.getByRole('button', { name: 'Restore my changes' }).click();
  assert.equal([await lunch.isChecked(), await rows()], [!wasOn, before + 1]);
  const added = page.locator('.closed-dates li').last();
  assert.equal([await added.locator('.closed-date').inputValue(), await added.locator('.closed-note').inputValue()], ['2026-12-24', 'Christmas Eve']);
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await page.getByText(/^Saved: /).waitFor();
  assert.is(await page.evaluate(() => localStorage.getItem('tavola.draft.hours')), null, 'a save forgets the draft');
  const hours = (await call('/api/v1/hours')).body;
  assert.ok(hours.closedDates.some((each: { date: string; note: string }) => each.date === '2026-12-24' && each.note === 'Christmas Eve'), JSON.stringify(hours.closedDates));
  const monday = [await lunch.isChecked(), await page.locator('#monday-1-on').isChecked()].filter(Boolean).length;
  assert.is(hours.week.monday.length, monday, 'Monday as saved');

  // A row removed is kept too: the booking settings' and the hours' drafts are the same kind.
  await added.getByRole('button', { name: 'Remove' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Restore my changes' }).click();
  assert.is(await rows(), before, 'the removed row stays removed');

  // The week put back as it was: the tests after this one book tomorrow, whatever day it is (a Monday's lunch switched off closed it).
  const saved = (await call('/api/v1/hours')).body;
  const back = await call('/api/v1/admin/hours', { method: 'PUT', token: await tokenOf('ada@tavola.test', 'tavola-admin'), body: { version: saved.version, week: { ...saved.week, monday: found.week.monday }, closedDates: found.closedDates } });
  assert.is(back.status, 200, JSON.stringify(back.body));
});

Office('the restaurant form: Discard forgets the draft; a draft from before someone else saved says so', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  acceptLeaving(page);
  await page.goto(`${site.base}/admin/restaurant`);
  const phone = page.getByLabel('Phone');
  await phone.waitFor();
  await phone.fill('+39 06 0000 0000');
  await page.reload();
  await page.getByRole('button', { name: 'Discard them' }).click();
  assert.is(await page.evaluate(() => localStorage.getItem('tavola.draft.restaurant')), null);
  await page.reload();
  await page.getByLabel('Phone').waitFor();
  assert.is(await page.getByRole('button', { name: 'Restore my changes' }).count(), 0);

  // A draft typed here; meanwhile someone else, in another browser, saves the details (a new version).
  await page.getByLabel('Phone').fill('+39 06 2222 2222');
  const { page: other } = await signedIn('ada@tavola.test', 'tavola-admin');
  await other.goto(`${site.base}/admin/restaurant`);
  await other.getByLabel('Name diners know').fill('Tavola Roma');
  await other.getByRole('button', { name: 'Save details' }).click();
  await other.getByText('Saved: the imprint and the privacy notice show it now.').waitFor();
  await page.reload();
  await page.getByText('It was saved by someone else since: look over the fields before saving.').waitFor();
  await page.getByRole('button', { name: 'Restore my changes' }).click();
  // Only what this tab changed comes back: the name the other tab saved stays.
  assert.equal([await page.getByLabel('Phone').inputValue(), await page.getByLabel('Name diners know').inputValue()], ['+39 06 2222 2222', 'Tavola Roma']);
});


Office('a table saved far down the floor: "Saved Table 11." beside its Save, announced, focus kept', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/tables`);
  const seats = page.locator('.floor-table').nth(10).getByLabel('Seats');
  await seats.waitFor();
  await seats.fill('6');
  const save = page.locator('.floor-table').nth(10).getByRole('button', { name: 'Save' });
  await save.focus();
  await page.keyboard.press('Enter');
  const row = page.locator('.floor-table').nth(10);
  await row.locator('.row-outcome').getByText('Saved Table 11.').waitFor();
  assert.ok(await inView(page, 'Saved Table 11.'), 'the answer is on screen, beside the control');
  assert.is(await page.locator('[role=status].visually-hidden').first().textContent(), 'Saved Table 11.', 'read out');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Save', 'focus on the Save of the row drawn again');
  assert.is(await row.getByLabel('Seats').inputValue(), '6');
});

Office('a category sent to another station: the answer beside its choice, focus kept on it', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/stations`);
  const desserts = page.getByLabel('Desserts', { exact: true });
  await desserts.waitFor();
  const bar = await desserts.locator('option').evaluateAll((options) => options.find((option) => option.textContent === 'Bar' || option.textContent === 'Drinks')?.textContent ?? options.at(-1)!.textContent);
  await desserts.focus(); // as a click or Tab does before choosing
  await desserts.selectOption({ label: bar! });
  const answer = `Desserts is cooked at ${bar} from now on.`;
  await page.locator('.routing li', { has: page.getByLabel('Desserts', { exact: true }) }).locator('.row-outcome').getByText(answer).waitFor();
  assert.ok(await inView(page, answer), 'the answer is on screen, beside the choice');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.labels?.[0]?.textContent), 'Desserts', 'focus stays on the choice');
  // Its VAT rate beside it: 22 %, said beside the choice.
  await page.getByLabel('VAT on Desserts').selectOption({ label: '22 %' });
  await page.locator('.routing li', { has: page.getByLabel('VAT on Desserts') }).getByText('Desserts: VAT 22 % on what is ordered from now on.').waitFor();
  assert.is(await page.getByLabel('VAT on Desserts').inputValue(), '2200');
});

Office('a station renamed in English: its Italian is to review until saved from the form with both names', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/stations`);
  const pizza = page.locator('.floor-table', { has: page.getByRole('heading', { name: 'Pizza oven' }) });
  assert.is(await pizza.getByLabel('Name in Italian').inputValue(), 'Forno pizza');
  await pizza.getByLabel('Name', { exact: true }).fill('Wood oven');
  await pizza.getByRole('button', { name: 'Save (Pizza oven)' }).click();
  const oven = page.locator('.floor-table', { has: page.getByRole('heading', { name: 'Wood oven Italian to review' }) });
  await oven.locator('.row-outcome').getByText('Saved Wood oven.').waitFor();
  await oven.getByLabel('Name in Italian').fill('Forno a legna');
  await oven.getByRole('button', { name: 'Save (Wood oven)' }).click();
  await page.locator('.floor-table', { has: page.getByRole('heading', { name: 'Wood oven', exact: true }) }).locator('.row-outcome').getByText('Saved Wood oven.').waitFor();
  const { body } = await site.call('/api/v1/board-settings', { token: await site.tokenOf('ada@tavola.test', 'tavola-admin') });
  assert.equal(body.stations.find((station: { id: number }) => station.id === 2), { id: 2, name: 'Wood oven', nameIt: 'Forno a legna', isDefault: false, italianToReview: false, version: 3 });
  // In Italian, the page names the station in Italian, and the categories' choices too.
  await page.goto(`${site.base}/it/admin/stations`);
  await page.getByRole('heading', { name: 'Forno a legna' }).waitFor();
  assert.ok((await page.getByLabel('Pizze').locator('option').allTextContents()).includes('Forno a legna'));
  // Put back for the other tests.
  await site.call('/api/v1/admin/stations/2', { method: 'PATCH', token: await site.tokenOf('ada@tavola.test', 'tavola-admin'), body: { version: 3, name: 'Pizza oven', nameIt: 'Forno pizza' } });
});

Office('the phone booking form: a refusal written to the person taking the call, under its field, which takes focus', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/bookings`);
  await page.getByText('Add a booking taken by phone').click();
  const form = page.getByRole('form', { name: 'Add a booking taken by phone' });
  const party = form.getByLabel('Party');
  await party.fill('40');
  await form.getByLabel('Name', { exact: true }).fill('Wedding');
  await form.getByRole('button', { name: 'Add booking' }).click();
  const error = page.locator('#phone-party-error');
  await error.getByText(/^No table on the floor seats 40: the largest seats \d+\. Book the party as two bookings, or add a table on the Tables page\.$/).waitFor();
  assert.equal([await party.getAttribute('aria-invalid'), await party.getAttribute('aria-describedby'), await page.evaluate(() => document.activeElement?.id)], ['true', 'phone-party-error', 'phone-party']);
  assert.ok(await inView(page, (await error.textContent())!) || (await error.boundingBox())!.y < 800, 'on screen');
  await party.fill('2');
  await form.getByRole('button', { name: 'Add booking' }).click();
  await page.getByText(/^Booked: Wedding, 2 people at /).waitFor();
  assert.equal([await party.getAttribute('aria-invalid'), await error.textContent()], [null, '']);
});


Office('axe-core finds nothing on the overview (its nav open on a phone) and the menu editor at 360 and 1280 px, light and dark; nothing wider than the screen', async () => {
  for (const width of [360, 1280]) {
    // One profile per width, its colour scheme switched: the light and dark passes need not sign in twice.
    const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
    await page.goto(`${site.base}/admin`);
    await page.locator('.overview-card').first().waitFor();
    if (width < 1024) await page.locator('.admin-nav-toggle').click();
    const found = await checkBothSchemes(page, `/admin at ${width} px`, { width: true, each: (scheme) => screenshot(page, `admin-overview-${width}-${scheme}`) });
    await page.goto(`${site.base}/admin/menu`);
    await page.locator('.dish-row').first().waitFor();
    found.push(...(await checkBothSchemes(page, `/admin/menu at ${width} px`, { width: true, each: (scheme) => screenshot(page, `menu-editor-${width}-${scheme}`) })));
    assert.equal(found, []);
  }
});

Office.run();
