// `*`: an address the site does not have. A file of its own, like the diner's pages, so a
// landing on the menu does not carry it.
import type { PageContext } from '../../router/app.js';
import { notFoundContent } from '../../core/not-found.js';
import { t } from '../../core/words.js';

/** Where a diner goes on from a page that is not there. */
const MENU_LINK = { href: '/menu', text: t('See the menu') };

export const notFoundPage = (ctx: PageContext<unknown>) => notFoundContent(ctx.here, MENU_LINK);
