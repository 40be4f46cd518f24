import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { guardedPage, mountApp, type AppRoute } from '../../src/router/app.js';
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

function start(path: string, session: S | null = null) {
  resetDom();
  layoutsBuilt = 0;
  const root = h('div');
  const announcer = h('div', { 'aria-live': 'polite' });
  document.body.append(root, announcer);
  const memory = memoryLocation(path);
  const navigation = createNavigation(memory);
  const store = createSessionStore('test.session', parseUser);
  store.set(session);
  const stop = mountApp({ routes, navigation, session: store, root, pageChange: createPageChange(announcer), forbidden: '/forbidden', title: (page) => `${page} — Test` });
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
