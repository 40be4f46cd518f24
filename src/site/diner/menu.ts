// `/menu`: category links and a search box over the dishes, shown in sections by category
// with each category's description. The filters live only in the address: a category is
// a link (a new history entry), typing replaces the entry. The page stays mounted while
// only the query changes, and its links are updated in place, so focus stays where it is.
// Dishes come a page at a time: "Show more dishes" adds the next page to the sections and
// takes focus to the first dish it added.
import type { Page, PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { ALLERGENS, MENU_CHANGED, type Category, type Dish, type DishPage } from '../common/api.js';
import type { Services } from '../shell/services.js';
import { dishCard, placeholderCards, shapes, showInCart } from './dish-card.js';
import { interceptLinks } from '../../router/links.js';
import type { Cart } from './cart.js';
import { t, tn } from '../../core/words.js';
import { appHref, appPath } from '../../core/dom.js';
import { allergenWord } from '../common/allergen-words.js';
import type { AllergenFilter } from './menu-filter.js';

type MenuMore = typeof import('./menu-more.js');
const later = (): Promise<MenuMore> => import('./menu-more.js');

/** What the search box suggests; a test checks that each finds a dish. */
export const SEARCH_EXAMPLES = [t('vegan'), t('fish'), t('gluten free')];

/** The address of the menu with these filters; `all`, an empty search and no allergens are left out. */
export function menuAddress(category: string, q: string, without: readonly string[] = []): string {
  const query = new URLSearchParams();
  if (category && category !== 'all') query.set('category', category);
  if (q) query.set('q', q);
  if (without.length) query.set('without', without.join());
  return query.size ? `/menu?${query}`.replace(/%2C/g, ',') : '/menu';
}

const ALL: Category = { slug: 'all', name: t('All'), description: '', dishCount: 0 };

// The dishes of each category, in menu order, under its name and description. A card's
// position counts across sections: the first cards of the page load their pictures first.
function sections(dishes: Dish[], categories: Category[], cart: Cart): Node {
  const known = categories.length ? categories : [...new Set(dishes.map((dish) => dish.category))].map((slug) => ({ ...ALL, slug, name: slug }));
  let position = 0;
  return h(
    'div',
    { class: 'sections' },
    known.map((category) => {
      const mine = dishes.filter((dish) => dish.category === category.slug);
      if (!mine.length) return null;
      return h(
        'section',
        { class: 'menu-section', 'aria-labelledby': `section-${category.slug}` },
        h('h2', { id: `section-${category.slug}`, lang: category.untranslated?.name }, category.name),
        category.description ? h('p', { class: 'section-intro', lang: category.untranslated?.description }, category.description) : null,
        h('ul', { class: 'cards' }, mine.map((dish) => dishCard(dish, position++, cart))),
      );
    }),
  );
}

// While the first page loads: a section of cards without words, as tall as the real one,
// so nothing on screen moves when the dishes arrive.
const sectionsPlaceholder = () =>
  h('div', { class: 'sections', 'aria-hidden': 'true' }, h('section', { class: 'menu-section' }, shapes('heading', 'intro'), placeholderCards(8)));

export const menuPage = (services: Services) => (first: PageContext<unknown>): Page<unknown> => {
  const { api, cart } = services;
  const filters = (ctx: PageContext<unknown>) => ({
    category: ctx.query.get('category') || 'all',
    q: ctx.query.get('q') ?? '',
    // Known codes only, in the list's order: `without=eggs,milk,x` is `milk,eggs`.
    without: ALLERGENS.filter((code) => ctx.query.get('without')?.split(',').includes(code)),
  });
  let current = filters(first);
  let here = first.here;
  let categories: Category[] = api.seenCategories();

  const search = h('input', { type: 'search', id: 'menu-search', name: 'q', autocomplete: 'off', placeholder: t('Try {examples}…', { examples: SEARCH_EXAMPLES.join(', ') }) });
  search.value = current.q;
  search.addEventListener('input', () => first.navigate(menuAddress(current.category, search.value, current.without), { replace: true }));
  // "Without …": a box per allergen (menu-filter.ts, fetched when the filter opens); each
  // change replaces the entry, as typing does.
  // The count again by the boxes, where a finger just ticked one (the summary below announces it).
  const countByFilter = h('p', { class: 'without-count' });
  let filter: Promise<AllergenFilter> | undefined;
  const openFilter = () =>
    (filter ??= import('./menu-filter.js').then(({ allergenFilter }) => {
      const made = allergenFilter(countByFilter, (codes) => first.navigate(menuAddress(current.category, current.q, codes), { replace: true }));
      made.show(current.without);
      without.append(...made.nodes);
      return made;
    }));
  const without = h('details', { class: 'without', open: current.without.length > 0, ontoggle: () => without.open && void openFilter() }, h('summary', null, t('Allergies? Hide dishes with…')));
  const showWithout = () => void (current.without.length ? openFilter() : filter)?.then((made) => made.show(current.without));
  const form = h('form', { role: 'search', class: 'search', onsubmit: (event: Event) => event.preventDefault() }, h('label', { for: 'menu-search' }, t('Search the menu')), search);

  const choices = h('ul', { class: 'choices' });
  const results = h('div', { class: 'results' });
  const summary = h('p', { class: 'summary', role: 'status' });
  let request = new AbortController();
  // menu-more.ts: fetched once the document has loaded, or when first needed.
  if (document.readyState === 'complete') later().catch(() => {});
  else addEventListener('load', () => later().catch(() => {}), { once: true, signal: first.signal });
  first.signal.addEventListener('abort', () => request.abort());

  // One link per category, made once and then only updated, so the one just used keeps focus.
  function showChoices() {
    showWithout();
    const links = [...choices.querySelectorAll('a')];
    const wanted = [ALL, ...categories];
    if (links.length !== wanted.length) {
      choices.replaceChildren(...wanted.map((category) => h('li', null, h('a', { href: '', 'data-category': category.slug, lang: category.untranslated?.name }, category.name))));
    }
    for (const link of choices.querySelectorAll('a')) {
      link.href = appHref(menuAddress(link.dataset.category!, current.q, current.without));
      if (link.dataset.category === current.category) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  }

  // What the summary says: how many, where, for what, and whether more are to come.
  function describe(shown: number, more: boolean) {
    const { category, q } = current;
    const name = categories.find((known) => known.slug === category)?.name ?? category;
    summary.textContent = [
      more ? tn('The first dish', 'The first {count} dishes', shown) : tn('1 dish', '{count} dishes', shown),
      category !== 'all' && t('in {category}', { category: name }),
      q && t('for “{q}”', { q }),
      excluded(),
    ]
      .filter(Boolean)
      .join(' ');
    countByFilter.textContent = current.without.length ? summary.textContent : '';
  }

  const excluded = () => (current.without.length ? t('without {list}', { list: current.without.map(allergenWord).join(', ') }) : '');

  // The dishes so far in their sections, and a button for the next page while there is one.
  function showPage(shown: Dish[], next: number | null): Node {
    describe(shown.length, next !== null);
    const list = sections(shown, categories, cart);
    if (next === null) return list;
    const place = h('div', { class: 'more-place' });
    const showMore = () =>
      loadInto(
        place,
        () => Promise.all([api.dishes(current, { after: next, signal: request.signal }), later()]),
        ([{ dishes, next: after }, file]) => file.showAdded(results, showPage([...shown, ...dishes], after), dishes[0]),
        { signal: request.signal, waiting: t('Loading more dishes…') },
      );
    place.append(h('button', { type: 'button', class: 'button secondary', onclick: showMore }, t('Show more dishes')));
    return h('div', null, list, place);
  }

  function showDishes() {
    request.abort();
    request = new AbortController();
    const { category, q, without } = current;
    summary.textContent = '';
    countByFilter.textContent = current.without.length ? t('Counting the dishes…') : '';
    loadInto(
      results,
      // Asked at the same time; the sections need the categories' names and descriptions. An
      // empty list's words come with menu-more.ts (fetched by now, unless the page just loaded).
      () =>
        Promise.all([api.dishes({ category, q, without }, { signal: request.signal }), loaded]).then(([page]) =>
          page.dishes.length ? { page } : later().then((file) => ({ page, file })),
        ),
      ({ page: { dishes, next }, file }: { page: DishPage; file?: MenuMore }) => {
        if (dishes.length || !file) return showPage(dishes, next);
        describe(0, false);
        // An unknown category's address (an old link): the real ones are the links above.
        const unknown = category !== 'all' && categories.length > 0 && !categories.some((known) => known.slug === category);
        return file.emptyNotice({ category, q, without: excluded() }, unknown);
      },
      { signal: request.signal, waiting: t('Loading the menu…'), placeholder: sectionsPlaceholder },
    );
  }

  const loaded = api.categories(first.signal).then(
    (found) => {
      categories = found;
      showChoices();
    },
    () => {}, // the dish list shows the failure; the sections are then named by their slugs
  );
  showChoices();
  showDishes();
  // A dish opened from here knows the address it came from: its back link returns to it (the same search and scroll).
  first.signal.addEventListener('abort', interceptLinks(results, (to) => first.navigate(appPath(to), { state: { menu: here } })));
  first.signal.addEventListener('abort', showInCart(results, cart));
  // The menu changed (menu-watch.ts): the cards on screen are drawn again where they are,
  // and a card the filters no longer let through (a dish that now has milk) goes.
  // The menu changed (menu-watch.ts): the cards on screen are drawn again where they are.
  document.addEventListener(
    MENU_CHANGED,
    () => void Promise.all([api.dishes(current, { signal: request.signal }), later()]).then(([page, file]) => file.redrawCards(results, page, cart), () => {}),
    { signal: first.signal },
  );

  return {
    node: h(
      'div',
      { class: 'menu' },
      h('h1', null, t('Menu')),
      h('p', { class: 'lead' }, t('Fresh pasta rolled every morning, pizza from the wood oven, and Roman classics. Order at your table or for pickup.')),
      h('nav', { 'aria-label': t('Categories') }, choices),
      form,
      without,
      h('p', { class: 'hint' }, t('Each dish lists the 14 allergens of EU law it contains. Tell us about any allergy in your order’s note.')),
      summary,
      results,
    ),
    update(ctx) {
      const next = filters(ctx);
      here = ctx.here;
      const same = next.category === current.category && next.q === current.q && `${next.without}` === `${current.without}`;
      current = next;
      if (same) return;
      // Back/Forward brings another search text: show it, without disturbing someone typing it.
      if (search.value !== current.q) search.value = current.q;
      showChoices();
      showDishes();
    },
  };
};
