// The sign-in form both apps use: a name field, a password, one error region, and a
// submit that goes back where the visitor came from, replacing the form's history entry.
import type { PageContext } from '../router/app.js';
import { h } from './dom.js';
import { RequestError } from './http.js';
import { safeFrom } from './login-state.js';
import { isRecord } from './stored.js';
import { t } from '../core/words.js';

export interface LoginFormOptions {
  /** The first field: e-mail (site) or username (demo). */
  name: { id: string; label: string; type: 'email' | 'text' };
  /** Signs in and saves the session; rejects when it fails. Answers where to go when there is no `from`: `/` unless it says. */
  signIn(name: string, password: string): Promise<string | undefined>;
  /** The words shown for a failure. */
  failureMessage(error: unknown): string;
}

/**
 * After signing in (with the form, or another way): to the remembered `from` (else
 * `landing`, else `/`) with replace, or, when the form was opened on top of `from` (the
 * header's Sign in), back to it.
 */
export function afterSignIn(ctx: PageContext<unknown>, landing?: string): void {
  if (isRecord(ctx.state) && ctx.state.back === true) ctx.back();
  else ctx.navigate(safeFrom(ctx.state, landing || '/'), { replace: true });
}

/** The form; on success, `afterSignIn` with where `signIn` says to land. */
export function loginForm(ctx: PageContext<unknown>, options: LoginFormOptions): HTMLFormElement {
  const described = { 'aria-describedby': 'login-error' };
  const name = h('input', { id: options.name.id, name: options.name.id, type: options.name.type, autocomplete: 'username', required: true, ...described });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, ...described });
  const error = h('div', { id: 'login-error', class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'button large' }, t('Sign in'));

  async function send(event: Event) {
    event.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    submit.textContent = t('Signing in…');
    try {
      afterSignIn(ctx, await options.signIn(name.value.trim(), password.value));
    } catch (failure) {
      if (ctx.signal.aborted) return;
      // The password lives in this field only, and only until it is refused. A request
      // that never reached the server refused nothing: keep it, to try again.
      if (!(failure instanceof RequestError && failure.status === 0)) password.value = '';
      error.textContent = options.failureMessage(failure);
      submit.disabled = false;
      submit.textContent = t('Sign in');
      password.focus();
    }
  }

  return h(
    'form',
    { class: 'form', onsubmit: send },
    h('label', { for: options.name.id }, options.name.label),
    name,
    h('label', { for: 'password' }, t('Password')),
    password,
    error,
    submit,
  );
}

/** A message the page was sent with (`state.message`), e.g. why the session ended. */
export function stateMessage(state: unknown): Node | null {
  return isRecord(state) && typeof state.message === 'string' ? h('p', { class: 'notice warning', role: 'alert' }, state.message) : null;
}
