// `/login`: e-mail and password. On success the session is saved and the app goes to
// where the visitor came from (`from`, default `/`), replacing this entry so Back does
// not return to the form. The password goes to the API and nowhere else.
import type { PageContext } from '../../core/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import { loginForm, stateMessage } from '../../core/login-form.js';
import type { Services } from '../services.js';

function failureMessage(error: unknown): string {
  if (error instanceof RequestError && error.status === 401) return 'That e-mail and password do not match. Check them and try again.';
  if (error instanceof RequestError && error.status === 429) return 'Too many failed sign-ins. Please wait a few minutes and try again.';
  return messageOf(error);
}

export const loginPage = ({ api, session }: Services) => (ctx: PageContext<unknown>) => {
  const signedInAs = session.get()?.user;
  const form = loginForm(ctx, {
    name: { id: 'email', label: 'E-mail', type: 'email' },
    signIn: async (email, password) => session.set(await api.signIn(email, password)),
    failureMessage,
  });
  return h(
    'div',
    { class: 'login' },
    h('h1', null, 'Sign in'),
    stateMessage(ctx.state),
    signedInAs ? h('p', { class: 'notice' }, `You are signed in as ${signedInAs.name}. Signing in again replaces that session.`) : null,
    h('p', null, 'For staff of Tavola. Diners do not need an account.'),
    form,
    h('p', { class: 'hint' }, 'Test accounts for each role are listed in the ', h('a', { href: '/api/docs', rel: 'external' }, 'API description'), '.'),
  );
};
