import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestApi } from '../helpers/api.js';

// robots.txt and sitemap.xml from the server: the menu as it is now, on the public origin.
const Crawlers = suite('GET /robots.txt and /sitemap.xml');

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

Crawlers('robots.txt keeps crawlers off staff pages, orders, bookings, the owner’s pages and the API, and names the sitemap on the public origin', async () => {
  const api = await createTestApi({ publicOrigin: 'https://tavola.example' });
  const answer = await api.request('/robots.txt');
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('Content-Type'), 'text/plain; charset=utf-8');
  assert.is(answer.headers.get('Cache-Control'), 'public, max-age=3600');
  assert.is(await answer.text(), 'User-agent: *\nDisallow: /api/\nDisallow: /login\nDisallow: /account\nDisallow: /kitchen\nDisallow: /display\nDisallow: /pair\nDisallow: /board\nDisallow: /forbidden\nDisallow: /orders/\nDisallow: /booking\nDisallow: /admin\nDisallow: /it/login\nDisallow: /it/account\nDisallow: /it/kitchen\nDisallow: /it/display\nDisallow: /it/pair\nDisallow: /it/board\nDisallow: /it/forbidden\nDisallow: /it/orders/\nDisallow: /it/booking\nDisallow: /it/admin\nAllow: /\n\nSitemap: https://tavola.example/sitemap.xml\n');
});

Crawlers('the sitemap lists home, the menu, the booking form, the privacy notice and the imprint, every category in menu order and every dish, from the database, each in English and in Italian', async () => {
  const api = await createTestApi();
  const first = await api.request('/sitemap.xml');
  assert.is(first.headers.get('Content-Type'), 'application/xml; charset=utf-8');
  const xml = await first.text();
  const all = locs(xml);
  assert.is(all.length, 76);
  const before = all.filter((loc) => !loc!.startsWith('http://localhost/it/'));
  assert.is(before.length, 38);
  assert.equal(before.slice(0, 6), ['http://localhost/', 'http://localhost/menu', 'http://localhost/book', 'http://localhost/privacy', 'http://localhost/imprint', 'http://localhost/menu?category=antipasti']);
  assert.equal(all.slice(0, 4), ['http://localhost/', 'http://localhost/it/', 'http://localhost/menu', 'http://localhost/it/menu']);
  // Each address names both languages, English the default.
  assert.match(xml, '<url><loc>http://localhost/it/menu</loc><xhtml:link rel="alternate" hreflang="en" href="http://localhost/menu"/><xhtml:link rel="alternate" hreflang="it" href="http://localhost/it/menu"/><xhtml:link rel="alternate" hreflang="x-default" href="http://localhost/menu"/></url>');
  const pizza = await api.db.selectFrom('categories').select('id').where('slug', '=', 'pizza').executeTakeFirstOrThrow();
  const { id } = await api.db
    .insertInto('dishes')
    .values({ category_id: pizza.id, name: 'Diavola', description: 'Spicy salami.', price_cents: 1300, tags: '[]', image: '/images/dishes/margherita.svg', featured: 0, search_text: 'diavola' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = locs(await (await api.request('/sitemap.xml')).text());
  assert.is(after.length, 78);
  assert.equal(after.slice(-2), [`http://localhost/menu/${id}`, `http://localhost/it/menu/${id}`]);
});

Crawlers.run();
