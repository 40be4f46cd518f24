// GET /robots.txt and /sitemap.xml, from the menu as it is now (see crawlers.ts). They
// come before the built site's files, whose copies were written from the seed menu. The
// sitemap reads every dish (up to the protocol's 50,000, in id order through the primary
// key), so it is made once per menu version and kept.
import { Hono } from 'hono';
import type { Db } from '../db/schema.js';
import { robotsTxt, SITEMAP_MAX, sitemapXml } from './crawler-files.js';
import { menuVersion } from './version.js';

/** `publicOrigin` names the site in the addresses; empty uses the origin each request was sent to. */
export function crawlerRoutes(db: Db, publicOrigin: string): Hono {
  const app = new Hono();
  const originOf = (url: string) => publicOrigin || new URL(url).origin;
  // Crawlers may keep them an hour; the menu does not change by the minute.
  const cache = { 'Cache-Control': 'public, max-age=3600' };

  app.get('/robots.txt', (c) => c.body(robotsTxt(originOf(c.req.url)), 200, { ...cache, 'Content-Type': 'text/plain; charset=utf-8' }));

  let kept: { version: number; origin: string; xml: string } | undefined;
  app.get('/sitemap.xml', async (c) => {
    const version = await menuVersion(db);
    const origin = originOf(c.req.url);
    if (kept?.version !== version || kept.origin !== origin) {
      const categories = await db.selectFrom('categories').select('slug').orderBy('position').execute();
      const dishes = await db.selectFrom('dishes').select('id').orderBy('id').limit(SITEMAP_MAX).execute();
      kept = { version, origin, xml: sitemapXml(origin, { categories: categories.map((row) => row.slug), dishIds: dishes.map((row) => row.id) }) };
    }
    return c.body(kept.xml, 200, { ...cache, 'Content-Type': 'application/xml; charset=utf-8' });
  });
  return app;
}
