// `/menu`: categories and a search box over the dish list. The filters live only in
// the address: a category is a link (a new history entry), typing replaces the entry.
// The page stays mounted while only the query changes, so the search box keeps focus.
import type { Page, PageContext } from '../../core/app.js';
import { h } from '../../core/dom.js';
import type { Category } from '../api.js';
import type { Services } from '../services.js';
import { dishCard } from './dish-card.js';
import { loadInto } from '../../core/load.js';

/** The address of the menu with these filters; `all` and an empty search are left out. */
export function menuAddress(category: string, q: string): string {
  const query = new URLSearchParams();
  if (category && category !== 'all') query.set('category', category);
  if (q) query.set('q', q);
  return query.size ? `/menu?${query}` : '/menu';
}

export const menuPage = ({ api }: Services) => (first: PageContext<unknown>): Page<unknown> => {
  const filters = (ctx: PageContext<unknown>) => ({ category: ctx.query.get('category') || 'all', q: ctx.query.get('q') ?? '' });
  let current = filters(first);
  let categories: Category[] = [];

  const search = h('input', { type: 'search', id: 'menu-search', name: 'q', autocomplete: 'off', placeholder: 'carbonara, vegan, pistachio…' });
  search.value = current.q;
  search.addEventListener('input', () => first.navigate(menuAddress(current.category, search.value), { replace: true }));
  const form = h('form', { role: 'search', class: 'search', onsubmit: (event: Event) => event.preventDefault() }, h('label', { for: 'menu-search' }, 'Search the menu'), search);

  const choices = h('ul', { class: 'choices' });
  const results = h('div', { class: 'results' });
  const summary = h('p', { class: 'summary', role: 'status' });
  let request = new AbortController();
  first.signal.addEventListener('abort', () => request.abort());

  function showChoices() {
    const all = { slug: 'all', name: 'All', dishCount: categories.reduce((sum, category) => sum + category.dishCount, 0) };
    choices.replaceChildren(
      ...[all, ...categories].map((category) =>
        h('li', null, h('a', { href: menuAddress(category.slug, current.q), 'aria-current': category.slug === current.category ? 'true' : false }, category.name)),
      ),
    );
  }

  function showDishes() {
    request.abort();
    request = new AbortController();
    const { category, q } = current;
    summary.textContent = '';
    loadInto(
      results,
      () => api.dishes({ category, q }, request.signal),
      (dishes) => {
        summary.textContent = `${dishes.length} ${dishes.length === 1 ? 'dish' : 'dishes'}${q ? ` for “${q}”` : ''}`;
        if (dishes.length) return h('ul', { class: 'cards' }, dishes.map(dishCard));
        return h('div', { class: 'notice' }, h('p', null, q ? `No dishes match “${q}”.` : 'No dishes in this category.'), h('a', { href: '/menu' }, 'Show the whole menu'));
      },
      { signal: request.signal, waiting: 'Loading the menu…' },
    );
  }

  api.categories(first.signal).then(
    (loaded) => {
      categories = loaded;
      showChoices();
    },
    () => {}, // the dish list shows the failure; the category links just stay at "All"
  );
  showChoices();
  showDishes();

  return {
    node: h('div', { class: 'menu' }, h('h1', null, 'Menu'), h('nav', { 'aria-label': 'Categories' }, choices), form, summary, results),
    update(ctx) {
      const next = filters(ctx);
      if (next.category === current.category && next.q === current.q) return;
      current = next;
      // Back/Forward brings another search text: show it, without disturbing someone typing it.
      if (search.value !== current.q) search.value = current.q;
      showChoices();
      showDishes();
    },
  };
};
