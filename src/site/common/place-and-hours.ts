// The restaurant's place and opening hours, from the API, into the elements that show them:
// the footer every page has and the home page's "Find us" say them alike.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import { telHref } from '../../shared/restaurant-records.js';
import type { SiteApi } from './api.js';

/**
 * Where the restaurant is, as the Admin set it (/admin/restaurant), into `line`: the address,
 * the phone and a map link. The footer shows it (index.html paints the seed's until the API
 * answers); the home page starts from a copy of the footer's, so nothing moves when it comes.
 */
export function showPlace(api: SiteApi, line: Element): Element {
  api.restaurant().then(
    ({ address, phone }) =>
      line.replaceChildren(address, ' · ', h('a', { href: telHref(phone) }, phone), ' · ', h('a', { href: `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` }, t('Find us on OpenStreetMap'))),
    () => {}, // the seed's words stay: not worth an error message
  );
  return line;
}

/** When the restaurant is open, from the API, into `text`: "Open now · until 23:00 · Tuesday to Sunday, …". */
export function showHours(api: SiteApi, text: Element): Element {
  api.hours().then(
    (hours) => (text.textContent = `${hours.summary} · ${hours.weekText}`),
    () => {}, // the footer is not worth an error message
  );
  return text;
}
