// The 404 content both apps show: for the `*` route, and for a record the API does not have.
import { h } from './dom.js';
import { t } from './words.js';

/** "Page not found" for `here`, with a way home and one more way on (`next`). */
export function notFoundContent(here: string, next: { href: string; text: string }): Node {
  // The address as typed: `here` is the router's, without the language's `/it` before it.
  const typed = location.pathname + location.search;
  const shown = typed.endsWith(here) ? typed : here;
  return h(
    'div',
    { class: 'not-found' },
    h('h1', null, t('Page not found')),
    h('p', null, t('There is nothing at'), ' ', h('code', null, shown), t('. It may have moved, or the address has a typo.')),
    h('p', null, h('a', { href: '/', class: 'button' }, t('Go home')), ' ', h('a', { href: next.href, class: 'button secondary' }, next.text)),
  );
}
