// The router on the addresses a browser really sends, in Chromium: a percent-encoded path
// reaches its static route; a same-page #fragment (the skip link, Back from it) is the
// browser's, with no render and no request; and links in an open shadow root or an SVG are
// in-app links that keep every rule (modifier keys, target, download, rel="external",
// another origin).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { siteForSuite } from '../helpers/browser.js';

const Rules = suite('the router on what a browser sends, in Chromium');
const site = siteForSuite(Rules);

/** Marks the document, so a test can tell an in-app navigation (still marked) from a load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

Rules('a percent-encoded static segment reaches its route: /m%65nu is the menu, on a refresh and from a link', async () => {
  const { page } = await site.open();
  await page.goto('/m%65nu?category=pizza');
  await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
  assert.is(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).getAttribute('aria-current'), 'page');
  assert.is(await page.getByRole('link', { name: 'Pizza' }).first().getAttribute('aria-current'), 'true', 'the category chosen');
  await page.goto('/');
  await markDocument(page);
  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), { href: '/%4D%45NU', textContent: 'Encoded menu' });
    document.querySelector('main')!.append(link);
  });
  await page.getByRole('link', { name: 'Encoded menu' }).click();
  await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
  assert.is(new URL(page.url()).pathname, '/%4D%45NU');
  assert.ok(await sameDocument(page), 'an in-app navigation');
});

Rules('the skip link and Back from it are the browser’s: no render, no request, the page as it was', async () => {
  const { page } = await site.open();
  const featured: string[] = [];
  page.on('request', (request) => request.url().includes('/api/v1/dishes?featured=true') && featured.push(request.url()));
  await page.goto('/');
  await page.locator('.highlights').waitFor();
  assert.is(featured.length, 1);
  // Something the page holds that a rebuild would lose.
  await page.evaluate(() => document.querySelector('.highlights')!.setAttribute('data-kept', 'yes'));
  const entries = await page.evaluate(() => history.length);
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/#main');
  assert.is(await page.evaluate(() => history.length), entries + 1, 'the browser added the #main entry');
  await page.goBack();
  await page.waitForURL((url) => url.hash === '');
  await page.goForward();
  await page.waitForURL('**/#main');
  // Let any render the router would have done happen first.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  assert.is(await page.locator('.highlights').getAttribute('data-kept'), 'yes', 'the page was not rebuilt');
  assert.equal(featured.length, 1, 'the highlights were not fetched again');
  // Leaving and coming Back to the #main entry is another page again: rendered as usual.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
  await page.goBack();
  await page.waitForURL('**/#main');
  await page.locator('.highlights .card').first().waitFor();
  assert.is(featured.length, 2);
});

/** Puts an `<a>` of `attributes` in an open shadow root and another in an SVG, and returns their locators. */
async function addLinks(page: Page, attributes: Record<string, string>) {
  await page.evaluate((attributes) => {
    for (const node of document.querySelectorAll('.test-links')) node.remove();
    const host = Object.assign(document.createElement('div'), { className: 'test-links' });
    const shadowLink = document.createElement('a');
    shadowLink.textContent = 'Shadow link';
    host.attachShadow({ mode: 'open' }).append(shadowLink);
    const SVG = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'test-links');
    svg.setAttribute('width', '200');
    svg.setAttribute('height', '40');
    const svgLink = document.createElementNS(SVG, 'a');
    const text = Object.assign(document.createElementNS(SVG, 'text'), { textContent: 'SVG link' });
    text.setAttribute('y', '20');
    svgLink.append(text);
    svg.append(svgLink);
    for (const [name, value] of Object.entries(attributes)) {
      shadowLink.setAttribute(name, value);
      svgLink.setAttribute(name, value);
    }
    // Outside the app's outlet, which a page drawn again would empty (one clean run lost the link
    // that way); the site's link handling listens on the whole document, so they count all the same.
    document.body.prepend(host, svg);
  }, attributes);
  return { shadow: page.getByText('Shadow link'), svg: page.getByText('SVG link') };
}

for (const kind of ['shadow', 'svg'] as const) {
  Rules(`a link in ${kind === 'svg' ? 'an SVG' : 'an open shadow root'} is an in-app link, with the same rules as any other`, async () => {
    const { page, context } = await site.open();
    await page.goto('/');
    await markDocument(page);
    // In-app: the address changes, the document stays.
    await (await addLinks(page, { href: '/menu?category=pizza' }))[kind].click();
    await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    assert.is(new URL(page.url()).search, '?category=pizza');
    assert.ok(await sameDocument(page), 'the same document');

    // A modifier key or target="_blank": a new tab; this one stays where it is.
    for (const [attributes, modifiers] of [[{ href: '/login' }, ['Control']], [{ href: '/login', target: '_blank' }, []]] as const) {
      const [opened] = await Promise.all([context.waitForEvent('page'), (await addLinks(page, attributes))[kind].click({ modifiers: [...modifiers] })]);
      await opened.close();
      assert.is(new URL(page.url()).pathname, '/menu');
      assert.ok(await sameDocument(page));
    }
    // download: the browser downloads, the page stays.
    const [download] = await Promise.all([page.waitForEvent('download'), (await addLinks(page, { href: '/robots.txt', download: '' }))[kind].click()]);
    assert.is(download.suggestedFilename(), 'robots.txt');
    assert.ok(await sameDocument(page));
    // rel="external" on our own origin: an ordinary load of the document.
    await (await addLinks(page, { href: '/login', rel: 'noopener External' }))[kind].click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Staff sign-in', level: 1 }).waitFor();
    assert.is(await sameDocument(page), false, 'a new document');
    // Another origin: left to the browser (its request is answered here, not by the network).
    await markDocument(page);
    await context.route('http://other.example/**', (route) => route.fulfill({ body: 'elsewhere', contentType: 'text/plain' }));
    await (await addLinks(page, { href: 'http://other.example/page' }))[kind].click();
    await page.waitForURL('http://other.example/page');
    assert.is(await page.textContent('body'), 'elsewhere');
  });
}

Rules.run();
