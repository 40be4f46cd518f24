// The header's account area: who is signed in with a Sign out button, or a Sign in link
// that remembers the page, so signing in comes back to it. The demo uses it as it is;
// the site builds its staff menu from `signInLink`.
import { h } from './dom.js';
import { splitPath } from '../router/location.js';
import type { LoginState } from './login-state.js';
import type { Navigation } from '../router/navigation.js';
import type { Session } from './session.js';
import type { Store } from './stored.js';
import { t } from '../core/words.js';

/**
 * A link to `/login` (a plain link: it opens in a new tab too). A plain click passes the
 * page as `from`, with `back`: its entry stays below the form, so signing in goes back to
 * it instead of adding a second entry for the same address.
 */
export function signInLink(navigation: Navigation, text: string, className: string): HTMLAnchorElement {
  const link = h('a', { href: '/login', class: className }, text);
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const { pathname, search } = splitPath(navigation.current().path);
    const state: LoginState = pathname === '/login' ? { from: '/' } : { from: pathname + search, back: true };
    navigation.navigate('/login', { state });
  });
  return link;
}

export interface AccountAreaOptions<U extends { role: string }> {
  session: Store<Session<U> | null>;
  navigation: Navigation;
  /** The name to show for the signed-in user. */
  nameOf(user: U): string;
  /** Says something to screen readers. */
  announce(text: string): void;
}

export function accountArea<U extends { role: string }>({ session, navigation, nameOf, announce }: AccountAreaOptions<U>): HTMLElement {
  const area = h('div', { class: 'account' });
  const signOut = () => {
    session.set(null);
    announce(t('You are signed out.'));
    // The button is gone: focus goes to what took its place (a guarded page moves it on).
    area.querySelector('a')?.focus();
  };
  const show = () => {
    const user = session.get()?.user;
    if (!user) return area.replaceChildren(signInLink(navigation, t('Sign in'), 'button'));
    area.replaceChildren(
      h('span', { class: 'who' }, nameOf(user), h('span', { class: 'role' }, user.role)),
      h('button', { type: 'button', class: 'button secondary', onclick: signOut }, t('Sign out')),
    );
  };
  session.subscribe(show);
  show();
  return area;
}
