// The header's account area both apps use: who is signed in with a Sign out button,
// or a Sign in link that remembers the page, so signing in comes back to it.
import { h } from './dom.js';
import type { Navigation } from './navigation.js';
import type { Session } from './session.js';
import type { Store } from './stored.js';

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
    announce('You are signed out.');
  };
  // A plain link (it opens in a new tab too); a plain click also passes `from` as state.
  const signInLink = () => {
    const link = h('a', { href: '/login', class: 'button' }, 'Sign in');
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const { pathname, search } = new URL(navigation.current().path, location.origin);
      navigation.navigate('/login', { state: { from: pathname === '/login' ? '/' : pathname + search } });
    });
    return link;
  };
  const show = () => {
    const user = session.get()?.user;
    if (!user) return area.replaceChildren(signInLink());
    area.replaceChildren(
      h('span', { class: 'who' }, nameOf(user), h('span', { class: 'role' }, user.role)),
      h('button', { type: 'button', class: 'button secondary', onclick: signOut }, 'Sign out'),
    );
  };
  session.subscribe(show);
  show();
  return area;
}
