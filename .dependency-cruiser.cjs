// The rules Tavola's structure keeps, checked by `npm test` (test/unit/architecture.test.ts
// runs them on src/, and on a broken import per rule to show that each one bites).
// Paths are relative to the folder the check runs in.

/** The server's features: each a folder, met only through its index.ts. */
const FEATURES = 'auth|activity|staff|displays|menu|pictures|orders|bookings|bills|tables|restaurant|figures|mail';
/** What every feature stands on: the database, the HTTP layer, the clock and two small helpers. */
/** (The seed menu's data files too: a migration fills the seed's Italian from them.) */
const BASE = ['^src/server/(db|http)/', '^src/server/(clock|hourly|quiet-log)\\.ts$', '^src/server/seed/menu-data(-it)?\\.ts$'];

/** The site's rooms: a folder per kind of user, each with its entry, its API calls, its views and its words. */
const ROOMS = 'diner|account|bookings|host|tables|kitchen|board|admin';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere: a cycle makes the order modules run in depend on who imports first.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'router-stands-alone',
      comment: 'The router is a lesson read on its own: it imports nothing outside src/router/.',
      severity: 'error',
      from: { path: '^src/router/' },
      to: { pathNot: '^src/router/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared/ holds the records and rules both sides of the API agree on: it imports nothing of the apps or the server.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: '^src/shared/' },
    },
    {
      name: 'apps-never-import-the-server',
      comment: 'The browser apps reach the server only over HTTP. (The playground\'s serve.ts runs in Node: it serves the built playground as the host would.)',
      severity: 'error',
      from: { path: '^src/(site|demo|playground|core|router|shared)/', pathNot: '^src/playground/serve\\.ts$' },
      to: { path: '^src/(server|demo-shop)/' },
    },
    {
      name: 'features-meet-through-their-entry',
      comment: "Anything outside a feature imports it through its index.ts, never its store, routes or rules.",
      severity: 'error',
      from: { path: '^src/server/([^/]+)' },
      to: { path: `^src/server/(${FEATURES})/`, pathNot: ['^src/server/$1/', `^src/server/(${FEATURES})/index\\.ts$`] },
    },
    {
      name: 'the-base-imports-no-feature',
      comment: 'The database and the HTTP layer are below the features: they import none of them, nor what sits above them.',
      severity: 'error',
      from: { path: BASE },
      to: { path: '^src/server/', pathNot: BASE },
    },
    {
      name: 'features-import-nothing-above-them',
      comment: 'A feature does not import app.ts, the seed, the configuration or the process: it is given what it needs.',
      severity: 'error',
      from: { path: `^src/server/(${FEATURES})/` },
      to: { path: '^src/server/', pathNot: [...BASE, `^src/server/(${FEATURES})/`] },
    },
    {
      name: 'rooms-meet-through-their-index',
      comment: "A room of the site reaches another room only through that room's index.ts, which says what it lends.",
      severity: 'error',
      from: { path: `^src/site/(${ROOMS})/` },
      to: { path: `^src/site/(${ROOMS})/`, pathNot: ['^src/site/$1/', `^src/site/(${ROOMS})/index\\.ts$`] },
    },
    {
      name: 'rooms-use-the-shells-services-only',
      comment: 'A room is handed what it needs by the shell (shell/services.ts): it imports none of the shell\'s wiring (start, routes, later, layout).',
      severity: 'error',
      from: { path: `^src/site/(${ROOMS})/` },
      to: { path: '^src/site/shell/', pathNot: '^src/site/shell/services\\.ts$' },
    },
    {
      name: 'common-imports-no-room',
      comment: 'What the rooms share (src/site/common/) stands below them: it imports no room and nothing of the shell.',
      severity: 'error',
      from: { path: '^src/site/common/' },
      to: { path: `^src/site/((${ROOMS})|shell)/` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(css|html|md)$' },
  },
};
