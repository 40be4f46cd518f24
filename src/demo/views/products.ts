// `/products` (filter `category` in the address, left out for `all`) and `/products/:id`.
import type { Page, PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, loadInto, messageOf } from '../../core/load.js';
import { notFoundContent } from '../../core/not-found.js';
import type { Product } from '../api.js';
import type { Services } from '../services.js';

export const PRODUCTS_LINK = { href: '/products', text: 'See the products' };
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `/products` for all, `/products?category=beauty` for one. */
export const productsAddress = (category: string) => (category && category !== 'all' ? `/products?category=${encodeURIComponent(category)}` : '/products');

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

export const productsPage = ({ api }: Services) => (first: PageContext<unknown>): Page<unknown> => {
  const choices = h('ul', { class: 'choices' });
  const results = h('div', { class: 'results' });
  let categories: { slug: string; name: string }[] = [];
  let category = '';
  let request = new AbortController();
  first.signal.addEventListener('abort', () => request.abort());

  const showChoices = () =>
    choices.replaceChildren(
      ...[{ slug: 'all', name: 'All' }, ...categories].map((choice) =>
        h('li', null, h('a', { href: productsAddress(choice.slug), 'aria-current': choice.slug === category ? 'true' : false }, choice.name)),
      ),
    );

  function show(ctx: PageContext<unknown>) {
    // `all` is never written in the address: an old or typed link loses it, in place.
    if (ctx.query.get('category') === 'all') queueMicrotask(() => ctx.navigate(productsAddress('all'), { replace: true }));
    const next = ctx.query.get('category') || 'all';
    if (next === category) return;
    category = next;
    showChoices();
    request.abort();
    request = new AbortController();
    loadInto(
      results,
      () => api.products(category, request.signal),
      ({ products, total }) =>
        products.length
          ? h('div', null, h('p', { class: 'summary' }, `${total} products`), h('ul', { class: 'cards' }, products.map(card)))
          : h('p', { class: 'notice' }, 'No products in this category.'),
      { signal: request.signal, waiting: 'Loading the products…' },
    );
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
