import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDemoShop } from '../../src/demo-shop/app.js';

const ORIGIN = 'http://127.0.0.1:8090';
const clock = { now: Date.UTC(2026, 10, 21, 12) };
const shop = createDemoShop({ clock: () => clock.now });
const call = (path: string, init?: RequestInit) => Promise.resolve(shop.request(ORIGIN + path, init));
const login = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  call('/auth/login', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const Shop = suite('demo shop stand-in: the public API’s contract');

Shop('login answers the token and the user, without the role', async () => {
  const response = await login({ username: 'emilys', password: 'emilyspass' });
  assert.is(response.status, 200);
  const body = await response.json();
  assert.equal(Object.keys(body).sort(), ['accessToken', 'email', 'firstName', 'gender', 'id', 'image', 'lastName', 'refreshToken', 'username']);
  assert.is(body.firstName, 'Emily');
  assert.is(body.image, `${ORIGIN}/images/users/1.svg`);
});

Shop('wrong credentials are 400 with a message', async () => {
  const response = await login({ username: 'emilys', password: 'nope' });
  assert.is(response.status, 400);
  assert.equal(await response.json(), { message: 'Invalid credentials' });
});

Shop('`email` instead of `username` is 400', async () => {
  const response = await login({ email: 'emily.johnson@x.dummyjson.com', password: 'emilyspass' });
  assert.is(response.status, 400);
  assert.equal(await response.json(), { message: 'Username and password required' });
});

Shop('a body without Content-Type: application/json is 400', async () => {
  const response = await login(JSON.stringify({ username: 'emilys', password: 'emilyspass' }), { 'Content-Type': 'text/plain' });
  assert.is(response.status, 400);
  assert.equal(await response.json(), { message: 'Username and password required' });
  assert.is((await login('{"username":', { 'Content-Type': 'application/json' })).status, 400);
});

Shop('/auth/me with the exact Bearer header answers the user with the role', async () => {
  const { accessToken } = await (await login({ username: 'emilys', password: 'emilyspass' })).json();
  const response = await call('/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
  assert.is(response.status, 200);
  const me = await response.json();
  assert.equal([me.id, me.firstName, me.role, me.email, me.image], [1, 'Emily', 'admin', 'emily.johnson@x.dummyjson.com', `${ORIGIN}/images/users/1.svg`]);
  assert.is(me.password, undefined);
  const user = await (await login({ username: 'oliviaw', password: 'oliviawpass' })).json();
  assert.is((await (await call('/auth/me', { headers: { Authorization: `Bearer ${user.accessToken}` } })).json()).role, 'user');
});

Shop('/auth/me without the exact header, or with an expired token, is 401', async () => {
  const { accessToken } = await (await login({ username: 'emilys', password: 'emilyspass' })).json();
  assert.equal(await (await call('/auth/me')).json(), { message: 'Access Token is required' });
  for (const header of [accessToken, `bearer ${accessToken}`, `Bearer x${accessToken}`]) {
    assert.is((await call('/auth/me', { headers: { Authorization: header } })).status, 401, header);
  }
  clock.now += 61 * 60 * 1000;
  const expired = await call('/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
  assert.is(expired.status, 401);
  assert.equal(await expired.json(), { message: 'Invalid/expired Token!' });
});

Shop('/products pages with limit and skip', async () => {
  const first = await (await call('/products')).json();
  assert.equal([first.products.length, first.total, first.skip, first.limit], [30, 36, 0, 30]);
  const rest = await (await call('/products?limit=10&skip=30')).json();
  assert.equal([rest.products.map((product: { id: number }) => product.id), rest.total, rest.skip, rest.limit], [[31, 32, 33, 34, 35, 36], 36, 30, 6]);
  assert.is((await (await call('/products?limit=0')).json()).products.length, 36);
});

Shop('a product has the public API’s fields; brand is sometimes absent', async () => {
  const product = await (await call('/products/1')).json();
  assert.equal(Object.keys(product).sort(), ['brand', 'category', 'description', 'discountPercentage', 'id', 'images', 'price', 'rating', 'stock', 'thumbnail', 'title']);
  assert.is(product.thumbnail, `${ORIGIN}/images/products/1.svg`);
  assert.not.ok('brand' in (await (await call('/products/6')).json()));
});

Shop('an unknown product is 404 with the public API’s message', async () => {
  for (const id of ['999', 'abc']) {
    const response = await call(`/products/${id}`);
    assert.is(response.status, 404);
    assert.equal(await response.json(), { message: `Product with id '${id}' not found` });
  }
});

Shop('categories and one category’s products', async () => {
  const categories = await (await call('/products/categories')).json();
  assert.is(categories.length, 6);
  assert.equal(categories[0], { slug: 'beauty', name: 'Beauty', url: `${ORIGIN}/products/category/beauty` });
  const beauty = await (await call('/products/category/beauty')).json();
  assert.is(beauty.total, 6);
  assert.ok(beauty.products.every((product: { category: string }) => product.category === 'beauty'));
  assert.equal(await (await call('/products/category/nothing')).json(), { products: [], total: 0, skip: 0, limit: 0 });
});

Shop('pictures are served by the stand-in itself', async () => {
  const picture = await call('/images/products/7.svg');
  assert.is(picture.status, 200);
  assert.is(picture.headers.get('Content-Type'), 'image/svg+xml');
  assert.match(await picture.text(), '<svg');
  assert.is((await call('/images/users/2.svg')).status, 200);
  assert.is((await call('/images/products/99.svg')).status, 404);
});

Shop('it answers other origins, like the public API, preflight included', async () => {
  assert.is((await call('/products/1', { headers: { Origin: 'http://127.0.0.1:8081' } })).headers.get('Access-Control-Allow-Origin'), '*');
  const preflight = await call('/auth/me', { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:8081', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
  assert.is(preflight.status, 204);
  assert.is(preflight.headers.get('Access-Control-Allow-Origin'), '*');
  assert.is(preflight.headers.get('Access-Control-Allow-Headers'), 'authorization');
  assert.match(preflight.headers.get('Access-Control-Allow-Methods')!, 'POST');
});

Shop.run();
