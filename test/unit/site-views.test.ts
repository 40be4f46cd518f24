import '../helpers/dom.js';
import type { Dish as DishRecord } from '../../src/shared/menu-records.js';
import { MENU_CHANGED } from '../../src/site/common/api.js';
import { suite } from 'uvu';
import { readFileSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { RequestError } from '../../src/core/http.js';
import { safeFrom } from '../../src/core/login-state.js';
import { adminNav } from '../../src/site/admin/admin-nav.js';
import { overviewCards, ticketLines } from '../../src/site/admin/admin-overview.js';
import { axisTop } from '../../src/site/admin/admin-day.js';
import { dishCard } from '../../src/site/diner/dish-card.js';
import { menuAddress } from '../../src/site/diner/menu.js';
// Loaded here, so the menu's import() of them (when the filter opens, when a list is empty)
// finds them ready: the first import of a file compiles it, which on a busy machine takes
// longer than a few turns.
import '../../src/site/diner/menu-filter.js';
import '../../src/site/diner/menu-more.js';
import { ADMIN_SESSION, expiredError, fakeApi, fakeDishes, KITCHEN_SESSION, MENU, mountSite, RESTAURANT, settle, STUDENT_SESSION, unmountSite, WAITER_SESSION } from '../helpers/site.js';
import { shellWords } from '../../build.mjs';
import { IT } from '../../src/shared/i18n/it.js';

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
  assert.ok(calls.includes('dishes {"category":"pizza","q":"dia","without":[]}'));
  assert.is(site.root.querySelector<HTMLInputElement>('#menu-search')!.value, 'dia');
  assert.is(site.root.querySelector('.summary')?.textContent, '1 dish in Pizza for “dia”');
});

Menu('dishes come in sections by category, each with its name and description', async () => {
  const site = mountSite('/menu');
  await settle();
  assert.equal(
    [...site.root.querySelectorAll('.menu-section')].map((section) => [section.querySelector('h2')?.textContent, section.querySelector('.section-intro')?.textContent, [...section.querySelectorAll('h3')].map((h3) => h3.textContent)]),
    [
      ['Pizza', 'From the wood oven.', ['Margherita', 'Diavola']],
      ['Desserts', 'Made in house.', ['Tiramisù']],
    ],
  );
  assert.is(site.root.querySelector('.card .card-text')?.textContent, 'About Margherita.');
});

Menu('a category that does not exist says so, with the real ones in the links above and a way to the whole menu', async () => {
  const site = mountSite('/menu?category=pasta');
  await emptyShown(site.root);
  assert.is(site.root.querySelector('.results .notice p')?.textContent, 'There is no category “pasta” on our menu.');
  assert.equal([...site.root.querySelectorAll('.results a')].map((a) => [a.textContent, a.getAttribute('href')]), [['Show the whole menu', '/menu']]);
  assert.equal([...site.root.querySelectorAll('nav[aria-label="Categories"] a')].map((a) => a.textContent), ['All', 'Pizza', 'Desserts']);
});

Menu('choosing a category keeps focus on the link chosen (the links are updated, not rebuilt)', async () => {
  const site = mountSite('/menu');
  await settle();
  const desserts = link(site.root, 'Desserts')!;
  desserts.focus();
  click(desserts);
  await settle();
  assert.is(document.activeElement, desserts);
  assert.is(desserts.getAttribute('aria-current'), 'true');
  assert.is(link(site.root, 'All')!.getAttribute('aria-current'), null);
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

/** Until an empty list's words are in the page (they come with menu-more.ts), at most 50 turns. */
async function emptyShown(root: Element) {
  for (let turn = 0; turn < 50 && !root.querySelector('.results .notice'); turn++) await settle();
  assert.ok(root.querySelector('.results .notice'), 'the empty list’s words came');
}

/** Until the allergen filter's boxes are in the page (they come with their own file), at most 50 turns. */
/** Until the menu's summary says `text` (its answer and the allergens' words may come a few turns later on a loaded machine), then checks it. */
async function summarySays(root: Element, text: string) {
  for (let turn = 0; turn < 50 && root.querySelector('.summary')?.textContent !== text; turn++) await settle();
  assert.is(root.querySelector('.summary')?.textContent, text);
}

async function boxesShown(root: Element) {
  for (let turn = 0; turn < 50 && !root.querySelector('.without input'); turn++) await settle();
  assert.ok(root.querySelector('.without input'), 'the filter’s boxes came');
}

Menu('without=…: read from the address (known codes, in the list’s order), shown ticked, sent to the API, said in the summary', async () => {
  const { api, calls } = fakeApi();
  const site = mountSite('/menu?without=gluten,dairy,eggs', { api });
  await settle();
  await boxesShown(site.root); // the filter's boxes come with their file
  await emptyShown(site.root);
  assert.ok(calls.includes('dishes {"category":"all","q":"","without":["gluten","eggs"]}'), calls.join('\n'));
  assert.equal([...site.root.querySelectorAll<HTMLInputElement>('.without input:checked')].map((box) => box.value), ['gluten', 'eggs']);
  assert.ok(site.root.querySelector<HTMLDetailsElement>('details.without')!.open, 'open while it filters');
  assert.is(site.root.querySelector('.summary')?.textContent, '0 dishes without gluten, eggs');
  assert.match(site.text(), 'No dishes here without gluten, eggs.');
  assert.is(link(site.root, 'Desserts')!.getAttribute('href'), '/menu?category=dolci&without=gluten,eggs', 'a category keeps the allergens');
});

Menu('ticking an allergen replaces the entry with the address that says it; unticking takes it out', async () => {
  const site = mountSite('/menu?category=pizza');
  await settle();
  // The boxes come with their file when the filter opens.
  site.root.querySelector<HTMLElement>('details.without summary')!.click();
  await boxesShown(site.root);
  assert.ok(site.root.querySelector<HTMLDetailsElement>('details.without')!.open);
  const box = (code: string) => site.root.querySelector<HTMLInputElement>(`.without input[value="${code}"]`)!;
  box('eggs').click();
  await settle();
  assert.equal(site.paths(), ['/menu?category=pizza&without=eggs']);
  box('gluten').click();
  await settle();
  assert.equal(site.paths(), ['/menu?category=pizza&without=gluten,eggs']);
  await summarySays(site.root, '0 dishes in Pizza without gluten, eggs');
  box('gluten').click();
  box('eggs').click();
  await settle();
  assert.equal(site.paths(), ['/menu?category=pizza']);
  await summarySays(site.root, '2 dishes in Pizza');
});

Menu('each card has an Add button named with its dish; the card then says how many are in the cart; a sold-out card has none', async () => {
  const { api } = fakeApi({ dishes: async () => ({ dishes: [MENU[0]!, { ...MENU[1]!, available: false }], next: null }) });
  const site = mountSite('/menu', { api });
  await settle();
  const buttons = [...site.root.querySelectorAll('.card-add button')];
  assert.equal(buttons.map((button) => button.textContent), ['Add Margherita']);
  click(buttons[0]);
  click(buttons[0]);
  assert.is(site.root.querySelector('[data-in-cart="1"]')?.textContent, '2 in your cart');
  assert.is(site.root.querySelector('.cart-button')?.textContent, 'Cart 2 dishes');
  assert.match(site.root.querySelectorAll('.card')[1]!.textContent!, 'Sold out');
});

Menu('a dish opened from the menu goes Back to the same address; opened directly, its back link is its category', async () => {
  const site = mountSite('/menu?q=mar');
  await settle();
  click(site.root.querySelector('a[href="/menu/1"]'));
  await settle();
  const back = link(site.root, '← Back to the menu')!;
  assert.is(back.getAttribute('href'), '/menu?q=mar');
  click(back);
  await settle();
  assert.equal([site.paths(), site.memory.index, site.memory.entries[1]!.state], [['/menu?q=mar', '/menu/1'], 0, { menu: '/menu?q=mar' }], 'Back, not a new entry');
  assert.is((site.root.querySelector('#menu-search') as HTMLInputElement).value, 'mar');
  unmountSite();
  const direct = mountSite('/menu/3');
  await settle();
  assert.is(link(direct.root, '← Back to the menu')!.getAttribute('href'), '/menu?category=dolci');
});

Menu('clearing the search leaves a clean address; `all` is left out', () => {
  assert.is(menuAddress('all', ''), '/menu');
  assert.is(menuAddress('pizza', ''), '/menu?category=pizza');
  assert.is(menuAddress('all', 'crème brûlée'), '/menu?q=cr%C3%A8me+br%C3%BBl%C3%A9e');
});

Menu('no match: a clear empty state with a way back to the whole menu', async () => {
  const site = mountSite('/menu?q=sushi');
  await emptyShown(site.root);
  assert.match(site.text(), 'No dishes match “sushi”.');
  assert.is(link(site.root, 'Show the whole menu')?.getAttribute('href'), '/menu');
});

Menu('a failure shows the message and Try again loads again', async () => {
  let fail = true;
  const { api } = fakeApi();
  const dishes = api.dishes;
  api.dishes = async (filter, options) => {
    if (fail) throw new RequestError(503, 'Request failed (HTTP 503)');
    return dishes(filter, options);
  };
  const site = mountSite('/menu', { api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'Request failed (HTTP 503)');
  fail = false;
  // The page's later file (menu-more.ts), which the first try began to import, is in: on a
  // loaded machine its import took longer than settle()'s turns, and the cards were not yet added.
  await import('../../src/site/diner/menu-more.js');
  click([...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Try again'));
  await settle();
  assert.is(site.root.querySelectorAll('.cards > li').length, 3);
});

Menu('a long menu comes a page at a time: Show more adds the next page in its section and takes focus to it', async () => {
  const { api, calls } = fakeApi();
  api.dishes = fakeDishes(2, calls);
  const site = mountSite('/menu', { api });
  await settle();
  const names = () => [...site.root.querySelectorAll('.cards h3')].map((h3) => h3.textContent);
  assert.equal(names(), ['Margherita', 'Diavola']);
  assert.is(site.root.querySelector('.summary')?.textContent, 'The first 2 dishes');
  const more = [...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Show more dishes')!;
  click(more);
  assert.is(site.root.querySelector('.more-place [role="status"]')?.textContent, 'Loading more dishes…');
  // The page's later file (menu-more.ts), which Show more began to import, is in before the
  // turns of settle() are counted: on a loaded machine its import took longer than they did.
  await import('../../src/site/diner/menu-more.js');
  await settle();
  assert.equal(names(), ['Margherita', 'Diavola', 'Tiramisù']);
  assert.equal(calls.filter((call) => call.startsWith('dishes')), ['dishes {"category":"all","q":"","without":[]}', 'dishes {"category":"all","q":"","without":[]} after 2']);
  assert.is(site.root.querySelector('.summary')?.textContent, '3 dishes');
  assert.is([...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Show more dishes'), undefined, 'the last page has no button');
  assert.is(document.activeElement?.textContent, 'Tiramisù', 'focus on the first dish added');
});

Menu('a search with more pages says it shows the first ones; a failed next page offers Try again and keeps the rest', async () => {
  const { api, calls } = fakeApi();
  const paged = fakeDishes(2, calls);
  let fail = true;
  api.dishes = async (filter, options) => {
    if (options?.after !== undefined && fail) throw new RequestError(503, 'Request failed (HTTP 503)');
    return paged(filter, options);
  };
  const site = mountSite('/menu?q=a', { api });
  await settle();
  assert.is(site.root.querySelector('.summary')?.textContent, 'The first 2 dishes for “a”');
  click([...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Show more dishes'));
  await settle();
  assert.is(site.root.querySelector('.more-place [role="alert"] p')?.textContent, 'Request failed (HTTP 503)');
  assert.is(site.root.querySelectorAll('.cards > li').length, 2, 'what was shown stays');
  fail = false;
  // The page's later file (menu-more.ts), which the first try began to import, is in: on a
  // loaded machine its import took longer than settle()'s turns, and the cards were not yet added.
  await import('../../src/site/diner/menu-more.js');
  click([...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Try again'));
  // Each try imports the file again, and under tsx an import goes through its loader's thread even
  // when the module is in: on a loaded machine that took more than settle()'s turns (a CI run
  // read 2 cards). Waited for as a condition, a bounded number of turns.
  for (let turn = 0; turn < 200 && site.root.querySelectorAll('.cards > li').length < 3; turn++) await settle();
  assert.is(site.root.querySelectorAll('.cards > li').length, 3);
});

Menu('while loading, the list says so, is marked busy, and holds cards without words where the dishes will be', async () => {
  const { api } = fakeApi();
  const dishes = api.dishes;
  let answer = () => {};
  api.dishes = (filter, options) => new Promise((resolve) => (answer = () => resolve(dishes(filter, options))));
  const site = mountSite('/menu', { api });
  await settle(); // the page's file has come; the dishes have not
  const results = site.root.querySelector('.results')!;
  assert.is(results.getAttribute('aria-busy'), 'true');
  assert.is(results.querySelector('[role="status"]')?.textContent, 'Loading the menu…');
  const placeholder = results.querySelector('.sections[aria-hidden="true"]')!;
  assert.is(placeholder.querySelectorAll('.cards.placeholder > li.card').length, 8);
  assert.is(placeholder.textContent, '', 'nothing for a screen reader to read twice');
  answer();
  await settle();
  assert.is(results.querySelector('.placeholder'), null);
  assert.is(results.querySelectorAll('.cards > li').length, 3);
});

Menu('the first screen of pictures loads at once, the first with high priority; the rest when scrolled near', () => {
  const picture = (position: number) => (dishCard(MENU[0]!, position) as HTMLElement).querySelector('img')!;
  // No `loading` attribute: the browser's default, eager.
  assert.equal([picture(0).getAttribute('loading'), picture(0).getAttribute('fetchpriority')], [null, 'high']);
  assert.equal([picture(3).getAttribute('loading'), picture(3).getAttribute('fetchpriority')], [null, null]);
  assert.equal([picture(4).getAttribute('loading'), picture(4).getAttribute('fetchpriority')], ['lazy', null]);
});

Menu('positions count across sections: the pictures of the whole page are numbered once', async () => {
  const site = mountSite('/menu');
  await settle();
  assert.equal([...site.root.querySelectorAll('.cards img')].map((img) => img.getAttribute('loading')), [null, null, null]);
  assert.is(site.root.querySelectorAll('.cards img[fetchpriority="high"]').length, 1);
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

Dish('allergens in words: what it contains, what it may contain traces of; not filled in says to ask, never "none"', async () => {
  const lines = (node: ParentNode) => [...node.querySelectorAll('.allergens')].map((line) => line.textContent);
  const known = { ...MENU[0]!, allergens: ['gluten', 'milk'], traces: ['nuts', 'sesame'] } as const;
  const site = mountSite('/menu/1', { api: fakeApi({ dish: async () => ({ ...known, allergens: [...known.allergens], traces: [...known.traces], choices: [] }) }).api });
  await settle();
  assert.equal(lines(site.root), ['Allergens: gluten, milk', 'May contain traces of nuts, sesame']);
  unmountSite();
  const unknown = mountSite('/menu/1', { api: fakeApi({ dish: async () => ({ ...MENU[0]!, allergens: null, traces: [], choices: [] }) }).api });
  await settle();
  assert.equal(lines(unknown.root), ['Ask our staff about allergens']);
  assert.equal(lines(dishCard({ ...MENU[0]!, allergens: [], traces: [] }, 0) as Element), ['Allergens: none']);
  assert.equal(lines(dishCard({ ...MENU[0]!, allergens: null, traces: [] }, 0) as Element), ['Ask our staff about allergens']);
});

Dish('Add to cart adds, and says how many are in the cart', async () => {
  const site = mountSite('/menu/1');
  await settle();
  const add = [...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Add to cart');
  click(add);
  click(add);
  assert.is(site.root.querySelector('.added')?.textContent, 'Added. 2 in your cart.');
  assert.equal(site.services.cart.get(), [{ dishId: 1, name: 'Margherita', priceCents: 1000, quantity: 2 }]);
  assert.is(site.root.querySelector('.cart-button')?.textContent, 'Cart 2 dishes');
});

Dish('the heading stays the same element: it takes the dish name when the dish arrives, and the name is announced', async () => {
  const site = mountSite('/menu');
  await settle();
  window.dispatchEvent(new Event('load')); // the dish page's file comes now, as in a browser (routes.ts: prefetch)
  await settle();
  click(link(site.root, 'Margherita'));
  const heading = site.root.querySelector('main h1')!;
  assert.is(document.activeElement, heading, 'focus on the heading at once');
  await settle();
  assert.is(site.root.querySelector('main h1'), heading);
  assert.is(heading.textContent, 'Margherita');
  assert.is(document.activeElement, heading);
  assert.is(document.body.lastElementChild?.textContent, 'Margherita');
});

Dish('opened from a list, the dish draws in the click’s own frame, from the list’s data', async () => {
  const { api, calls } = fakeApi();
  const { dishes } = await api.dishes({});
  const site = mountSite('/menu', { api: { ...api, seenDish: (id) => dishes.find((dish) => dish.id === id) } });
  await settle();
  window.dispatchEvent(new Event('load')); // the dish page's file is fetched now (routes.ts: prefetch)
  await settle();
  click(link(site.root, 'Diavola'));
  assert.is(site.h1(), 'Diavola', 'in the same frame as the click');
  await settle();
  assert.equal(calls.filter((call) => call.startsWith('dish ')), [], 'without asking the API: the list says it has no choices');
});

const CHOOSING: [string, Pick<DishRecord, 'choosing' | 'freeWith'>][] = [
  ['one of its groups must be chosen from', { choosing: 'required' }],
  ['a list filtered by allergens shows it free of them only with a choice', { choosing: 'optional', freeWith: { option: 'Gluten-free base', allergens: ['gluten'], said: 'Without gluten: choose Gluten-free base' } }],
];
for (const [why, changed] of CHOOSING) {
Dish(`a dish whose list says ${why}: "Add" on its card opens its page, which asks for the choices once`, async () => {
  const { api, calls } = fakeApi();
  const { dishes } = await api.dishes({});
  const chosen = dishes.map((dish) => (dish.id === 2 ? { ...dish, ...changed } : dish));
  const site = mountSite('/menu', { api: { ...api, dishes: async () => ({ dishes: chosen, next: null }), seenDish: (id) => chosen.find((dish) => dish.id === id) } });
  await settle();
  window.dispatchEvent(new Event('load'));
  await settle();
  const add = [...site.root.querySelectorAll<HTMLButtonElement>('.card-add button')].find((button) => button.textContent === 'Add Diavola')!;
  click(add);
  assert.equal(site.paths().at(-1), '/menu/2', 'its page, not the cart');
  assert.is(site.h1(), 'Diavola');
  assert.equal(JSON.parse(localStorage.getItem('tavola.cart') ?? '[]'), [], 'nothing added');
  await settle();
  assert.equal(calls.filter((call) => call.startsWith('dish ')), ['dish 2']);
});
}

Dish('a dish with choices: the menu changes while the diner chooses; the page is drawn anew with what was ticked and written kept', async () => {
  const option = (id: number, name: string, priceCents = 0, available = true) => ({ id, name, priceCents, addsAllergens: [], removesAllergens: [], available });
  let extraPrice = 200;
  const choices = () => [
    { id: 1, name: 'Base', kind: 'choose' as const, min: 1, max: 1, options: [option(10, 'Classic'), option(11, 'Wholemeal')] },
    { id: 2, name: 'Extras', kind: 'choose' as const, min: 0, max: 2, options: [option(20, 'Buffalo mozzarella', extraPrice), option(21, 'Nduja', 150)] },
  ];
  const { api } = fakeApi({ dish: async () => ({ ...MENU[0]!, choosing: 'required', choices: choices() }) });
  const site = mountSite('/menu/1', { api });
  await settle();
  const form = () => site.root.querySelector<HTMLFormElement>('.dish-order')!;
  const tick = (id: number) => {
    const input = form().querySelector<HTMLInputElement>(`input[value="${id}"]`)!;
    input.checked = true;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  tick(11);
  tick(20);
  const note = form().querySelector<HTMLInputElement>('#line-note')!;
  note.value = 'well done, please';
  assert.is(form().querySelector('button[type="submit"]')!.textContent, 'Add to cart · €12.00');
  // The bufala's price goes up in the owner's editor: the page is drawn again, quietly.
  extraPrice = 250;
  document.dispatchEvent(new Event(MENU_CHANGED));
  await settle();
  assert.equal([...form().querySelectorAll<HTMLInputElement>('input:checked')].map((input) => input.value), ['11', '20'], 'what was ticked is ticked');
  assert.is(form().querySelector<HTMLInputElement>('#line-note')!.value, 'well done, please');
  assert.is(form().querySelector('button[type="submit"]')!.textContent, 'Add to cart · €12.50', 'at today’s price');
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
  await settle(); // the sign-in page comes with the code fetched later
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

Login('from the header’s Staff link, each lands where they work, replacing the form: Kitchen at its board', async () => {
  const site = mountSite('/menu?category=pizza');
  link(site.root, 'Staff')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  assert.equal(site.paths(), ['/menu?category=pizza', '/login']);
  await submit(site, 'kai@tavola.test', 'tavola-kitchen');
  assert.equal(site.paths(), ['/menu?category=pizza', '/kitchen']);
  assert.is(site.h1(), 'Order queue');
});

Login('without a page to go back to: a Waiter lands on the bookings, the Admin in the back office, a Student at home', async () => {
  const landings: string[] = [];
  for (const [account, session] of [['wanda@tavola.test', WAITER_SESSION], ['ada@tavola.test', ADMIN_SESSION], ['stella@tavola.test', STUDENT_SESSION]] as const) {
    const site = mountSite('/login', { api: fakeApi({ signIn: async () => session }).api });
    await submit(site, account, 'password');
    landings.push(site.memory.current().path);
    unmountSite();
  }
  assert.equal(landings, ['/bookings', '/admin', '/']);
});

Login('after the session ended, Sign in says so and does not claim someone is still signed in', async () => {
  const site = mountSite('/account', { session: KITCHEN_SESSION, api: fakeApi({ profile: async () => Promise.reject(expiredError()) }).api });
  await settle();
  assert.is(site.h1(), 'Staff sign-in');
  assert.match(site.text(), 'Your session has ended — please sign in again.');
  assert.not.match(site.text(), 'You are signed in as');
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

Guarded('an empty queue says so', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  await settle();
  assert.match(site.text(), 'No open orders. The kitchen is quiet.');
});

Guarded('a Student is sent to /forbidden and told why', async () => {
  const site = mountSite('/kitchen', { session: STUDENT_SESSION });
  assert.equal(site.paths(), ['/forbidden']);
  await settle();
  assert.match(site.text(), 'you are signed in as Student.');
});

Guarded.after(unmountSite);
Guarded.run();

const Layout = suite('site: the layout');

Layout('a guest sees the menu and booking links, the cart and a quiet Staff link', () => {
  const site = mountSite('/');
  assert.equal([...site.root.querySelectorAll('.nav-links a')].map((a) => [a.textContent, a.getAttribute('href')]), [['Menu', '/menu'], ['Book', '/book']]);
  assert.is(link(site.root, 'Staff')?.getAttribute('href'), '/login');
  assert.is(link(site.root, 'Sign in'), undefined);
});

Layout('the cart button’s name holds its visible text', () => {
  const site = mountSite('/');
  const button = site.root.querySelector('.cart-button')!;
  assert.is(button.getAttribute('aria-label'), null);
  assert.is(button.textContent, 'Cart 0 dishes');
  site.services.cart.add({ id: 1, name: 'Margherita', priceCents: 1000 });
  assert.is(button.textContent, 'Cart 1 dish');
});

Layout('Staff opens the sign-in page as a plain link: no page to come back to (staff land where they work)', () => {
  const site = mountSite('/menu?category=pizza');
  link(site.root, 'Staff')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  assert.is(site.memory.current().path, '/login');
  assert.is(site.memory.current().state, undefined);
});

Layout('signed in, one Staff button opens the staff menu: who, Kitchen, My account, Sign out', async () => {
  const site = mountSite('/', { session: KITCHEN_SESSION });
  await settle(); // the staff menu comes with later.ts
  const toggle = site.root.querySelector<HTMLButtonElement>('.staff-toggle')!;
  const panel = site.root.querySelector<HTMLElement>('#staff-panel')!;
  assert.is(toggle.getAttribute('aria-expanded'), 'false');
  assert.ok(panel.hidden);
  toggle.click();
  assert.is(toggle.getAttribute('aria-expanded'), 'true');
  assert.not.ok(panel.hidden);
  assert.is(panel.querySelector('.who')?.textContent, 'Kai MorettiKitchen');
  assert.equal([...panel.querySelectorAll('a')].map((a) => a.textContent), ['Kitchen', 'My account']);
  panel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  assert.ok(panel.hidden);
  assert.is(document.activeElement, toggle);
});

Layout('Sign out: the session goes, it is announced, and focus moves to the Staff link', async () => {
  const site = mountSite('/', { session: KITCHEN_SESSION });
  await settle(); // the staff menu comes with later.ts
  site.root.querySelector<HTMLButtonElement>('.staff-toggle')!.click();
  const signOut = [...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Sign out')!;
  signOut.focus();
  click(signOut);
  assert.is(site.services.session.get(), null);
  assert.is(document.activeElement, link(site.root, 'Staff'));
  assert.is(document.body.lastElementChild?.textContent, 'You are signed out.');
});

Layout('a Student’s staff menu has no Kitchen link', async () => {
  const site = mountSite('/', { session: STUDENT_SESSION });
  await settle(); // the staff menu comes with later.ts
  assert.equal([...site.root.querySelectorAll('#staff-panel a')].map((a) => a.textContent), ['My account']);
});

Layout('the header marks the current page; //menu is the menu', async () => {
  const site = mountSite('/menu');
  await settle();
  assert.is(site.root.querySelector('.nav-links a[aria-current="page"]')?.textContent, 'Menu');
  site.navigation.navigate('/');
  await settle();
  assert.is(site.root.querySelector('[aria-current="page"]')?.textContent, 'Tavola');
  site.navigation.navigate('//menu');
  assert.is(site.h1(), 'Menu');
  assert.is(site.root.querySelector('.nav-links a[aria-current="page"]')?.textContent, 'Menu');
});

Layout('the layout is the shell of index.html, painted before any script, with the cart, Staff and the hours added', async () => {
  const html = shellWords(readFileSync(new URL('../../src/site/index.html', import.meta.url), 'utf8'), 'en', IT);
  const shell = document.createElement('template');
  shell.innerHTML = /<div id="app">([\s\S]*?)<\/div>\s*<div id="announcer"/.exec(html)![1]!;
  const site = mountSite('/nowhere');
  await settle();
  assert.is(site.root.querySelectorAll('header, main, footer').length, 3);
  const header = site.root.querySelector('header')!.cloneNode(true) as HTMLElement;
  assert.equal([...header.querySelectorAll('.tools > *')].map((tool) => tool.textContent), ['Cart 0 dishes', 'Staff']);
  header.querySelector('.tools')!.remove();
  const footer = site.root.querySelector('footer')!.cloneNode(true) as HTMLElement;
  assert.is(footer.querySelector('.hours')!.textContent, 'Open now · until 23:00 · Tuesday to Sunday, 12:00–15:00 and 19:00–23:00');
  footer.querySelector('.hours')!.textContent = '';
  const tidy = (markup: string) => markup.replace(/>\s+</g, '><').trim();
  assert.is(tidy(header.outerHTML), tidy(shell.content.querySelector('header')!.outerHTML));
  assert.is(tidy(footer.outerHTML), tidy(shell.content.querySelector('footer')!.outerHTML));
});

Layout('the footer and the home page say where the restaurant is as the Admin set it', async () => {
  const moved = { ...RESTAURANT, name: 'Da Ada', address: 'Via Merulana 7, 00185 Roma RM, Italia', phone: '+39 06 7654 3210' };
  const site = mountSite('/', { api: fakeApi({ restaurant: async () => moved }).api });
  await settle();
  const footer = site.root.querySelector('footer')!;
  assert.is(footer.querySelector('.footer-name')!.textContent, 'Da Ada · Roman trattoria');
  assert.is(footer.querySelector('.place')!.textContent, 'Via Merulana 7, 00185 Roma RM, Italia · +39 06 7654 3210 · Find us on OpenStreetMap');
  assert.equal([...footer.querySelectorAll('.place a')].map((a) => a.getAttribute('href')), ['tel:+390676543210', 'https://www.openstreetmap.org/search?query=Via%20Merulana%207%2C%2000185%20Roma%20RM%2C%20Italia']);
  assert.is(site.root.querySelector('.visit .place')!.textContent, 'Via Merulana 7, 00185 Roma RM, Italia · +39 06 7654 3210 · Find us on OpenStreetMap');
});

Layout('the footer and the home page keep the words index.html painted when the restaurant’s details cannot be read', async () => {
  const site = mountSite('/', { api: fakeApi({ restaurant: () => Promise.reject(new TypeError('Failed to fetch')) }).api });
  await settle();
  assert.is(site.root.querySelector('footer .place')!.textContent, 'Via dei Serpenti 42, 00184 Roma RM, Italia · +39 06 1234 5678 · Find us on OpenStreetMap');
  assert.is(site.root.querySelector('footer .footer-name')!.textContent, 'Tavola · Roman trattoria');
  assert.is(site.root.querySelector('.visit .place')!.textContent, 'Via dei Serpenti 42, 00184 Roma RM, Italia · +39 06 1234 5678 · Find us on OpenStreetMap', 'the home page copies the footer');
});

Layout('the kitchen screen has no diner cart', () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  assert.ok(site.root.querySelector<HTMLElement>('.cart-button')!.hidden);
  site.navigation.navigate('/menu');
  assert.not.ok(site.root.querySelector<HTMLElement>('.cart-button')!.hidden);
});

Layout('the home page shows today’s highlights', async () => {
  const site = mountSite('/');
  await settle();
  assert.equal([...site.root.querySelectorAll('.cards h3')].map((h3) => h3.textContent), ['Margherita']);
  assert.is(link(site.root, 'Margherita')?.getAttribute('href'), '/menu/1');
});

Layout('an unknown address shows the 404 page with a way home', async () => {
  const site = mountSite('/nope');
  await settle();
  assert.is(site.h1(), 'Page not found');
  assert.match(site.text(), 'There is nothing at /nope.');
  assert.is(link(site.root, 'Go home')?.getAttribute('href'), '/');
});

Layout('the admin nav is grouped by task and folds behind one button that names the page', () => {
  const nav = adminNav('/admin/hours');
  const button = nav.querySelector('button')!;
  assert.equal([button.textContent, button.getAttribute('aria-expanded'), button.getAttribute('aria-controls'), nav.classList.contains('open')], ['Admin menu · Opening hours', 'false', 'admin-sections', false]);
  button.click();
  assert.equal([button.getAttribute('aria-expanded'), nav.classList.contains('open')], ['true', true]);
  button.click();
  assert.equal([button.getAttribute('aria-expanded'), nav.classList.contains('open')], ['false', false]);
  const groups = [...nav.querySelectorAll('.admin-group')].map((group) => `${group.querySelector('p')!.textContent}: ${[...group.querySelectorAll('a')].map((a) => a.textContent).join(', ')}`);
  assert.equal(groups, ["Service: Overview, Bookings, The day's numbers, Close the day", 'Menu: Menu, Choices, Stations', 'Restaurant: Details, Opening hours, Tables, Displays', 'People: Staff, E-mails, Activity']);
  assert.equal([...nav.querySelectorAll('ul')].map((list) => nav.querySelector(`#${list.getAttribute('aria-labelledby')}`)?.textContent), ['Service', 'Menu', 'Restaurant', 'People']);
});

Layout('the overview: a card per figure, each linking to its page', () => {
  const cards = overviewCards({
    date: '2026-11-21',
    at: '2026-11-21T12:00:00.000Z',
    timeZone: 'Europe/Rome',
    covers: { booked: 9, arrived: 1, noShow: 0, walkIns: 3 },
    openOrders: { received: 1, preparing: 2, ready: 0 },
    takings: { cents: 2900, weekBeforeCents: 4450, weekBeforeDate: '2026-11-14', takenCents: 3400, weekBeforeTakenCents: 1500 },
    soldOut: { count: 1, dishes: [{ id: 16, name: 'Supplì' }] },
    screens: { paired: 2, online: 1, quiet: [{ id: 2, name: 'Pizza oven', lastSeenAt: null }] },
    nextBookings: [{ id: 4, time: '19:30', party: 4, name: 'Neri', table: 2 }],
  });
  const shown = [...cards.childNodes].map((card) => [...(card as Element).children].map((part) => part.textContent).join(' | '));
  assert.equal(shown, [
    'Guests today | 12 | 9 booked, 1 of them arrived · 3 at the door | Bookings',
    "Orders open | 3 | 1 received · 2 preparing · 0 ready | The day's numbers",
    "Money taken so far | €34.00 | A week ago by this time: €15.00 (+€19.00)Orders served: €29.00 (a week ago: €44.50) | The day's numbers",
    'Sold out | 1 | Supplì | Menu',
    'Screens | 1 of 2 online | Pizza oven: not seen yet | Displays',
    'Next bookings | 1 | 19:30 · Neri · 4 people | Bookings',
  ]);
  assert.equal([...cards.querySelectorAll('a')].map((a) => a.getAttribute('href')), ['/admin/bookings', '/admin/day', '/admin/day', '/admin/dishes/16', '/admin/menu', '/admin/displays', '/admin/bookings']);
  // No screen paired: the figure says so rather than "0 of 0 online".
  const none = overviewCards({
    date: '2026-11-21',
    at: '2026-11-21T06:00:00.000Z',
    timeZone: 'Europe/Rome',
    covers: { booked: 0, arrived: 0, noShow: 0, walkIns: 0 },
    openOrders: { received: 0, preparing: 0, ready: 0 },
    takings: { cents: 0, weekBeforeCents: 0, weekBeforeDate: '2026-11-14', takenCents: 0, weekBeforeTakenCents: 0 },
    soldOut: { count: 0, dishes: [] },
    screens: { paired: 0, online: 0, quiet: [] },
    nextBookings: [],
  });
  assert.is([...none.querySelector('[aria-labelledby="overview-screens"]')!.children].map((part) => part.textContent).join(' | '), 'Screens | None paired | No screen is paired yet. | Displays');
});

Layout('the overview’s takings card, given the day’s numbers: the average ticket beside a week before’s, the three best-selling dishes', () => {
  const day = { averageTicketCents: 1450, weekBefore: { averageTicketCents: null }, topDishes: [{ dishId: 6, name: 'Carbonara', quantity: 4 }, { dishId: 9, name: 'Margherita', quantity: 3 }, { dishId: 1, name: 'Bruschetta', quantity: 2 }, { dishId: 2, name: 'Burrata', quantity: 1 }] };
  const lines = (node: Node) => [...(node as Element).children].map((part) => part.textContent);
  assert.equal(lines(ticketLines(day as never)), ['Average ticket: €14.50 (a week before: –)', 'Best-selling: Carbonara · 4, Margherita · 3, Bruschetta · 2']);
  assert.equal(lines(ticketLines({ ...day, averageTicketCents: null, topDishes: [] } as never)), ['Average ticket: – (a week before: –)', 'Nothing ordered yet today.']);
});

Layout("the day's chart: its axis tops at a round number at or above the busiest hour", () => {
  assert.equal([0, 1, 2, 3, 7, 10, 11, 19, 20, 21, 49, 51, 120, 999].map(axisTop), [1, 1, 2, 5, 10, 10, 20, 20, 20, 50, 50, 100, 200, 1000]);
});

Layout('the admin nav marks its page, and the section of a page under one', () => {
  const marks = (pathname: string) => [...adminNav(pathname).querySelectorAll('a')].filter((a) => a.hasAttribute('aria-current')).map((a) => `${a.textContent}=${a.getAttribute('aria-current')}`);
  assert.equal(marks('/admin/staff'), ['Staff=page']);
  assert.equal(marks('/admin/staff/12'), ['Staff=true']);
  assert.equal(marks('/admin/'), ['Overview=page']);
  assert.equal(marks('/admin/menu'), ['Menu=page']);
  assert.equal(marks('/admin/dishes/3'), ['Menu=true']);
  assert.equal(marks('/admin/choices'), ['Choices=page']);
  assert.equal(marks('/admin/choices/4'), ['Choices=true']);
  assert.equal(marks('/admin/day/2026-11-21'), ["The day's numbers=true"]);
  assert.equal(marks('/admin/qr-codes'), ['Tables=true']);
  assert.equal(marks('/admin/staffing'), []);
});

Layout.after(unmountSite);
Layout.run();
