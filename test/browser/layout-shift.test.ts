import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { openTab, startSite, type Site } from '../helpers/browser.js';
import { shiftsOf, slowConnection } from '../helpers/layout-shift.js';

// Nothing on screen moves as a page loads: Cumulative Layout Shift under 0.05 (Lighthouse's
// "good" is 0.1) on every page, at phone and desktop widths, on a first visit (cold) and
// on a reload (warm), with every request but the document slowed down, so the shell is
// painted before the script and each page's frame before its data.
const LIMIT = 0.05;
let site: Site;
let orderPath: string;
let staffSession: string;

const Shift = suite('layout shift in Chromium, as pages load on a slow connection');
Shift.before(async () => {
  site = await startSite();
  const login = await fetch(`${site.base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'kai@tavola.test', password: 'tavola-kitchen' }) });
  const { accessToken } = await login.json();
  // Placed by the kitchen for the table: from anyone else an order to a table needs its code.
  const order = await fetch(`${site.base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ table: 7, items: [{ dishId: 6, quantity: 1 }] }) });
  orderPath = `/orders/${(await order.json()).id}`;
  const user = await (await fetch(`${site.base}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${accessToken}` } })).json();
  staffSession = JSON.stringify({ token: accessToken, user });
});
Shift.after(() => site?.stop());

/** Loaded: nothing busy, every picture that loads at once is in, and two frames painted since. */
async function settled(page: Page) {
  const loaded = () => !document.querySelector('[aria-busy="true"]') && document.querySelector('main h1') !== null && [...document.images].filter((image) => image.loading !== 'lazy').every((image) => image.complete);
  await page.waitForFunction(loaded, null, { timeout: 15_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const PUBLIC = ['/', '/menu', '/menu?category=pizza', '/menu?q=vegan', '/menu/3', '/menu/999', '/login', '/forbidden', '/no/such/page'];

for (const width of [360, 1280]) {
  Shift(`${width} px: every public page and an order, cold and warm, under ${LIMIT}`, async () => {
    const over: string[] = [];
    for (const path of [...PUBLIC, orderPath]) {
      const tab = await openTab(site, { width });
      await slowConnection(tab.context);
      await tab.page.goto(path);
      await settled(tab.page);
      const cold = await shiftsOf(tab.page);
      await tab.page.reload();
      await settled(tab.page);
      const warm = await shiftsOf(tab.page);
      for (const [when, shifts] of [['cold', cold], ['warm', warm]] as const) if (shifts.cls >= LIMIT) over.push(`${path} ${when}: ${shifts.cls} (${shifts.sources.join('; ')})`);
      assert.equal(tab.problems.filter((problem) => !problem.startsWith('Failed to load resource')), [], path);
      await tab.context.close();
    }
    assert.equal(over, []);
  });

  Shift(`${width} px: the kitchen and My account, signed in, cold and warm, under ${LIMIT}`, async () => {
    const over: string[] = [];
    for (const path of ['/kitchen', '/account']) {
      const tab = await openTab(site, { width });
      await slowConnection(tab.context);
      await tab.context.addInitScript(`localStorage.setItem('tavola.session', ${JSON.stringify(staffSession)})`);
      await tab.page.goto(path);
      await settled(tab.page);
      assert.is(new URL(tab.page.url()).pathname, path, 'signed in, the page itself is shown');
      const cold = await shiftsOf(tab.page);
      await tab.page.reload();
      await settled(tab.page);
      const warm = await shiftsOf(tab.page);
      for (const [when, shifts] of [['cold', cold], ['warm', warm]] as const) if (shifts.cls >= LIMIT) over.push(`${path} ${when}: ${shifts.cls} (${shifts.sources.join('; ')})`);
      await tab.context.close();
    }
    assert.equal(over, []);
  });
}

Shift.run();
