// My account's passkeys: the ones this person has (when added, when last used), Remove for
// each (asked first), and Add a passkey where the browser can make one. With a passkey,
// signing in again when the 2-minute session ends is one touch.
import { h } from '../../core/dom.js';
import { loadInto, messageOf } from '../../core/load.js';
import type { Passkey } from '../common/orders-api.js';
import { answerRegistration, canUsePasskeys, passkeyFailure } from './passkeys.js';
import type { LaterServices } from '../shell/services.js';
import { formatDateTime } from '../common/format.js';
import { ask } from '../common/ask.js';
import { t } from '../../core/words.js';

export function passkeysSection({ api }: Pick<LaterServices, 'api'>, signal: AbortSignal): HTMLElement {
  const list = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });
  const show = () => loadInto(list, () => api.passkeys(signal), render, { signal, waiting: t('Loading your passkeys…') });

  function render(passkeys: Passkey[]): Node {
    return passkeys.length ? passkeyList(passkeys, remove) : h('p', null, t('No passkey yet.'));
  }

  async function remove(passkey: Passkey) {
    if (!(await ask({ title: t('Remove {name}?', { name: passkey.name }), text: t('It signs you in no more; your password still does.'), act: t('Remove the passkey'), keep: t('Keep it') }))) return;
    api.removePasskey(passkey).then(
      () => {
        status.textContent = t('{name} is removed.', { name: passkey.name });
        show();
      },
      (error: unknown) => (status.textContent = messageOf(error)),
    );
  }

  const add = h('button', { type: 'button', class: 'button secondary' }, t('Add a passkey'));
  add.addEventListener('click', () => {
    add.disabled = true;
    status.textContent = '';
    api.addPasskey(answerRegistration).then(
      (made) => {
        status.textContent = t('Added: {name}. Next time your session ends, sign in again with one touch.', { name: made.name });
        show();
      },
      (error: unknown) => (status.textContent = passkeyFailure(error)),
    ).finally(() => (add.disabled = false));
  });
  show();
  return h(
    'section',
    { class: 'passkeys-section', 'aria-labelledby': 'passkeys-title' },
    h('h2', { id: 'passkeys-title' }, t('Passkeys')),
    h('p', { class: 'hint' }, t('A passkey signs you in with this device’s lock (a fingerprint, a face, a PIN) instead of your password: one touch when your 2-minute session ends.')),
    list,
    canUsePasskeys() ? add : h('p', { class: 'hint' }, t('This browser cannot make passkeys.')),
    status,
  );
}

/** Passkeys as a list: each with when it was last used, and Remove (named for screen readers). The person's own and the Admin's view of a member use it. */
export const passkeyList = (passkeys: Passkey[], remove: (passkey: Passkey) => void) =>
  h(
    'ul',
    { class: 'passkeys' },
    passkeys.map((passkey) =>
      h(
        'li',
        null,
        h('span', null, passkey.name, h('span', { class: 'hint' }, passkey.lastUsedAt ? t(' · last used {dateTime}', { dateTime: formatDateTime(passkey.lastUsedAt) }) : t(' · not used yet'))),
        h('button', { type: 'button', class: 'link-button', onclick: () => remove(passkey) }, t('Remove'), h('span', { class: 'visually-hidden' }, ` (${passkey.name})`)),
      ),
    ),
  );
