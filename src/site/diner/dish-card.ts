// A dish in a list: picture, name, a short description, price and dietary tags; the whole
// card links to the dish. The first cards of a page are on its first screen: their
// pictures load at once (the very first with high priority, it is the largest thing
// painted); the others wait until they are scrolled near.
import { h } from '../../core/dom.js';
import type { Dish } from '../common/api.js';
import type { Cart } from './cart.js';
import { formatPrice } from '../common/price.js';
import { t } from '../../core/words.js';
import { allergenWord, tagWord } from '../common/allergen-words.js';

/** How many cards a first screen shows at most (a row of four on a wide screen). */
const FIRST_SCREEN = 4;

export const tagList = (tags: string[]) => (tags.length ? h('ul', { class: 'tags', 'aria-label': t('Dietary') }, tags.map((tag) => h('li', null, tagWord(tag)))) : null);

/** Its picture: an uploaded photo comes in two widths (`srcset`), a drawn one in one. */
export const picture = (dish: Dish, props: Record<string, string | null>) => h('img', { src: dish.image, srcset: dish.srcset, alt: '', width: 400, height: 300, ...props });

/** Its allergens in words (EU law's 14); a dish whose allergens are not filled in says to ask, never "none". */
export const allergenLine = ({ allergens }: Dish) => h('p', { class: 'allergens' }, allergens ? t('Allergens: {list}', { list: allergens.map(allergenWord).join(', ') || t('none') }) : t('Ask our staff about allergens'));

/** "Sold out", for a dish the kitchen cannot make now. */
export const soldOut = (dish: Dish) => !dish.available && h('p', { class: 'sold-out' }, t('Sold out'));

/** How many of each dish the cart holds, on the cards inside `root`, now and as it changes; returns a stop. */
export function showInCart(root: Element, cart: Cart): () => void {
  return cart.subscribe(() => {
    for (const count of root.querySelectorAll<HTMLElement>('[data-in-cart]')) count.textContent = inCart(cart, Number(count.dataset.inCart));
  });
}

const inCart = (cart: Cart, id: number) => {
  // Every line of the dish: with other choices it is another line.
  const quantity = cart.get().reduce((sum, item) => sum + (item.dishId === id ? item.quantity : 0), 0);
  return quantity ? t('{quantity} in your cart', { quantity }) : '';
};

/**
 * The card of `dish`, the `position`-th of its page (from 0); with a cart, an Add button unless
 * it is sold out. For a dish one of whose groups of choices must be chosen from, or that a list
 * filtered by allergens shows free of them only with a choice, "Add" opens its page (through the
 * card's own link, so Back returns to this list as it was): the plain dish is not what was shown.
 */
export function dishCard(dish: Dish, position: number, cart?: Cart): Node {
  const early = position < FIRST_SCREEN;
  const link = h('a', { href: `/menu/${dish.id}`, lang: dish.untranslated?.name }, dish.name);
  return h(
    'li',
    { class: 'card' },
    picture(dish, { loading: early ? null : 'lazy', fetchpriority: position === 0 ? 'high' : null, decoding: 'async', sizes: '(min-width: 40em) 20rem, 100vw' }),
    h(
      'div',
      { class: 'card-body' },
      h('h3', null, link),
      h('p', { class: 'card-text', lang: dish.untranslated?.description }, dish.description),
      allergenLine(dish),
      // In a list filtered by allergens: the choice that makes the dish free of them.
      dish.freeWith && h('p', { class: 'free-with' }, dish.freeWith.said),
      h('div', { class: 'card-foot' }, h('p', { class: 'price' }, formatPrice(dish.priceCents)), soldOut(dish), tagList(dish.tags)),
      cart && dish.available
        ? h('p', { class: 'card-add' }, h('button', { type: 'button', class: 'button secondary', onclick: () => (dish.choosing === 'required' || dish.freeWith ? link.click() : cart.add(dish)) }, t('Add'), h('span', { class: 'visually-hidden' }, ` ${dish.name}`)), ' ', h('span', { 'data-in-cart': dish.id, role: 'status' }, inCart(cart, dish.id)))
        : null,
    ),
  );
}

/** Blocks the size of the text they stand for (`.shape-title`, `.shape-price`…: styles.css), while it loads. */
export const shapes = (...names: string[]) => names.map((name) => h('span', { class: `shape shape-${name}` }));

/** Cards without words, the size of real ones: what a list shows while its dishes load. */
export function placeholderCards(count: number, className = 'cards'): HTMLElement {
  const card = () => h('li', { class: 'card' }, h('div', { class: 'card-picture' }), h('div', { class: 'card-body' }, shapes('title', 'text', 'allergens', 'price', 'add')));
  return h('ul', { class: `${className} placeholder`, 'aria-hidden': 'true' }, Array.from({ length: count }, card));
}
