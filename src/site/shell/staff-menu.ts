// The staff corner of the header, kept quiet for diners: a "Staff" link to sign in, or,
// signed in, one "Staff" button that opens a small menu (who, the staff pages, Sign out).
// One row on a phone: everything else folds into the menu.
import { roleWord } from '../common/role-words.js';
import { h, nodes } from '../../core/dom.js';
import { hasRole } from '../../router/guard.js';
import type { LaterServices } from './services.js';
import { QUEUE_ROLES } from '../common/user.js';
import { t } from '../../core/words.js';

export function staffMenu({ session, announce }: LaterServices): HTMLElement {
  const area = h('div', { class: 'staff' });
  const panel = h('div', { class: 'staff-panel', id: 'staff-panel', hidden: true });
  const toggle = h('button', { type: 'button', class: 'staff-toggle', 'aria-expanded': 'false', 'aria-controls': 'staff-panel', onclick: () => open(panel.hidden) });

  function open(yes: boolean) {
    panel.hidden = !yes;
    toggle.setAttribute('aria-expanded', String(yes));
  }

  function signOut() {
    open(false);
    session.set(null);
    announce(t('You are signed out.'));
    // The menu is gone: focus goes to the Staff link that took its place (a guarded page moves it on).
    area.querySelector('a')?.focus();
  }

  function show() {
    const user = session.get()?.user;
    open(false);
    if (!user) return area.replaceChildren(h('a', { href: '/login', class: 'staff-link' }, t('Staff')));
    const link = (href: string, text: string) => h('li', null, h('a', { href, 'data-nav': true, onclick: () => open(false) }, text));
    toggle.replaceChildren(t('Staff'), h('span', { class: 'staff-name' }, `: ${user.name}`));
    panel.replaceChildren(
      ...nodes([
        h('p', { class: 'who' }, user.name, h('span', { class: 'role' }, roleWord(user.role))),
        h('ul', null, hasRole(user.role, QUEUE_ROLES) && link('/kitchen', t('Kitchen')), hasRole(user.role, ['waiter']) && link('/bookings', t('Bookings')), hasRole(user.role, ['waiter']) && link('/tables', t('Tables')), hasRole(user.role, ['admin']) && link('/admin', 'Admin'), link('/account', t('My account'))),
        h('button', { type: 'button', class: 'button secondary', onclick: signOut }, t('Sign out')),
      ]),
    );
    area.replaceChildren(toggle, panel);
  }

  // Escape closes the menu and gives focus back; so does a click anywhere else.
  area.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      open(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => !area.contains(event.target as Node) && open(false));
  session.subscribe(show);
  show();
  return area;
}
