// `/`: a welcome and today's highlights from the menu.
import type { PageContext } from '../../core/app.js';
import { h } from '../../core/dom.js';
import type { Services } from '../services.js';
import { dishCard } from './dish-card.js';
import { loadInto } from '../../core/load.js';

export const homePage = ({ api }: Services) => (ctx: PageContext<unknown>) => {
  const highlights = h('div');
  loadInto(highlights, () => api.dishes({ featured: true }, ctx.signal), (dishes) => h('ul', { class: 'cards' }, dishes.map(dishCard)), {
    signal: ctx.signal,
    waiting: "Loading today's highlights…",
  });
  return h(
    'div',
    { class: 'home' },
    h(
      'section',
      { class: 'hero' },
      h('h1', null, 'Tavola'),
      h('p', { class: 'lead' }, 'Roman trattoria cooking: fresh pasta every morning, pizza from the wood oven, and a tiramisù worth the walk.'),
      h('a', { href: '/menu', class: 'button large' }, 'See the menu'),
    ),
    h('section', { 'aria-labelledby': 'highlights' }, h('h2', { id: 'highlights' }, "Today's highlights"), highlights),
  );
};
