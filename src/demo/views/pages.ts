// The demo's small pages: home, login, profile, admin.
import { guardedPage, type PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { NETWORK_FAILED, RequestError } from '../../core/http.js';
import { loadInto } from '../../core/load.js';
import { loginForm, stateMessage } from '../../core/login-form.js';
import { tokenRefused, type Me } from '../api.js';
import type { Services } from '../services.js';
import type { DemoSession } from '../user.js';

export const LOGIN_FAILED = "That username and password don't match.";

export const homePage = () =>
  h(
    'div',
    { class: 'home' },
    h('section', { class: 'hero' }, h('h1', null, 'Tavola demo'), h('p', { class: 'lead' }, 'The same router, session and guards as the restaurant site, signing in against a demo shop API.')),
    h(
      'ul',
      null,
      h('li', null, h('a', { href: '/products' }, 'Browse the products'), ': every product has its own address.'),
      h('li', null, h('a', { href: '/profile' }, 'Your profile'), ': behind a guard; a guest is asked to sign in first.'),
      h('li', null, h('a', { href: '/admin' }, 'Admin'), ': for the admin role only; anyone else is sent back here.'),
    ),
  );

export const loginPage = ({ api, session }: Services) => (ctx: PageContext<unknown>) =>
  h(
    'div',
    { class: 'login' },
    h('h1', null, 'Sign in'),
    stateMessage(ctx.state),
    loginForm(ctx, {
      name: { id: 'username', label: 'Username', type: 'text' },
      signIn: async (username, password) => {
        session.set(await api.signIn(username, password));
        return undefined; // the demo's default: home
      },
      failureMessage: (error) => (error instanceof RequestError && error.status === 0 ? NETWORK_FAILED : LOGIN_FAILED),
    }),
    h('p', { class: 'hint' }, 'Use an account of the demo shop API; its README lists the test accounts.'),
  );

export const profilePage = ({ api, endSession }: Services) =>
  guardedPage<DemoSession>((ctx) => {
    const details = h('div');
    const show = (me: Me) =>
      h(
        'div',
        { class: 'profile' },
        h('img', { src: me.image, alt: `Picture of ${me.firstName} ${me.lastName}`, width: 160, height: 160, class: 'avatar' }),
        h('dl', { class: 'details' }, h('dt', null, 'Name'), h('dd', null, `${me.firstName} ${me.lastName}`), h('dt', null, 'E-mail'), h('dd', null, me.email), h('dt', null, 'Role'), h('dd', null, me.role)),
      );
    const load = () =>
      api.me(ctx.signal).catch((error: unknown) => {
        // The demo API has no X-Token-Expired header: a 401, or the public API's 500 about the token, means it is no good.
        if (tokenRefused(error)) endSession(ctx.here);
        throw error;
      });
    loadInto(details, load, show, { signal: ctx.signal, waiting: 'Loading your profile…' });
    return h('div', null, h('h1', null, 'Profile'), details);
  });

export const adminPage = ({ api }: Services) =>
  guardedPage<DemoSession>((ctx) => {
    const summary = h('div');
    loadInto(summary, () => api.products('all', 1, ctx.signal), ({ total }) => h('p', null, `The shop has ${total} products.`), { signal: ctx.signal, waiting: 'Loading the catalog…' });
    return h(
      'div',
      null,
      h('h1', null, 'Admin'),
      h('p', null, `Welcome, ${ctx.session.user.firstName}. Only the admin role sees this page; the guard sends everyone else to the home page.`),
      summary,
    );
  });
