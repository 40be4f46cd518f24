// `/products` (filter `category` and `page` in the address, left out for `all` and page 1)
// and `/products/:id`.
import type { Page, PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, loadInto, messageOf } from '../../core/load.js';
import { notFoundContent } from '../../core/not-found.js';
import { PAGE_SIZE, type Product } from '../api.js';
import type { Services } from '../services.js';

export const PRODUCTS_LINK = { href: '/products', text: 'See the products' };
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `/products` for all, `/products?category=beauty` for one, `&page=3` past the first page. */
export function productsAddress(category: string, page = 1): string {
  const query = new URLSearchParams();
  if (category && category !== 'all') query.set('category', category);
  if (page > 1) query.set('page', String(page));
  return query.size ? `/products?${query}` : '/products';
}

/** The page numbers a pager shows: the first, the last, and two either side of `page`; 0 where some are left out. */
export function pagerNumbers(page: number, pages: number): number[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i && n - shown[i - 1]! > 1 ? [0, n] : [n]));
}

/** Stars to see, and the words a screen reader says: "Rated 4.5 of 5". */
export const rating = (value: number) =>
  h('p', { class: 'rating' }, h('span', { 'aria-hidden': 'true' }, `★ ${value.toFixed(1)}`), h('span', { class: 'visually-hidden' }, `Rated ${value} of 5`));

const card = (product: Product) =>
  h(
    'li',
    { class: 'card' },
    h('img', { src: product.thumbnail, alt: '', width: 300, height: 300, loading: 'lazy' }),
    h('div', { class: 'card-body' }, h('h2', null, h('a', { href: `/products/${product.id}` }, product.title)), h('div', { class: 'card-foot' }, h('p', { class: 'price' }, dollars.format(product.price)), rating(product.rating))),
  );

// Links to the other pages: Previous, the numbers (the current one marked), Next.
function pager(category: string, page: number, pages: number): Node {
  const link = (n: number, text: string, rel?: string) => h('li', null, h('a', { href: productsAddress(category, n), rel: rel ?? null, 'aria-current': !rel && n === page ? 'page' : false }, text));
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    h(
      'ul',
      null,
      page > 1 ? link(page - 1, '← Previous', 'prev') : null,
      pagerNumbers(page, pages).map((n) => (n ? link(n, String(n)) : h('li', { 'aria-hidden': 'true' }, '…'))),
      page < pages ? link(page + 1, 'Next →', 'next') : null,
    ),
  );
}

export const productsPage = ({ api }: Services) => (first: PageContext<unknown>): Page<unknown> => {
  const choices = h('ul', { class: 'choices' });
  const results = h('div', { class: 'results' });
  let categories: { slug: string; name: string }[] = [];
  let shown = ''; // the address whose products are on screen
  let category = 'all';
  let request = new AbortController();
  first.signal.addEventListener('abort', () => request.abort());

  const showChoices = () =>
    choices.replaceChildren(
      ...[{ slug: 'all', name: 'All' }, ...categories].map((choice) =>
        h('li', null, h('a', { href: productsAddress(choice.slug), 'aria-current': choice.slug === category ? 'true' : false }, choice.name)),
      ),
    );

  function show(ctx: PageContext<unknown>) {
    const before = category;
    category = ctx.query.get('category') || 'all';
    const asked = ctx.query.get('page');
    const page = asked === null ? 1 : Number(asked);
    // `all`, page 1, and a page that is no whole number ≥ 1 (`0`, `-2`, `x`) are never written
    // in the address: an old or typed link loses them, in place. `page=03` becomes `page=3`.
    const address = productsAddress(category, Number.isSafeInteger(page) && page >= 1 ? page : 1);
    if (address !== ctx.here) return queueMicrotask(() => ctx.navigate(address, { replace: true }));
    if (address === shown) return;
    const turned = shown !== '' && category === before; // another page of the same list
    shown = address;
    showChoices();
    request.abort();
    request = new AbortController();
    loadInto(
      results,
      () => api.products(category, page, request.signal),
      ({ products, total }) => {
        const pages = Math.ceil(total / PAGE_SIZE);
        if (!total) return h('p', { class: 'notice' }, 'No products in this category.');
        if (!products.length)
          return h('div', { class: 'notice' }, h('p', null, `There is no page ${page}: the products end at page ${pages}.`), h('a', { href: productsAddress(category, pages) }, `Go to page ${pages}`));
        const from = (page - 1) * PAGE_SIZE + 1;
        return h(
          'div',
          null,
          h('p', { class: 'summary', role: 'status' }, `${total} products · ${from}–${from + products.length - 1}, page ${page} of ${pages}`),
          h('ul', { class: 'cards' }, products.map(card)),
          pages > 1 ? pager(category, page, pages) : null,
        );
      },
      { signal: request.signal, waiting: 'Loading the products…' },
    );
    // Another page of the same list starts at its top, as a new page does.
    if (turned) scrollTo(0, 0);
  }

  api.categories(first.signal).then((loaded) => {
    categories = loaded;
    showChoices();
  }, () => {});
  show(first);
  return { node: h('div', null, h('h1', null, 'Products'), h('nav', { 'aria-label': 'Categories' }, choices), results), update: show };
};

export const productPage = ({ api }: Services) => (ctx: PageContext<unknown>) => {
  const page = h('div', { class: 'dish' });
  // The param is a string, converted with Number() as the spec says: `abc`, `0`, `1.5` and `-1` are no product.
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id < 1) {
    ctx.retitle('Page not found');
    return notFoundContent(ctx.here, PRODUCTS_LINK);
  }
  function load() {
    page.replaceChildren(h('h1', null, 'Product'), h('p', { class: 'status', role: 'status' }, 'Loading the product…'));
    api.product(id, ctx.signal).then(
      (product) => {
        ctx.retitle(product.title);
        page.replaceChildren(
          h('p', { class: 'back' }, h('a', { href: productsAddress(product.category) }, '← Back to the products')),
          h('img', { src: product.thumbnail, alt: product.title, width: 300, height: 300 }),
          h(
            'div',
            { class: 'about' },
            h('h1', null, product.title),
            h('p', { class: 'price' }, dollars.format(product.price)),
            h('p', null, product.description),
            rating(product.rating),
            h('p', null, `${product.stock} in stock`, product.brand ? ` · ${product.brand}` : ''),
          ),
        );
      },
      (error: unknown) => {
        if (ctx.signal.aborted) return;
        if (error instanceof RequestError && error.status === 404) {
          ctx.retitle('Page not found');
          return page.replaceChildren(notFoundContent(ctx.here, PRODUCTS_LINK));
        }
        // No answer at all (the public API's 429 comes without CORS headers, so it looks like this too): try again.
        page.replaceChildren(h('h1', null, 'Product'), failureNotice(messageOf(error), load));
      },
    );
  }
  load();
  return page;
};
