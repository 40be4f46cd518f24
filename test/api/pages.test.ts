import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync } from 'node:zlib';
import { growMenu, openOrders } from '../bench/scale-data.js';
import { createTestApi, expectError, KITCHEN, type TestApi } from '../helpers/api.js';
import { DIALECT } from '../helpers/database.js';
import { embeddedHandle } from '../../src/server/db/embedded-handle.js';

// Every list comes a page at a time (50 unless `limit` says otherwise, at most 200), and
// `next` names where the following page starts. Menu answers carry the menu's version as
// their ETag and are kept until the menu changes.
let api: TestApi;
let kitchen: Record<string, string>;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await api.request(path, { headers });
  assert.is(response.status, 200, path);
  return response.json();
};

/** Every item of a list, page after page, and the pages' sizes. */
async function walk(path: string, key: 'dishes' | 'orders', headers: Record<string, string> = {}) {
  const items: { id: string | number; number?: number }[] = [];
  const sizes: number[] = [];
  for (let next: number | null = null, first = true; first || next !== null; first = false) {
    const page = await get(next === null ? path : `${path}${path.includes('?') ? '&' : '?'}after=${next}`, headers);
    items.push(...page[key]);
    sizes.push(page[key].length);
    next = page.next;
  }
  return { items, sizes };
}

const Pages = suite('lists, a page at a time');
Pages.before(async () => {
  api = await createTestApi();
  await growMenu(api.db, 130); // 26 seeded dishes and 104 more, over the six categories
  await openOrders(api.db, 120); // open ones in all
  kitchen = { Authorization: `Bearer ${(await api.login(KITCHEN)).accessToken}` };
});

Pages('the menu: 50 a page, pages follow on in menu order, each dish once, the last says next: null', async () => {
  const expected = await api.db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select('dishes.id')
    .orderBy('categories.position')
    .orderBy('dishes.id')
    .execute();
  const { items, sizes } = await walk('/api/v1/dishes', 'dishes');
  assert.equal(sizes, [50, 50, 30]);
  assert.equal(items.map((dish) => dish.id), expected.map((row) => row.id));
});

Pages('limit sets the page size; a category or the highlights page the same way', async () => {
  const { sizes } = await walk('/api/v1/dishes?limit=200', 'dishes');
  assert.equal(sizes, [130]);
  const pizza = await walk('/api/v1/dishes?category=pizza&limit=7', 'dishes');
  assert.equal(pizza.items.map((dish) => dish.id), [...pizza.items.map((dish) => dish.id as number)].sort((a, b) => a - b));
  assert.is(pizza.items.length, (await get('/api/v1/categories')).categories.find((each: { slug: string }) => each.slug === 'pizza').dishCount);
  const first = await get('/api/v1/dishes?featured=true&limit=2');
  assert.equal([first.dishes.length, first.next], [2, first.dishes[1].id]);
});

Pages('search pages in dish order, and every word still has to match', async () => {
  const all = await api.db.selectFrom('dishes').select(['id', 'search_text']).orderBy('id').execute();
  const having = all.filter((dish) => dish.search_text.includes('with')).map((dish) => dish.id);
  assert.ok(having.length > 104, 'the 104 made-up dishes and some of the seed say "with"');
  const { items, sizes } = await walk('/api/v1/search?q=with&limit=40', 'dishes');
  assert.equal(sizes, [40, 40, having.length - 80]);
  assert.equal(items.map((dish) => dish.id), having);
  const narrowed = await walk('/api/v1/dishes?q=with%20saffron&limit=5', 'dishes');
  assert.ok(narrowed.items.length > 0 && narrowed.items.length < 104);
  for (const dish of narrowed.items as unknown as { name: string; description: string }[]) assert.match(`${dish.name} ${dish.description}`.toLowerCase(), 'saffron');
});

Pages('a limit that is not a whole number from 1 to 200, or an after that is not an id, is a 400 naming it', async () => {
  for (const limit of ['0', '201', 'abc', '-1', '1.5', '1e2', '']) {
    await expectError(await api.request(`/api/v1/dishes?limit=${limit}`), 400, 'invalid_field', 'limit: must be a whole number from 1 to 200');
  }
  await expectError(await api.request('/api/v1/search?q=pizza&limit=500'), 400, 'invalid_field', 'limit: must be a whole number from 1 to 200');
  for (const after of ['abc', '0', '-3', '2.5']) {
    await expectError(await api.request(`/api/v1/dishes?after=${after}`), 400, 'invalid_field', 'after: must be a positive whole number (the `next` of the page before)');
  }
  await expectError(await api.request('/api/v1/dishes?after=99999'), 400, 'invalid_field', 'after: no dish has the id 99999. Start again from the first page.');
});

Pages('the kitchen queue: 50 open orders a page, oldest first, each with its items', async () => {
  const { items, sizes } = await walk('/api/v1/orders/queue', 'orders', kitchen);
  assert.equal(sizes, [50, 50, 20], '120 open orders: 3 from the seed and 117 made up');
  const numbers = items.map((order) => order.number!);
  assert.equal(numbers, [...numbers].sort((a, b) => a - b));
  for (const order of items as unknown as { items: unknown[] }[]) assert.ok(order.items.length >= 1);
  const small = await get('/api/v1/orders/queue?limit=2', kitchen);
  assert.equal([small.orders.length, small.next], [2, small.orders[1].number]);
  await expectError(await api.request('/api/v1/orders/queue?limit=1000', { headers: kitchen }), 400, 'invalid_field', 'limit: must be a whole number from 1 to 200');
});

const Versions = suite('menu answers: ETag, 304, and kept until the menu changes');
Versions.before(async () => {
  api = await createTestApi();
});

Versions('a menu answer names the menu version; sending it back gets a 304 without a body', async () => {
  const first = await api.request('/api/v1/dishes?category=pizza');
  const tag = first.headers.get('ETag')!;
  assert.match(tag, /^W\/"menu-\d+-en"$/);
  assert.is(first.headers.get('Cache-Control'), 'no-cache');
  for (const ifNoneMatch of [tag, tag.slice(2), `"other", ${tag}`, '*']) {
    const again = await api.request('/api/v1/dishes?category=pizza', { headers: { 'If-None-Match': ifNoneMatch } });
    assert.is(again.status, 304, ifNoneMatch);
    assert.is(await again.text(), '');
    assert.is(again.headers.get('ETag'), tag);
  }
  const other = await api.request('/api/v1/dishes?category=pizza', { headers: { 'If-None-Match': 'W/"menu-0"' } });
  assert.is(other.status, 200);
});

Versions('a change to the menu, even one made straight in the database, shows at once under a new ETag', async () => {
  const before = await api.request('/api/v1/dishes/20');
  const tag = before.headers.get('ETag')!;
  assert.is((await before.json()).name, 'Tiramisù');
  await api.db.updateTable('dishes').set({ name: 'Tiramisù della casa' }).where('id', '=', 20).execute();
  const after = await api.request('/api/v1/dishes/20', { headers: { 'If-None-Match': tag } });
  assert.is(after.status, 200, 'the old version is not current any more');
  assert.is((await after.json()).name, 'Tiramisù della casa');
  assert.is.not(after.headers.get('ETag'), tag);
  const categories = await get('/api/v1/categories');
  await api.db.insertInto('categories').values({ slug: 'contorni', name: 'Contorni', description: 'On the side.', position: 6, station_id: 1 }).execute();
  assert.is((await get('/api/v1/categories')).categories.length, categories.categories.length + 1);
});

Versions('a kept answer is sent compressed to a client that accepts it, and equals the plain one', async () => {
  const plain = await api.request('/api/v1/dishes');
  const text = await plain.text();
  for (let i = 0; i < 2; i++) {
    const compressed = await api.request('/api/v1/dishes', { headers: { 'Accept-Encoding': 'br' } });
    assert.is(compressed.headers.get('Content-Encoding'), 'br');
    assert.is(compressed.headers.get('Vary'), 'Accept-Encoding, Accept-Language');
    assert.is(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString(), text);
  }
});

Versions('a repeat read asks the database for the menu version only, however large the answer', async () => {
  const asked: string[] = [];
  const counted = await createTestApi({ log: (event) => void (event.level === 'query' && asked.push(event.query.sql)) });
  await counted.request('/api/v1/dishes?category=primi');
  asked.length = 0;
  for (let i = 0; i < 3; i++) assert.is((await counted.request('/api/v1/dishes?category=primi')).status, 200);
  // PostgreSQL is asked through Kysely; the embedded database's version is read on its own
  // handle (menu/version.ts), so nothing at all goes through Kysely there.
  const expected = DIALECT === 'postgres' ? Array(3).fill('select "version" from "menu_version" where "id" = $1') : [];
  assert.equal(asked, expected);
});

Versions('requests that arrive together share one reading of the version; one after them reads it again', async () => {
  const asked: string[] = [];
  const counted = await createTestApi({ log: (event) => void (event.level === 'query' && event.query.sql.includes('menu_version') && asked.push(event.query.sql)) });
  // The embedded database's version is read on its own handle, not through Kysely: count there.
  const sqlite = embeddedHandle(counted.db);
  if (sqlite) {
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      const statement = prepare(text);
      if (text.includes('menu_version')) {
        const read = statement.get.bind(statement);
        statement.get = (...args: unknown[]) => {
          asked.push(text);
          return read(...args);
        };
      }
      return statement;
    }) as typeof sqlite.prepare;
  }
  asked.length = 0; // the migrations' own statements
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => counted.request(`/api/v1/dishes/${i + 1}`)));
  assert.equal(answers.map((answer) => answer.status), Array(10).fill(200));
  assert.is(asked.length, 1);
  assert.is(new Set(answers.map((answer) => answer.headers.get('ETag'))).size, 1);
  await counted.db.updateTable('dishes').set({ name: 'Supplì della casa' }).where('id', '=', 1).execute();
  const after = await counted.request('/api/v1/dishes/1');
  assert.is(asked.length, 2);
  assert.is((await after.json()).name, 'Supplì della casa');
  assert.is.not(after.headers.get('ETag'), answers[0]!.headers.get('ETag'));
});

Versions('errors are not kept: an unknown dish stays a 404, and a dish added later is found', async () => {
  const missing = await api.request('/api/v1/dishes/28');
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('ETag'), null);
  await api.db
    .insertInto('dishes')
    .values({ category_id: 1, name: 'Olive', description: 'Marinated olives.', price_cents: 400, tags: '[]', image: '/images/dishes/margherita.svg', featured: 0, search_text: 'olive marinated olives' })
    .execute();
  assert.is((await get('/api/v1/dishes/28')).name, 'Olive');
});

Pages.run();
Versions.run();
