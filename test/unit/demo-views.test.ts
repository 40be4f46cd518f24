import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mountApp } from '../../src/router/app.js';
import { h } from '../../src/core/dom.js';
import { createHttp, RequestError } from '../../src/core/http.js';
import { interceptLinks } from '../../src/router/links.js';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation } from '../../src/router/navigation.js';
import { createPageChange } from '../../src/router/page-change.js';
import { createSessionStore } from '../../src/core/session.js';
import { createDemoApi, type DemoApi, type Product } from '../../src/demo/api.js';
import { demoRoutes } from '../../src/demo/routes.js';
import type { Services } from '../../src/demo/services.js';
import { parseDemoUser, type DemoSession } from '../../src/demo/user.js';
import { pagerNumbers, productsAddress } from '../../src/demo/views/products.js';

const product = (id: number, title: string, category: string): Product => ({ id, title, description: `${title}.`, category, price: 9.99, discountPercentage: 1, rating: 4.5, stock: 3, thumbnail: `/p/${id}.svg` });
// 65 products: three pages of all (30, 30, 5), one of beauty, three of furniture.
const PRODUCTS = [product(1, 'Mascara', 'beauty'), product(2, 'Sofa', 'furniture'), ...Array.from({ length: 63 }, (_, i) => product(i + 3, `Lamp ${i + 3}`, 'furniture'))];
const ADMIN: DemoSession = { token: 't', user: { id: 1, firstName: 'Emily', role: 'admin' } };
const USER: DemoSession = { token: 't', user: { id: 2, firstName: 'Olivia', role: 'user' } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeApi(overrides: Partial<DemoApi> = {}): DemoApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    categories: async () => [{ slug: 'beauty', name: 'Beauty' }, { slug: 'furniture', name: 'Furniture' }],
    products: async (category, page) => {
      calls.push(`products ${category} ${page}`);
      const products = PRODUCTS.filter((item) => category === 'all' || item.category === category);
      return { products: products.slice((page - 1) * 30, page * 30), total: products.length };
    },
    product: async (id) => {
      calls.push(`product ${id}`);
      const found = PRODUCTS.find((item) => item.id === id);
      if (!found) throw new RequestError(404, 'Request failed (HTTP 404)');
      return found;
    },
    me: async () => ({ id: 1, firstName: 'Emily', lastName: 'Johnson', email: 'emily@example.com', image: '/u/1.svg', role: 'admin' }),
    signIn: async () => ADMIN,
    ...overrides,
  };
}

function mountDemo(path: string, { api = fakeApi(), session = null as DemoSession | null } = {}) {
  resetDom();
  const root = h('div');
  document.body.append(root, h('div'));
  const memory = memoryLocation(path);
  const navigation = createNavigation(memory);
  const store = createSessionStore('tavola-demo.session', parseDemoUser);
  store.set(session);
  const ended: string[] = [];
  const services: Services = { api, session: store, navigation, endSession: (here) => ended.push(here), announce: () => {} };
  interceptLinks(root, navigation.navigate);
  mountApp({ routes: demoRoutes(services), navigation, session: store, root, pageChange: createPageChange(h('div')), forbidden: '/', title: (page) => (page ? `${page} · Tavola demo` : 'Tavola demo') });
  return { root, memory, store, ended, h1: () => root.querySelector('main h1')?.textContent, paths: () => memory.entries.map((entry) => entry.path) };
}

const Demo = suite('demo views');

Demo('`all` is left out of the products address', () => {
  assert.is(productsAddress('all'), '/products');
  assert.is(productsAddress(''), '/products');
  assert.is(productsAddress('kitchen-accessories'), '/products?category=kitchen-accessories');
});

Demo('products: the category comes from the address; a category link pushes', async () => {
  const api = fakeApi();
  const demo = mountDemo('/products?category=beauty', { api });
  await settle();
  assert.equal([...demo.root.querySelectorAll('.cards h2')].map((h2) => h2.textContent), ['Mascara']);
  assert.is(demo.root.querySelector('.choices a[aria-current="true"]')?.textContent, 'Beauty');
  ([...demo.root.querySelectorAll('.choices a')].find((a) => a.textContent === 'All') as HTMLElement).click();
  await settle();
  assert.equal(demo.paths(), ['/products?category=beauty', '/products']);
  assert.equal(api.calls, ['products beauty 1', 'products all 1']);
});

Demo('`page` is left out of the address for page 1; the pager shows the first, the last and two either side', () => {
  assert.equal([productsAddress('all', 1), productsAddress('all', 3), productsAddress('beauty', 2)], ['/products', '/products?page=3', '/products?category=beauty&page=2']);
  assert.equal(pagerNumbers(1, 7), [1, 2, 3, 0, 7]);
  assert.equal(pagerNumbers(4, 7), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(pagerNumbers(7, 7), [1, 0, 5, 6, 7]);
  assert.equal(pagerNumbers(10, 20), [1, 0, 8, 9, 10, 11, 12, 0, 20]);
  assert.equal(pagerNumbers(1, 1), [1]);
});

Demo('products: page 2 asks for it, says where it is, and links the others; Next pushes the next page', async () => {
  const api = fakeApi();
  const demo = mountDemo('/products?page=2', { api });
  await settle();
  assert.equal(api.calls, ['products all 2']);
  assert.is(demo.root.querySelector('.summary')?.textContent, '65 products · 31–60, page 2 of 3');
  assert.is(demo.root.querySelector('.cards h2')?.textContent, 'Lamp 31');
  const pager = [...demo.root.querySelectorAll('nav.pager a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);
  assert.equal(pager, [
    ['← Previous', '/products', null],
    ['1', '/products', null],
    ['2', '/products?page=2', 'page'],
    ['3', '/products?page=3', null],
    ['Next →', '/products?page=3', null],
  ]);
  ([...demo.root.querySelectorAll('nav.pager a')].find((a) => a.textContent === 'Next →') as HTMLElement).click();
  await settle();
  assert.equal(demo.paths(), ['/products?page=2', '/products?page=3']);
  assert.is(demo.root.querySelector('.summary')?.textContent, '65 products · 61–65, page 3 of 3');
  assert.equal([...demo.root.querySelectorAll('nav.pager a')].map((a) => a.textContent), ['← Previous', '1', '2', '3']);
});

Demo('a category keeps its own pages; choosing a category starts at its page 1', async () => {
  const api = fakeApi();
  const demo = mountDemo('/products?category=furniture&page=3', { api });
  await settle();
  assert.is(demo.root.querySelector('.summary')?.textContent, '64 products · 61–64, page 3 of 3');
  assert.is(demo.root.querySelector('nav.pager a[aria-current="page"]')?.getAttribute('href'), '/products?category=furniture&page=3');
  assert.is(demo.root.querySelector('.choices a[aria-current="true"]')?.getAttribute('href'), '/products?category=furniture');
});

Demo('page=1, and a page that is no whole number of 1 or more, leave the address, replacing the entry; page=03 is page=3', async () => {
  for (const [asked, kept] of [
    ['/products?page=1', '/products'],
    ['/products?page=0', '/products'],
    ['/products?page=-2', '/products'],
    ['/products?page=x', '/products'],
    ['/products?page=1.5', '/products'],
    ['/products?category=beauty&page=1', '/products?category=beauty'],
    ['/products?page=03', '/products?page=3'],
  ]) {
    const api = fakeApi();
    const demo = mountDemo(asked!, { api });
    await settle();
    assert.equal(demo.paths(), [kept], asked);
    assert.equal(api.calls, [`products ${new URLSearchParams(kept!.split('?')[1]).get('category') ?? 'all'} ${Number(new URLSearchParams(kept!.split('?')[1]).get('page') ?? 1)}`], asked);
  }
});

Demo('a page past the end says so, with a link to the last page', async () => {
  const demo = mountDemo('/products?page=9');
  await settle();
  assert.is(demo.root.querySelector('.results .notice p')?.textContent, 'There is no page 9: the products end at page 3.');
  assert.equal([...demo.root.querySelectorAll('.results a')].map((a) => [a.textContent, a.getAttribute('href')]), [['Go to page 3', '/products?page=3']]);
});

Demo('a product by id; a non-numeric id is not found without a request; a 404 is not found', async () => {
  const api = fakeApi();
  let demo = mountDemo('/products/2', { api });
  await settle();
  assert.is(demo.h1(), 'Sofa');
  demo = mountDemo('/products/abc', { api });
  assert.is(demo.h1(), 'Page not found');
  demo = mountDemo('/products/77', { api });
  await settle();
  assert.is(demo.h1(), 'Page not found');
  assert.equal(api.calls, ['product 2', 'product 77']);
});

Demo('an id that is not a plain positive number is titled "Page not found", not "Product"', () => {
  for (const id of ['abc', '0', '1.5', '-1']) {
    mountDemo(`/products/${id}`);
    assert.is(document.title, 'Page not found · Tavola demo', id);
  }
});

Demo('each product shows its rating, in words for screen readers', async () => {
  const demo = mountDemo('/products');
  await settle();
  const rating = demo.root.querySelector('.card .rating')!;
  assert.is(rating.querySelector('.visually-hidden')?.textContent, 'Rated 4.5 of 5');
  assert.is(rating.querySelector('[aria-hidden="true"]')?.textContent, '★ 4.5');
});

Demo('/products?category=all loses `all`, replacing the entry', async () => {
  const demo = mountDemo('/products?category=all');
  await settle();
  assert.equal(demo.paths(), ['/products']);
});

Demo('a product that did not arrive says so, offers Try again, and shows it when it comes', async () => {
  let fail = true;
  const demo = mountDemo('/products/1', { api: fakeApi({ product: async () => (fail ? Promise.reject(new RequestError(0, 'Could not reach the server. Check your connection and try again.')) : PRODUCTS[0]!) }) });
  await settle();
  assert.is(demo.root.querySelector('[role="alert"] p')?.textContent, 'Could not reach the server. Check your connection and try again.');
  fail = false;
  demo.root.querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
  await settle();
  assert.is(demo.h1(), 'Mascara');
});

Demo('the me call failing with the public API’s 500 about the token ends the session, as a 401 does', async () => {
  for (const message of ['invalid token', 'invalid signature', 'jwt malformed']) {
    const demo = mountDemo('/profile', { session: ADMIN, api: fakeApi({ me: async () => Promise.reject(new RequestError(500, 'Request failed (HTTP 500)', false, { message })) }) });
    await settle();
    assert.equal(demo.ended, ['/profile'], message);
  }
});

Demo('any other 500 on the me call shows the spec’s words and keeps the session', async () => {
  for (const body of [undefined, { message: 'Internal Server Error' }]) {
    const demo = mountDemo('/profile', { session: ADMIN, api: fakeApi({ me: async () => Promise.reject(new RequestError(500, 'Request failed (HTTP 500)', false, body)) }) });
    await settle();
    assert.is(demo.root.querySelector('[role="alert"] p')?.textContent, 'Request failed (HTTP 500)');
    assert.equal(demo.ended, [], JSON.stringify(body));
  }
});

Demo('a guest at /profile is sent to /login with from', () => {
  const demo = mountDemo('/profile');
  assert.equal(demo.paths(), ['/login']);
  assert.equal(demo.memory.current().state, { from: '/profile' });
});

Demo('a normal user at /admin is sent to /, replacing the entry', () => {
  const demo = mountDemo('/admin', { session: USER });
  assert.equal(demo.paths(), ['/']);
  assert.is(demo.h1(), 'Tavola demo');
});

Demo('the profile shows name, e-mail and picture', async () => {
  const demo = mountDemo('/profile', { session: ADMIN });
  await settle();
  assert.equal([...demo.root.querySelectorAll('dd')].map((dd) => dd.textContent), ['Emily Johnson', 'emily@example.com', 'admin']);
  assert.is(demo.root.querySelector('img.avatar')?.getAttribute('alt'), 'Picture of Emily Johnson');
});

Demo('a 401 on the profile ends the session', async () => {
  const demo = mountDemo('/profile', { session: ADMIN, api: fakeApi({ me: async () => Promise.reject(new RequestError(401, 'Request failed (HTTP 401)')) }) });
  await settle();
  assert.equal(demo.ended, ['/profile']);
});

async function submit(demo: ReturnType<typeof mountDemo>) {
  demo.root.querySelector<HTMLInputElement>('#username')!.value = 'emilys';
  demo.root.querySelector<HTMLInputElement>('#password')!.value = 'x';
  demo.root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
}

Demo('a failed sign-in says the spec’s words; a dead network says its own', async () => {
  let demo = mountDemo('/login', { api: fakeApi({ signIn: async () => Promise.reject(new RequestError(400, 'Request failed (HTTP 400)')) }) });
  await submit(demo);
  assert.is(demo.root.querySelector('#login-error')?.textContent, "That username and password don't match.");
  assert.is(demo.store.get(), null);
  assert.is(demo.root.querySelector<HTMLInputElement>('#password')!.value, '', 'a refused password is cleared');
  demo = mountDemo('/login', { api: fakeApi({ signIn: async () => Promise.reject(new RequestError(0, 'x')) }) });
  await submit(demo);
  assert.is(demo.root.querySelector('#login-error')?.textContent, 'Could not reach the server. Check your connection and try again.');
  assert.equal([demo.root.querySelector<HTMLInputElement>('#username')!.value, demo.root.querySelector<HTMLInputElement>('#password')!.value], ['emilys', 'x'], 'nothing typed is lost: submit again to try again');
});

Demo('signing in goes back to `from`, replacing the form', async () => {
  const demo = mountDemo('/profile');
  await submit(demo);
  assert.equal(demo.paths(), ['/profile']);
  assert.equal(demo.store.get(), ADMIN);
});

Demo.run();

const Api = suite('demo API client');

Api('sign-in posts {username, password} as JSON, then takes the role from /auth/me with the Bearer header', async () => {
  const sent: { url: string; init: RequestInit }[] = [];
  const answers: Record<string, unknown> = {
    'https://shop.example/auth/login': { accessToken: 'abc', id: 1, firstName: 'Emily', role: 'ignored-from-login' },
    'https://shop.example/auth/me': { id: 1, firstName: 'Emily', lastName: 'Johnson', role: 'admin', email: 'e@x', image: 'i', password: 'never-kept' },
  };
  const fake = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(answers[url]), { status: 200 });
  }) as unknown as typeof fetch;
  const api = createDemoApi(createHttp({ base: 'https://shop.example', fetch: fake }), () => undefined);
  const session = await api.signIn('emilys', 'emilyspass');
  assert.equal(session, { token: 'abc', user: { id: 1, firstName: 'Emily', role: 'admin' } });
  assert.is(sent[0]!.init.body, '{"username":"emilys","password":"emilyspass"}');
  assert.is((sent[0]!.init.headers as Record<string, string>)['Content-Type'], 'application/json');
  assert.not.ok('Authorization' in (sent[0]!.init.headers as object), 'no token on the login call');
  assert.is((sent[1]!.init.headers as Record<string, string>).Authorization, 'Bearer abc');
});

Api('signed in, only /auth/me carries the token: the public calls go without it (no preflight across origins)', async () => {
  const sent: [string, string | undefined][] = [];
  const fake = (async (url: string, init: RequestInit) => {
    sent.push([url, (init.headers as Record<string, string>).Authorization]);
    return new Response(JSON.stringify({ products: [], total: 0 }), { status: 200 });
  }) as unknown as typeof fetch;
  const api = createDemoApi(createHttp({ base: 'https://shop.example', fetch: fake }), () => 'stored');
  await api.categories();
  await api.products('all', 3);
  await api.products('beauty', 1);
  await api.product(7);
  await api.me();
  assert.equal(sent, [
    ['https://shop.example/products/categories', undefined],
    ['https://shop.example/products?limit=30&skip=60', undefined],
    ['https://shop.example/products/category/beauty?limit=30&skip=0', undefined],
    ['https://shop.example/products/7', undefined],
    ['https://shop.example/auth/me', 'Bearer stored'],
  ]);
});

Api.run();
