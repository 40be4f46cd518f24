// Bundle sizes, min+gzip, of our code and of the anchors named in DESIGN.md, built the same way.
import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { appOptions, firstLoadFiles, PAGE_FILES } from '../../build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

async function build(options) {
  return esbuild.build({
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    metafile: true,
    outdir: '/tmp/tavola-bench',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
    ...options,
  });
}

const gz = (file) => gzipSync(file.contents, { level: 9 }).length;

async function gzipped(options) {
  const result = await build(options);
  const js = result.outputFiles.filter((file) => file.path.endsWith('.js'));
  return js.reduce((sum, file) => sum + gz(file), 0);
}

const fromSource = (contents, extra = {}) => gzipped({ stdin: { contents, resolveDir: root, loader: 'ts' }, ...extra });

/**
 * The router core as a browser app ships it: matcher, browser location, navigation,
 * link handling. (`memoryLocation` is for tests and is left out of every app bundle.)
 */
export const routerCore = () =>
  fromSource(`
    export { createMatcher } from './src/router/match.ts';
    export { browserLocation } from './src/router/location.ts';
    export { createNavigation } from './src/router/navigation.ts';
    export { inAppTarget, interceptLinks, markCurrentLinks } from './src/router/links.ts';
  `);

/** Every chunk of an app, each compressed on its own as it is sent. */
export const app = (name) => gzipped(appOptions(name));

/**
 * What a landing on each page loads, by page: the entry, the chunks it imports, and the
 * page's own file with its chunks where it has one (build.mjs PAGE_FILES); not the files
 * fetched later. An app without page files has one figure, "every page".
 * @param {string} name
 * @returns {Promise<Record<string, number>>}
 */
export async function appFirstLoads(name, lang = 'en') {
  const result = await build(appOptions(name, { lang }));
  const sizeOf = (path) => gz(result.outputFiles.find((file) => file.path.endsWith(path.replace(/^.*tavola-bench/, ''))));
  const pages = Object.values(PAGE_FILES[name] ?? { 'index.html': undefined });
  return Object.fromEntries(pages.map((page) => [page ? basename(page, '.ts') : 'every page', firstLoadFiles(result.metafile, `src/${name}/main.ts`, page).reduce((sum, path) => sum + sizeOf(path), 0)]));
}

export async function anchors() {
  const external = { external: ['react', 'react-dom', 'preact'] };
  return {
    wouter: await fromSource(`export * from 'wouter';`, external),
    navigo: await fromSource(`export { default } from 'navigo';`),
    'page.js': await fromSource(`export { default } from 'page';`),
    'react+react-router': await gzipped({ entryPoints: [`${here}anchors/react-router-skeleton.js`] }),
    'preact+wouter': await gzipped({
      entryPoints: [`${here}anchors/preact-wouter-skeleton.js`],
      alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    }),
  };
}
