// Bundle sizes, min+gzip, of our code and of the anchors named in DESIGN.md, built the same way.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { appOptions, buildAndMinify, firstLoadFiles, importTypeScript, PAGE_FILES } from '../../build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));

// Ours and the anchors alike: esbuild, then terser, as build.mjs ships the apps.
async function build(options) {
  return buildAndMinify({
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

/**
 * The other language's words in a build of the site in `lang`: every string literal of each
 * chunk compared with the catalog's sentences that differ between the languages (Italian's
 * translations in an English build, English keys in an Italian one). 0 bytes is the budget.
 * @param {'en' | 'it'} lang
 */
export async function otherLanguageBytes(lang) {
  const result = await build(appOptions('site', { lang }));
  const { IT, ALLERGENS, DISH_TAGS } = await importTypeScript("export { IT } from './src/shared/i18n/it.ts'; export { ALLERGENS } from './src/shared/allergens.ts'; export { DISH_TAGS } from './src/shared/dish-tags.ts';");
  // The API's codes ("milk", "vegetarian") are English words too, but data: every build sends them.
  const codes = new Set([...ALLERGENS, ...DISH_TAGS]);
  const pairs = Object.entries(IT).flatMap(([key, entry]) => (typeof entry === 'string' ? [[key, entry]] : [[key, entry.other], [entry.one, entry.one]]));
  // Only sentences that differ, that this language does not also use ("E-mail" is both), and of 8
  // characters or more: shorter ones are mostly codes the code compares ("waiting", "Admin", "Pass").
  const mine = new Set(pairs.map(([en, it]) => (lang === 'en' ? en : it)));
  const other = new Set(pairs.filter(([en, it]) => en !== it && !codes.has(en)).map(([en, it]) => (lang === 'en' ? it : en)).filter((text) => !mine.has(text) && text.length >= Number(process.env.MIN_LEN ?? 8)));
  let bytes = 0;
  let chunksWithAny = 0;
  const examples = [];
  const js = result.outputFiles.filter((file) => file.path.endsWith('.js'));
  for (const file of js) {
    let here = 0;
    for (const match of file.text.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      const text = match[1] ?? match[2] ?? match[3] ?? '';
      let decoded = text;
      try {
        decoded = JSON.parse(`"${text.replace(/\\'/g, "'").replace(/\\`/g, '`').replace(/(?<!\\)"/g, '\\"')}"`);
      } catch {}
      if (other.has(decoded)) {
        here += Buffer.byteLength(decoded);
        if (examples.length < 3) examples.push(decoded);
      }
    }
    bytes += here;
    if (here) chunksWithAny++;
  }
  return { chunks: js.length, chunksWithAny, bytes, examples };
}

/**
 * The owner's pages as an Admin's browser fetches them after the site's first load: later.ts
 * with what it brings, then admin.ts (every admin page) with what it brings beyond that;
 * each chunk compressed on its own.
 * @returns {Promise<{ later: number, admin: number }>}
 */
export async function adminChunks() {
  const result = await build(appOptions('site'));
  const sizeOf = (path) => gz(result.outputFiles.find((file) => file.path.endsWith(path.replace(/^.*tavola-bench/, ''))));
  const first = new Set(firstLoadFiles(result.metafile, 'src/site/main.ts'));
  const later = firstLoadFiles(result.metafile, 'src/site/shell/later.ts').filter((path) => !first.has(path));
  const admin = firstLoadFiles(result.metafile, 'src/site/admin/admin.ts').filter((path) => !first.has(path) && !later.includes(path));
  const sum = (paths) => paths.reduce((total, path) => total + sizeOf(path), 0);
  return { later: sum(later), admin: sum(admin) };
}
