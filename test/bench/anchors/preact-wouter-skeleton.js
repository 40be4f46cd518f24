// Anchor: the small stack, Preact + wouter (through preact/compat), same routes and stub pages.
import { h, render } from 'preact';
import { Route, Switch, Link, Redirect, useParams } from 'wouter';

const Page = (title) => () => h('h1', null, title);
const Dish = () => h('h1', null, `Dish ${useParams().id}`);
const Guard = (Component) => () => (localStorage.getItem('s') ? h(Component) : h(Redirect, { to: '/login', replace: true }));

const App = () =>
  h('div', null,
    h('nav', null, h(Link, { href: '/' }, 'Home'), h(Link, { href: '/menu' }, 'Menu')),
    h('main', null,
      h(Switch, null,
        h(Route, { path: '/', component: Page('Home') }),
        h(Route, { path: '/menu', component: Page('Menu') }),
        h(Route, { path: '/menu/:id', component: Dish }),
        h(Route, { path: '/login', component: Page('Sign in') }),
        h(Route, { path: '/account', component: Guard(Page('Account')) }),
        h(Route, { path: '/kitchen', component: Guard(Page('Kitchen')) }),
        h(Route, { path: '/forbidden', component: Page('Staff only') }),
        h(Route, { component: Page('Not found') }))));

render(h(App), document.getElementById('app'));
