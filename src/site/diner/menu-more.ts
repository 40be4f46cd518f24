// What the menu needs only after its first screen: the words for a list with nothing in it,
// the next page of dishes in place ("Show more dishes"), and the cards drawn again when the
// menu changes (menu-watch.ts). A file of its own, fetched once the document has loaded (or when
// first needed, if sooner), so the menu's first load carries none of it.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Dish } from '../common/api.js';
import type { Cart } from './cart.js';
import { dishCard } from './dish-card.js';

/** Why the list is empty, and the way back to the whole menu. `without` is "without milk, eggs" or empty. */
export function emptyNotice(filters: { category: string; q: string; without: string }, unknownCategory: boolean): Node {
  const { category, q, without } = filters;
  return h(
    'div',
    { class: 'notice' },
    h('p', null, unknownCategory ? t('There is no category “{category}” on our menu.', { category }) : q ? t('No dishes match “{q}”{without}.', { q, without: without ? ` ${without}` : '' }) : without ? t('No dishes here {without}.', { without }) : t('No dishes in this category yet.')),
    h('a', { href: '/menu' }, t('Show the whole menu')),
  );
}

/** The list again with the next page added (`list`): focus goes to the first dish added. */
export function showAdded(results: Element, list: Node, first: Dish | undefined): Text {
  results.replaceChildren(list);
  results.querySelector<HTMLElement>(`a[href$="/menu/${first?.id}"]`)?.focus();
  return new Text(); // what stood in for the next page has left with the old list
}

/**
 * The menu changed: each card in `results` is drawn again from the first page of the same
 * filters, where it is; a card the filters no longer let through (a dish that now has milk)
 * goes. When the list has more pages, a card not on the first was not asked about: it stays.
 */
export function redrawCards(results: Element, { dishes, next }: { dishes: Dish[]; next: number | null }, cart: Cart): void {
  for (const card of results.querySelectorAll<HTMLAnchorElement>('h3 a')) {
    const id = Number(card.pathname.split('/').pop());
    const dish = dishes.find((each) => each.id === id);
    if (dish || next === null) card.closest('li')!.replaceWith(dish ? dishCard(dish, 9, cart) : '');
  }
}
