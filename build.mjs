#!/usr/bin/env node
/**
 * Builds the apps with esbuild into dist/site, dist/demo and dist/playground: minified, content-hashed
 * JS and CSS, an index.html that names them, and the files of public/<app>. Sourcemaps
 * go to dist/sourcemaps/<app>, outside the folders a host deploys.
 *
 *   node build.mjs              the three apps and the server
 *   node build.mjs site server  some of them
 *   DEMO_API_URL=http://127.0.0.1:8090 node build.mjs demo
 */
import * as esbuild from 'esbuild';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_DEMO_API_URL = 'https://dummyjson.com';

/**
 * The esbuild options of one app (also used by the size benchmark).
 * @param {string} app
 * @param {{ demoApiUrl?: string }} [options]
 * @returns {import('esbuild').BuildOptions}
 */
export function appOptions(app, { demoApiUrl = process.env.DEMO_API_URL || DEFAULT_DEMO_API_URL } = {}) {
  return {
    plugins: [bundleShape(BUILD_IMPORTS[app] ?? {})],
    entryPoints: [join(root, 'src', app, 'main.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    // Pages loaded with import() become chunks of their own, fetched when first shown.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    target: 'es2022',
    legalComments: 'none',
    define: { __DEMO_API_URL__: JSON.stringify(demoApiUrl.replace(/\/+$/, '')), 'process.env.NODE_ENV': '"production"' },
  };
}

/**
 * How the site's files are cut, said here and nowhere else. esbuild puts a module in a
 * chunk by the set of entry points that reach it (the app's main.ts and each file fetched
 * with import()), and each chunk is compressed on its own. Left alone, the modules of the
 * first page would be cut into six or seven small chunks by which later files also use
 * them, and a landing would cost about 10.4–12 kB instead of under 10 (the figures are in
 * docs/benchmarks.md). esbuild has no option to group modules (Rollup's manualChunks), so
 * at build time only, each file named here is given imports of the files listed for it:
 * - every file fetched after the first page imports the first page's start, so all that the
 *   first page has travels in one chunk, shared with each of them;
 * - the files later.ts fetches import it, for the same reason one step later;
 * - the first page's start takes the dish card along, which only the diner's three page
 *   files use: each of them stays small.
 * The source never imports for the bundle's sake (an architecture rule checks for cycles).
 * @type {Record<string, Record<string, string[]>>}
 */
export const BUILD_IMPORTS = {
  site: {
    'src/site/start.ts': ['src/site/views/dish-card.ts'],
    'src/site/later.ts': ['src/site/start.ts'],
    'src/site/views/home.ts': ['src/site/start.ts'],
    'src/site/views/menu.ts': ['src/site/start.ts'],
    'src/site/views/dish.ts': ['src/site/start.ts'],
    'src/site/views/not-found.ts': ['src/site/start.ts'],
    'src/site/admin.ts': ['src/site/later.ts'],
    'src/site/board.ts': ['src/site/later.ts'],
    'src/site/bookings.ts': ['src/site/later.ts'],
    'src/site/kitchen.ts': ['src/site/later.ts'],
  },
};

/**
 * The esbuild plugin that adds BUILD_IMPORTS' imports to their files as they are loaded.
 * @param {Record<string, string[]>} imports
 * @returns {import('esbuild').Plugin}
 */
function bundleShape(imports) {
  const added = new Map(Object.entries(imports).map(([file, extra]) => [join(root, file), extra.map((path) => join(root, path))]));
  return {
    name: 'bundle-shape',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const extra = added.get(path);
        if (!extra) return undefined;
        return { contents: `${await readFile(path, 'utf8')}\n${extra.map((file) => `import ${JSON.stringify(file)};`).join('\n')}\n`, loader: 'ts' };
      });
    },
  };
}

/**
 * The esbuild options of one app for `npm run dev`: unminified, with inline sourcemaps, and
 * with the route inspector (src/router/inspector.ts) imported first, so it hears the first
 * page change. Production builds define NODE_ENV "production" and carry none of it.
 * @param {string} app
 * @returns {import('esbuild').BuildOptions}
 */
export function devAppOptions(app) {
  const entry = join(root, 'src', app, 'main.ts');
  return {
    ...appOptions(app),
    minify: false,
    sourcemap: 'inline',
    define: { ...appOptions(app).define, 'process.env.NODE_ENV': '"development"' },
    plugins: [
      ...appOptions(app).plugins,
      {
        name: 'route-inspector',
        setup(build) {
          build.onLoad({ filter: /main\.ts$/ }, async (args) =>
            args.path === entry ? { contents: `import '../router/inspector-start.ts';\n${await readFile(entry, 'utf8')}`, loader: 'ts' } : undefined,
          );
        },
      },
    ],
  };
}

/**
 * Builds one app into `outdir` (default dist/<app>) and returns the names of its assets.
 * @param {string} app
 * @param {{ outdir?: string, demoApiUrl?: string }} [options]
 * @returns {Promise<{ script: string, style: string | undefined }>}
 */
export async function buildApp(app, { outdir = join(root, 'dist', app), demoApiUrl } = {}) {
  await rm(outdir, { recursive: true, force: true });
  await copyPublic(app, outdir);
  const result = await esbuild.build({
    ...appOptions(app, { demoApiUrl }),
    outdir: join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    sourcemap: 'external',
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
  const { script, style } = await writeIndex(app, outdir, result.metafile);
  const maps = join(root, 'dist', 'sourcemaps', app);
  await rm(maps, { recursive: true, force: true });
  await mkdir(maps, { recursive: true });
  for (const file of outputs.filter((name) => name.endsWith('.map'))) await rename(join(outdir, 'assets', file), join(maps, file));
  if (app === 'site') await writeCrawlerFiles(outdir);
  await precompress(outdir);
  return { script, style };
}

/**
 * Writes robots.txt and sitemap.xml of the seed menu into `outdir`, so a static host serves
 * them instead of index.html. Their addresses are absolute: the site's origin is
 * PUBLIC_ORIGIN (default what `npm start` serves). The server answers both from the live
 * menu instead (src/server/menu/crawler-routes.ts). The TypeScript that writes them is bundled
 * in memory and imported from there.
 * @param {string} outdir
 */
async function writeCrawlerFiles(outdir) {
  const origin = (process.env.PUBLIC_ORIGIN || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const { outputFiles } = await esbuild.build({
    stdin: { contents: "export * from './src/server/menu/crawler-files.ts'; export { MENU } from './src/server/seed/menu-data.ts';", resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
  });
  const { robotsTxt, sitemapXml, MENU } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  // The seed numbers its dishes from 1, in menu order.
  const dishIds = MENU.flatMap((/** @type {{ dishes: unknown[] }} */ category) => category.dishes).map((/** @type {unknown} */ _, /** @type {number} */ i) => i + 1);
  await writeFile(join(outdir, 'robots.txt'), robotsTxt(origin));
  await writeFile(join(outdir, 'sitemap.xml'), sitemapXml(origin, { categories: MENU.map((/** @type {{ slug: string }} */ category) => category.slug), dishIds }));
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml']);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file over 1 KiB in `dir`, at the
 * highest settings (done once, at build time), so the server answers each with the
 * smallest encoding the browser accepts and never compresses on the fly.
 * @param {string} dir
 */
export async function precompress(dir) {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    const content = await readFile(file);
    if (content.length <= 1024) continue;
    const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
    await writeFile(`${file}.br`, await brotli(content, { params }));
    await writeFile(`${file}.gz`, await gzipped(content, { level: 9 }));
  }
}

/**
 * Copies public/<app> into `outdir`, leaving out dotfiles (`.env`, `.git`): nothing
 * hidden is ever deployed or served.
 * @param {string} app
 * @param {string} outdir
 */
export function copyPublic(app, outdir) {
  return cp(join(root, 'public', app), outdir, { recursive: true, filter: (source) => !basename(source).startsWith('.') });
}

/**
 * The pages of an app that are files of their own, and the HTML file that preloads each:
 * firebase.json sends their addresses to that file (`/menu` to menu.html), so a landing
 * fetches its page's chunk beside the entry, not after it. index.html is every other
 * address's, and the home page's.
 * @type {Record<string, Record<string, string | undefined>>}
 */
export const PAGE_FILES = {
  site: { 'index.html': 'src/site/views/home.ts', 'menu.html': 'src/site/views/menu.ts', 'dish.html': 'src/site/views/dish.ts' },
};

/**
 * The files a page's first load fetches: the entry (`entryPoint`, a source file), and the
 * chunks it and `page` (a source file that is a chunk's entry point) import, each once,
 * the entry first.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} entryPoint
 * @param {string} [page]
 * @returns {string[]} output paths, as the metafile names them
 */
export function firstLoadFiles(metafile, entryPoint, page) {
  const outputs = Object.entries(metafile.outputs);
  const files = new Set();
  const add = (/** @type {string} */ file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of metafile.outputs[file].imports) if (imported.kind === 'import-statement') add(imported.path);
  };
  add(outputs.find(([, output]) => output.entryPoint === entryPoint)[0]);
  if (page) add(outputs.find(([, output]) => output.entryPoint === page)[0]);
  return [...files];
}

/**
 * Writes `outdir`/index.html from src/<app>/index.html, naming the entry script, its
 * stylesheet, and the chunks its first load needs (preloaded beside it rather than after
 * it); and an HTML file of the same for each page of PAGE_FILES the build has as a file.
 * @param {string} app
 * @param {string} outdir
 * @param {import('esbuild').Metafile} metafile of the build that wrote outdir/assets
 * @param {string} [extraHead] more tags for the head (the dev server's live reload)
 * @param {string} [entryPoint] the entry's source, as the metafile names it (the bench builds an anchor of its own)
 */
export async function writeIndex(app, outdir, metafile, extraHead = '', entryPoint = `src/${app}/main.ts`) {
  const [file] = firstLoadFiles(metafile, entryPoint);
  const script = basename(file);
  const style = metafile.outputs[file].cssBundle && basename(metafile.outputs[file].cssBundle);
  const template = await readFile(join(root, 'src', app, 'index.html'), 'utf8');
  const html = (/** @type {string[]} */ preloaded) =>
    template
      .replace('<!-- style -->', style ? `<link rel="stylesheet" href="/assets/${style}">` : '')
      .replace('<!-- script -->', [`<script type="module" src="/assets/${script}"></script>`, ...preloaded.map((chunk) => `<link rel="modulepreload" href="/assets/${basename(chunk)}">`)].join('\n    ') + extraHead);
  const built = new Set(Object.values(metafile.outputs).map((output) => output.entryPoint));
  const pages = Object.entries(PAGE_FILES[app] ?? {}).filter(([, page]) => built.has(page));
  for (const [name, page] of pages.length ? pages : [['index.html', undefined]]) await writeFile(join(outdir, name), html(firstLoadFiles(metafile, entryPoint, page).slice(1)));
  return { script, style };
}

/** Bundles a Node entry (the API server, the demo shop stand-in) into dist/server. */
export async function buildServer(entry = 'main') {
  await esbuild.build({
    entryPoints: [join(root, 'src', 'server', `${entry}.ts`)],
    outfile: join(root, 'dist', 'server', `${entry}.mjs`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const targets = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  for (const target of targets.length ? targets : ['site', 'demo', 'playground', 'server']) {
    if (target === 'server') {
      await buildServer();
      console.log('built dist/server/main.mjs');
      continue;
    }
    const { script, style } = await buildApp(target);
    console.log(`built dist/${target}: ${script}${style ? `, ${style}` : ''}`);
  }
}
