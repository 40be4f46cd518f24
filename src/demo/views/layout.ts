// The demo's layout: header (brand, links, who is signed in), the outlet, footer.
import { accountArea } from '../../core/account-area.js';
import { h, nodes } from '../../core/dom.js';
import { hasRole } from '../../router/guard.js';
import { markCurrentLinks } from '../../router/links.js';
import { splitPath } from '../../router/location.js';
import { DEMO_API_URL } from '../api.js';
import type { Services } from '../services.js';

export function layout({ session, navigation, announce }: Services) {
  const outlet = h('main', { id: 'main', tabindex: '-1' });
  const nav = h('ul', { class: 'nav-links' });
  const link = (href: string, text: string) => h('li', null, h('a', { href, 'data-nav': true }, text));
  const showLinks = () => {
    const user = session.get()?.user;
    nav.replaceChildren(...nodes([link('/', 'Home'), link('/products', 'Products'), user && link('/profile', 'Profile'), user && hasRole(user.role, ['admin']) && link('/admin', 'Admin')]));
    markCurrentLinks(nav, splitPath(navigation.current().path).pathname);
  };
  session.subscribe(showLinks);
  showLinks();
  const header = h(
    'header',
    { class: 'site-header demo-header' },
    h(
      'div',
      { class: 'bar' },
      h('a', { href: '/', class: 'brand' }, 'Tavola demo'),
      h('nav', { 'aria-label': 'Main' }, nav),
      h('div', { class: 'tools' }, accountArea({ session, navigation, nameOf: (user) => user.firstName, announce })),
    ),
  );
  const footer = h('footer', { class: 'site-footer' }, h('p', null, 'Signs in against the demo shop API at ', h('a', { href: DEMO_API_URL }, DEMO_API_URL), '.'));
  return { node: h('div', { class: 'shell' }, header, outlet, footer), outlet };
}
