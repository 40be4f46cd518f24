// My account's passkeys: the ones this person has (when added, when last used), Remove for
// each (asked first), and Add a passkey where the browser can make one. With a passkey,
// signing in again when the 2-minute session ends is one touch.
import { h } from '../../core/dom.js';
import { loadInto, messageOf } from '../../core/load.js';
import type { Passkey } from '../orders-api.js';
import { answerRegistration, canUsePasskeys, passkeyFailure } from '../passkeys.js';
import type { LaterServices } from '../services.js';
import { formatDateTime } from '../format.js';
import { ask } from './ask.js';

export function passkeysSection({ api }: Pick<LaterServices, 'api'>, signal: AbortSignal): HTMLElement {
  const list = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });
  const show = () => loadInto(list, () => api.passkeys(signal), render, { signal, waiting: 'Loading your passkeys…' });

  function render(passkeys: Passkey[]): Node {
    return passkeys.length ? passkeyList(passkeys, remove) : h('p', null, 'No passkey yet.');
  }

  async function remove(passkey: Passkey) {
    if (!(await ask({ title: `Remove ${passkey.name}?`, text: 'It signs you in no more; your password still does.', act: 'Remove the passkey', keep: 'Keep it' }))) return;
    api.removePasskey(passkey).then(
      () => {
        status.textContent = `${passkey.name} is removed.`;
        show();
      },
      (error: unknown) => (status.textContent = messageOf(error)),
    );
  }

  const add = h('button', { type: 'button', class: 'button secondary' }, 'Add a passkey');
  add.addEventListener('click', () => {
    add.disabled = true;
    status.textContent = '';
    api.addPasskey(answerRegistration).then(
      (made) => {
        status.textContent = `Added: ${made.name}. Next time your session ends, sign in again with one touch.`;
        show();
      },
      (error: unknown) => (status.textContent = passkeyFailure(error)),
    ).finally(() => (add.disabled = false));
  });
  show();
  return h(
    'section',
    { class: 'passkeys-section', 'aria-labelledby': 'passkeys-title' },
    h('h2', { id: 'passkeys-title' }, 'Passkeys'),
    h('p', { class: 'hint' }, 'A passkey signs you in with this device’s lock (a fingerprint, a face, a PIN) instead of your password: one touch when your 2-minute session ends.'),
    list,
    canUsePasskeys() ? add : h('p', { class: 'hint' }, 'This browser cannot make passkeys.'),
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
        h('span', null, passkey.name, h('span', { class: 'hint' }, passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ' · not used yet')),
        h('button', { type: 'button', class: 'link-button', onclick: () => remove(passkey) }, 'Remove', h('span', { class: 'visually-hidden' }, ` (${passkey.name})`)),
      ),
    ),
  );
