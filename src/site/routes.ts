// The site's route table, as in the spec: a pathless layout wraps every page.
import type { AppRoute } from '../core/app.js';
import { h } from '../core/dom.js';
import type { StaffSession } from './user.js';

const placeholder = (title: string) => () => h('section', null, h('h1', null, title));

function layout() {
  const outlet = h('main', { id: 'main' });
  const nav = h('nav', { 'aria-label': 'Main' }, h('a', { href: '/', 'data-nav': true }, 'Home'), ' ', h('a', { href: '/menu', 'data-nav': true }, 'Menu'));
  return { node: h('div', { class: 'shell' }, h('header', null, nav), outlet), outlet };
}

export const siteRoutes: AppRoute<StaffSession>[] = [
  {
    layout,
    children: [
      { index: true, title: '', page: placeholder('Tavola') },
      { path: 'menu', title: 'Menu', page: placeholder('Menu') },
      { path: 'menu/:id', title: 'Dish', page: placeholder('Dish') },
      { path: 'login', title: 'Sign in', page: placeholder('Sign in') },
      { guard: {}, children: [{ path: 'account', title: 'My account', page: placeholder('My account') }] },
      { guard: { roles: ['kitchen', 'waiter'] }, children: [{ path: 'kitchen', title: 'Kitchen', page: placeholder('Kitchen') }] },
      { path: 'forbidden', title: 'Staff only', page: placeholder('Staff only') },
      { path: '*', title: 'Page not found', page: placeholder('Page not found') },
    ],
  },
];
