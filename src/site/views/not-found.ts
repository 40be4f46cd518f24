// The 404 content: for `*`, and for a dish that does not exist.
import { h } from '../../core/dom.js';

export function notFoundContent(here: string): Node {
  return h(
    'div',
    { class: 'not-found' },
    h('h1', null, 'Page not found'),
    h('p', null, 'There is nothing at ', h('code', null, here), '. It may have moved, or the address has a typo.'),
    h('p', null, h('a', { href: '/', class: 'button' }, 'Go home'), ' ', h('a', { href: '/menu', class: 'button secondary' }, 'See the menu')),
  );
}

export const notFoundPage = (ctx: { here: string }) => notFoundContent(ctx.here);
