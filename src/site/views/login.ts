// `/login`: e-mail and password. On success the session is saved and the app goes to
// where the visitor came from (`from`, default `/`), replacing this entry so Back does
// not return to the form. The password goes to the API and nowhere else.
import type { PageContext } from '../../core/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { isRecord } from '../../core/stored.js';
import type { LoginState, Services } from '../services.js';
import { messageOf } from './load.js';

/** Only an in-app path is a place to go back to: never `//other.site` or `https://…`. */
export function safeFrom(state: unknown): string {
  const from = isRecord(state) && typeof state.from === 'string' ? state.from : '/';
  return from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && !from.startsWith('/login') ? from : '/';
}

function failureMessage(error: unknown): string {
  if (error instanceof RequestError && error.status === 401) return 'That e-mail and password do not match. Check them and try again.';
  if (error instanceof RequestError && error.status === 429) return 'Too many failed sign-ins. Please wait a few minutes and try again.';
  return messageOf(error);
}

export const loginPage = ({ api, session }: Services) => (ctx: PageContext<unknown>) => {
  const state = (isRecord(ctx.state) ? ctx.state : {}) as LoginState;
  const from = safeFrom(ctx.state);
  const email = h('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'username', required: true, 'aria-describedby': 'login-error' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, 'aria-describedby': 'login-error' });
  const error = h('div', { id: 'login-error', class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'button large' }, 'Sign in');

  async function signIn(event: Event) {
    event.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    submit.textContent = 'Signing in…';
    try {
      const signedIn = await api.signIn(email.value.trim(), password.value);
      session.set(signedIn);
      ctx.navigate(from, { replace: true });
    } catch (failure) {
      if (ctx.signal.aborted) return;
      password.value = '';
      error.textContent = failureMessage(failure);
      submit.disabled = false;
      submit.textContent = 'Sign in';
      password.focus();
    }
  }

  const signedInAs = session.get()?.user;
  return h(
    'div',
    { class: 'login' },
    h('h1', null, 'Sign in'),
    state.message ? h('p', { class: 'notice warning', role: 'alert' }, state.message) : null,
    signedInAs ? h('p', { class: 'notice' }, `You are signed in as ${signedInAs.name}. Signing in again replaces that session.`) : null,
    h('p', null, 'For staff of Tavola. Diners do not need an account.'),
    h(
      'form',
      { class: 'form', novalidate: false, onsubmit: signIn },
      h('label', { for: 'email' }, 'E-mail'),
      email,
      h('label', { for: 'password' }, 'Password'),
      password,
      error,
      submit,
    ),
    h('p', { class: 'hint' }, 'Test accounts for each role are listed in the ', h('a', { href: '/api/docs', rel: 'external' }, 'API description'), '.'),
  );
};
