// What the site starts once the page has loaded (start.ts fetches this file then, so a landing
// does not wait for it): the menu's watch for sold-out and price changes (menu-watch.ts), and
// the links to the same page in the other language (language-links.ts). It imports nothing
// the first page has: it is one small file of its own.
import type { Navigation } from '../../router/navigation.js';
import { followLanguage } from './language-links.js';
import { watchMenu } from './menu-watch.js';

/** `menuUrl` is the answer the watch asks about; `changed` the event it sends on `document`. */
export function afterLoad(navigation: Navigation, menuUrl: string, changed: string): void {
  watchMenu(menuUrl, changed);
  followLanguage(navigation);
}
