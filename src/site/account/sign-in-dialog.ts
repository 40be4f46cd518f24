// The sign-in dialog that opens over a page whose session ended (sign-in-again.ts): the
// spec's message, the person it was (their e-mail kept, for the password manager too), a
// password, and where the browser has them, a passkey in one touch. "Not now" or Escape
// keeps the page as it is. Focus starts in the password field and goes back where it was.
import { h } from '../../core/dom.js';
import { SESSION_ENDED } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import { answerSignIn, canUsePasskeys, passkeyFailure } from './passkeys.js';
import type { LaterServices } from '../shell/services.js';
import { t } from '../../core/words.js';

/** Opens the dialog; true once the same person has signed in again (the session then holds the new token). */
export function signInDialog({ api, session }: Pick<LaterServices, 'api' | 'session'>): Promise<boolean> {
  const user = session.get()?.user;
  if (!user) return Promise.resolve(false);
  const returnTo = document.activeElement as HTMLElement | null;
  const password = h('input', { id: 'again-password', type: 'password', autocomplete: 'current-password', required: true, 'aria-describedby': 'again-error' });
  const error = h('p', { id: 'again-error', class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'button' }, t('Sign in'));
  const passkey = canUsePasskeys() ? h('button', { type: 'button', class: 'button secondary' }, t('Use a passkey')) : null;
  const notNow = h('button', { type: 'button', class: 'button secondary' }, t('Not now'));
  const dialog = h(
    'dialog',
    { class: 'ask sign-in-again', 'aria-labelledby': 'again-title', 'aria-describedby': 'again-why' },
    h('h2', { id: 'again-title' }, t('Sign in again')),
    h('p', { id: 'again-why', class: 'notice warning' }, SESSION_ENDED),
    h(
      'form',
      { class: 'form' },
      h('p', null, t('As {name} ({email}). What is on the page stays as it is, and what you were saving is sent once you are signed in.', { name: user.name, email: user.email })),
      h('input', { type: 'email', value: user.email, autocomplete: 'username', hidden: true, readonly: true }),
      h('label', { for: 'again-password' }, t('Password')),
      password,
      error,
      h('div', { class: 'answers' }, notNow, passkey, submit),
    ),
  );
  const form = dialog.querySelector('form')!;
  document.body.append(dialog);

  return new Promise((resolve) => {
    let signedIn = false;
    const busy = (yes: boolean) => {
      for (const button of [submit, passkey, notNow]) if (button) button.disabled = yes;
    };
    // Signed in again as the same person: the page goes on with the new token.
    const take = (again: Awaited<ReturnType<typeof api.signIn>>) => {
      if (again.user.id !== user.id) {
        error.textContent = t('That is {name}\'s account. Sign in as {name2} here, or sign out and sign in as {name3}.', { name: again.user.name, name2: user.name, name3: again.user.name });
        return;
      }
      session.set(again);
      signedIn = true;
      dialog.close();
    };
    const attempt = async (signIn: () => Promise<Awaited<ReturnType<typeof api.signIn>>>, failed: (cause: unknown) => string) => {
      error.textContent = '';
      busy(true);
      try {
        take(await signIn());
      } catch (cause) {
        error.textContent = failed(cause);
      } finally {
        busy(false);
      }
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void attempt(
        () => api.signIn(user.email, password.value),
        (cause) => {
          password.value = '';
          password.focus();
          return (cause as { status?: number }).status === 401 ? 'That password does not match. Try again.' : messageOf(cause);
        },
      );
    });
    passkey?.addEventListener('click', () => void attempt(() => api.passkeySignIn(answerSignIn), passkeyFailure));
    notNow.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (returnTo?.isConnected) returnTo.focus();
      resolve(signedIn);
    });
    dialog.showModal();
    password.focus();
  });
}
