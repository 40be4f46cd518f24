// Anchor: the usual stack, React 19 + React Router, with the site's routes and stub pages.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Outlet, NavLink, Navigate, useParams } from 'react-router';

const Page = (title) => () => h('h1', null, title);
const Dish = () => h('h1', null, `Dish ${useParams().id}`);
const Layout = () => h('div', null, h('nav', null, h(NavLink, { to: '/' }, 'Home'), h(NavLink, { to: '/menu' }, 'Menu')), h('main', null, h(Outlet)));
const Guard = () => (localStorage.getItem('s') ? h(Outlet) : h(Navigate, { to: '/login', replace: true }));

const router = createBrowserRouter([
  {
    element: h(Layout),
    children: [
      { index: true, Component: Page('Home') },
      { path: 'menu', Component: Page('Menu') },
      { path: 'menu/:id', Component: Dish },
      { path: 'login', Component: Page('Sign in') },
      { element: h(Guard), children: [{ path: 'account', Component: Page('Account') }, { path: 'kitchen', Component: Page('Kitchen') }] },
      { path: 'forbidden', Component: Page('Staff only') },
      { path: '*', Component: Page('Not found') },
    ],
  },
]);

createRoot(document.getElementById('app')).render(h(StrictMode, null, h(RouterProvider, { router })));
