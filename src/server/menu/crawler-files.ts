// What search engines read: robots.txt (the pages that are not for them, and where the
// sitemap is) and sitemap.xml (every public page: home, the menu, each category, each
// dish). The server writes both from the live menu (crawler-routes.ts); the build writes
// them from the seed menu for a static host (build.mjs), since a host's catch-all rewrite
// would otherwise answer them with index.html. Addresses in both must be absolute.

/** Pages for staff, the kitchen's and the counter's screens, one person's order, sign-in, and the API: nothing a search should show. */
export const PRIVATE_PATHS = ['/api/', '/login', '/account', '/kitchen', '/display', '/pair', '/board', '/forbidden', '/orders/', '/booking', '/admin'];

/** The sitemap protocol's most addresses in one file. */
export const SITEMAP_MAX = 50_000;

export function robotsTxt(origin: string): string {
  // The Italian pages of each too (under /it), but for the API, which has one address.
  const paths = [...PRIVATE_PATHS, ...PRIVATE_PATHS.filter((path) => path !== '/api/').map((path) => `/it${path}`)];
  return ['User-agent: *', ...paths.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A page's address in each language: English as written, Italian under /it (`/` is `/it/`). */
const inLanguages = (path: string) => ({ en: path, it: path === '/' ? '/it/' : `/it${path}` });

/**
 * The public pages of a menu with these category slugs and dish ids, each in English and in
 * Italian, each naming both (`hreflang`, English the `x-default`); at most SITEMAP_MAX addresses.
 */
export function sitemapXml(origin: string, { categories, dishIds }: { categories: string[]; dishIds: number[] }): string {
  const paths = ['/', '/menu', '/book', '/privacy', '/imprint', ...categories.map((slug) => `/menu?category=${encodeURIComponent(slug)}`), ...dishIds.map((id) => `/menu/${id}`)].slice(0, SITEMAP_MAX / 2);
  const urls = paths.flatMap((path) => {
    const both = inLanguages(path);
    const alternates = [...(['en', 'it'] as const).map((lang) => [lang, both[lang]]), ['x-default', both.en]].map(([lang, at]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + at)}"/>`).join('');
    return [both.en, both.it].map((at) => `  <url><loc>${escapeXml(origin + at)}</loc>${alternates}</url>`);
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">', ...urls, '</urlset>', ''].join('\n');
}
