// `/set-password#<token>`: the page a one-time link opens (an invitation, or a reset by an
// Admin). It asks the API whose link it is, then for the password twice; on success the
// person is signed in and lands on the page for their role, replacing this entry. A link
// that was used, has expired or was cut short says so, and nothing else is shown. The token
// sits after `#`, so the browser never sends it to a server or in a Referer.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice } from '../../core/load.js';
import { failureText } from '../common/failure-text.js';
import type { LaterServices } from '../shell/services.js';
import { workplaceOf } from './workplaces.js';
import { t } from '../../core/words.js';

const MIN = 12;
const MAX = 128;

export const setPasswordPage = ({ api, session }: LaterServices) => (ctx: PageContext<unknown>) => {
  const token = location.hash.slice(1);
  const area = h('div');

  function form(owner: { name: string; email: string }) {
    const hint = h('p', { class: 'hint', id: 'password-hint' }, t('{MIN} to {MAX} characters, not your e-mail address. A sentence you will remember works well.', { MIN, MAX }));
    const first = h('input', { id: 'new-password', type: 'password', autocomplete: 'new-password', minlength: MIN, maxlength: MAX, required: true, 'aria-describedby': 'password-hint password-error' });
    const second = h('input', { id: 'new-password-again', type: 'password', autocomplete: 'new-password', required: true, 'aria-describedby': 'password-error' });
    const error = h('div', { id: 'password-error', class: 'form-error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'button large' }, t('Set password and sign in'));
    // The e-mail is in the form for password managers, which save it with the new password.
    const username = h('input', { type: 'email', value: owner.email, autocomplete: 'username', hidden: true, readonly: true });

    async function send(event: Event) {
      event.preventDefault();
      error.textContent = '';
      const problem =
        [...first.value].length < MIN ? t('The password needs at least {MIN} characters.', { MIN }) : first.value !== second.value ? t('The two passwords are not the same. Type them again.') : null;
      if (problem) {
        error.textContent = problem;
        (problem.startsWith('The two') ? second : first).focus();
        return;
      }
      submit.disabled = true;
      submit.textContent = t('Setting your password…');
      try {
        const signedIn = await api.setPassword(token, first.value);
        session.set(signedIn);
        ctx.navigate(workplaceOf(signedIn.user) ?? '/account', { replace: true });
      } catch (failure) {
        if (ctx.signal.aborted) return;
        error.textContent = failureText(failure);
        submit.disabled = false;
        submit.textContent = t('Set password and sign in');
        first.focus();
      }
    }

    return h(
      'form',
      { class: 'form', onsubmit: send },
      h('p', null, t('Welcome, {name}. Choose the password you will sign in with as {email}.', { name: owner.name, email: owner.email })),
      username,
      h('label', { for: 'new-password' }, t('New password')),
      hint,
      first,
      h('label', { for: 'new-password-again' }, t('The same password again')),
      second,
      error,
      submit,
    );
  }

  // A link the API refused (404 unknown, 410 used or expired) is not a failure to retry:
  // its words are the whole answer. Anything else (the network) gets Try again.
  function check() {
    area.replaceChildren(h('p', { class: 'status', role: 'status' }, t('Checking your link…')));
    api.linkOwner(token).then(
      (owner) => ctx.signal.aborted || area.replaceChildren(form(owner)),
      (error: unknown) => {
        if (ctx.signal.aborted) return;
        const dead = error instanceof RequestError && (error.status === 404 || error.status === 410);
        area.replaceChildren(dead ? h('div', { class: 'notice warning', role: 'alert' }, h('p', null, failureText(error)), h('p', null, h('a', { href: '/login' }, t('Sign in')), t(' if your password is already set.'))) : failureNotice(failureText(error), check));
      },
    );
  }

  if (token) check();
  else area.append(h('p', { class: 'notice warning', role: 'alert' }, t('This address has no link in it: open the whole link you were given, or ask an Admin for a new one.')));
  return h('div', { class: 'set-password' }, h('h1', null, t('Set your password')), area);
};
