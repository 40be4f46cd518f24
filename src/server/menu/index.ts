// The menu: what everyone reads (categories, dishes, search with typos forgiven, the
// allergen filter), kept per menu version; what the owner edits; and what search engines
// read (robots.txt, the sitemap).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { menuAdminRoutes } from './admin-routes.js';
import { menuRoutes } from './routes.js';

export { crawlerRoutes } from './crawler-routes.js';
/** The addresses whose answers menu/cache.ts keeps (GET): they are made in the language asked only when made. */
export const KEPT_MENU_ANSWERS = /^\/api\/v1\/(categories|dishes(\/[^/]+)?|search)$/;
export { searchText } from './search.js';
export { rememberWords } from './search-words.js';
export { bitsOf } from './allergen-bits.js';

export interface MenuDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  /** At most this many bytes of menu answers are kept (cache.ts). */
  menuCacheBytes?: number;
}

/** Every menu route of the API: what everyone reads, and the owner's edits. */
export function menuFeature({ db, tokens, clock, menuCacheBytes }: MenuDeps): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', menuRoutes(db, { cacheBytes: menuCacheBytes }));
  app.route('/', menuAdminRoutes(db, tokens, clock));
  return app;
}
