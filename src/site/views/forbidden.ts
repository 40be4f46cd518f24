// `/forbidden`: where a signed-in user without the role is sent.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import type { StaffSession } from '../user.js';

export const forbiddenPage = (ctx: PageContext<StaffSession>) =>
  h(
    'div',
    { class: 'forbidden' },
    h('h1', null, 'Staff only'),
    h('p', null, 'This page is for the kitchen and waiting staff', ctx.session ? `, and you are signed in as ${ctx.session.user.role}.` : '.'),
    h('p', null, h('a', { href: '/', class: 'button' }, 'Go home'), ' ', h('a', { href: '/menu', class: 'button secondary' }, 'See the menu')),
  );
