import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeViolations as violations, openTab, startSite, type Site, type Tab } from '../helpers/browser.js';

// axe-core on every page of the site, at 360 and 1280 px, light and dark: 0 violations.
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
  const placed = await fetch(`${site.base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ table: 3, items: [{ dishId: 6, quantity: 1 }] }) });
  orderId = (await placed.json()).id;
});
Accessibility.after(async () => {
  await site?.stop();
});

type Who = 'guest' | 'staff' | 'student';
const PAGES: [name: string, path: () => string, who: Who, ready: string][] = [
  ['home', () => '/', 'guest', '.highlights'],
  ['menu', () => '/menu', 'guest', '.menu-section'],
  ['menu, one category', () => '/menu?category=pizza', 'guest', '.menu-section'],
  ['menu, a search', () => '/menu?q=vegan', 'guest', '.menu-section'],
  ['menu, an unknown category', () => '/menu?category=pasta', 'guest', '.results .notice'],
  ['dish', () => '/menu/6', 'guest', '.dish-details .price'],
  ['sign in', () => '/login', 'guest', 'form'],
  ['an order', () => `/orders/${orderId}`, 'guest', '.order-state .badge'],
  ['404', () => '/nowhere', 'guest', '.not-found'],
  ['staff only', () => '/kitchen', 'student', '.forbidden'],
  ['my account', () => '/account', 'staff', '.details'],
  ['kitchen', () => '/kitchen', 'staff', '.board'],
  ['home, signed in', () => '/', 'staff', '.highlights'],
];

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [360, 1280]) {
    Accessibility(`${width} px, ${scheme}: every page and the open cart have no violations`, async () => {
      const tab: Tab = await openTab(site, { width });
      await tab.page.emulateMedia({ colorScheme: scheme });
      const found: string[] = [];
      try {
        for (const [name, path, who, ready] of PAGES) {
          await tab.page.goto('/');
          const session = who === 'staff' ? staff : who === 'student' ? student : null;
          await tab.page.evaluate((stored) => (stored ? localStorage.setItem('tavola.session', JSON.stringify(stored)) : localStorage.removeItem('tavola.session')), session);
          await tab.page.goto(path());
          await tab.page.locator(ready).first().waitFor();
          for (const problem of await violations(tab.page)) found.push(`${name}: ${problem}`);
        }
        await tab.page.goto('/menu/6');
        await tab.page.getByRole('button', { name: 'Add to cart' }).click();
        await tab.page.getByRole('button', { name: /^Cart/ }).click();
        await tab.page.locator('dialog[open]').waitFor();
        for (const problem of await violations(tab.page)) found.push(`cart: ${problem}`);
      } finally {
        await tab.context.close();
      }
      assert.equal(found, []);
    });
  }
}

Accessibility.run();
