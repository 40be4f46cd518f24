// `/login`: e-mail and password. On success the session is saved and the app goes to
// where the visitor came from (`from`, a page a guard sent them here from), else to where
// they work (Kitchen its board, a Waiter the bookings, the Admin the back office; `/` for
// a Student), replacing this entry so Back does not return to the form. The password goes
// to the API and nowhere else.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import { afterSignIn, loginForm, stateMessage } from '../../core/login-form.js';
import { answerSignIn, canUsePasskeys, passkeyFailure } from './passkeys.js';
import type { LaterServices } from '../shell/services.js';
import { workplaceOf } from './workplaces.js';
import { LANG, t } from '../../core/words.js';

function failureMessage(error: unknown): string {
  if (error instanceof RequestError && error.status === 401) return t('That e-mail and password do not match. Check them and try again.');
  if (error instanceof RequestError && error.status === 429) return t('Too many failed sign-ins. Please wait a few minutes and try again.');
  return messageOf(error);
}

export const loginPage = ({ api, session }: LaterServices) => (ctx: PageContext<unknown>) => {
  const form = loginForm(ctx, {
    name: { id: 'email', label: t('E-mail'), type: 'email' },
    signIn: async (email, password) => {
      const signedIn = await api.signIn(email, password);
      session.set(signedIn);
      const landing = workplaceOf(signedIn.user);
      // Someone whose pages are in the other language lands there (their session is kept in this browser).
      const lang = (await api.profile().catch(() => null))?.lang;
      if (lang && lang !== LANG) {
        location.assign(`${lang === 'it' ? '/it' : ''}${landing ?? '/'}`);
        return new Promise<never>(() => {}); // this page is being left
      }
      return landing;
    },
    failureMessage,
  });
  // Who is signed in, as it is now: a session that just ended takes the note with it.
  const signedIn = h('p', { class: 'notice' });
  const showSignedIn = () => {
    const user = session.get()?.user;
    signedIn.hidden = !user;
    signedIn.textContent = user ? t('You are signed in as {name}. Signing in again replaces that session.', { name: user.name }) : '';
  };
  ctx.signal.addEventListener('abort', session.subscribe(showSignedIn));
  showSignedIn();
  return h(
    'div',
    { class: 'login' },
    h('h1', null, t('Staff sign-in')),
    stateMessage(ctx.state),
    signedIn,
    h('p', null, t('For the kitchen and waiting staff of Tavola. Diners order without an account.')),
    form,
    passkeyButton(),
  );

  // One touch where the browser has passkeys (added on My account).
  function passkeyButton() {
    if (!canUsePasskeys()) return null;
    const button = h('button', { type: 'button', class: 'button secondary passkey-sign-in' }, t('Use a passkey'));
    const said = h('p', { class: 'form-error', role: 'alert' });
    button.addEventListener('click', async () => {
      said.textContent = '';
      button.disabled = true;
      try {
        const signedIn = await api.passkeySignIn(answerSignIn);
        session.set(signedIn);
        afterSignIn(ctx, workplaceOf(signedIn.user));
      } catch (error) {
        if (ctx.signal.aborted) return;
        said.textContent = passkeyFailure(error);
        button.disabled = false;
      }
    });
    return h('div', { class: 'passkey-choice' }, h('p', null, t('Or, with a passkey you added on My account:')), button, said);
  }
};
