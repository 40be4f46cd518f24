// `/forbidden`: where a signed-in user without the role is sent.
import { roleWord } from '../common/role-words.js';
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import type { StaffSession } from '../common/user.js';
import { t } from '../../core/words.js';

export const forbiddenPage = (ctx: PageContext<StaffSession>) =>
  h(
    'div',
    { class: 'forbidden' },
    h('h1', null, t('Staff only')),
    h('p', null, t('This page is for the kitchen and waiting staff'), ctx.session ? t(', and you are signed in as {role}.', { role: roleWord(ctx.session.user.role) }) : '.'),
    h('p', null, h('a', { href: '/', class: 'button' }, t('Go home')), ' ', h('a', { href: '/menu', class: 'button secondary' }, t('See the menu'))),
  );
