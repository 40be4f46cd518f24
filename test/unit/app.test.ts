import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { guardedPage, mountApp, type AppRoute, type View } from '../../src/router/app.js';
import { h } from '../../src/core/dom.js';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation } from '../../src/router/navigation.js';
import { createPageChange } from '../../src/router/page-change.js';
import { createSessionStore, type Session } from '../../src/core/session.js';
import { isRecord } from '../../src/core/stored.js';

type S = Session<{ role: string }>;
const parseUser = (json: unknown) => (isRecord(json) && typeof json.role === 'string' ? { role: json.role } : undefined);

let layoutsBuilt = 0;
const heading = (text: string) => h('h1', null, text);
const routes: AppRoute<S>[] = [
  {
    layout: () => {
      layoutsBuilt++;
      const outlet = h('main');
      return { node: h('div', { class: 'shell' }, h('nav', null, h('a', { href: '/', 'data-nav': true }, 'Home'), h('a', { href: '/menu', 'data-nav': true }, 'Menu')), outlet), outlet };
    },
    children: [
      { index: true, title: 'Home', page: () => heading('Home') },
      {
        path: 'menu',
        title: 'Menu',
        page: (ctx) => {
          const shown = h('p', { id: 'filter' }, ctx.query.get('q') ?? '');
          return { node: h('section', null, heading('Menu'), shown), update: (next) => (shown.textContent = next.query.get('q') ?? '') };
        },
      },
      { path: 'menu/:id', title: 'Dish', page: (ctx) => heading(`Dish ${ctx.params.id}`) },
      { path: 'login', title: 'Sign in', page: (ctx) => heading(`Sign in from ${(ctx.state as { from?: string } | undefined)?.from ?? '/'}`) },
      {
        guard: {},
        children: [{ path: 'account', title: 'My account', page: guardedPage((ctx) => heading(`Account of ${ctx.session.user.role}`)) }],
      },
      { guard: { roles: ['kitchen', 'waiter'] }, children: [{ path: 'kitchen', title: 'Kitchen', page: () => heading('Kitchen') }] },
      { path: 'forbidden', title: 'Staff only', page: () => heading('Staff only') },
      { path: '*', title: 'Not found', page: () => heading('Not found') },
    ],
  },
];

function start(path: string, session: S | null = null, table: AppRoute<S>[] = routes, placeholder?: (title: string, retry?: () => void) => Node) {
  resetDom();
  layoutsBuilt = 0;
  const root = h('div');
  const announcer = h('div', { 'aria-live': 'polite' });
  document.body.append(root, announcer);
  const memory = memoryLocation(path);
  const navigation = createNavigation(memory);
  const store = createSessionStore('test.session', parseUser);
  store.set(session);
  const stop = mountApp({ routes: table, placeholder, navigation, session: store, root, pageChange: createPageChange(announcer), forbidden: '/forbidden', title: (page) => `${page} — Test` });
  const h1 = () => root.querySelector('h1')?.textContent;
  return { memory, navigation, store, root, announcer, stop, h1, paths: () => memory.entries.map((entry) => entry.path) };
}

const App = suite('mountApp: rendering the matched chain');

App('renders the index route inside the layout on load', () => {
  const { h1, root } = start('/');
  assert.is(h1(), 'Home');
  assert.ok(root.querySelector('.shell main h1'));
  assert.is(document.title, 'Home — Test');
});

App('an unknown address renders the * route', () => {
  assert.is(start('/nope/deeper').h1(), 'Not found');
});

App('a param reaches the page as a string', () => {
  assert.is(start('/menu/42').h1(), 'Dish 42');
});

App('the layout is built once and stays while pages change', () => {
  const { navigation, h1 } = start('/');
  navigation.navigate('/menu');
  navigation.navigate('/menu/1');
  assert.is(h1(), 'Dish 1');
  assert.is(layoutsBuilt, 1);
});

App('the active nav link follows the address', () => {
  const { navigation, root } = start('/');
  navigation.navigate('/menu');
  const current = [...root.querySelectorAll('a[aria-current="page"]')].map((a) => a.textContent);
  assert.equal(current, ['Menu']);
});

App('a query change on the same page updates it in place', () => {
  const { navigation, root } = start('/menu?q=so');
  const section = root.querySelector('section');
  navigation.navigate('/menu?q=soup', { replace: true });
  assert.is(root.querySelector('section'), section, 'the same node, so the search box keeps focus');
  assert.is(root.querySelector('#filter')?.textContent, 'soup');
});

App('Back re-renders the page of the entry moved to', () => {
  const { navigation, memory, h1 } = start('/');
  navigation.navigate('/menu/7');
  memory.go(-1);
  assert.is(h1(), 'Home');
  memory.go(1);
  assert.is(h1(), 'Dish 7');
});

App.run();

const Guarded = suite('mountApp: guards');

Guarded('a guest at /account is sent to /login, replacing the entry, with from', () => {
  const { memory, h1, paths } = start('/account?tab=orders');
  assert.equal(paths(), ['/login']);
  assert.equal(memory.current().state, { from: '/account?tab=orders' });
  assert.is(h1(), 'Sign in from /account?tab=orders');
});

Guarded('a signed-in user sees the page, given the session', () => {
  assert.is(start('/account', { token: 't', user: { role: 'Student' } }).h1(), 'Account of Student');
});

Guarded('a Student at /kitchen is sent to /forbidden, replacing the entry', () => {
  const { h1, paths, navigation } = start('/', { token: 't', user: { role: 'Student' } });
  navigation.navigate('/kitchen');
  assert.equal(paths(), ['/', '/forbidden']);
  assert.is(h1(), 'Staff only');
});

Guarded('a Kitchen user at /kitchen sees the page (role case ignored)', () => {
  assert.is(start('/kitchen', { token: 't', user: { role: 'Kitchen' } }).h1(), 'Kitchen');
});

Guarded('signing out on a guarded page sends you to sign in', () => {
  const { store, h1, memory } = start('/kitchen', { token: 't', user: { role: 'Waiter' } });
  store.set(null);
  assert.is(h1(), 'Sign in from /kitchen');
  assert.is(memory.current().path, '/login');
});

Guarded('signing out on an open page leaves it alone', () => {
  const { store, h1, paths } = start('/menu/3', { token: 't', user: { role: 'Waiter' } });
  store.set(null);
  assert.is(h1(), 'Dish 3');
  assert.equal(paths(), ['/menu/3']);
});

Guarded.run();

const Change = suite('mountApp: after a navigation');

Change('focus moves to the new main heading and the live region announces the page', () => {
  const { navigation, root, announcer } = start('/');
  navigation.navigate('/menu');
  assert.is(document.activeElement, root.querySelector('main h1'));
  assert.is(announcer.textContent, 'Menu — Test');
  assert.is(document.title, 'Menu — Test');
});

Change('the first load neither steals focus nor announces', () => {
  const { announcer } = start('/menu');
  assert.is(document.activeElement, document.body);
  assert.is(announcer.textContent, '');
});

Change('a query-only change keeps focus where the user is typing', () => {
  const { navigation, root } = start('/menu');
  const input = h('input');
  root.querySelector('section')!.append(input);
  input.focus();
  navigation.navigate('/menu?q=t', { replace: true });
  assert.is(document.activeElement, input);
});

Change('a new entry scrolls to the top; Back brings the old position back', () => {
  const { navigation, memory } = start('/menu');
  navigation.navigate('/menu/1');
  window.scrollTo(0, 640);
  navigation.navigate('/menu/2');
  assert.is(window.scrollY, 0);
  memory.go(-1);
  assert.is(window.scrollY, 640);
});

Change.run();

const Lazy = suite('mountApp: lazy routes (a page in a file of its own)');

/** A file being fetched: resolve or reject it when the test says; counts the fetches. */
function slowFile<V>() {
  let fetches = 0;
  let settle: { resolve(view: V): void; reject(error: Error): void } | undefined;
  return {
    fetch: () => {
      fetches++;
      return new Promise<V>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    // Settles it, then lets the promises waiting on it run (a task later, every microtask has).
    arrive: async (view: V) => {
      settle!.resolve(view);
      await new Promise((done) => setTimeout(done));
    },
    fail: async () => {
      settle!.reject(new TypeError('Failed to fetch'));
      await new Promise((done) => setTimeout(done));
    },
    fetches: () => fetches,
  };
}

function lazyTable(file: ReturnType<typeof slowFile<View<S>>>) {
  const [shell] = routes;
  const children = shell!.children!.map((route) => (route.path === 'menu' ? { path: 'menu', title: 'Menu', lazy: file.fetch } : route));
  return [{ ...shell, children }] as AppRoute<S>[];
}

const menuView: View<S> = (ctx) => {
  const shown = h('p', { id: 'filter' }, ctx.query.get('q') ?? '');
  const update = (next: { query: URLSearchParams }) => {
    shown.textContent = next.query.get('q') ?? '';
  };
  return { node: h('section', null, heading('Menu'), shown), update };
};

// The app's stand-in while a page's file comes, and when it cannot.
const placeholder = (title: string, retry?: () => void) => h('div', { class: 'placeholder' }, heading(title), retry ? h('button', { onclick: retry }, 'Try again') : h('p', null, 'Loading…'));

Lazy('landing on a lazy route draws the frame and the placeholder at once, the page when its file arrives, without taking focus', async () => {
  const file = slowFile<View<S>>();
  const { root, h1, announcer } = start('/menu?q=soup', null, lazyTable(file), placeholder);
  assert.ok(root.querySelector('.shell main .placeholder'), 'the layout, with the placeholder in its outlet');
  assert.is(h1(), 'Menu');
  await file.arrive(menuView);
  assert.is(root.querySelector('.placeholder'), null);
  assert.is(root.querySelector('#filter')?.textContent, 'soup');
  assert.is(document.title, 'Menu — Test');
  assert.is(document.activeElement, document.body);
  assert.is(announcer.textContent, '');
});

Lazy('after a click the placeholder takes focus and is announced; the page that comes takes the focus over; then it updates in place', async () => {
  const file = slowFile<View<S>>();
  const { navigation, root, h1, announcer } = start('/', null, lazyTable(file), placeholder);
  navigation.navigate('/menu?q=so');
  assert.is(h1(), 'Menu');
  assert.is(root.querySelector('.placeholder p')?.textContent, 'Loading…');
  assert.is(document.activeElement, root.querySelector('main h1'));
  assert.is(announcer.textContent, 'Menu — Test');
  await file.arrive(menuView);
  assert.is(root.querySelector('#filter')?.textContent, 'so');
  assert.is(document.activeElement, root.querySelector('main section h1'), 'the page’s own heading');
  const section = root.querySelector('section');
  navigation.navigate('/menu?q=soup', { replace: true });
  assert.is(root.querySelector('section'), section);
  assert.is(root.querySelector('#filter')?.textContent, 'soup');
});

Lazy('Back to a page whose file is still coming keeps the position it had, for when it arrives', async () => {
  const file = slowFile<View<S>>();
  const { navigation, memory } = start('/menu/1', null, lazyTable(file), placeholder);
  document.body.style.minHeight = '5000px';
  window.scrollTo(0, 900);
  navigation.navigate('/menu/2');
  assert.is(window.scrollY, 0);
  // The dish page is not lazy here; make the menu's entry the one that waits: go to it, away, and Back.
  navigation.navigate('/menu');
  await file.arrive(menuView);
  window.scrollTo(0, 700);
  navigation.navigate('/menu/3');
  memory.go(-1);
  assert.is(window.scrollY, 700, 'its file is here: restored at once');
  document.body.style.minHeight = '';
});

Lazy('a file that arrives after the address moved on draws nothing; the next visit uses it without fetching again', async () => {
  const file = slowFile<View<S>>();
  const { navigation, h1 } = start('/', null, lazyTable(file), placeholder);
  navigation.navigate('/menu');
  navigation.navigate('/menu/3');
  await file.arrive(menuView);
  assert.is(h1(), 'Dish 3');
  navigation.navigate('/menu');
  assert.is(h1(), 'Menu', 'drawn at once');
  assert.ok(document.querySelector('#filter'), 'the page, not its placeholder');
  assert.is(file.fetches(), 1);
});

Lazy('a file that cannot be fetched shows the placeholder with Try again; it fetches again, and the page comes', async () => {
  const file = slowFile<View<S>>();
  const { navigation, root, h1 } = start('/', null, lazyTable(file), placeholder);
  navigation.navigate('/menu');
  await file.fail();
  assert.is(h1(), 'Menu');
  assert.is(root.querySelector('button')?.textContent, 'Try again');
  root.querySelector('button')!.click();
  assert.is(file.fetches(), 2);
  assert.is(root.querySelector('.placeholder p')?.textContent, 'Loading…');
  await file.arrive(menuView);
  assert.ok(root.querySelector('#filter'), 'the page itself');
  assert.is(root.querySelector('button'), null);
});

Lazy('a route marked prefetch is fetched once the document has loaded; going there later draws in the click’s own frame', async () => {
  const file = slowFile<View<S>>();
  const table = lazyTable(file);
  table[0]!.children = table[0]!.children!.map((route) => (route.lazy ? { ...route, prefetch: true } : route));
  const { navigation, h1 } = start('/', null, table);
  assert.is(h1(), 'Home');
  assert.is(file.fetches(), 0, 'not while the first page and its pictures load');
  window.dispatchEvent(new Event('load'));
  assert.is(file.fetches(), 1);
  await file.arrive(menuView);
  navigation.navigate('/menu');
  assert.is(h1(), 'Menu', 'at once');
  assert.is(file.fetches(), 1);
});

Lazy.run();
