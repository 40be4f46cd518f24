// The pre-bill by e-mail, from the waiter's bill page: the guest's address and the language
// of the e-mail (the page's, unless the guest reads the other); the API writes it to the
// outbox, and the Admin's E-mails page follows it from there.
import { h } from '../../core/dom.js';
import { LANG, t } from '../../core/words.js';
import type { Bill } from '../../shared/bills.js';
import type { BillsApi } from './api.js';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/i18n/languages.js';

export function emailPanel({ api, bill, said, refused, clear }: { api: BillsApi; bill: () => Bill; said: (words: string) => void; refused: (failure: unknown) => void; clear: () => void }): HTMLDetailsElement {
  const address = h('input', { id: 'email-address', type: 'email', autocomplete: 'off', required: true, maxlength: 200 });
  const lang = h('select', { id: 'email-lang' }, LANGUAGES.map((code) => h('option', { value: code, lang: code, selected: LANG === code }, LANGUAGE_NAMES[code])));
  const send = h('button', { type: 'submit', class: 'button secondary' }, t('Send'));
  const form = h(
    'form',
    {
      novalidate: true,
      onsubmit: async (event: Event) => {
        event.preventDefault();
        clear();
        if (!/^[^\s@]+@[^\s@]+$/.test(address.value.trim())) {
          refused(new Error(t('Write the guest’s e-mail address, as name@example.com.')));
          address.focus();
          return;
        }
        send.disabled = true;
        try {
          await api.email(bill(), address.value.trim(), lang.value as Language);
          said(t('Pre-bill sent to {address}.', { address: address.value.trim() }));
          address.value = '';
        } catch (failure) {
          refused(failure);
          address.focus();
        } finally {
          send.disabled = false;
        }
      },
    },
    h('p', { class: 'field' }, h('label', { for: 'email-address' }, t('Guest’s e-mail address')), address),
    h('p', { class: 'field' }, h('label', { for: 'email-lang' }, t('Language of the e-mail')), lang),
    send,
  );
  return h('details', { class: 'bill-panel email-panel' }, h('summary', null, t('E-mail the pre-bill')), form);
}
