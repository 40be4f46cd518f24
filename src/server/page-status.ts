// The status a page of the site answers with: 200 for an address the site draws something
// at, 404 for one that names nothing (an unknown path, a dish or a category the menu does not
// have), the page's shell still sent, so the browser draws the "Page not found" page while a
// crawler or a link checker is told the truth. The page addresses are the site's route table
// (src/site/shell/routes.ts, held to this list by a test), in both languages (`/it` before them).
import type { Db } from './db/schema.js';
import { createMatcher } from '../router/match.js';
import { findDish } from './menu/index.js';

/** Every address pattern of src/site/shell/routes.ts: its pages and the screens'. */
export const SITE_PAGES = [
  '',
  'menu',
  'menu/:id',
  'orders/:id',
  'bill',
  'login',
  'set-password',
  'account',
  'kitchen',
  'book',
  'booking',
  'bookings',
  'tables',
  'tables/:table',
  'tables/:table/order',
  'admin',
  'admin/:section',
  'admin/:section/:id',
  'forbidden',
  'privacy',
  'imprint',
  'display',
  'pair',
  'board',
] as const;

const match = createMatcher(SITE_PAGES.map((path) => (path ? { path } : { index: true })));

/** 200 or 404 for a page's address (`path` as sent, `/it/…` too) and its query. */
export function pageStatus(db: Db): (path: string, query: URLSearchParams) => Promise<200 | 404> {
  return async (path, query) => {
    const page = path === '/it' || path.startsWith('/it/') ? path.slice(3) || '/' : path;
    const found = match(page);
    if (!found) return 404;
    const route = found.routes.at(-1)!;
    if (route.path === 'menu/:id') {
      const id = found.params.id!;
      if (!/^[1-9]\d{0,15}$/.test(id)) return 404;
      // A dish the menu has, as GET /dishes/{id} answers it (archived ones are not).
      return (await findDish(db, Number(id))) ? 200 : 404;
    }
    const category = query.get('category');
    if (route.path === 'menu' && category) {
      const known = await db.selectFrom('categories').select('id').where('slug', '=', category).executeTakeFirst();
      return known ? 200 : 404;
    }
    return 200;
  };
}
