// `/menu/:id`: one dish by its own address. An id that is not a whole number, or one
// the API does not know, shows the 404 content.
import type { PageContext } from '../../core/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import type { Dish } from '../api.js';
import { formatPrice } from '../format.js';
import type { Services } from '../services.js';
import { tagList } from './dish-card.js';
import { messageOf } from '../../core/load.js';
import { notFoundContent } from '../../core/not-found.js';

const MENU_LINK = { href: '/menu', text: 'See the menu' };

export const dishPage = ({ api, cart }: Services) => (ctx: PageContext<unknown>) => {
  const page = h('div', { class: 'dish' });
  const id = ctx.params.id ?? '';
  // The route param is a string: only a plain positive number is worth asking the API about.
  if (!/^[1-9]\d{0,15}$/.test(id)) return notFoundContent(ctx.here, MENU_LINK);

  page.replaceChildren(h('h1', null, 'Dish'), h('p', { class: 'status', role: 'status' }, 'Loading the dish…'));
  page.setAttribute('aria-busy', 'true');
  api.dish(Number(id), ctx.signal).then(
    (dish) => {
      page.removeAttribute('aria-busy');
      ctx.retitle(dish.name);
      page.replaceChildren(...dishContent(dish));
    },
    (error: unknown) => {
      if (ctx.signal.aborted) return;
      page.removeAttribute('aria-busy');
      if (error instanceof RequestError && error.status === 404) {
        ctx.retitle('Page not found');
        return page.replaceChildren(notFoundContent(ctx.here, MENU_LINK));
      }
      page.replaceChildren(h('h1', null, 'Dish'), h('div', { class: 'notice error', role: 'alert' }, h('p', null, messageOf(error))));
    },
  );

  const status = h('p', { class: 'added', role: 'status' });
  function added(dish: Dish) {
    cart.add(dish);
    const quantity = cart.get().find((item) => item.dishId === dish.id)?.quantity ?? 1;
    status.textContent = `Added. ${quantity} in your cart.`;
  }

  function dishContent(dish: Dish): Node[] {
    return [
      h('p', { class: 'back' }, h('a', { href: `/menu?category=${encodeURIComponent(dish.category)}` }, '← Back to the menu')),
      h('img', { src: dish.image, alt: dish.name, width: 400, height: 320 }),
      h(
        'div',
        { class: 'about' },
        h('h1', null, dish.name),
        h('p', { class: 'price' }, formatPrice(dish.priceCents)),
        h('p', null, dish.description),
        tagList(dish.tags),
        h('button', { type: 'button', class: 'button large', onclick: () => added(dish) }, 'Add to cart'),
        status,
      ),
    ];
  }
  return page;
};
