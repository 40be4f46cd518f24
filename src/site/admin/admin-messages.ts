// `/admin/messages`: the guests' e-mails, newest first: to whom, why, whether it went, how
// many tries and the mail server's last words, and the text itself. A message that failed
// can be sent again (on its version); the answer shows beside its button. Without a mail
// server nothing is sent, and the page says so first.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { formatDateTime } from '../common/format.js';
import type { AdminApi, OutboxMessage } from './api.js';
import { adminNav, failureText } from './admin-nav.js';
import { t } from '../../core/words.js';

/** "booking-cancelled-by-us" → "Booking cancelled by us". */
/** Why an e-mail was written, in the page's language ("Booking made"); a kind this page does not know yet, as its code says. */
const why = (kind: string) =>
  ({
    'booking-made': t('Booking made'),
    'booking-requested': t('Booking requested'),
    'booking-accepted': t('Booking accepted'),
    'booking-declined': t('Booking declined'),
    'booking-changed': t('Booking changed'),
    'booking-cancelled': t('Booking cancelled'),
    'booking-cancelled-by-us': t('Booking cancelled by us'),
    'booking-reminder': t('Booking reminder'),
    'waitlist-ready': t('Table ready (waitlist)'),
    'pre-bill': t('Pre-bill'),
  })[kind] ??
  kind.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());

export const adminMessagesPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const notice = h('div');
  const list = h('ol', { class: 'messages' });
  const more = h('div');
  let mailServer = true;
  // Which ones: all, or those that failed, wait or went.
  const show = h(
    'select',
    { id: 'messages-show', onchange: () => { list.replaceChildren(); page(); } },
    h('option', { value: '' }, t('All e-mails')),
    h('option', { value: 'failed' }, t('Not sent (given up)')),
    h('option', { value: 'waiting' }, t('Waiting to be sent')),
    h('option', { value: 'sent' }, t('Sent')),
  );
  const state = () => show.value as OutboxMessage['state'] | '';

  function item(message: OutboxMessage, said = ''): HTMLElement {
    const outcome = h('p', { class: 'outcome', role: 'status' }, said);
    const state = h('p', { class: `message-state ${message.state}` }, message.stateText, message.tries > 1 ? t(' · {tries} tries', { tries: message.tries }) : message.tries === 1 ? t(' · 1 try') : '');
    const again =
      message.state === 'failed' || (message.state === 'waiting' && message.tries > 0)
        ? h(
            'button',
            {
              type: 'button',
              class: 'button secondary',
              onclick: async (event: Event) => {
                const button = event.currentTarget as HTMLButtonElement;
                button.disabled = true;
                outcome.textContent = t('Sending again…');
                try {
                  const now = await admin.sendAgain(message);
                  const fresh = item(now, mailServer ? t('Tried again now: it goes out in a moment (reload to see it sent).') : t('It waits here again: no mail server is set.'));
                  li.replaceWith(fresh);
                  fresh.querySelector('h2')?.setAttribute('tabindex', '-1');
                  (fresh.querySelector('h2') as HTMLElement | null)?.focus();
                } catch (error) {
                  button.disabled = false;
                  outcome.textContent = failureText(error);
                }
              },
            },
            t('Send again'),
          )
        : null;
    const li = h(
      'li',
      { 'data-message': String(message.id) },
      h('h2', null, message.subject),
      h('p', null, t('To {name} <{address}> · {why} · written', { name: message.to.name || t('a guest'), address: message.to.address, why: why(message.kind) }), ' ', h('time', { datetime: message.createdAt }, formatDateTime(message.createdAt))),
      state,
      message.lastError ? h('p', { class: 'message-error' }, t('The mail server’s last answer: {lastError}', { lastError: message.lastError })) : null,
      h('details', null, h('summary', null, t('What the guest reads')), h('pre', { class: 'message-text' }, message.text)),
      again,
      outcome,
    );
    return li;
  }

  function page(before?: number) {
    loadInto(
      more,
      () => admin.messages(state(), before, ctx.signal),
      ({ messages, next, ...answer }) => {
        mailServer = answer.mailServer;
        if (before === undefined && !mailServer) {
          notice.replaceChildren(h('p', { class: 'note' }, t('No mail server is set (SMTP_URL), so nothing is sent: each message waits here with its text, as the guest would receive it. docs/operations.md says how to set one.')));
        }
        list.append(...messages.map((message) => item(message)));
        if (!messages.length && before === undefined) return h('p', null, state() ? t('None of these.') : t('No e-mails yet: a booking made with an e-mail address writes the first.'));
        return next === null ? new Text() : h('button', { type: 'button', class: 'button secondary', onclick: () => page(next) }, t('Show older e-mails'));
      },
      { signal: ctx.signal, waiting: t('Loading the e-mails…') },
    );
  }
  page();
  return h('div', { class: 'admin with-nav' }, h('h1', null, t('Guests’ e-mails')), adminNav(), notice, h('p', { class: 'field' }, h('label', { for: 'messages-show' }, t('Show')), show), list, more);
};
