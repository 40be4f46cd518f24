// `/account` (any signed-in user): My account, from the profile endpoint, one's passkeys, and
// a form to change one's own password.
import { roleWord } from '../common/role-words.js';
import { guardedPage } from '../../router/app.js';
import { h } from '../../core/dom.js';
import type { Profile } from '../common/api.js';
import { formatDateTime } from '../common/format.js';
import type { LaterServices } from '../shell/services.js';
import type { StaffSession } from '../common/user.js';
import { loadInto } from '../../core/load.js';
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import { changePasswordForm } from './change-password.js';
import { passkeysSection } from './passkeys-section.js';
import { LANG, t } from '../../core/words.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/languages.js';

export const accountPage = ({ api, endSession }: LaterServices) =>
  guardedPage<StaffSession>((ctx) => {
    const details = h('div');
    const row = (term: string, value: string) => [h('dt', null, term), h('dd', null, value)];
    const show = (profile: Profile) =>
      h(
        'div',
        null,
        h('dl', { class: 'details' }, row(t('Name'), profile.name), row('E-mail', profile.email), row(t('Role'), roleWord(profile.role)), row(t('Member since'), formatDateTime(profile.memberSince)), row(t('Previous sign-in'), profile.lastSignIn ? formatDateTime(profile.lastSignIn) : t('This is your first'))),
        profile.canSeeOrderQueue ? h('p', null, h('a', { href: '/kitchen', class: 'button' }, t('Open the order queue'))) : null,
        languageForm(profile.lang ?? LANG),
      );
    // The language of one's pages: saved, this page opens again in it.
    const languageForm = (lang: 'en' | 'it') => {
      const choice = h('select', { id: 'account-lang' }, LANGUAGES.map((each) => h('option', { value: each, lang: each, selected: each === lang }, LANGUAGE_NAMES[each])));
      const outcome = h('p', { class: 'outcome', role: 'status' });
      const save = (event: Event) => {
        event.preventDefault();
        const chosen = choice.value === 'it' ? 'it' : 'en';
        api.setLanguage(chosen).then(
          () => {
            if (chosen === LANG) outcome.textContent = t('Saved.');
            else location.assign(`${chosen === 'it' ? '/it' : ''}/account`);
          },
          (error: unknown) => {
            outcome.textContent = messageOf(error);
          },
        );
      };
      return h('form', { class: 'form inline', onsubmit: save }, h('label', { for: 'account-lang' }, t('Language of your pages')), choice, h('button', { type: 'submit', class: 'button secondary' }, t('Save')), outcome);
    };
    loadInto(details, () => api.profile(ctx.signal), show, { signal: ctx.signal, waiting: t('Loading your account…'), onExpired: () => endSession(ctx.here) });
    const ended = (error: unknown) => {
      const expired = error instanceof RequestError && error.expired;
      if (expired) endSession(ctx.here);
      return expired;
    };
    return h('div', { class: 'account-page' }, h('h1', null, t('My account')), h('p', null, t('Signed in as {name}.', { name: ctx.session.user.name })), details, passkeysSection({ api }, ctx.signal), changePasswordForm(api, ended));
  });
