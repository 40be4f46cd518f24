import { suite } from 'uvu';
import { SEARCH_EXAMPLES } from '../../src/site/diner/menu.js';
import * as assert from 'uvu/assert';
import { createTestApi, type TestApi } from '../helpers/api.js';

let api: TestApi;
const get = async (path: string) => {
  const response = await api.request(path);
  assert.is(response.status, 200, path);
  return response.json();
};
const names = async (path: string) => ((await get(path)).dishes as { name: string }[]).map((dish) => dish.name);

const Menu = suite('menu endpoints');
Menu.before(async () => {
  api = await createTestApi({ siteDir: 'public/site' });
});

Menu('categories come in menu order with their dish counts', async () => {
  const { categories } = await get('/api/v1/categories');
  assert.equal(categories.map((category: { slug: string }) => category.slug), ['antipasti', 'primi', 'pizza', 'secondi', 'dolci', 'bevande']);
  assert.equal(categories[2], { slug: 'pizza', name: 'Pizza', description: 'Neapolitan dough, 48 hours of rising, 90 seconds in the wood oven.', dishCount: 4 });
});

Menu('all dishes: at least 24, every field present', async () => {
  const { dishes } = await get('/api/v1/dishes');
  assert.ok(dishes.length >= 24);
  assert.equal(dishes[0], {
    id: 1,
    name: 'Bruschetta al pomodoro',
    description: 'Grilled sourdough rubbed with garlic, topped with datterini tomatoes, basil and Ligurian olive oil.',
    priceCents: 750,
    currency: 'EUR',
    category: 'antipasti',
    tags: ['vegan'],
    allergens: ['gluten'],
    traces: ['sesame'],
    image: '/images/dishes/bruschetta.svg',
    srcset: null,
    featured: false,
    available: true,
    version: 1,
    choosing: 'none',
  });
});

Menu('every dish picture is served by this project', async () => {
  const { dishes } = await get('/api/v1/dishes');
  for (const { image } of dishes) {
    const response = await api.request(image);
    assert.is(response.status, 200, image);
    assert.is(response.headers.get('Content-Type'), 'image/svg+xml');
  }
});

Menu('category filter; `all` is no filter; an unknown category is an empty list', async () => {
  assert.equal(await names('/api/v1/dishes?category=pizza'), ['Margherita', 'Diavola', 'Quattro formaggi', 'Ortolana']);
  assert.is((await names('/api/v1/dishes?category=all')).length, (await names('/api/v1/dishes')).length);
  assert.equal(await names('/api/v1/dishes?category=sushi'), []);
});

Menu('text search ignores letter case, also for non-ASCII letters, and accents', async () => {
  assert.equal(await names('/api/v1/dishes?q=CARBONARA'), ['Spaghetti alla carbonara']);
  assert.equal(await names('/api/v1/dishes?q=TIRAMIS%C3%99'), ['Tiramisù']);
  assert.equal(await names('/api/v1/dishes?q=tiramisu'), ['Tiramisù']);
  assert.equal(await names('/api/v1/dishes?q=CR%C3%88ME'), ['Affogato al caffè']);
});

Menu('text search looks in descriptions and combines with the category', async () => {
  assert.equal(await names('/api/v1/dishes?q=pistachio'), ['Cannoli siciliani']);
  assert.equal(await names('/api/v1/dishes?q=mozzarella&category=pizza'), ['Diavola', 'Quattro formaggi']);
});

Menu('every word must match somewhere: name, description, dietary tags or category', async () => {
  assert.equal(await names('/api/v1/dishes?q=spaghetti%20carbonara'), ['Spaghetti alla carbonara']);
  assert.equal(await names('/api/v1/dishes?q=vegan%20pizza'), ['Ortolana']);
  assert.equal(await names('/api/v1/dishes?q=fish'), ['Vitello tonnato', 'Branzino al forno']);
  assert.ok((await names('/api/v1/dishes?q=gluten%20free')).length >= 8);
  assert.equal(await names('/api/v1/dishes?q=GLUTEN-FREE%20dessert'), ['Panna cotta ai frutti di bosco', 'Affogato al caffè']);
  assert.equal(await names('/api/v1/dishes?q=vegan%20carbonara'), []);
  assert.equal(await names('/api/v1/dishes?q=%20%20Margherita,%20'), ['Margherita']);
});

for (const example of SEARCH_EXAMPLES) {
  Menu(`the search box's example "${example}" finds at least one dish`, async () => {
    assert.ok((await names(`/api/v1/dishes?q=${encodeURIComponent(example)}`)).length > 0);
  });
}

Menu('LIKE wildcards in the search text are taken literally', async () => {
  assert.equal(await names('/api/v1/dishes?q=%25'), []);
  assert.equal(await names('/api/v1/dishes?q=_'), []);
  assert.equal(await names('/api/v1/dishes?q=%5C'), []);
});

Menu('every seeded dish has its allergens filled in, by code, in the order of the list', async () => {
  const { dishes } = await get('/api/v1/dishes?limit=200');
  assert.is(dishes.length, 27);
  const byName = Object.fromEntries(dishes.map((dish: { name: string; allergens: string[]; traces: string[] }) => [dish.name, [dish.allergens.join(' '), dish.traces.join(' ')]]));
  assert.equal(byName['Spaghetti alla carbonara'], ['gluten eggs milk', '']);
  assert.equal(byName['Cannoli siciliani'], ['gluten milk nuts', 'eggs peanuts']);
  assert.equal(byName.Espresso, ['', '']);
});

Menu('without=milk,eggs: only dishes known to contain neither, not even as traces; it combines with category and search', async () => {
  const free = await names('/api/v1/dishes?without=milk,eggs&limit=200');
  assert.equal(free, ['Bruschetta al pomodoro', 'Branzino al forno', 'Pollo alla cacciatora', 'Bistecca ai ferri', 'Limonata della casa', 'Chinotto', 'Espresso']);
  assert.equal(await names('/api/v1/dishes?without=milk,eggs&category=secondi'), ['Branzino al forno', 'Pollo alla cacciatora', 'Bistecca ai ferri']);
  assert.equal(await names('/api/v1/dishes?without=gluten&q=pasta'), ['Tagliatelle al ragù', 'Cacio e pepe', 'Risotto ai funghi porcini'], 'the category "Pasta & risotto" matches; the ragù and the cacio e pepe with their gluten-free pasta');
  assert.equal(await names('/api/v1/dishes?without=gluten&q=tomato'), ['Branzino al forno', 'Pollo alla cacciatora']);
  assert.equal(await names('/api/v1/dishes?without=milk,eggs&limit=2'), ['Bruschetta al pomodoro', 'Branzino al forno'], 'a page of the filtered list');
  const second = await get('/api/v1/dishes?without=milk,eggs&limit=2&after=16');
  assert.equal(second.dishes.map((dish: { name: string }) => dish.name), ['Pollo alla cacciatora', 'Bistecca ai ferri']);
  assert.equal(await names('/api/v1/dishes?without=&limit=200'), await names('/api/v1/dishes?limit=200'), 'an empty list is no filter');
  assert.equal(await names('/api/v1/dishes?without=eggs,eggs,%20milk&limit=200'), free, 'repeats and spaces do not matter');
});

Menu('without= an unknown allergen is a 400 that lists the codes', async () => {
  const response = await api.request('/api/v1/dishes?without=milk,dairy');
  assert.is(response.status, 400);
  assert.equal(await response.json(), {
    status: 400,
    code: 'invalid_field',
    message: 'without: "dairy" is not an allergen. The codes are gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs.',
    field: 'without',
  });
});

Menu('a dish whose allergens are not filled in is null (not an empty list), and no "without" filter lists it', async () => {
  await api.db.updateTable('dishes').set({ allergens: null }).where('id', '=', 26).execute();
  try {
    assert.is((await get('/api/v1/dishes/26')).allergens, null);
    assert.not.ok((await names('/api/v1/dishes?without=lupin&limit=200')).includes('Espresso'));
    assert.ok((await names('/api/v1/dishes?limit=200')).includes('Espresso'));
  } finally {
    await api.db.updateTable('dishes').set({ allergens: 0 }).where('id', '=', 26).execute();
  }
});

Menu('search forgives one typo per word of five letters or more, and accents: carbonra, tiramisu, margheritta, brsuchetta', async () => {
  assert.equal(await names('/api/v1/search?q=carbonra'), ['Spaghetti alla carbonara']);
  assert.equal(await names('/api/v1/search?q=tiramisu'), ['Tiramisù']);
  assert.equal(await names('/api/v1/search?q=margheritta'), ['Margherita']);
  assert.equal(await names('/api/v1/search?q=brsuchetta%20pomodro'), ['Bruschetta al pomodoro'], 'two words, a typo in each');
  assert.equal(await names('/api/v1/dishes?q=carbonra&category=primi'), ['Spaghetti alla carbonara']);
  assert.equal(await names('/api/v1/search?q=carbnra'), [], 'two typos in one word are too many');
  assert.equal(await names('/api/v1/search?q=pizz'), ['Margherita', 'Diavola', 'Quattro formaggi', 'Ortolana'], 'a short word is only found as written (in "pizza")');
  assert.equal(await names('/api/v1/search?q=psta'), [], 'a typo in a word of four letters is not corrected');
});

Menu('featured=true gives today’s highlights', async () => {
  assert.equal(await names('/api/v1/dishes?featured=true'), ['Burrata con pesche', 'Spaghetti alla carbonara', 'Margherita', 'Branzino al forno', 'Tiramisù']);
});

Menu('a search text over 100 characters is 400 naming q', async () => {
  const response = await api.request(`/api/v1/dishes?q=${'a'.repeat(101)}`);
  assert.is(response.status, 400);
  assert.is((await response.json()).field, 'q');
});

Menu('one dish by id', async () => {
  assert.is((await get('/api/v1/dishes/20')).name, 'Tiramisù');
});

Menu('an unknown or non-numeric id is 404', async () => {
  for (const id of ['999', 'abc', '3.0', '-1', '0', '03', '99999999999999999999']) {
    const response = await api.request(`/api/v1/dishes/${id}`);
    assert.is(response.status, 404, id);
    assert.equal(await response.json(), { status: 404, code: 'not_found', message: `No dish has the id "${id}".` });
  }
});

Menu('search finds dishes in every category and echoes the query', async () => {
  assert.equal(await get('/api/v1/search?q=pesto').then((body) => [body.query, body.dishes.map((dish: { name: string }) => dish.name)]), ['pesto', ['Trofie al pesto']]);
  const empty = await api.request('/api/v1/search?q=');
  assert.is(empty.status, 400);
  assert.is((await empty.json()).message, 'q must not be empty.');
});

Menu.run();
