// The menu: what everyone reads (categories, dishes, search with typos forgiven, the
// allergen filter), kept per menu version; what the owner edits; and what search engines
// read (robots.txt, the sitemap).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { menuAdminRoutes } from './admin-routes.js';
import { choicesAdminRoutes } from './choices-routes.js';
import { choicesKitchenRoutes } from './choices-kitchen-routes.js';
import { menuRoutes } from './routes.js';
import type { MenuCache } from './cache.js';

export { crawlerRoutes } from './crawler-routes.js';
export { createMenuCache, KEPT_MENU_ANSWERS, type MenuCache } from './cache.js';
export { searchText } from './search.js';
export { rememberWords } from './search-words.js';
export { bitsOf } from './allergen-bits.js';
export { dishChoiceRows } from './choices-store.js';
export { findDish } from './store.js';

export interface MenuDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  /** The menu's kept answers (cache.ts). */
  menuCache: MenuCache;
}

/** Every menu route of the API: what everyone reads, and the owner's edits. */
export function menuFeature({ db, tokens, clock, menuCache }: MenuDeps): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', menuRoutes(db, menuCache));
  app.route('/', menuAdminRoutes(db, tokens, clock));
  app.route('/', choicesAdminRoutes(db, tokens, clock));
  app.route('/', choicesKitchenRoutes(db, tokens, clock));
  return app;
}
