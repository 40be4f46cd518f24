// The server's list of the site's addresses (page-status.ts: what answers 404) is the site's
// route table's: a page added to one and not the other fails here.
import '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { AppRoute } from '../../src/router/app.js';
import { siteRoutes } from '../../src/site/shell/routes.js';
import type { Services } from '../../src/site/shell/services.js';
import type { StaffSession } from '../../src/site/common/user.js';
import { SITE_PAGES } from '../../src/server/page-status.js';

const Pages = suite('the site’s pages, as the server knows them');

/** Every address pattern of a route table, its layouts and guards walked through. */
function patterns(routes: readonly AppRoute<StaffSession>[], above = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path === undefined ? above : [above, route.path].filter(Boolean).join('/');
    if (route.children) return [...(route.path !== undefined && !route.children.some((child) => child.index) ? [here] : []), ...patterns(route.children, here)];
    return route.path === '*' ? [] : [here];
  });
}

Pages('page-status.ts lists every page of src/site/shell/routes.ts, and nothing else', () => {
  const table = siteRoutes({} as Services, () => Promise.reject(new Error('not loaded')));
  assert.equal([...SITE_PAGES].sort(), [...new Set(patterns(table))].sort());
});

Pages.run();
