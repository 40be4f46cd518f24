import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeViolations, openTab, startSite, type Site, type Tab } from '../helpers/browser.js';

// A menu of 1,200 dishes in Chromium: the page draws the first 50, Show more adds the
// next 50 and takes focus to the first of them, and the browser asks again for a menu it
// has seen with the ETag it got, which the server answers with a 304.
let site: Site;
let tab: Tab;

const Long = suite('a long menu in Chromium');
Long.before(async () => {
  site = await startSite({ menuSize: 1200 });
});
Long.after(async () => {
  await site?.stop();
});
Long.before.each(async () => {
  tab = await openTab(site);
});
Long.after.each(async () => {
  await tab.context.close();
  assert.equal(tab.problems, []);
});

Long('the first 50 dishes, then Show more adds 50 in their sections and focuses the first new one', async () => {
  const { page } = tab;
  await page.goto('/menu');
  await page.getByText('The first 50 dishes').waitFor();
  assert.is(await page.locator('.cards > li').count(), 50);
  const firstPage = await page.locator('.cards h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const nextPage = page.waitForResponse((response) => response.url().includes('/api/v1/dishes?') && response.url().includes('after='));
  await page.getByRole('button', { name: 'Show more dishes' }).click();
  const added = (await (await nextPage).json()).dishes as { id: number }[];
  await page.locator('.cards > li').nth(99).waitFor();
  assert.is(await page.locator('.summary').textContent(), 'The first 100 dishes');
  assert.is(await page.evaluate('document.activeElement.getAttribute("href")'), `/menu/${added[0]!.id}`, 'focus on the first dish added');
  assert.ok(!firstPage.includes(`/menu/${added[0]!.id}`));
  const sections = await page.locator('.menu-section h2').allTextContents();
  assert.equal(sections, [...new Set(sections)], 'each category once: new dishes join their section');
  assert.equal(await axeViolations(page), []);
});

Long('a search pages too, and the address keeps only the filters', async () => {
  const { page } = tab;
  await page.goto('/menu?q=saffron');
  await page.getByText('The first 50 dishes for “saffron”').waitFor();
  await page.getByRole('button', { name: 'Show more dishes' }).click();
  await page.getByText('The first 100 dishes for “saffron”').waitFor();
  assert.is(new URL(page.url()).search, '?q=saffron');
});

Long('the menu seen before is asked again with its ETag and answered 304', async () => {
  const { page } = tab;
  // What went over the wire (Playwright reports a revalidated answer as the 200 it was kept as).
  const cdp = await tab.context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The two events of a request may come in either order: put them together at the end.
  const sent: [id: string, url: string][] = [];
  const raw = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => sent.push([event.requestId, event.request.url]));
  cdp.on('Network.responseReceivedExtraInfo', (event) => raw.set(event.requestId, event.statusCode));
  await page.goto('/menu?category=dolci');
  await page.getByText('The first 50 dishes in Desserts').waitFor();
  await page.reload();
  await page.getByText('The first 50 dishes in Desserts').waitFor();
  const asked = sent.filter(([, url]) => url.includes('/api/v1/dishes?')).map(([id]) => id);
  for (let waited = 0; asked.some((id) => !raw.has(id)) && waited < 2000; waited += 50) await page.waitForTimeout(50);
  assert.equal(asked.map((id) => raw.get(id)), [200, 304]);
});

Long.run();
