// `/`: who we are, one clear way in (the menu), when and where we are open, and today's
// highlights. A diner who has ordered from this browser gets a way back to the order.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { Services } from '../shell/services.js';
import { dishCard, placeholderCards, showInCart } from './dish-card.js';
import { showHours, showPlace } from '../common/place-and-hours.js';
import { t } from '../../core/words.js';

export const homePage = ({ api, myOrders, cart }: Services) => (ctx: PageContext<unknown>) => {
  const highlights = h('div');
  ctx.signal.addEventListener('abort', showInCart(highlights, cart));
  loadInto(highlights, () => api.dishes({ featured: true }, { signal: ctx.signal }), ({ dishes }) => h('ul', { class: 'cards highlights' }, dishes.map((dish, i) => dishCard(dish, i, cart))), {
    signal: ctx.signal,
    waiting: t('Loading today’s highlights…'),
    placeholder: () => placeholderCards(5, 'cards highlights'),
  });
  const latest = myOrders.get()[0];
  return h(
    'div',
    { class: 'home' },
    h(
      'section',
      { class: 'hero' },
      h(
        'div',
        { class: 'hero-text' },
        h('p', { class: 'eyebrow' }, t('Roman trattoria')),
        h('h1', null, t('Fresh pasta, wood-fired pizza, Roman classics')),
        h('p', { class: 'lead' }, t('Pasta rolled every morning, dough that rises for 48 hours, and a tiramisù worth the walk. Order at your table or for pickup.')),
        h('p', { class: 'actions' }, h('a', { href: '/menu', class: 'button large' }, t('See the menu and order')), latest ? h('a', { href: `/orders/${latest}`, class: 'button secondary' }, t('Follow your order')) : null),
        h(
          'dl',
          { class: 'visit' },
          h('div', null, h('dt', null, t('Open')), showHours(api, h('dd', { class: 'hours' }))),
          h('div', null, h('dt', null, t('Where')), showPlace(api, h('dd', { class: 'place' }, [...document.querySelector('footer .place')!.cloneNode(true).childNodes]))),
        ),
      ),
      h('img', { class: 'hero-picture', src: '/images/hero.svg', alt: t('A table at Tavola: pizza, pasta, basil and lemonade'), width: 640, height: 520, fetchpriority: 'high' }),
    ),
    h('section', { 'aria-labelledby': 'highlights' }, h('h2', { id: 'highlights' }, t('Today’s highlights')), highlights),
  );
};
