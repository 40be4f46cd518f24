import '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestError } from '../../src/core/http.js';
import { safeFrom } from '../../src/core/login-form.js';
import { menuAddress } from '../../src/site/views/menu.js';
import { expiredError, fakeApi, KITCHEN_SESSION, mountSite, settle, STUDENT_SESSION, unmountSite } from '../helpers/site.js';

const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
const click = (element: Element | null | undefined) => (element as HTMLElement).click();
const link = (root: Element, text: string) => [...root.querySelectorAll('a')].find((a) => a.textContent === text);

const Menu = suite('site: the menu page');

Menu('shows categories and every dish, with a count', async () => {
  const site = mountSite('/menu');
  await settle();
  assert.equal([...site.root.querySelectorAll('.choices a')].map((a) => a.textContent), ['All', 'Pizza', 'Desserts']);
  assert.equal([...site.root.querySelectorAll('.cards h3')].map((h3) => h3.textContent), ['Margherita', 'Diavola', 'Tiramisù']);
  assert.is(site.root.querySelector('.summary')?.textContent, '3 dishes');
  assert.is(site.root.querySelector('.choices a[aria-current="true"]')?.textContent, 'All');
});

Menu('the filters come from the address only', async () => {
  const { api, calls } = fakeApi();
  const site = mountSite('/menu?category=pizza&q=dia', { api });
  await settle();
  assert.ok(calls.includes('dishes {"category":"pizza","q":"dia"}'));
  assert.is(site.root.querySelector<HTMLInputElement>('#menu-search')!.value, 'dia');
  assert.is(site.root.querySelector('.summary')?.textContent, '1 dish for “dia”');
});

Menu('choosing a category pushes a new history entry, keeping the search', async () => {
  const site = mountSite('/menu?q=a');
  await settle();
  click(link(site.root, 'Desserts'));
  await settle();
  assert.equal(site.paths(), ['/menu?q=a', '/menu?category=dolci&q=a']);
  assert.equal([...site.root.querySelectorAll('.cards h3')].map((h3) => h3.textContent), ['Tiramisù']);
});

Menu('typing replaces the entry and keeps the same search box (and its focus)', async () => {
  const site = mountSite('/menu?category=pizza');
  await settle();
  const input = site.root.querySelector<HTMLInputElement>('#menu-search')!;
  input.focus();
  type(input, 'd');
  type(input, 'di');
  await settle();
  assert.equal(site.paths(), ['/menu?category=pizza&q=di']);
  assert.is(site.root.querySelector('#menu-search'), input);
  assert.is(document.activeElement, input);
});

Menu('clearing the search leaves a clean address; `all` is left out', () => {
  assert.is(menuAddress('all', ''), '/menu');
  assert.is(menuAddress('pizza', ''), '/menu?category=pizza');
  assert.is(menuAddress('all', 'crème brûlée'), '/menu?q=cr%C3%A8me+br%C3%BBl%C3%A9e');
});

Menu('no match: a clear empty state with a way back to the whole menu', async () => {
  const site = mountSite('/menu?q=sushi');
  await settle();
  assert.match(site.text(), 'No dishes match “sushi”.');
  assert.is(link(site.root, 'Show the whole menu')?.getAttribute('href'), '/menu');
});

Menu('a failure shows the message and Try again loads again', async () => {
  let fail = true;
  const { api } = fakeApi();
  const dishes = api.dishes;
  api.dishes = async (filter, signal) => {
    if (fail) throw new RequestError(503, 'Request failed (HTTP 503)');
    return dishes(filter, signal);
  };
  const site = mountSite('/menu', { api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'Request failed (HTTP 503)');
  fail = false;
  click([...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Try again'));
  await settle();
  assert.is(site.root.querySelectorAll('.cards > li').length, 3);
});

Menu('while loading, the list says so and is marked busy', () => {
  const site = mountSite('/menu');
  assert.is(site.root.querySelector('.results')?.getAttribute('aria-busy'), 'true');
  assert.is(site.root.querySelector('.results [role="status"]')?.textContent, 'Loading the menu…');
});

Menu.after(unmountSite);
Menu.run();

const Dish = suite('site: the dish page');

Dish('a dish by its own address, titled with its name', async () => {
  const site = mountSite('/menu/2');
  await settle();
  assert.is(site.h1(), 'Diavola');
  assert.is(document.title, 'Diavola');
  assert.match(site.text(), '€12.50');
  assert.is(site.root.querySelector('.dish img')?.getAttribute('alt'), 'Diavola');
});

Dish('a non-numeric id shows the 404 content without asking the API', async () => {
  for (const id of ['abc', '3.0', '-1', '0', '%E0%A4%A']) {
    const { api, calls } = fakeApi();
    const site = mountSite(`/menu/${id}`, { api });
    await settle();
    assert.is(site.h1(), 'Page not found', id);
    assert.equal(calls.filter((call) => call.startsWith('dish ')), [], id);
  }
});

Dish('an id the API does not know shows the 404 content', async () => {
  const site = mountSite('/menu/999');
  await settle();
  assert.is(site.h1(), 'Page not found');
  assert.is(document.title, 'Page not found');
});

Dish('Add to cart adds, and says how many are in the cart', async () => {
  const site = mountSite('/menu/1');
  await settle();
  const add = [...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Add to cart');
  click(add);
  click(add);
  assert.is(site.root.querySelector('.added')?.textContent, 'Added. 2 in your cart.');
  assert.equal(site.services.cart.get(), [{ dishId: 1, name: 'Margherita', priceCents: 1000, quantity: 2 }]);
  assert.is(site.root.querySelector('.cart-button')?.getAttribute('aria-label'), 'Cart, 2 dishes');
});

Dish.after(unmountSite);
Dish.run();

const Login = suite('site: sign in');

Login('only an in-app path is a place to go back to', () => {
  const cases: [unknown, string][] = [
    [{ from: '/account' }, '/account'],
    [{ from: '/menu?category=pizza' }, '/menu?category=pizza'],
    [{ from: '//evil.example/' }, '/'],
    [{ from: '/\\evil.example' }, '/'],
    [{ from: 'https://evil.example/' }, '/'],
    [{ from: '/login' }, '/'],
    [{ from: 42 }, '/'],
    [undefined, '/'],
    ['nonsense', '/'],
  ];
  for (const [state, expected] of cases) assert.is(safeFrom(state), expected, JSON.stringify(state));
});

async function submit(site: ReturnType<typeof mountSite>, email: string, password: string) {
  site.root.querySelector<HTMLInputElement>('#email')!.value = email;
  site.root.querySelector<HTMLInputElement>('#password')!.value = password;
  site.root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
}

Login('success saves the session and goes back to `from`, replacing the entry', async () => {
  const site = mountSite('/account');
  assert.equal(site.paths(), ['/login']);
  await submit(site, 'kai@tavola.test', 'tavola-kitchen');
  assert.equal(site.paths(), ['/account']);
  assert.equal(site.services.session.get(), KITCHEN_SESSION);
  assert.is(site.h1(), 'My account');
});

Login('a failure shows a message, keeps the guest a guest and clears the password', async () => {
  const { api } = fakeApi({ signIn: async () => Promise.reject(new RequestError(401, 'Request failed (HTTP 401)')) });
  const site = mountSite('/login', { api });
  await submit(site, 'kai@tavola.test', 'nope');
  assert.is(site.root.querySelector('#login-error')?.textContent, 'That e-mail and password do not match. Check them and try again.');
  assert.is(site.services.session.get(), null);
  assert.is(site.root.querySelector<HTMLInputElement>('#password')!.value, '');
  assert.equal(site.paths(), ['/login']);
});

Login('too many attempts and a dead network have their own messages', async () => {
  const failures: [RequestError, string][] = [
    [new RequestError(429, 'Request failed (HTTP 429)'), 'Too many failed sign-ins. Please wait a few minutes and try again.'],
    [new RequestError(0, 'Could not reach the server. Check your connection and try again.'), 'Could not reach the server. Check your connection and try again.'],
    [new RequestError(500, 'Request failed (HTTP 500)'), 'Request failed (HTTP 500)'],
  ];
  for (const [error, message] of failures) {
    const site = mountSite('/login', { api: fakeApi({ signIn: async () => Promise.reject(error) }).api });
    await submit(site, 'a@b.c', 'x');
    assert.is(site.root.querySelector('#login-error')?.textContent, message);
  }
});

Login.after(unmountSite);
Login.run();

const Guarded = suite('site: guarded pages');

Guarded('My account shows the profile', async () => {
  const site = mountSite('/account', { session: KITCHEN_SESSION });
  await settle();
  assert.equal([...site.root.querySelectorAll('dd')].map((dd) => dd.textContent), ['Kai Moretti', 'kai@tavola.test', 'Kitchen', '2 January 2026 at 10:00', 'This is your first']);
});

Guarded('an expired session on My account ends the session and asks to sign in, coming back', async () => {
  const site = mountSite('/account', { session: KITCHEN_SESSION, api: fakeApi({ profile: async () => Promise.reject(expiredError()) }).api });
  await settle();
  assert.equal(site.ended, ['/account']);
  assert.equal(site.paths(), ['/login']);
  assert.equal(site.memory.current().state, { from: '/account', message: 'Your session has ended — please sign in again.' });
  assert.is(site.root.querySelector('.notice.warning')?.textContent, 'Your session has ended — please sign in again.');
  assert.is(site.services.session.get(), null);
});

Guarded('the kitchen shows a 403 from the API as it comes', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, api: fakeApi({ orderQueue: async () => Promise.reject(new RequestError(403, 'Request failed (HTTP 403)')) }).api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'Request failed (HTTP 403)');
});

Guarded('an empty queue says so', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  await settle();
  assert.match(site.text(), 'No open orders. The kitchen is quiet.');
});

Guarded('a Student is sent to /forbidden and told why', async () => {
  const site = mountSite('/kitchen', { session: STUDENT_SESSION });
  assert.equal(site.paths(), ['/forbidden']);
  assert.match(site.text(), 'you are signed in as Student.');
});

Guarded.after(unmountSite);
Guarded.run();

const Layout = suite('site: the layout');

Layout('a guest sees Home, Menu, the cart and Sign in', () => {
  const site = mountSite('/');
  assert.equal([...site.root.querySelectorAll('.nav-links a')].map((a) => a.textContent), ['Home', 'Menu']);
  assert.ok(link(site.root, 'Sign in'));
  assert.is(site.root.querySelector('.cart-button')?.getAttribute('aria-label'), 'Cart, 0 dishes');
});

Layout('Sign in remembers the page the visitor was on', () => {
  const site = mountSite('/menu?category=pizza');
  link(site.root, 'Sign in')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  assert.is(site.memory.current().path, '/login');
  assert.equal(site.memory.current().state, { from: '/menu?category=pizza' });
});

Layout('Kitchen staff see the Kitchen link, their name and role, and can sign out', () => {
  const site = mountSite('/', { session: KITCHEN_SESSION });
  assert.equal([...site.root.querySelectorAll('.nav-links a')].map((a) => a.textContent), ['Home', 'Menu', 'Kitchen', 'My account']);
  assert.is(site.root.querySelector('.who')?.textContent, 'Kai MorettiKitchen');
  click([...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Sign out'));
  assert.is(site.services.session.get(), null);
  assert.equal([...site.root.querySelectorAll('.nav-links a')].map((a) => a.textContent), ['Home', 'Menu']);
  assert.is(document.body.lastElementChild?.textContent, 'You are signed out.');
});

Layout('a Student does not see the Kitchen link', () => {
  const site = mountSite('/', { session: STUDENT_SESSION });
  assert.equal([...site.root.querySelectorAll('.nav-links a')].map((a) => a.textContent), ['Home', 'Menu', 'My account']);
});

Layout('the header marks the current page', async () => {
  const site = mountSite('/menu');
  assert.is(site.root.querySelector('.nav-links a[aria-current="page"]')?.textContent, 'Menu');
  site.navigation.navigate('/');
  assert.is(site.root.querySelector('.nav-links a[aria-current="page"]')?.textContent, 'Home');
});

Layout('the home page shows today’s highlights', async () => {
  const site = mountSite('/');
  await settle();
  assert.equal([...site.root.querySelectorAll('.cards h3')].map((h3) => h3.textContent), ['Margherita']);
  assert.is(link(site.root, 'Margherita')?.getAttribute('href'), '/menu/1');
});

Layout('an unknown address shows the 404 page with a way home', () => {
  const site = mountSite('/nope');
  assert.is(site.h1(), 'Page not found');
  assert.match(site.text(), 'There is nothing at /nope.');
  assert.is(link(site.root, 'Go home')?.getAttribute('href'), '/');
});

Layout.after(unmountSite);
Layout.run();
