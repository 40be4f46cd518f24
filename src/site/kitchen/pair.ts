// `/pair`: a tablet becomes a kitchen or pass screen. The owner adds a display at Admin →
// Displays and is shown a one-time code (8 characters, 10 minutes) and its QR code, which
// opens `/pair#<code>`: scanned, the code is in the address and the pairing starts at once;
// typed, any letter case and spacing will do. The screen then keeps its display credential
// and opens its board, replacing this entry (the code leaves the history). Nobody signs in.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { failureText } from '../common/failure-text.js';
import type { KitchenApi } from './api.js';
import type { PairedScreenStore } from './paired-display.js';
import { t } from '../../core/words.js';

export const pairPage = (connect: (token: () => string | undefined) => KitchenApi, paired: PairedScreenStore) => (ctx: PageContext<unknown>) => {
  const api = connect(() => undefined);
  const code = h('input', { id: 'pairing-code', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: 20, required: true, 'aria-describedby': 'pairing-hint pairing-error', class: 'code-input' });
  const error = h('div', { id: 'pairing-error', class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'button large' }, t('Pair this screen'));
  const already = paired.get();

  async function send(event?: Event) {
    event?.preventDefault();
    error.textContent = '';
    if (!code.value.trim()) {
      error.textContent = t('Type the code the owner was shown.');
      return code.focus();
    }
    submit.disabled = true;
    submit.textContent = t('Pairing…');
    try {
      paired.set(await api.pair(code.value));
      ctx.navigate('/display', { replace: true });
    } catch (failure) {
      if (ctx.signal.aborted) return;
      error.textContent = failureText(failure);
      submit.disabled = false;
      submit.textContent = t('Pair this screen');
      code.focus();
    }
  }

  const scanned = location.hash.slice(1);
  if (scanned) {
    code.value = decodeURIComponent(scanned);
    void send();
  }
  return h(
    'div',
    { class: 'pair-page' },
    h('h1', null, t('Pair this screen')),
    already ? h('p', { class: 'notice' }, t('This screen is the display {name} now. ', { name: already.display.name }), h('a', { href: '/display' }, t('Open its board')), t('. A new code makes it another display instead.')) : null,
    h('p', null, t('The owner adds the screen at Admin → Displays and is shown a code. Type it here, or scan its QR code with this tablet. It works once, for 10 minutes.')),
    h(
      'form',
      { class: 'form', onsubmit: send },
      h('label', { for: 'pairing-code' }, t('Pairing code')),
      code,
      h('p', { class: 'hint', id: 'pairing-hint' }, t('8 letters and digits, like 7QK2-M9XD.')),
      error,
      submit,
    ),
  );
};
