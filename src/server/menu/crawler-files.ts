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
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The public pages of a menu with these category slugs and dish ids, at most SITEMAP_MAX addresses. */
export function sitemapXml(origin: string, { categories, dishIds }: { categories: string[]; dishIds: number[] }): string {
  const paths = ['/', '/menu', '/book', '/privacy', '/imprint', ...categories.map((slug) => `/menu?category=${encodeURIComponent(slug)}`), ...dishIds.map((id) => `/menu/${id}`)].slice(0, SITEMAP_MAX);
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
