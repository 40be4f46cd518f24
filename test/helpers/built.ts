/**
 * What the tests start as `npm start` runs it, built once: the site into dist/site, the server
 * into dist/server/main.mjs, and the backup's own entry into dist/server/backup-main.mjs.
 *
 * `npm test` (test/run.mjs) builds them before the groups that start them and says so with
 * TEST_BUILT_ONCE: its groups run side by side, and one rebuilding dist/ while another starts a
 * server from it would hand that server half a file. A test file run alone builds them itself,
 * once per process.
 */
import { buildApp, buildServer } from '../../build.mjs';

const building = new Map<string, Promise<unknown>>();

function once(what: string, build: () => Promise<unknown>): Promise<void> {
  if (process.env.TEST_BUILT_ONCE) return Promise.resolve();
  if (!building.has(what)) building.set(what, build());
  return building.get(what)!.then(() => {});
}

/** dist/site, built as `npm run build` builds it. */
export const siteBuilt = () => once('site', () => buildApp('site'));

/** dist/server/<entry>.mjs: `main` is what `npm start` runs, `backup-main` what `npm run backup` and `npm run restore` run. */
export const serverBuilt = (entry: 'main' | 'backup-main' = 'main') => once(entry, () => buildServer(entry));

/** Both of what `npm start` serves: the site and the server. */
export const siteAndServerBuilt = () => Promise.all([siteBuilt(), serverBuilt()]).then(() => {});
