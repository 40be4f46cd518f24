// My account's "Change password": the current password, the new one twice. The API checks
// the current one (wrong guesses count like failed sign-ins) and ends the account's other
// sign-ins; this one goes on. The fields are emptied once it is done or refused.
import { h } from '../../core/dom.js';
import { failureText } from '../common/failure-text.js';
import type { LaterServices } from '../shell/services.js';
import { t } from '../../core/words.js';

const MIN = 12;

export function changePasswordForm(api: LaterServices['api'], onExpired: (error: unknown) => boolean): HTMLElement {
  const field = (id: string, label: string, autocomplete: string) => [
    h('label', { for: id }, label),
    h('input', { id, type: 'password', autocomplete, required: true, maxlength: 128, 'aria-describedby': 'change-password-result' }),
  ];
  const [currentLabel, current] = field('current-password', t('Current password'), 'current-password') as [HTMLLabelElement, HTMLInputElement];
  const [nextLabel, next] = field('changed-password', t('New password (12 to 128 characters)'), 'new-password') as [HTMLLabelElement, HTMLInputElement];
  const [againLabel, again] = field('changed-password-again', t('The new password again'), 'new-password') as [HTMLLabelElement, HTMLInputElement];
  const result = h('div', { id: 'change-password-result', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'button' }, t('Change password'));

  async function send(event: Event) {
    event.preventDefault();
    const problem = [...next.value].length < MIN ? t('The new password needs at least {MIN} characters.', { MIN }) : next.value !== again.value ? t('The two new passwords are not the same. Type them again.') : null;
    result.className = 'form-error';
    if (problem) {
      result.textContent = problem;
      (problem.startsWith('The two') ? again : next).focus();
      return;
    }
    submit.disabled = true;
    try {
      const { message } = await api.changePassword(current.value, next.value);
      result.className = 'notice';
      result.textContent = message;
      for (const input of [current, next, again]) input.value = '';
    } catch (error) {
      if (onExpired(error)) return;
      result.textContent = failureText(error);
      current.value = '';
      current.focus();
    } finally {
      submit.disabled = false;
    }
  }

  return h(
    'section',
    { class: 'change-password', 'aria-labelledby': 'change-password-title' },
    h('h2', { id: 'change-password-title' }, t('Change password')),
    h('p', { class: 'hint' }, t('Your other sign-ins (another phone, a kitchen screen) end when you change it.')),
    h('form', { class: 'form', onsubmit: send }, currentLabel, current, nextLabel, next, againLabel, again, result, submit),
  );
}
