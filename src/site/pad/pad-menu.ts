// The pad's menu: a tab per category, its dishes as big buttons (a tap adds one), and a box
// that finds a dish from two or three letters of its name across the menu. Sold-out dishes
// are shown, not tappable.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { Dish } from '../../shared/menu-records.js';
import type { Category } from '../common/api.js';
import { formatPrice } from '../common/price.js';

export interface PadMenuOptions {
  categories: readonly Category[];
  dishes: readonly Dish[];
  /** A dish tapped. */
  pick(dish: Dish): void;
}

/** Folds accents and case away: "cafe" finds "Caffè". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function padMenu({ categories, dishes, pick }: PadMenuOptions): HTMLElement {
  let shown = categories[0]?.slug ?? '';
  const search = h('input', { id: 'pad-search', type: 'search', autocomplete: 'off', enterkeyhint: 'search' });
  const tabs = h('div', { class: 'pad-tabs', role: 'group', 'aria-label': t('Categories') });
  const list = h('ul', { class: 'pad-dishes', 'aria-live': 'polite' });
  const dishButton = (dish: Dish) =>
    h(
      'li',
      null,
      h(
        'button',
        { type: 'button', class: 'pad-dish', disabled: !dish.available, 'data-dish': dish.id, onclick: () => pick(dish) },
        h('span', { class: 'pad-dish-name' }, dish.name),
        h('span', { class: 'pad-dish-price' }, dish.available ? formatPrice(dish.priceCents) : t('Sold out')),
      ),
    );
  function draw() {
    const words = folded(search.value.trim());
    for (const tab of tabs.children) tab.setAttribute('aria-pressed', String(!words && (tab as HTMLElement).dataset.category === shown));
    const found = words ? dishes.filter((dish) => folded(dish.name).split(/\s+/).some((word) => word.startsWith(words)) || folded(dish.name).startsWith(words)) : dishes.filter((dish) => dish.category === shown);
    list.replaceChildren(...(found.length ? found.map(dishButton) : [h('li', { class: 'hint' }, words ? t('No dish starts with “{words}”.', { words: search.value.trim() }) : t('No dishes in this category.'))]));
  }
  tabs.replaceChildren(
    ...categories.map((category) =>
      h(
        'button',
        {
          type: 'button',
          class: 'pad-tab',
          'data-category': category.slug,
          onclick: () => {
            shown = category.slug;
            search.value = '';
            draw();
          },
        },
        category.name,
      ),
    ),
  );
  search.addEventListener('input', draw);
  draw();
  return h(
    'section',
    { class: 'pad-menu', 'aria-labelledby': 'pad-menu-title' },
    h('h2', { id: 'pad-menu-title', class: 'visually-hidden' }, t('Menu')),
    h('p', { class: 'field pad-find' }, h('label', { for: 'pad-search' }, t('Find a dish (two or three letters)')), search),
    tabs,
    list,
  );
}
