// The menu: what everyone reads (categories, dishes, search with typos forgiven, the
// allergen filter), kept per menu version; what the owner edits; and what search engines
// read (robots.txt, the sitemap).
export { menuRoutes } from './routes.js';
export { menuAdminRoutes } from './admin-routes.js';
export { crawlerRoutes } from './crawler-routes.js';
export { searchText } from './search.js';
export { rememberWords } from './search-words.js';
export { bitsOf } from './allergen-bits.js';
