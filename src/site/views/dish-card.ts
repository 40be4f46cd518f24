// A dish in a list: picture, name, a short description, price and dietary tags; the whole
// card links to the dish.
import { h } from '../../core/dom.js';
import type { Dish } from '../api.js';
import { formatPrice } from '../format.js';

export const tagList = (tags: string[]) => (tags.length ? h('ul', { class: 'tags', 'aria-label': 'Dietary' }, tags.map((tag) => h('li', null, tag.replace(/-/g, ' ')))) : null);

export function dishCard(dish: Dish): Node {
  return h(
    'li',
    { class: 'card' },
    h('img', { src: dish.image, alt: '', width: 400, height: 300, loading: 'lazy', decoding: 'async' }),
    h(
      'div',
      { class: 'card-body' },
      h('h3', null, h('a', { href: `/menu/${dish.id}` }, dish.name)),
      h('p', { class: 'card-text' }, dish.description),
      h('div', { class: 'card-foot' }, h('p', { class: 'price' }, formatPrice(dish.priceCents)), tagList(dish.tags)),
    ),
  );
}
