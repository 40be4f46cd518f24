import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { checkBothSchemes, openTab, startSite, type Site, type Tab } from '../helpers/browser.js';

// axe-core on every page of the site, at 360 and 1280 px, light and dark, loaded and while
// loading: 0 violations. With SCREENSHOTS=<folder>, each is saved there as it was checked.
let site: Site;
let staff: { token: string; user: unknown };
let student: { token: string; user: unknown };
let orderId: string;

async function signIn(email: string, password: string) {
  const post = (path: string, body: unknown) => fetch(site.base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const { accessToken } = await (await post('/api/v1/auth/login', { email, password })).json();
  const user = await (await fetch(`${site.base}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${accessToken}` } })).json();
  return { token: accessToken as string, user };
}

const Accessibility = suite('accessibility: axe-core on every page, both sizes, both schemes');
Accessibility.before(async () => {
  site = await startSite();
  staff = await signIn('wanda@tavola.test', 'tavola-waiter');
  student = await signIn('stella@tavola.test', 'tavola-student');
  // Placed by the waiter at the table: an order to a table from anyone else needs the table's code.
  const placed = await fetch(`${site.base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.token}` }, body: JSON.stringify({ table: 3, items: [{ dishId: 6, quantity: 1 }] }) });
  orderId = (await placed.json()).id;
});
Accessibility.after(async () => {
  await site?.stop();
});

type Who = 'guest' | 'staff' | 'student';
const PAGES: [name: string, path: () => string, who: Who, ready: string][] = [
  ['home', () => '/', 'guest', '.highlights'],
  ['menu', () => '/menu', 'guest', '.menu-section h2'],
  ['menu, one category', () => '/menu?category=pizza', 'guest', '.menu-section h2'],
  ['menu, a search', () => '/menu?q=vegan', 'guest', '.menu-section h2'],
  ['menu, an unknown category', () => '/menu?category=pasta', 'guest', '.results .notice'],
  ['dish', () => '/menu/6', 'guest', '.dish-details p.price'],
  ['sign in', () => '/login', 'guest', 'form'],
  ['an order', () => `/orders/${orderId}`, 'guest', '.order-state .badge'],
  ['404', () => '/nowhere', 'guest', '.not-found'],
  ['staff only', () => '/kitchen', 'student', '.forbidden'],
  ['my account', () => '/account', 'staff', '.details'],
  ['kitchen', () => '/kitchen', 'staff', '.board'],
  ['home, signed in', () => '/', 'staff', '.highlights'],
];

async function screenshot(tab: Tab, name: string, width: number, scheme: string) {
  const folder = process.env.SCREENSHOTS;
  if (folder) await tab.page.screenshot({ path: join(folder, `${name.replace(/\W+/g, '-')}-${width}-${scheme}.png`) });
}

for (const width of [360, 1280]) {
  Accessibility(`${width} px, light and dark: every page and the open cart have no violations`, async () => {
    const tab: Tab = await openTab(site, { width });
    const found: string[] = [];
    // Both schemes on each page as it stands (switched in place), each saved with SCREENSHOTS.
    const check = async (name: string) => found.push(...(await checkBothSchemes(tab.page, name, { each: (scheme) => screenshot(tab, name, width, scheme) })));
    try {
      let signedInAs: Who | undefined;
      for (const [name, path, who, ready] of PAGES) {
        if (who !== signedInAs) {
          await tab.page.goto('/');
          const session = who === 'staff' ? staff : who === 'student' ? student : null;
          await tab.page.evaluate((stored) => (stored ? localStorage.setItem('tavola.session', JSON.stringify(stored)) : localStorage.removeItem('tavola.session')), session);
          signedInAs = who;
        }
        await tab.page.goto(path());
        await tab.page.locator(ready).first().waitFor();
        // axe reads the page, not how it looks: a header squashed by a stray rule is a finding too.
        const header = await tab.page.locator('.site-header').evaluate((node) => node.getBoundingClientRect().height);
        if (header < 48) found.push(`${name}: the site header is ${header} px tall`);
        await check(name);
      }
      // While loading: the placeholders hold no words, the status says what is coming.
      for (const [name, path] of [['home, loading', '/'], ['menu, loading', '/menu'], ['dish, loading', '/menu/6']] as const) {
        await tab.page.route('**/api/v1/**', () => {}); // never answered
        await tab.page.goto(path);
        await tab.page.locator('[aria-busy="true"] .placeholder').first().waitFor();
        await check(name);
        await tab.page.unrouteAll({ behavior: 'ignoreErrors' });
      }
      await tab.page.goto('/menu/6');
      await tab.page.getByRole('button', { name: 'Add to cart' }).click();
      await tab.page.getByRole('button', { name: /^Cart/ }).click();
      await tab.page.locator('dialog[open]').waitFor();
      await check('cart');
    } finally {
      await tab.context.close();
    }
    assert.equal(found, []);
  });
}

Accessibility.run();
