// The owner's menu: roles, versions, validation, archiving, sold-out dishes, categories,
// the activity list, and menu answers that are never stale after an edit.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, STUDENT, WAITER, type TestApi, tableCode } from '../helpers/api.js';
import { failInserts } from '../helpers/database.js';
import { ADDED_DISHES, MENU } from '../../src/server/seed/menu-data.js';

const Admin = suite('the owner edits the menu');

let api: TestApi;
let tokens: Record<'admin' | 'kitchen' | 'waiter' | 'student', string>;

Admin.before.each(async () => {
  api = await createTestApi();
  const [admin, kitchen, waiter, student] = await Promise.all([ADMIN, KITCHEN, WAITER, STUDENT].map((account) => api.login(account)));
  tokens = { admin: admin!.accessToken, kitchen: kitchen!.accessToken, waiter: waiter!.accessToken, student: student!.accessToken };
});

const send: TestApi['send'] = (...args) => api.send(...args);

// The seeded dishes by category: the first menu's and those added after it.
const COUNTS = Object.fromEntries(MENU.map((category) => [category.slug, category.dishes.length + ADDED_DISHES.filter((added) => added.category === category.slug).length]));
const DISHES = MENU.reduce((sum, category) => sum + category.dishes.length, 0) + ADDED_DISHES.length;

const NEW_DISH = { name: 'Supplì al telefono', description: 'Fried rice with a heart of mozzarella.', priceCents: 450, categoryId: 1, tags: ['vegetarian'] };

Admin('every write is the Admin’s: 401 for a guest, 403 for Waiter, Student and (but for sold out) Kitchen', async () => {
  const writes: [string, string, unknown][] = [
    ['POST', '/api/v1/dishes', NEW_DISH],
    ['PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1 }],
    ['POST', '/api/v1/categories', { name: 'Contorni' }],
    ['PATCH', '/api/v1/categories/1', { version: 1, name: 'Starters' }],
    ['POST', '/api/v1/categories/2/move', { version: 1, direction: 'up' }],
    ['PUT', '/api/v1/admin/hours', { version: 1, week: {}, closedDates: [] }],
  ];
  for (const [method, path, body] of writes) {
    await expectError(await send(method, path, body), 401, 'unauthorized');
    for (const role of ['waiter', 'student'] as const) await expectError(await send(method, path, body, tokens[role]), 403, 'forbidden');
  }
  for (const [method, path, body] of writes.filter(([, path]) => !path.startsWith('/api/v1/dishes/'))) {
    await expectError(await send(method, path, body, tokens.kitchen), 403, 'forbidden');
  }
  for (const path of ['/api/v1/admin/categories', '/api/v1/admin/menu', '/api/v1/admin/categories/1/dishes', '/api/v1/admin/dishes/6', '/api/v1/admin/activity']) {
    await expectError(await api.request(path), 401, 'unauthorized');
    for (const role of ['kitchen', 'waiter', 'student'] as const) await expectError(await api.authed(path, tokens[role]), 403, 'forbidden');
    assert.is((await api.authed(path, tokens.admin)).status, 200, path);
  }
});

Admin('the Admin adds a dish: it is on the menu, in search and in its category’s count', async () => {
  const created = await send('POST', '/api/v1/dishes', NEW_DISH, tokens.admin);
  assert.is(created.status, 201);
  const dish = await created.json();
  assert.equal(dish, {
    id: dish.id,
    ...NEW_DISH,
    nameIt: null,
    descriptionIt: null,
    italianToReview: false,
    allergens: null,
    traces: [],
    featured: false,
    available: true,
    archived: false,
    image: '/images/dishes/placeholder.svg',
    uploaded: false,
    version: 1,
  });
  assert.ok(dish.id > 24);
  const shown = await (await api.request(`/api/v1/dishes/${dish.id}`)).json();
  assert.is(shown.name, 'Supplì al telefono');
  assert.is(shown.category, 'antipasti');
  const found = await (await api.request('/api/v1/search?q=suppli')).json();
  assert.equal(found.dishes.map((each: { id: number }) => each.id), [dish.id]);
  const { categories } = await (await api.request('/api/v1/categories')).json();
  assert.is(categories[0].dishCount, COUNTS.antipasti! + 1);
});

Admin('bad fields get a message that names the field, and nothing is written', async () => {
  const cases: [unknown, string, string][] = [
    [{ ...NEW_DISH, name: '' }, 'name', 'name must not be empty.'],
    [{ ...NEW_DISH, name: '\u200b' }, 'name', 'name must have at least one visible character.'],
    [{ ...NEW_DISH, priceCents: -100 }, 'priceCents', 'priceCents must be at least 0.'],
    [{ ...NEW_DISH, priceCents: 10_000_000 }, 'priceCents', 'priceCents must be at most 100000.'],
    [{ ...NEW_DISH, priceCents: 4.5 }, 'priceCents', 'priceCents must be a whole number.'],
    [{ ...NEW_DISH, featured: 'yes' }, 'featured', 'featured must be true or false.'],
    [{ ...NEW_DISH, categoryId: 99 }, 'categoryId', 'There is no category 99.'],
    [{ ...NEW_DISH, description: 'x'.repeat(2000) }, 'description', 'description is too long.'],
    [{ ...NEW_DISH, tags: ['delicious'] }, 'tags.0', 'tags.0 must be one of "vegetarian", "vegan", "gluten-free", "spicy", "contains-nuts", "contains-fish".'],
    [{ ...NEW_DISH, colour: 'red' }, 'colour', 'colour: not a field this takes.'],
  ];
  for (const [body, field, message] of cases) {
    const error = await expectError(await send('POST', '/api/v1/dishes', body, tokens.admin), 400, 'invalid_field', message);
    assert.is(error.field, field);
  }
  const count = await api.db.selectFrom('dishes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  assert.is(Number(count.n), DISHES);
  assert.is((await api.db.selectFrom('activity').selectAll().execute()).length, 0);
});

Admin('a name with HTML in it is kept as text, exactly as typed', async () => {
  const created = await (await send('POST', '/api/v1/dishes', { ...NEW_DISH, name: '<img src=x onerror=alert(1)> Pasta' }, tokens.admin)).json();
  assert.is((await (await api.request(`/api/v1/dishes/${created.id}`)).json()).name, '<img src=x onerror=alert(1)> Pasta');
});

Admin('an edit carries its version: a stale one is a 409 with the dish as it is now', async () => {
  const first = await send('PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1500 }, tokens.admin);
  assert.is(first.status, 200);
  const edited = await first.json();
  assert.is(edited.version, 2);
  assert.is(edited.priceCents, 1500);
  const stale = await expectError(
    await send('PATCH', '/api/v1/dishes/6', { version: 1, name: 'Carbonara' }, tokens.admin),
    409,
    'conflict',
    'Dish 6 · Spaghetti alla carbonara was changed by someone else meanwhile. Here it is as it is now.',
  );
  assert.equal(stale.dish, edited);
  assert.is((await (await api.request('/api/v1/dishes/6')).json()).name, 'Spaghetti alla carbonara');
  await expectError(await send('PATCH', '/api/v1/dishes/999', { version: 1, name: 'X' }, tokens.admin), 404, 'not_found', 'No dish has the id 999.');
  await expectError(await send('PATCH', '/api/v1/dishes/6', { priceCents: 1 }, tokens.admin), 400, 'invalid_field', 'version is required.');
});

Admin('a change whose activity record cannot be written is not made at all', async () => {
  const restore = await failInserts(api.db, 'activity', 'disk full');
  const failed = await send('PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1 }, tokens.admin);
  assert.is(failed.status, 500);
  await restore();
  const dish = await (await api.authed('/api/v1/admin/dishes/6', tokens.admin)).json();
  assert.is(dish.priceCents, 1450);
  assert.is(dish.version, 1);
});

Admin('menu answers are never stale after an edit: the old ETag gets the new answer', async () => {
  const before = await api.request('/api/v1/dishes/6');
  const tag = before.headers.get('ETag')!;
  assert.is((await api.request('/api/v1/dishes/6', { headers: { 'If-None-Match': tag } })).status, 304);
  await send('PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1600 }, tokens.admin);
  const after = await api.request('/api/v1/dishes/6', { headers: { 'If-None-Match': tag } });
  assert.is(after.status, 200);
  assert.is.not(after.headers.get('ETag'), tag);
  assert.is((await after.json()).priceCents, 1600);
  const list = await (await api.request('/api/v1/dishes?category=primi')).json();
  assert.is(list.dishes.find((each: { id: number }) => each.id === 6).priceCents, 1600);
});

Admin('a menu read during an edit that is rolled back keeps no answer under a version the next edit reuses', async () => {
  const asked: Promise<Response>[] = [];
  await api.db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('dishes').set({ price_cents: 1 }).where('id', '=', 6).execute(); // raises the version, uncommitted
      asked.push(Promise.resolve(api.request('/api/v1/dishes/6'))); // asked while the transaction is open
      await new Promise((resolve) => setTimeout(resolve, 20)); // the read gets as far as it can meanwhile
      throw new Error('rolled back');
    })
    .catch((error: Error) => assert.is(error.message, 'rolled back'));
  const during = await asked[0]!;
  assert.is((await during.json()).priceCents, 1450);
  // The next edit commits and takes the version number the rolled-back one had raised to.
  await send('PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1600 }, tokens.admin);
  const after = await api.request('/api/v1/dishes/6');
  assert.is((await after.json()).priceCents, 1600);
  assert.is.not(after.headers.get('ETag'), during.headers.get('ETag'));
});

Admin('archiving takes a dish off the menu and out of search; placed orders keep their lines', async () => {
  const placed = await (await api.postJson('/api/v1/orders', { table: 3, tableCode: tableCode(3), items: [{ dishId: 6, quantity: 2 }] })).json();
  const archived = await (await send('PATCH', '/api/v1/dishes/6', { version: 1, archived: true }, tokens.admin)).json();
  assert.is(archived.archived, true);
  await expectError(await api.request('/api/v1/dishes/6'), 404, 'not_found');
  const menu = await (await api.request('/api/v1/dishes?limit=200')).json();
  assert.not.ok(menu.dishes.some((each: { id: number }) => each.id === 6));
  assert.is((await (await api.request('/api/v1/search?q=carbonara')).json()).dishes.length, 0);
  const { categories } = await (await api.request('/api/v1/categories')).json();
  assert.is(categories[1].dishCount, COUNTS.primi! - 1);
  const order = await (await api.request(`/api/v1/orders/${placed.id}`)).json();
  assert.equal(order.items, [{ dishId: 6, name: 'Spaghetti alla carbonara', quantity: 2, priceCents: 1450, station: 1 }]);
  assert.is(order.totalCents, 2900);
  await expectError(await api.postJson('/api/v1/orders', { table: 3, tableCode: tableCode(3), items: [{ dishId: 6, quantity: 1 }] }), 400, 'invalid_field', 'Dish 6 is not on the menu.');
  // The editor still lists it, and it can come back.
  const { dishes } = await (await api.authed('/api/v1/admin/categories/2/dishes', tokens.admin)).json();
  assert.ok(dishes.some((each: { id: number; archived: boolean }) => each.id === 6 && each.archived));
  await send('PATCH', '/api/v1/dishes/6', { version: 2, archived: false }, tokens.admin);
  assert.is((await api.request('/api/v1/dishes/6')).status, 200);
});

Admin('the whole menu in one answer: each category as GET /admin/categories has it, with the dishes its own list has (archived ones too), in menu order', async () => {
  await send('PATCH', '/api/v1/dishes/6', { version: 1, archived: true }, tokens.admin);
  await send('POST', '/api/v1/dishes/7/move', { version: 1, to: 0 }, tokens.admin);
  const { categories: whole } = await (await api.authed('/api/v1/admin/menu', tokens.admin)).json();
  const { categories } = await (await api.authed('/api/v1/admin/categories', tokens.admin)).json();
  assert.equal(
    whole.map(({ dishes, ...category }: { dishes: unknown[] }) => category),
    categories,
  );
  for (const [i, category] of categories.entries()) {
    const { dishes } = await (await api.authed(`/api/v1/admin/categories/${category.id}/dishes?limit=200`, tokens.admin)).json();
    assert.equal(whole[i].dishes, dishes, category.slug);
  }
  const primi = whole.find((category: { slug: string }) => category.slug === 'primi');
  assert.is(primi.dishes[0].id, 7);
  assert.ok(primi.dishes.some((dish: { id: number; archived: boolean }) => dish.id === 6 && dish.archived));
  assert.is(whole.reduce((sum: number, category: { dishes: unknown[] }) => sum + category.dishes.length, 0), DISHES);
});

Admin('content that ages: English changed after the Italian was written is "to review", until the Italian changes or the owner says it holds; a dish with no Italian is never to review', async () => {
  const dish = async (id: number) => (await api.authed(`/api/v1/admin/dishes/${id}`, tokens.admin)).json();
  const patch = async (path: string, body: Record<string, unknown>) => {
    const response = await send('PATCH', path, body, tokens.admin);
    assert.is(response.status, 200, await response.clone().text());
    return response.json();
  };
  const first = await dish(6);
  assert.ok(first.nameIt, 'the seed has its Italian');
  assert.is(first.italianToReview, false);
  const renamed = await patch('/api/v1/dishes/6', { version: first.version, name: 'Spaghetti carbonara' });
  assert.is(renamed.italianToReview, true);
  assert.is((await patch('/api/v1/dishes/6', { version: renamed.version, priceCents: 1500 })).italianToReview, true, 'still to review after another change');
  const retranslated = await patch('/api/v1/dishes/6', { version: renamed.version + 1, nameIt: 'Spaghetti carbonara' });
  assert.is(retranslated.italianToReview, false);
  const described = await patch('/api/v1/dishes/6', { version: retranslated.version, description: 'Guanciale, egg yolk and Pecorino Romano.' });
  assert.is(described.italianToReview, true);
  assert.is((await patch('/api/v1/dishes/6', { version: described.version, italianReviewed: true })).italianToReview, false);
  await expectError(await send('PATCH', '/api/v1/dishes/6', { version: described.version + 1, italianReviewed: false }, tokens.admin), 400, 'invalid_field');
  // No Italian at all: nothing to review (it is "not in Italian yet").
  const added = await (await send('POST', '/api/v1/dishes', NEW_DISH, tokens.admin)).json();
  assert.is((await patch(`/api/v1/dishes/${added.id}`, { version: added.version, name: 'Supplì' })).italianToReview, false);
  // A category the same way.
  const category = (await (await api.authed('/api/v1/admin/categories', tokens.admin)).json()).categories[0];
  const changed = await patch(`/api/v1/categories/${category.id}`, { version: category.version, name: 'Starters' });
  assert.is(changed.italianToReview, true);
  assert.is((await patch(`/api/v1/categories/${category.id}`, { version: changed.version, italianReviewed: true })).italianToReview, false);
});

Admin('Kitchen marks a dish sold out and back; any other field from Kitchen is 403', async () => {
  const soldOut = await send('PATCH', '/api/v1/dishes/16', { version: 1, available: false }, tokens.kitchen);
  assert.is(soldOut.status, 200);
  assert.is((await soldOut.json()).available, false);
  assert.is((await (await api.request('/api/v1/dishes/16')).json()).available, false);
  await expectError(await api.postJson('/api/v1/orders', { table: 3, tableCode: tableCode(3), items: [{ dishId: 16, quantity: 1 }] }), 400, 'invalid_field', 'Branzino al forno is sold out right now.');
  await expectError(
    await send('PATCH', '/api/v1/dishes/16', { version: 2, available: true, priceCents: 1 }, tokens.kitchen),
    403,
    'forbidden',
    'Kitchen staff and kitchen screens can only mark a dish sold out or back on: the rest of the menu is the Admin’s.',
  );
  await expectError(await send('PATCH', '/api/v1/dishes/16', { version: 2, archived: true }, tokens.kitchen), 403, 'forbidden');
  const back = await (await send('PATCH', '/api/v1/dishes/16', { version: 2, available: true }, tokens.kitchen)).json();
  assert.is(back.available, true);
  const { entries } = await (await api.authed('/api/v1/admin/activity', tokens.admin)).json();
  assert.equal(entries.map((entry: { action: string; by: { name: string } }) => [entry.action, entry.by.name]), [
    ['dish.back_on', 'Kai Moretti'],
    ['dish.sold_out', 'Kai Moretti'],
  ]);
});

Admin('categories: added at the end with a slug, renamed (the slug stays), moved by one place', async () => {
  const added = await send('POST', '/api/v1/categories', { name: 'Contorni è verdure', description: 'On the side.' }, tokens.admin);
  assert.is(added.status, 201);
  assert.equal(await added.json(), { id: 7, slug: 'contorni-e-verdure', name: 'Contorni è verdure', description: 'On the side.', nameIt: null, descriptionIt: null, italianToReview: false, position: 6, version: 1, dishCount: 0, station: 1, vatBp: 1000, course: 1 });
  const again = await (await send('POST', '/api/v1/categories', { name: 'Contorni È Verdure' }, tokens.admin)).json();
  assert.is(again.slug, 'contorni-e-verdure-2');
  const renamed = await (await send('PATCH', '/api/v1/categories/3', { version: 1, name: 'Pizze' }, tokens.admin)).json();
  assert.equal([renamed.slug, renamed.name, renamed.version], ['pizza', 'Pizze', 2]);
  assert.is((await (await api.request('/api/v1/search?q=pizze')).json()).dishes.length, 4);
  const moved = await (await send('POST', '/api/v1/categories/3/move', { version: 2, direction: 'up' }, tokens.admin)).json();
  assert.is(moved.position, 1);
  const { categories } = await (await api.request('/api/v1/categories')).json();
  assert.equal(categories.map((each: { slug: string }) => each.slug).slice(0, 3), ['antipasti', 'pizza', 'primi']);
  await expectError(await send('POST', '/api/v1/categories/1/move', { version: 1, direction: 'up' }, tokens.admin), 409, 'cannot_move', 'Antipasti is already first.');
  const stale = await expectError(await send('POST', '/api/v1/categories/3/move', { version: 2, direction: 'down' }, tokens.admin), 409, 'conflict');
  assert.is(stale.category.version, 3);
  await expectError(await send('PATCH', '/api/v1/categories/3', { version: 3, name: '' }, tokens.admin), 400, 'invalid_field', 'name must not be empty.');
});

Admin('a category dragged to a place: the others close up, each moved one gets a new version; two owners racing, the second is a 409', async () => {
  const slugs = async () => (await (await api.request('/api/v1/categories')).json()).categories.map((each: { slug: string }) => each.slug);
  const before = await slugs();
  assert.equal(before, ['antipasti', 'primi', 'pizza', 'secondi', 'dolci', 'bevande']);
  const versions = async () => Object.fromEntries((await (await api.authed('/api/v1/admin/categories', tokens.admin)).json()).categories.map((each: { slug: string; version: number }) => [each.slug, each.version]));
  const placed = await send('POST', '/api/v1/categories/5/move', { version: 1, to: 1 }, tokens.admin); // dolci, second
  assert.is(placed.status, 200);
  assert.equal(await slugs(), ['antipasti', 'dolci', 'primi', 'pizza', 'secondi', 'bevande']);
  assert.equal(await versions(), { antipasti: 1, dolci: 2, primi: 2, pizza: 2, secondi: 2, bevande: 1 });
  // Past the end is last; the same place is no change (no new version).
  assert.is((await (await send('POST', '/api/v1/categories/1/move', { version: 1, to: 99 }, tokens.admin)).json()).version, 2);
  assert.equal(await slugs(), ['dolci', 'primi', 'pizza', 'secondi', 'bevande', 'antipasti']);
  assert.is((await (await send('POST', '/api/v1/categories/1/move', { version: 2, to: 5 }, tokens.admin)).json()).version, 2);
  // Two owners drag pizza from the same page (version 3): the first wins, the second hears what it is now.
  const [first, second] = [await send('POST', '/api/v1/categories/3/move', { version: 3, to: 0 }, tokens.admin), await send('POST', '/api/v1/categories/3/move', { version: 3, to: 4 }, tokens.admin)];
  assert.is(first.status, 200);
  const stale = await expectError(second, 409, 'conflict', 'Category 3 · Pizza was changed by someone else meanwhile. Here it is as it is now.');
  assert.equal([stale.category.position, stale.category.version], [0, 4]);
  assert.equal((await slugs())[0], 'pizza');
  // Either a direction or a place, not both, not neither.
  await expectError(await send('POST', '/api/v1/categories/3/move', { version: 4, to: 1, direction: 'up' }, tokens.admin), 400, 'invalid_field', 'Send either direction (up or down) or to (a place in the menu), not both.');
  await expectError(await send('POST', '/api/v1/categories/3/move', { version: 4 }, tokens.admin), 400, 'invalid_field');
  const { entries } = await (await api.authed('/api/v1/admin/activity?limit=1', tokens.admin)).json();
  assert.equal([entries[0].action, entries[0].before, entries[0].after], ['category.moved', { place: 3 }, { place: 1 }]);
});

Admin('a dish dragged to a place in its category: the menu, its pages and the editor follow; a stale version is a 409; a dish moved to another category goes last there', async () => {
  const names = async (query = '') => (await (await api.request(`/api/v1/dishes?category=primi${query}`)).json()).dishes.map((each: { name: string }) => each.name);
  const order = MENU.find((category) => category.slug === 'primi')!.dishes.map((dish) => dish.name);
  assert.equal(await names(), order);
  const primi = (await (await api.authed('/api/v1/admin/categories/2/dishes', tokens.admin)).json()).dishes as { id: number; name: string; version: number }[];
  const last = primi.at(-1)!;
  const placed = await send('POST', `/api/v1/dishes/${last.id}/move`, { version: last.version, to: 0 }, tokens.admin);
  assert.is(placed.status, 200);
  assert.is((await placed.json()).version, last.version + 1);
  const now = [last.name, ...order.slice(0, -1)];
  assert.equal(await names(), now);
  // A page at a time, in the same order: the second page starts after the first one's last dish.
  const first = await (await api.request('/api/v1/dishes?category=primi&limit=2')).json();
  assert.equal([first.dishes.map((each: { name: string }) => each.name), first.next], [now.slice(0, 2), first.dishes[1].id]);
  assert.equal(await names(`&limit=50&after=${first.next}`), now.slice(2));
  const editor = (await (await api.authed('/api/v1/admin/categories/2/dishes?limit=2', tokens.admin)).json()) as { dishes: { name: string }[]; next: number };
  assert.equal(editor.dishes.map((each) => each.name), now.slice(0, 2));
  const rest = (await (await api.authed(`/api/v1/admin/categories/2/dishes?after=${editor.next}`, tokens.admin)).json()) as { dishes: { name: string }[] };
  assert.equal(rest.dishes.map((each) => each.name), now.slice(2));
  // Every dish whose place changed has a new version; the same place is no change; past the end is last.
  const versions = (await (await api.authed('/api/v1/admin/categories/2/dishes', tokens.admin)).json()).dishes.map((each: { version: number }) => each.version);
  assert.equal(versions, primi.map(() => 2));
  assert.is((await (await send('POST', `/api/v1/dishes/${last.id}/move`, { version: 2, to: 0 }, tokens.admin)).json()).version, 2);
  assert.is((await send('POST', `/api/v1/dishes/${last.id}/move`, { version: 2, to: 99 }, tokens.admin)).status, 200);
  assert.equal(await names(), order);
  // Two owners move the first dish from the same page: the first wins, the second hears what it is now.
  const top = primi[0]!;
  const [won, lost] = [await send('POST', `/api/v1/dishes/${top.id}/move`, { version: 3, to: 1 }, tokens.admin), await send('POST', `/api/v1/dishes/${top.id}/move`, { version: 3, to: 2 }, tokens.admin)];
  assert.is(won.status, 200);
  const stale = await expectError(lost, 409, 'conflict', `Dish ${top.id} · ${top.name} was changed by someone else meanwhile. Here it is as it is now.`);
  assert.is(stale.dish.version, 4);
  assert.equal((await names())[1], top.name);
  // To another category: last there.
  const moved = await (await send('PATCH', `/api/v1/dishes/${top.id}`, { version: 4, categoryId: 1 }, tokens.admin)).json();
  assert.is(moved.categoryId, 1);
  const antipasti = (await (await api.request('/api/v1/dishes?category=antipasti')).json()).dishes.map((each: { name: string }) => each.name);
  assert.is(antipasti.at(-1), top.name);
  await expectError(await send('POST', `/api/v1/dishes/${top.id}/move`, { version: 5 }, tokens.admin), 400, 'invalid_field');
  await expectError(await send('POST', '/api/v1/dishes/9999/move', { version: 1, to: 0 }, tokens.admin), 404, 'not_found', 'No dish has the id 9999.');
  await expectError(await send('POST', `/api/v1/dishes/${top.id}/move`, { version: 5, to: 0 }, tokens.kitchen), 403, 'forbidden');
  await expectError(await api.authed('/api/v1/admin/categories/2/dishes?after=1', tokens.admin), 400, 'invalid_field', 'after: no dish of this category has the id 1. Start again from the first page.');
  const { entries } = await (await api.authed('/api/v1/admin/activity?limit=3', tokens.admin)).json();
  assert.equal([entries[1].action, entries[1].before, entries[1].after], ['dish.moved', { place: 1 }, { place: 2 }]);
});

Admin('the activity list: who, when, what it was and what it became, newest first, a page at a time', async () => {
  api.clock.now += 60_000;
  await send('PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1500 }, tokens.admin);
  await send('PATCH', '/api/v1/dishes/6', { version: 2, featured: false }, tokens.admin);
  await send('POST', '/api/v1/categories', { name: 'Contorni' }, tokens.admin);
  const first = await (await api.authed('/api/v1/admin/activity?limit=2', tokens.admin)).json();
  assert.equal(first.entries.map((entry: { action: string }) => entry.action), ['category.created', 'dish.updated']);
  const [, edit] = first.entries;
  assert.is(edit.at, '2026-11-21T12:01:00.000Z');
  assert.equal(edit.by, { id: 4, name: 'Ada Conti', kind: 'person' });
  assert.is(edit.subject, 'Dish 6 · Spaghetti alla carbonara');
  assert.equal([edit.before.featured, edit.after.featured, edit.after.priceCents], [true, false, 1500]);
  const second = await (await api.authed(`/api/v1/admin/activity?limit=2&before=${first.next}`, tokens.admin)).json();
  assert.equal(second.entries.map((entry: { action: string; before: { priceCents: number } }) => [entry.action, entry.before.priceCents]), [['dish.updated', 1450]]);
  assert.is(second.next, null);
  await expectError(await api.authed('/api/v1/admin/activity?before=abc', tokens.admin), 400, 'invalid_field');
});

Admin('a broken activity record reads as null, not a failed page', async () => {
  await send('PATCH', '/api/v1/dishes/6', { version: 1, priceCents: 1500 }, tokens.admin);
  await api.db.updateTable('activity').set({ before: '{not json' }).execute();
  const { entries } = await (await api.authed('/api/v1/admin/activity', tokens.admin)).json();
  assert.is(entries[0].before, null);
  assert.is(entries[0].after.priceCents, 1500);
});

Admin('allergens: a new dish starts "not checked yet"; the Admin sets them on its version, the menu and its filter follow, the activity list says who', async () => {
  const dish = await (await send('POST', '/api/v1/dishes', NEW_DISH, tokens.admin)).json();
  assert.is((await (await api.request(`/api/v1/dishes/${dish.id}`)).json()).allergens, null);
  const milkFree = async () => ((await (await api.request('/api/v1/dishes?without=milk&category=antipasti')).json()).dishes as { id: number }[]).map((each) => each.id);
  assert.not.ok((await milkFree()).includes(dish.id), 'not listed as milk-free while unknown');
  const edited = await send('PATCH', `/api/v1/dishes/${dish.id}`, { version: 1, allergens: ['eggs', 'gluten'], traces: ['sesame'] }, tokens.admin);
  assert.is(edited.status, 200);
  assert.equal([(await edited.json()).allergens, (await api.request(`/api/v1/dishes/${dish.id}`).then((r) => r.json())).allergens], [['gluten', 'eggs'], ['gluten', 'eggs']]);
  assert.ok((await milkFree()).includes(dish.id));
  await expectError(await send('PATCH', `/api/v1/dishes/${dish.id}`, { version: 1, allergens: ['milk'] }, tokens.admin), 409, 'conflict');
  assert.is((await send('PATCH', `/api/v1/dishes/${dish.id}`, { version: 2, allergens: ['gluten', 'eggs', 'milk'] }, tokens.admin)).status, 200);
  assert.not.ok((await milkFree()).includes(dish.id));
  const bad = await send('PATCH', `/api/v1/dishes/${dish.id}`, { version: 3, allergens: ['dairy'] }, tokens.admin);
  assert.is((await expectError(bad, 400, 'invalid_field')).field, 'allergens.0');
  const { entries } = await (await api.authed('/api/v1/admin/activity?limit=2', tokens.admin)).json();
  assert.equal(
    entries.map((entry: { action: string; by: { name: string }; before: { allergens: string[] }; after: { allergens: string[] } }) => [entry.action, entry.by.name, entry.before.allergens, entry.after.allergens]),
    [
      ['dish.allergens_changed', 'Ada Conti', ['gluten', 'eggs'], ['gluten', 'eggs', 'milk']],
      ['dish.allergens_changed', 'Ada Conti', null, ['gluten', 'eggs']],
    ],
  );
});

Admin.run();
