import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { createDemoShop } from '../../src/demo-shop/app.js';

// The stand-in answers as the public demo shop API does, case by case. Where the
// specification asks for something else (the exact Bearer header on /auth/me), the
// specification wins, and the test says so.
const ORIGIN = 'http://127.0.0.1:8090';
const APP = 'http://127.0.0.1:8081';
const clock = { now: Date.UTC(2026, 10, 21, 12) };
const shop = createDemoShop({ clock: () => clock.now });
const call = (path: string, init?: RequestInit) => Promise.resolve(shop.request(ORIGIN + path, init));
const login = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  call('/auth/login', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const EMILY = { username: 'emilys', password: 'emilyspass' };
const tokenOf = async (body: unknown = EMILY) => (await (await login(body)).json()).accessToken as string;
const me = (authorization?: string) => call('/auth/me', authorization === undefined ? {} : { headers: { Authorization: authorization } });
const answer = async (response: Response) => [response.status, await response.json()];

const Login = suite('demo shop stand-in: POST /auth/login');

Login('answers the tokens and the user, without the role', async () => {
  const response = await login(EMILY);
  assert.is(response.status, 200);
  const body = await response.json();
  assert.equal(Object.keys(body).sort(), ['accessToken', 'email', 'firstName', 'gender', 'id', 'image', 'lastName', 'refreshToken', 'username']);
  assert.equal([body.id, body.firstName, body.image], [1, 'Emily', `${ORIGIN}/images/users/1.svg`]);
});

Login('the username ignores letter case, the password does not', async () => {
  assert.is((await login({ username: 'EMILYS', password: 'emilyspass' })).status, 200);
  assert.equal(await answer(await login({ username: 'emilys', password: 'EMILYSPASS' })), [400, { message: 'Invalid credentials' }]);
});

Login('a form-urlencoded body is accepted', async () => {
  const response = await login('username=emilys&password=emilyspass', { 'Content-Type': 'application/x-www-form-urlencoded' });
  assert.is(response.status, 200);
});

Login('a body sent without a JSON or form content type is no body: 400', async () => {
  assert.equal(await answer(await login(JSON.stringify(EMILY), { 'Content-Type': 'text/plain' })), [400, { message: 'Username and password required' }]);
  assert.equal(await answer(await login(JSON.stringify(EMILY), {})), [400, { message: 'Username and password required' }]);
});

Login('malformed JSON is 400 with the parser’s own message', async () => {
  const [status, body] = await answer(await login('{"username":'));
  assert.is(status, 400);
  let expected = '';
  try {
    JSON.parse('{"username":');
  } catch (error) {
    expected = (error as Error).message;
  }
  assert.equal(body, { message: expected });
});

Login('`email` instead of `username` is 400; a number as username is 400 "Username is not valid"', async () => {
  assert.equal(await answer(await login({ email: 'emily.johnson@x.dummyjson.com', password: 'emilyspass' })), [400, { message: 'Username and password required' }]);
  assert.equal(await answer(await login({ username: 42, password: 'x' })), [400, { message: 'Username is not valid' }]);
});

Login('expiresInMins out of range is a 500 naming the maximum', async () => {
  for (const expiresInMins of [-1, 0, 100000]) {
    assert.equal(await answer(await login({ ...EMILY, expiresInMins })), [500, { message: 'Maximum access token expire time can be 43200 minutes' }], String(expiresInMins));
  }
  assert.is((await login({ ...EMILY, expiresInMins: 43200 })).status, 200);
});

Login('the published accounts: emilys is admin (1), oliviaw a moderator (6), averyp a user (16)', async () => {
  const users = [
    [{ username: 'emilys', password: 'emilyspass' }, 1, 'admin'],
    [{ username: 'oliviaw', password: 'oliviawpass' }, 6, 'moderator'],
    [{ username: 'averyp', password: 'averyppass' }, 16, 'user'],
  ] as const;
  for (const [account, id, role] of users) {
    const body = await (await me(`Bearer ${await tokenOf(account)}`)).json();
    assert.equal([body.id, body.role], [id, role], account.username);
  }
});

Login.run();

const Me = suite('demo shop stand-in: GET /auth/me and POST /auth/refresh');
Me.before.each(() => {
  clock.now = Date.UTC(2026, 10, 21, 12);
});

Me('the exact Bearer header answers the user with the role, without the password', async () => {
  const [status, body] = await answer(await me(`Bearer ${await tokenOf()}`));
  assert.is(status, 200);
  assert.equal([body.id, body.firstName, body.role, body.email, body.image, body.password], [1, 'Emily', 'admin', 'emily.johnson@x.dummyjson.com', `${ORIGIN}/images/users/1.svg`, undefined]);
});

Me('no header is 401; a header that is not exactly "Bearer <token>" is 401 (the specification: the public API differs)', async () => {
  assert.equal(await answer(await me()), [401, { message: 'Access Token is required' }]);
  const token = await tokenOf();
  for (const header of [token, `bearer ${token}`, `Bearer  ${token}`]) assert.is((await me(header)).status, 401, header);
});

Me('an expired token is 401 "Token Expired!"', async () => {
  const token = await tokenOf();
  clock.now += 61 * 60 * 1000;
  assert.equal(await answer(await me(`Bearer ${token}`)), [401, { message: 'Token Expired!' }]);
});

Me('a well-formed token signed with another secret is a 500, as on the public API', async () => {
  const now = Math.floor(clock.now / 1000);
  const forged = await new SignJWT({ id: 1, username: 'emilys' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(new TextEncoder().encode('another-secret-another-secret-32!'));
  assert.equal(await answer(await me(`Bearer ${forged}`)), [500, { message: 'invalid signature' }]);
});

Me('a malformed token is a 500 "invalid token", as on the public API', async () => {
  for (const token of ['not.a.token', 'nonsense', 'a.b', `${(await tokenOf()).slice(0, -10)}x`]) {
    const [status, body] = await answer(await me(`Bearer ${token}`));
    assert.equal([status, body], token.length > 40 ? [500, { message: 'invalid signature' }] : [500, { message: 'invalid token' }], token);
  }
});

Me('POST /auth/refresh: new tokens for a good one, 401 without one, 403 for a bad one', async () => {
  const { refreshToken } = await (await login(EMILY)).json();
  const refresh = (body: unknown) => call('/auth/refresh', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const fresh = await refresh({ refreshToken });
  assert.is(fresh.status, 200);
  const tokens = await fresh.json();
  assert.equal(Object.keys(tokens).sort(), ['accessToken', 'refreshToken']);
  assert.is((await me(`Bearer ${tokens.accessToken}`)).status, 200);
  assert.equal(await answer(await refresh({})), [401, { message: 'Refresh token required' }]);
  assert.equal(await answer(await refresh({ refreshToken: 'nonsense' })), [403, { message: 'Invalid refresh token' }]);
});

Me.run();

const Products = suite('demo shop stand-in: products');

Products('/products pages with limit and skip, as many as the public API has (194: seven pages of 30); limit=0 is all', async () => {
  const first = await (await call('/products')).json();
  assert.equal([first.products.length, first.total, first.skip, first.limit], [30, 194, 0, 30]);
  const second = await (await call('/products?limit=30&skip=30')).json();
  assert.equal([second.products[0].id, second.products.at(-1).id, second.total, second.skip, second.limit], [31, 60, 194, 30, 30]);
  const last = await (await call('/products?limit=30&skip=180')).json();
  assert.equal([last.products.map((product: { id: number }) => product.id), last.total, last.skip, last.limit], [[181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194], 194, 180, 14]);
  assert.equal(await (await call('/products?limit=30&skip=210')).json(), { products: [], total: 194, skip: 210, limit: 0 }, 'past the end: no products, the total kept');
  assert.is((await (await call('/products?limit=0')).json()).products.length, 194);
});

Products('a category pages the same way: groceries has 45, two pages', async () => {
  const second = await (await call('/products/category/groceries?limit=30&skip=30')).json();
  assert.equal([second.products.length, second.total, second.skip, second.limit], [15, 45, 30, 15]);
  assert.ok(second.products.every((product: { category: string }) => product.category === 'groceries'));
});

Products('a limit or skip that is not a number is a 400', async () => {
  assert.equal(await answer(await call('/products?limit=abc')), [400, { message: "Invalid 'limit' - must be a number" }]);
  assert.equal(await answer(await call('/products?skip=x')), [400, { message: "Invalid 'skip' - must be a number" }]);
});

Products('select keeps the id and the fields named', async () => {
  const { products } = await (await call('/products?limit=2&select=title,price')).json();
  assert.equal(products.map((product: object) => Object.keys(product)), [
    ['id', 'title', 'price'],
    ['id', 'title', 'price'],
  ]);
});

Products('/products/ redirects to /products with 301', async () => {
  const response = await call('/products/?limit=5');
  assert.is(response.status, 301);
  assert.is(response.headers.get('Location'), '/products?limit=5');
});

Products('a product has the public API’s fields; brand is sometimes absent', async () => {
  const product = await (await call('/products/1')).json();
  assert.equal(Object.keys(product).sort(), ['brand', 'category', 'description', 'discountPercentage', 'id', 'images', 'price', 'rating', 'stock', 'thumbnail', 'title']);
  assert.is(product.thumbnail, `${ORIGIN}/images/products/1.svg`);
  assert.not.ok('brand' in (await (await call('/products/6')).json()));
});

Products('an unknown product is 404 with the public API’s message', async () => {
  for (const id of ['999', 'abc']) assert.equal(await answer(await call(`/products/${id}`)), [404, { message: `Product with id '${id}' not found` }]);
});

Products('categories, the category list, and one category’s products, letter case ignored', async () => {
  const categories = await (await call('/products/categories')).json();
  assert.is(categories.length, 6);
  assert.equal(categories[0], { slug: 'beauty', name: 'Beauty', url: `${ORIGIN}/products/category/beauty` });
  assert.equal(await (await call('/products/category-list')).json(), ['beauty', 'fragrances', 'furniture', 'groceries', 'kitchen-accessories', 'sports-accessories']);
  const beauty = await (await call('/products/category/Beauty')).json();
  assert.is(beauty.total, 30);
  assert.ok(beauty.products.every((product: { category: string }) => product.category === 'beauty'));
  assert.equal(await (await call('/products/category/nothing')).json(), { products: [], total: 0, skip: 0, limit: 0 });
});

Products('search finds words in titles and descriptions', async () => {
  const found = await (await call('/products/search?q=LIPSTICK')).json();
  assert.equal(found.products.map((product: { title: string }) => product.title), ['Red Lipstick', 'Red Lipstick No. 2', 'Red Lipstick No. 3', 'Red Lipstick No. 4', 'Red Lipstick No. 5']);
  assert.is((await (await call('/products/search?q=')).json()).total, 194);
});

Products('pictures are served by the stand-in itself', async () => {
  const image = await call('/images/products/7.svg');
  assert.equal([image.status, image.headers.get('Content-Type')], [200, 'image/svg+xml']);
  assert.match(await image.text(), '<svg');
  assert.is((await call('/images/users/16.svg')).status, 200);
  assert.is((await call('/images/products/194.svg')).status, 200);
  assert.is((await call('/images/products/195.svg')).status, 404);
});

Products.run();

const Cors = suite('demo shop stand-in: other origins');

Cors('a request with an Origin gets that origin back, with credentials and Vary: Origin', async () => {
  const response = await call('/products/1', { headers: { Origin: APP } });
  assert.equal([response.headers.get('Access-Control-Allow-Origin'), response.headers.get('Access-Control-Allow-Credentials'), response.headers.get('Vary')], [APP, 'true', 'Origin']);
});

Cors('a request without an Origin gets no CORS headers', async () => {
  const response = await call('/products/1');
  for (const name of response.headers.keys()) assert.not.match(name, /^access-control-/i);
});

Cors('a preflight is 204 with the methods and the headers asked for', async () => {
  const preflight = await call('/auth/me', { method: 'OPTIONS', headers: { Origin: APP, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
  assert.is(preflight.status, 204);
  assert.is(preflight.headers.get('Access-Control-Allow-Origin'), APP);
  assert.is(preflight.headers.get('Access-Control-Allow-Headers'), 'authorization');
  assert.match(preflight.headers.get('Access-Control-Allow-Methods')!, 'POST');
});

Cors.run();
