// `/admin/menu`: the menu as the owner runs it. Categories in menu order, each movable one
// place up or down by buttons, renamed in place, with its dishes (sold out and archived
// ones marked) linking to their edit pages; a form adds a category at the end.
import type { PageContext } from '../../../router/app.js';
import { h } from '../../../core/dom.js';
import { loadInto } from '../../../core/load.js';
import type { AdminApi, AdminCategory, AdminDish } from '../../admin-api.js';
import { formatPrice } from '../../price.js';
import { adminNav, failureText } from './admin-nav.js';
import { t } from '../../../core/words.js';

export const adminMenuPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const list = h('div', { class: 'admin-categories' });
  const status = h('p', { class: 'outcome', role: 'status' });

  const dishRow = (dish: AdminDish) =>
    h(
      'li',
      null,
      h('a', { href: `/admin/dishes/${dish.id}` }, dish.name),
      ' ',
      h('span', { class: 'price' }, formatPrice(dish.priceCents)),
      dish.archived ? h('span', { class: 'badge' }, t('Archived')) : !dish.available ? h('span', { class: 'badge sold' }, t('Sold out')) : null,
      // What Italian diners would read in English: the owner sees it where the dish is.
      !dish.nameIt || (dish.description && !dish.descriptionIt) ? h('span', { class: 'badge' }, t('Not in Italian yet')) : null,
    );

  function categoryBlock(category: AdminCategory, index: number, count: number): Node {
    const dishes = h('div');
    loadInto(dishes, () => admin.dishesOf(category.id, ctx.signal), (found) => (found.length ? h('ul', { class: 'admin-dishes' }, found.map(dishRow)) : h('p', null, t('No dishes yet.'))), {
      signal: ctx.signal,
      waiting: t('Loading the dishes of {name}…', { name: category.name }),
    });
    const move = (direction: 'up' | 'down') => () =>
      admin.moveCategory(category, direction).then(
        () => {
          status.textContent = direction === 'up' ? t('{name} moved up.', { name: category.name }) : t('{name} moved down.', { name: category.name });
          show(direction === 'up' ? index - 1 : index + 1, direction);
        },
        (error) => (status.textContent = failureText(error)),
      );
    const name = h('input', { id: `category-${category.id}`, value: category.name, maxlength: 60, required: true });
    const nameIt = h('input', { id: `category-${category.id}-it`, value: category.nameIt ?? '', maxlength: 60, lang: 'it', placeholder: t('not translated yet') });
    const rename = (event: Event) => {
      event.preventDefault();
      admin.updateCategory(category, { name: name.value, nameIt: nameIt.value.trim() || null }).then(
        (saved) => {
          status.textContent = t('Saved: {name}.', { name: saved.name });
          show();
        },
        (error) => (status.textContent = failureText(error)),
      );
    };
    return h(
      'section',
      { class: 'admin-category', 'aria-labelledby': `category-title-${category.id}` },
      h('h2', { id: `category-title-${category.id}` }, category.name, h('span', { class: 'dish-count' }, t(' · {dishCount} on the menu', { dishCount: category.dishCount }))),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', class: 'button secondary', disabled: index === 0, onclick: move('up'), 'data-direction': 'up', 'aria-label': t('Move {name} up', { name: category.name }) }, t('↑ Up')),
        h('button', { type: 'button', class: 'button secondary', disabled: index === count - 1, onclick: move('down'), 'data-direction': 'down', 'aria-label': t('Move {name} down', { name: category.name }) }, t('↓ Down')),
        h(
          'form',
          { class: 'inline', onsubmit: rename },
          h('label', { for: `category-${category.id}` }, t('Name')),
          name,
          h('label', { for: `category-${category.id}-it` }, t('Name in Italian')),
          nameIt,
          h('button', { type: 'submit', class: 'button secondary' }, t('Rename')),
        ),
      ),
      dishes,
      h('p', null, h('a', { href: `/admin/dishes/new?category=${category.id}` }, t('Add a dish to {name}', { name: category.name }))),
    );
  }

  // After a move, focus stays on the button that was pressed, now in the category's new place.
  function show(focusAt?: number, direction?: 'up' | 'down') {
    loadInto(
      list,
      () => admin.categories(ctx.signal),
      (categories) => {
        const blocks = h('div', null, categories.map((category, i) => categoryBlock(category, i, categories.length)));
        if (focusAt !== undefined) queueMicrotask(() => blocks.querySelectorAll<HTMLButtonElement>(`.admin-category`)[focusAt]?.querySelector<HTMLButtonElement>(`button[data-direction="${direction}"]`)?.focus());
        return blocks;
      },
      { signal: ctx.signal, waiting: t('Loading the menu…') },
    );
  }

  const newName = h('input', { id: 'new-category', maxlength: 60, required: true });
  const add = (event: Event) => {
    event.preventDefault();
    admin.createCategory(newName.value, '').then(
      (made) => {
        status.textContent = t('Added {name}.', { name: made.name });
        newName.value = '';
        show();
      },
      (error) => (status.textContent = failureText(error)),
    );
  };
  show();
  return h(
    'div',
    { class: 'admin' },
    h('h1', null, t('Menu')),
    adminNav(),
    status,
    list,
    h('form', { class: 'form inline', onsubmit: add }, h('label', { for: 'new-category' }, t('New category')), newName, h('button', { type: 'submit', class: 'button' }, t('Add category'))),
  );
};
