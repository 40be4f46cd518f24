import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { heading, JWT_SECRET, openTab, startSite, type Site as RunningSite, type Tab, notNowAfterSessionEnded } from '../helpers/browser.js';

let site: RunningSite;
let tab: Tab;
const KITCHEN = { email: 'kai@tavola.test', password: 'tavola-kitchen' };
const STUDENT = { email: 'stella@tavola.test', password: 'tavola-student' };

const Site = suite('restaurant site in Chromium');
Site.before(async () => {
  site = await startSite();
});
// The second suite below uses the same server and stops it.
Site.before.each(async () => {
  tab = await openTab(site);
});
Site.after.each(async () => {
  // A console error or an uncaught exception fails the test, except the browser's own
  // line for an HTTP error answer that the test asked for.
  const problems = tab.problems.filter((problem) => !problem.startsWith('Failed to load resource'));
  await tab.context.close();
  assert.equal(problems, []);
});

const path = () => new URL(tab.page.url()).pathname + new URL(tab.page.url()).search;
const historyLength = () => tab.page.evaluate(() => history.length);
const dishNames = () => tab.page.locator('.cards h3').allTextContents();

async function signIn({ email, password }: { email: string; password: string }) {
  await tab.page.getByLabel('E-mail').fill(email);
  await tab.page.getByLabel('Password').fill(password);
  await tab.page.getByRole('button', { name: 'Sign in' }).click();
}

Site('a refresh at /menu/3 shows the same dish', async () => {
  await tab.page.goto('/menu/3');
  await tab.page.getByRole('heading', { name: 'Arancini siciliani' }).waitFor();
  await tab.page.reload();
  // The page loads the dish again: wait for it rather than read the placeholder heading.
  await tab.page.getByRole('heading', { level: 1, name: 'Arancini siciliani' }).waitFor();
  assert.is(await tab.page.title(), 'Arancini siciliani · Tavola');
});

Site('a refresh at a filtered menu address shows the same filtered list', async () => {
  await tab.page.goto('/menu?category=pizza&q=mar');
  await tab.page.locator('.summary', { hasText: '1 dish' }).waitFor();
  await tab.page.reload();
  await tab.page.locator('.summary', { hasText: '1 dish in Pizza for “mar”' }).waitFor();
  assert.equal(await dishNames(), ['Margherita']);
  assert.is(await tab.page.getByLabel('Search the menu').inputValue(), 'mar');
  assert.is(await tab.page.getByRole('link', { name: 'Pizza' }).getAttribute('aria-current'), 'true');
});

Site('a category adds a history entry, typing replaces it, Back and Forward walk them', async () => {
  await tab.page.goto('/menu');
  await tab.page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  const start = await historyLength();
  await tab.page.getByRole('link', { name: 'Pizza' }).click();
  await tab.page.locator('.summary', { hasText: '4 dishes' }).waitFor();
  assert.is(path(), '/menu?category=pizza');
  assert.is(await historyLength(), start + 1, 'a category pushes');
  await tab.page.getByLabel('Search the menu').pressSequentially('dia');
  await tab.page.locator('.summary', { hasText: '1 dish in Pizza for “dia”' }).waitFor();
  assert.is(path(), '/menu?category=pizza&q=dia');
  assert.is(await historyLength(), start + 1, 'typing replaces');
  await tab.page.getByRole('link', { name: 'Desserts' }).click();
  await tab.page.waitForURL('**/menu?category=dolci&q=dia');
  await tab.page.goBack();
  await tab.page.locator('.summary', { hasText: '1 dish in Pizza for “dia”' }).waitFor();
  assert.is(path(), '/menu?category=pizza&q=dia');
  assert.equal(await dishNames(), ['Diavola']);
  await tab.page.goBack();
  await tab.page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  assert.is(path(), '/menu');
  assert.is(await tab.page.getByLabel('Search the menu').inputValue(), '');
  await tab.page.goForward();
  await tab.page.locator('.summary', { hasText: '1 dish in Pizza for “dia”' }).waitFor();
  assert.is(await tab.page.getByLabel('Search the menu').inputValue(), 'dia');
});

Site('in-app links change the address without loading the document, and mark the active link', async () => {
  await tab.page.goto('/');
  await tab.page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
  assert.is(await tab.page.getByRole('link', { name: 'Tavola' }).getAttribute('aria-current'), 'page');
  await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await tab.page.waitForURL('**/menu');
  assert.is(await tab.page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce), true, 'the same document');
  assert.is(await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).getAttribute('aria-current'), 'page');
  assert.is(await tab.page.getByRole('link', { name: 'Tavola' }).getAttribute('aria-current'), null);
});

Site('after a navigation, focus is on the new heading and the live region announces the page', async () => {
  await tab.page.goto('/');
  await tab.page.getByRole('link', { name: 'See the menu' }).click();
  await tab.page.waitForURL('**/menu');
  assert.is(await tab.page.evaluate(() => document.activeElement?.outerHTML), '<h1 tabindex="-1">Menu</h1>');
  assert.is(await tab.page.locator('#announcer').textContent(), 'Menu · Tavola');
  assert.is(await tab.page.title(), 'Menu · Tavola');
});

Site('Back brings the scroll position back; a new page starts at the top', async () => {
  await tab.page.setViewportSize({ width: 600, height: 500 });
  await tab.page.goto('/menu');
  await tab.page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  await tab.page.evaluate(() => window.scrollTo(0, 1500));
  await tab.page.waitForFunction(() => window.scrollY === 1500);
  // A click through the DOM: Playwright's own click would first scroll the link into view.
  await tab.page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/menu/20"]')!.click());
  await tab.page.getByRole('heading', { name: 'Tiramisù', level: 1 }).waitFor();
  assert.is(await tab.page.evaluate(() => window.scrollY), 0);
  // The list comes back slowly: the page is short at first and the position is reached as it grows.
  await tab.page.route('**/api/v1/dishes', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await tab.page.goBack();
  await tab.page.locator('.summary', { hasText: '27 dishes' }).waitFor();
  await tab.page.waitForFunction(() => window.scrollY === 1500);
});

Site('a guest at /account signs in and comes back there; Back does not return to the form', async () => {
  await tab.page.goto('/');
  await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await tab.page.waitForURL('**/menu');
  await tab.page.goto('/account');
  await tab.page.waitForURL('**/login');
  assert.is(await heading(tab.page), 'Staff sign-in');
  await signIn(STUDENT);
  await tab.page.waitForURL('**/account');
  await tab.page.getByText('stella@tavola.test').waitFor();
  assert.is(await heading(tab.page), 'My account');
  await tab.page.goBack();
  await tab.page.waitForURL('**/menu');
  assert.is(await heading(tab.page), 'Menu');
});

Site('a failed sign-in shows a message and saves no session', async () => {
  await tab.page.goto('/login');
  await signIn({ email: KITCHEN.email, password: 'wrong-password' });
  await tab.page.getByRole('alert').filter({ hasText: 'That e-mail and password do not match. Check them and try again.' }).waitFor();
  assert.is(await tab.page.evaluate(() => localStorage.getItem('tavola.session')), null);
  assert.is(path(), '/login');
});

Site('a Student at /kitchen is sent to /forbidden, replacing the entry', async () => {
  await tab.page.goto('/login');
  await signIn(STUDENT);
  await tab.page.waitForURL((url) => url.pathname === '/');
  const before = await historyLength();
  await tab.page.evaluate(() => history.pushState(null, '', '/kitchen'));
  await tab.page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await tab.page.waitForURL('**/forbidden');
  assert.is(await heading(tab.page), 'Staff only');
  assert.is(await historyLength(), before + 1, 'the /kitchen entry was replaced, not added to');
  await tab.page.goto('/kitchen');
  await tab.page.waitForURL('**/forbidden');
});

/** A call to the API as a staff member (`token`) or a guest. */
async function api(method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${site.base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  return response.json();
}

Site('a Kitchen user sees the open orders by state, oldest first', async () => {
  // The evening so far, oldest first: table 4's pizzas being made, then 7's and 2's just placed.
  const waiter = (await api('POST', '/auth/login', { email: 'wanda@tavola.test', password: 'tavola-waiter' })).accessToken;
  const kai = (await api('POST', '/auth/login', KITCHEN)).accessToken;
  const pizzas = await api('POST', '/orders', { table: 4, items: [{ dishId: 12, quantity: 2 }, { dishId: 20, quantity: 1 }], note: 'One pizza without basil.' }, waiter);
  await api('PATCH', `/orders/${pizzas.id}`, { status: 'preparing', version: 1 }, kai);
  await api('POST', '/orders', { table: 7, items: [{ dishId: 6, quantity: 1 }, { dishId: 16, quantity: 1 }] }, waiter);
  await api('POST', '/orders', { table: 2, items: [{ dishId: 7, quantity: 2 }], note: 'Nut allergy at this table.' }, waiter);
  await tab.page.goto('/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL((url) => url.pathname === '/kitchen');
  await tab.page.getByRole('button', { name: /^Staff/ }).click();
  await tab.page.getByRole('link', { name: 'Kitchen' }).click();
  await tab.page.locator('.board').waitFor();
  assert.equal(await tab.page.locator('.column-received .ticket .where').allTextContents(), ['Table 7', 'Table 2']);
  assert.equal(await tab.page.locator('.column-preparing .ticket .where').allTextContents(), ['Table 4']);
  assert.match((await tab.page.locator('.column-preparing .ticket').first().textContent())!, '2 × Margherita');
});

Site('a role edited to Kitchen in local storage opens the page, and the API still says 403', async () => {
  await tab.page.goto('/login');
  await signIn(STUDENT);
  await tab.page.waitForURL((url) => url.pathname === '/');
  await tab.page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('tavola.session')!);
    stored.user.role = 'Kitchen';
    localStorage.setItem('tavola.session', JSON.stringify(stored));
  });
  await tab.page.goto('/kitchen');
  // The API's own words for its 403 (the queue's or the settings', whichever answers first): "Only Kitchen and Waiter staff…".
  await tab.page.getByRole('alert').filter({ hasText: /^Only Kitchen and Waiter staff(, and paired kitchen screens, can see and move orders|, the Admin and paired kitchen screens read the board’s settings)\./ }).waitFor();
  assert.is(await heading(tab.page), 'Order queue');
});

Site('an expired token: the session-ended message in the sign-in dialog; Not now: the sign-in page says it, the session is gone, and signing in returns to the page', async () => {
  const issuedAt = Math.floor(Date.now() / 1000) - 300;
  const expired = await new SignJWT({ sid: 'a-sign-in' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('1')
    .setIssuer('tavola')
    .setAudience('tavola-api')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 120)
    .sign(new TextEncoder().encode(JWT_SECRET));
  await tab.page.goto('/');
  await tab.page.evaluate((token) => {
    localStorage.setItem('tavola.session', JSON.stringify({ token, user: { id: 1, name: 'Kai Moretti', email: 'kai@tavola.test', role: 'Kitchen' } }));
  }, expired);
  await tab.page.goto('/account');
  // The page stays, and a dialog over it says so and asks to sign in again; Not now is the spec's way: the sign-in page, with the message.
  await tab.page.getByRole('dialog', { name: 'Sign in again' }).waitFor();
  assert.is(new URL(tab.page.url()).pathname, '/account');
  await notNowAfterSessionEnded(tab.page);
  await tab.page.getByRole('alert').filter({ hasText: 'Your session has ended — please sign in again.' }).waitFor();
  assert.is(await tab.page.evaluate(() => localStorage.getItem('tavola.session')), null);
  await signIn(KITCHEN);
  await tab.page.waitForURL('**/account');
  await tab.page.getByText('kai@tavola.test').waitFor();
});

Site('the cart survives a reload', async () => {
  await tab.page.goto('/menu/6');
  const add = tab.page.getByRole('button', { name: 'Add to cart' });
  await add.click();
  await add.click();
  await tab.page.getByRole('status').filter({ hasText: 'Added. 2 in your cart.' }).waitFor();
  assert.is(await tab.page.getByRole('button', { name: 'Cart 2 dishes' }).count(), 1);
  await tab.page.reload();
  await tab.page.getByRole('button', { name: 'Cart 2 dishes' }).click();
  const dialog = tab.page.getByRole('dialog', { name: 'Your order' });
  await dialog.waitFor();
  assert.match((await dialog.textContent())!, 'Spaghetti alla carbonara');
  assert.is(await dialog.locator('.cart-total').textContent(), 'Total €29.00 · 2 dishes');
  await dialog.getByRole('button', { name: 'One less Spaghetti alla carbonara' }).click();
  assert.is(await dialog.locator('.cart-total').textContent(), 'Total €14.50 · 1 dish');
  await tab.page.keyboard.press('Escape');
  assert.is(await tab.page.getByRole('button', { name: 'Cart 1 dish' }).count(), 1);
});

Site('a search text with HTML in it is shown as text and never run', async () => {
  const attack = '<img src=x onerror=alert(1)>';
  let dialogs = 0;
  tab.page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await tab.page.goto('/menu');
  await tab.page.getByLabel('Search the menu').fill(attack);
  await tab.page.getByText(`No dishes match “${attack}”.`).waitFor();
  await tab.page.reload();
  await tab.page.getByText(`No dishes match “${attack}”.`).waitFor();
  assert.is(await tab.page.locator('img[src="x"]').count(), 0);
  assert.is(dialogs, 0);
});

Site('local storage never holds a password', async () => {
  await tab.page.goto('/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL((url) => url.pathname === '/kitchen');
  const stored = await tab.page.evaluate(() => JSON.stringify({ ...localStorage }));
  assert.not.match(stored, KITCHEN.password);
  assert.not.match(stored, /password/i);
  const session = JSON.parse(await tab.page.evaluate(() => localStorage.getItem('tavola.session')!));
  assert.equal(Object.keys(session), ['token', 'user']);
  assert.equal(session.user, { id: 1, name: 'Kai Moretti', email: 'kai@tavola.test', role: 'Kitchen' });
});

Site('Sign out ends the session; on a guarded page the guard then asks to sign in', async () => {
  await tab.page.goto('/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL((url) => url.pathname === '/kitchen');
  await tab.page.goto('/kitchen');
  await tab.page.locator('.board').waitFor();
  await tab.page.getByRole('button', { name: /^Staff/ }).click();
  await tab.page.getByRole('button', { name: 'Sign out' }).click();
  await tab.page.waitForURL('**/login');
  assert.is(await tab.page.evaluate(() => localStorage.getItem('tavola.session')), null);
  assert.is(await tab.page.getByRole('link', { name: 'Staff' }).count(), 1);
});

Site('signing in and out in one tab reaches the other tabs', async () => {
  const other = await tab.context.newPage();
  await other.goto('/kitchen');
  await other.waitForURL('**/login');
  await tab.page.goto('/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL((url) => url.pathname === '/kitchen');
  await other.locator('.staff-toggle', { hasText: 'Kai Moretti' }).waitFor();
  await other.goto('/kitchen');
  await other.locator('.board').waitFor();
  await tab.page.getByRole('button', { name: /^Staff/ }).click();
  await tab.page.getByRole('button', { name: 'Sign out' }).click();
  await other.waitForURL('**/login'); // the guard of the open kitchen page now says no
  assert.is(await other.getByRole('link', { name: 'Staff' }).count(), 1);
});

Site('unknown addresses and unknown or non-numeric dishes show the 404 page', async () => {
  for (const address of ['/no/such/page', '/menu/999', '/menu/abc', '/menu/%E0%A4%A']) {
    await tab.page.goto(address);
    await tab.page.getByRole('heading', { name: 'Page not found' }).waitFor();
  }
  await tab.page.getByRole('link', { name: 'Go home' }).click();
  await tab.page.waitForURL((url) => url.pathname === '/');
});

Site('links to other websites and to the API docs are left to the browser', async () => {
  await tab.page.goto('/');
  assert.is(await tab.page.getByRole('link', { name: 'the API' }).getAttribute('rel'), 'external');
  await tab.page.getByRole('link', { name: 'the API' }).click();
  await tab.page.waitForURL('**/api/docs');
  await tab.page.locator('.swagger-ui').waitFor();
});

Site('on a phone the header, menu and cart still work', async () => {
  await tab.page.setViewportSize({ width: 360, height: 740 });
  await tab.page.goto('/menu?category=dolci');
  await tab.page.locator('.summary', { hasText: '4 dishes' }).waitFor();
  const width = await tab.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `no sideways scrolling (page is ${width}px wide)`);
});

Site.run();

const Fixed = suite('restaurant site in Chromium: focus, addresses and sign-in, as a person meets them');
Fixed.before(async () => {
  site ??= await startSite(); // the first suite's, when it ran
});
Fixed.after(async () => {
  await site?.stop();
});
Fixed.before.each(async () => {
  tab = await openTab(site);
});
Fixed.after.each(async () => {
  const problems = tab.problems.filter((problem) => !problem.startsWith('Failed to load resource'));
  await tab.context.close();
  assert.equal(problems, []);
});

const focused = () => tab.page.evaluate(() => {
  const element = document.activeElement as HTMLElement | null;
  return element === document.body ? 'body' : `${element?.tagName.toLowerCase()} ${element?.getAttribute('aria-label') ?? element?.textContent?.trim()}`;
});

Fixed('//menu is the menu, with Menu marked as the current page', async () => {
  await tab.page.goto(`${site.base}//menu`);
  await tab.page.locator('.menu-section h2').first().waitFor();
  assert.is(await heading(tab.page), 'Menu');
  assert.is(await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).getAttribute('aria-current'), 'page');
  assert.is(await tab.page.getByRole('link', { name: 'Tavola' }).getAttribute('aria-current'), null);
});

Fixed('Staff from a filtered menu, then sign in: Kitchen lands on its board, replacing the form, and Back is the menu', async () => {
  await tab.page.goto('/');
  await tab.page.getByRole('link', { name: 'See the menu' }).click();
  await tab.page.getByRole('link', { name: 'Pizza' }).click();
  await tab.page.waitForURL('**/menu?category=pizza');
  const length = await historyLength();
  await tab.page.getByRole('link', { name: 'Staff' }).click();
  await tab.page.waitForURL('**/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL('**/kitchen');
  await tab.page.getByRole('heading', { name: 'Order queue', level: 1 }).waitFor();
  assert.is(await historyLength(), length + 1, 'the form replaced by the board');
  await tab.page.goBack();
  await tab.page.waitForURL('**/menu?category=pizza');
});

Fixed('each signs in where they work: a Waiter at the bookings, the Admin in the back office; a guard’s `from` still wins', async () => {
  for (const [account, landing] of [[{ email: 'wanda@tavola.test', password: 'tavola-waiter' }, '/bookings'], [{ email: 'ada@tavola.test', password: 'tavola-admin' }, '/admin']] as const) {
    const fresh = await openTab(site);
    await fresh.page.goto('/login');
    await fresh.page.getByLabel('E-mail').fill(account.email);
    await fresh.page.getByLabel('Password', { exact: true }).fill(account.password);
    await fresh.page.getByRole('button', { name: 'Sign in' }).click();
    await fresh.page.waitForURL((url) => url.pathname === landing);
    await fresh.context.close();
  }
  await tab.page.goto('/account');
  await tab.page.waitForURL('**/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL('**/account');
});

Fixed('opening a dish: focus on its heading, which then holds its name; the live region names the dish', async () => {
  await tab.page.goto('/menu?category=primi');
  await tab.page.locator('.menu-section h2').first().waitFor();
  await tab.page.getByRole('link', { name: 'Cacio e pepe' }).click();
  await tab.page.getByRole('heading', { level: 1, name: 'Cacio e pepe' }).waitFor();
  assert.is(await focused(), 'h1 Cacio e pepe');
  assert.is(await tab.page.locator('#announcer').textContent(), 'Cacio e pepe · Tavola');
  // Opened by its address (nothing known yet), the same holds once it loads.
  await tab.page.goto('/menu/9');
  await tab.page.getByRole('heading', { level: 1, name: 'Risotto ai funghi porcini' }).waitFor();
  await tab.page.getByRole('link', { name: 'Back to the menu' }).click();
  await tab.page.locator('.menu-section h2').first().waitFor();
  await tab.page.goBack();
  await tab.page.getByRole('heading', { level: 1, name: 'Risotto ai funghi porcini' }).waitFor();
  assert.is(await tab.page.locator('#announcer').textContent(), 'Risotto ai funghi porcini · Tavola');
});

Fixed('choosing a category keeps focus on the category chosen', async () => {
  await tab.page.goto('/menu');
  await tab.page.locator('.menu-section h2').first().waitFor();
  await tab.page.getByRole('link', { name: 'Desserts' }).focus();
  await tab.page.keyboard.press('Enter');
  await tab.page.locator('.summary', { hasText: 'in Desserts' }).waitFor();
  assert.is(await focused(), 'a Desserts');
});

Fixed('in the cart, + and − keep focus; Remove hands it to the next dish, then to the title', async () => {
  await tab.page.goto('/menu/6');
  await tab.page.getByRole('button', { name: 'Add to cart' }).click();
  await tab.page.goto('/menu/20');
  await tab.page.getByRole('button', { name: 'Add to cart' }).click();
  await tab.page.getByRole('button', { name: /^Cart/ }).click();
  const dialog = tab.page.getByRole('dialog', { name: 'Your order' });
  await dialog.getByRole('button', { name: 'One more Spaghetti alla carbonara' }).focus();
  await tab.page.keyboard.press('Enter');
  await tab.page.keyboard.press('Enter');
  assert.is(await focused(), 'button One more Spaghetti alla carbonara');
  assert.is(await dialog.getByRole('status', { name: 'Spaghetti alla carbonara: quantity' }).textContent(), '3');
  await dialog.getByRole('button', { name: 'One less Spaghetti alla carbonara' }).focus();
  await tab.page.keyboard.press('Enter');
  assert.is(await focused(), 'button One less Spaghetti alla carbonara');
  await dialog.getByRole('button', { name: 'Remove Spaghetti alla carbonara' }).focus();
  await tab.page.keyboard.press('Enter');
  assert.is(await focused(), 'button Remove Tiramisù');
  await tab.page.keyboard.press('Enter');
  assert.is(await focused(), 'h2 Your order');
  assert.match((await dialog.textContent())!, 'Your cart is empty.');
});

Fixed('Sign out moves focus to the Staff link and says so', async () => {
  await tab.page.goto('/login');
  await signIn(KITCHEN);
  await tab.page.waitForURL((url) => url.pathname === '/kitchen');
  await tab.page.getByRole('button', { name: /^Staff/ }).click();
  await tab.page.getByRole('button', { name: 'Sign out' }).focus();
  await tab.page.keyboard.press('Enter');
  assert.is(await focused(), 'a Staff');
  assert.is(await tab.page.locator('#announcer').textContent(), 'You are signed out.');
});

Fixed.run();
