// The owner's overview and navigation in Chromium: /admin shows today at a glance and follows a
// booking made meanwhile without a reload; each figure links to its page; from 1024 px the
// navigation stands at the side, grouped, the current page marked; at 390 px it folds behind
// one button that names the page, opened and used by keyboard; axe-core finds nothing at 360
// and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeViolations, siteForSuite } from '../helpers/browser.js';

const Overview = suite('the owner’s overview in Chromium');
const site = siteForSuite(Overview);
const { signedIn } = site;

const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(site.base + path, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json();
};
const tokenOf = async (email: string, password: string) => (await call('/api/v1/auth/login', { method: 'POST', body: { email, password } })).accessToken as string;

Overview('today at a glance, live: a booking made meanwhile shows without a reload; a figure opens its page', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin`);
  const figure = (name: string) => page.getByRole('region', { name }).locator('.overview-figure').textContent();
  await page.locator('.overview-card').first().waitFor();
  assert.is(await page.locator('main h1').textContent(), 'Today');
  const guests = Number(await figure('Guests today'));
  const admin = await tokenOf('ada@tavola.test', 'tavola-admin');
  const now = await call('/api/v1/admin/overview', { token: admin });
  assert.equal([await figure('Guests today'), await figure('Sold out'), await figure('Screens')], [String(now.covers.booked), String(now.soldOut.count), `${now.screens.online} of ${now.screens.paired} online`]);

  // A waiter takes a phone booking for tonight: the page hears it on the bookings' stream.
  const waiter = await tokenOf('wanda@tavola.test', 'tavola-waiter');
  const today = (await call('/api/v1/bookings/rules')).firstDate;
  const booking = await call('/api/v1/staff/bookings', { method: 'POST', token: waiter, body: { party: 2, date: today, time: '22:00', name: 'Overview' } });
  assert.is(booking.status, 'confirmed', JSON.stringify(booking));
  await page.waitForFunction((expected) => document.querySelector('[aria-labelledby="overview-covers"] .overview-figure')?.textContent === expected, String(guests + 2), { timeout: 10_000 });
  assert.is(await page.evaluate(() => performance.getEntriesByType('navigation').length), 1, 'the same document: no reload');

  await page.getByRole('region', { name: 'Screens' }).getByRole('link', { name: 'Displays' }).click();
  await page.waitForURL(`${site.base}/admin/displays`);
  assert.is(await page.locator('main h1').textContent(), 'Displays');
});

Overview('the navigation: at the side from 1024 px, grouped, the page marked; at 390 px one button, by keyboard', async () => {
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

Overview('axe-core finds nothing on the overview, its nav open on a phone, at 360 and 1280 px, light and dark', async () => {
  for (const width of [360, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${site.base}/admin`);
      await page.locator('.overview-card').first().waitFor();
      if (width < 1024) await page.locator('.admin-nav-toggle').click();
      assert.equal(await axeViolations(page), [], `/admin at ${width} px, ${scheme}`);
      assert.is(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, `nothing wider than ${width} px`);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/admin-overview-${width}-${scheme}.png`, fullPage: true });
    }
  }
});

Overview.run();
