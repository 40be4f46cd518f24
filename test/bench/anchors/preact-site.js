// Anchor for the navigation benchmark: the diner's pages of the site (layout, home, menu,
// dish) written the usual way with Preact + wouter, with the same markup, the same
// stylesheet and the same API calls, so the browser paints the same thing.
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Link, Route, Switch, useParams, useSearch } from 'wouter';
import '../../../src/site/styles.css';

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const price = (cents) => euros.format(cents / 100);

function useApi(path) {
  const [state, setState] = useState({ data: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    setState({ data: null, error: null });
    fetch(`/api/v1${path}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`Request failed (HTTP ${response.status})`))))
      .then((data) => setState({ data, error: null }), (error) => !controller.signal.aborted && setState({ data: null, error }));
    return () => controller.abort();
  }, [path]);
  return state;
}

const Tags = ({ tags }) => (tags.length ? h('ul', { class: 'tags', 'aria-label': 'Dietary' }, tags.map((tag) => h('li', { key: tag }, tag.replace(/-/g, ' ')))) : null);

const Card = ({ dish }) =>
  h('li', { class: 'card' },
    h('img', { src: dish.image, alt: '', width: 400, height: 300, loading: 'lazy', decoding: 'async' }),
    h('div', { class: 'card-body' },
      h('h3', null, h(Link, { href: `/menu/${dish.id}` }, dish.name)),
      h('p', { class: 'card-text' }, dish.description),
      h('div', { class: 'card-foot' }, h('p', { class: 'price' }, price(dish.priceCents)), h(Tags, { tags: dish.tags }))));

const Waiting = ({ text }) => h('p', { class: 'status', role: 'status' }, text);

function Home() {
  const { data } = useApi('/dishes?featured=true');
  return h('div', { class: 'home' },
    h('section', { class: 'hero' },
      h('div', { class: 'hero-text' },
        h('p', { class: 'eyebrow' }, 'Roman trattoria'),
        h('h1', null, 'Fresh pasta, wood-fired pizza, Roman classics'),
        h('p', { class: 'lead' }, 'Pasta rolled every morning, dough that rises for 48 hours, and a tiramisù worth the walk. Order at your table or for pickup.'),
        h('p', { class: 'actions' }, h(Link, { href: '/menu', class: 'button large' }, 'See the menu and order')),
        h('dl', { class: 'visit' },
          h('div', null, h('dt', null, 'Open'), h('dd', null, 'Tuesday to Sunday, 12:00–15:00 and 19:00–23:00')),
          h('div', null, h('dt', null, 'Where'), h('dd', null, 'Via dei Serpenti 42, Rome · ', h('a', { href: 'https://www.openstreetmap.org/search?query=Via%20dei%20Serpenti%2042%20Rome' }, 'map'))))),
      h('img', { class: 'hero-picture', src: '/images/hero.svg', alt: 'A table at Tavola: pizza, pasta, basil and lemonade', width: 640, height: 520 })),
    h('section', null, h('h2', null, "Today's highlights"), data ? h('ul', { class: 'cards highlights' }, data.dishes.map((dish) => h(Card, { key: dish.id, dish }))) : h(Waiting, { text: "Loading today's highlights…" })));
}

function Menu() {
  const search = new URLSearchParams(useSearch());
  const category = search.get('category') || 'all';
  const categories = useApi('/categories').data?.categories ?? [];
  const { data } = useApi(category === 'all' ? '/dishes' : `/dishes?category=${encodeURIComponent(category)}`);
  return h('div', { class: 'menu' },
    h('h1', null, 'Menu'),
    h('p', { class: 'lead' }, 'Fresh pasta rolled every morning, pizza from the wood oven, and Roman classics. Order at your table or for pickup.'),
    h('nav', { 'aria-label': 'Categories' }, h('ul', { class: 'choices' }, [{ slug: 'all', name: 'All' }, ...categories].map((choice) =>
      h('li', { key: choice.slug }, h(Link, { href: choice.slug === 'all' ? '/menu' : `/menu?category=${choice.slug}`, 'aria-current': choice.slug === category ? 'true' : undefined }, choice.name))))),
    h('form', { role: 'search', class: 'search', onSubmit: (event) => event.preventDefault() }, h('label', { for: 'menu-search' }, 'Search the menu'), h('input', { type: 'search', id: 'menu-search', name: 'q', autocomplete: 'off', placeholder: 'Try vegan, fish, gluten free…' })),
    h('p', { class: 'summary', role: 'status' }, data ? `${data.dishes.length} dishes` : ''),
    h('div', { class: 'results' }, data
      ? h('div', { class: 'sections' }, categories.map((section) => {
          const mine = data.dishes.filter((dish) => dish.category === section.slug);
          return mine.length ? h('section', { key: section.slug, class: 'menu-section' }, h('h2', null, section.name), h('p', { class: 'section-intro' }, section.description), h('ul', { class: 'cards' }, mine.map((dish) => h(Card, { key: dish.id, dish })))) : null;
        }))
      : h(Waiting, { text: 'Loading the menu…' })));
}

function Dish() {
  const { id } = useParams();
  const { data } = useApi(`/dishes/${id}`);
  return h('article', { class: 'dish' },
    h('p', { class: 'back' }, h(Link, { href: '/menu' }, '← Back to the menu')),
    h('img', { class: 'dish-picture', src: data?.image, alt: data?.name ?? '', width: 400, height: 300 }),
    h('div', { class: 'about' }, h('h1', null, data ? data.name : 'Dish'),
      h('div', { class: 'dish-details' }, data ? [h('p', { class: 'price' }, price(data.priceCents)), h('p', null, data.description), h(Tags, { tags: data.tags })] : h(Waiting, { text: 'Loading the dish…' }))));
}

const App = () =>
  h('div', { class: 'shell' },
    h('header', { class: 'site-header' }, h('div', { class: 'bar' },
      h(Link, { href: '/', class: 'brand' }, 'Tavola'),
      h('nav', { 'aria-label': 'Main' }, h('ul', { class: 'nav-links' }, h('li', null, h(Link, { href: '/menu' }, 'Menu')), h('li', null, h(Link, { href: '/book' }, 'Book')))),
      h('div', { class: 'tools' }, h('button', { type: 'button', class: 'cart-button' }, 'Cart ', h('span', { class: 'count' }, '0')), h('a', { href: '/login', class: 'staff-link' }, 'Staff')))),
    h('main', { id: 'main' }, h(Switch, null, h(Route, { path: '/', component: Home }), h(Route, { path: '/menu', component: Menu }), h(Route, { path: '/menu/:id', component: Dish }))),
    h('footer', { class: 'site-footer' },
      h('p', { class: 'footer-name' }, 'Tavola · Roman trattoria'),
      h('p', null, 'Via dei Serpenti 42, Rome · ', h('a', { href: 'https://www.openstreetmap.org/search?query=Via%20dei%20Serpenti%2042%20Rome' }, 'Find us on OpenStreetMap')),
      h('p', null, 'Open Tuesday to Sunday, 12:00–15:00 and 19:00–23:00'),
      h('p', { class: 'developers' }, 'For developers: ', h('a', { href: '/api/docs', rel: 'external' }, 'the API'))));

render(h(App), document.getElementById('app'));
