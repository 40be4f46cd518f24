#!/usr/bin/env node
/**
 * Builds the apps with esbuild into dist/site, dist/demo and dist/playground: minified (esbuild,
 * then terser: `minifyChunks`), content-hashed JS and CSS, an index.html that names them, and the files of public/<app>. Sourcemaps
 * go to dist/sourcemaps/<app>, outside the folders a host deploys.
 *
 *   node build.mjs              the three apps and the server
 *   node build.mjs site server  some of them
 *   DEMO_API_URL=http://127.0.0.1:8090 node build.mjs demo
 */
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_DEMO_API_URL = 'https://dummyjson.com';

/**
 * The esbuild options of one app (also used by the size benchmark).
 * @param {string} app
 * @param {{ demoApiUrl?: string, lang?: string }} [options]
 * @returns {import('esbuild').BuildOptions}
 */
export function appOptions(app, { demoApiUrl = process.env.DEMO_API_URL || DEFAULT_DEMO_API_URL, lang = 'en' } = {}) {
  return {
    plugins: [sourceShape(BUILD_IMPORTS[app] ?? {}, lang)],
    entryPoints: [join(root, 'src', app, 'main.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    // Pages loaded with import() become chunks of their own, fetched when first shown.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    target: 'es2022',
    legalComments: 'none',
    define: {
      __DEMO_API_URL__: JSON.stringify(demoApiUrl.replace(/\/+$/, '')),
      'process.env.NODE_ENV': '"production"',
      __LANG__: JSON.stringify(lang),
      __BASE__: JSON.stringify(LANGUAGE_BASES[lang]),
    },
  };
}

/**
 * The site is built once per language, each build with its own words only (src/core/words.ts):
 * English at the addresses of today, Italian under /it/ (firebase.json sends /it/** to its shell).
 * The demo and the playground speak English.
 * @type {Record<string, string>}
 */
export const LANGUAGE_BASES = { en: '', it: '/it' };

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
    'src/site/shell/start.ts': ['src/site/diner/dish-card.ts'],
    'src/site/shell/later.ts': ['src/site/shell/start.ts'],
    'src/site/diner/home.ts': ['src/site/shell/start.ts'],
    'src/site/diner/menu.ts': ['src/site/shell/start.ts'],
    'src/site/diner/dish.ts': ['src/site/shell/start.ts'],
    'src/site/shell/not-found.ts': ['src/site/shell/start.ts'],
    'src/site/diner/menu-filter.ts': ['src/site/shell/start.ts'],
    'src/site/diner/menu-more.ts': ['src/site/shell/start.ts'],
    'src/site/admin/admin.ts': ['src/site/shell/later.ts'],
    'src/site/board/board.ts': ['src/site/shell/later.ts'],
    'src/site/bookings/bookings.ts': ['src/site/shell/later.ts'],
    'src/site/kitchen/kitchen.ts': ['src/site/shell/later.ts'],
  },
};

/**
 * The esbuild plugin that shapes the site's source as it is loaded: BUILD_IMPORTS' imports
 * added to their files, and, when `lang` is given, each `t('…')` and `tn('…', '…', n)`
 * written in that language (`wordsInPlace`). At the end it checks the catalog against every
 * key the build met and fails the build on a missing key or a placeholder that differs.
 * @param {Record<string, string[]>} imports
 * @param {string} [lang]
 * @returns {import('esbuild').Plugin}
 */
function sourceShape(imports, lang) {
  const added = new Map(Object.entries(imports).map(([file, extra]) => [join(root, file), extra.map((path) => join(root, path))]));
  return {
    name: 'source-shape',
    setup(build) {
      const catalog = lang && loadCatalog();
      // The catalog as a whole: placeholders that differ, empty translations.
      build.onStart(async () => {
        if (!lang) return undefined;
        const { IT, checkCatalog } = await catalog;
        return { errors: checkCatalog(IT, []).map((text) => ({ text: `src/shared/i18n/it.ts: ${text}` })) };
      });
      build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const extra = added.get(path);
        if (!extra && !lang) return undefined;
        let contents = await readFile(path, 'utf8');
        /** @type {import('esbuild').PartialMessage[]} */
        const errors = [];
        if (lang && !path.includes(`${join(root, 'node_modules')}`)) {
          const { IT, checkCatalog } = await catalog;
          const source = contents;
          contents = wordsInPlace(contents, lang, IT, (key, plural) => {
            // A key the Italian lacks fails the build where it is used.
            for (const text of checkCatalog(IT[key] === undefined ? {} : { [key]: IT[key] }, [{ key, plural }])) {
              const at = Math.max(0, source.indexOf(JSON.stringify(key).slice(1, -1)));
              const before = source.slice(0, at).split('\n');
              errors.push({ text, location: { file: path.slice(root.length), line: before.length, column: (before.at(-1) ?? '').length, length: key.length, lineText: source.split('\n')[before.length - 1] } });
            }
          });
        }
        if (extra) contents += `\n${extra.map((file) => `import ${JSON.stringify(file)};`).join('\n')}\n`;
        return { contents, loader: 'ts', errors };
      });
    },
  };
}

/** The Italian catalog and its check, bundled from TypeScript in memory (as writeCrawlerFiles does). */
let catalog;
function loadCatalog() {
  catalog ??= bundledCatalog();
  return catalog;
}

const bundledCatalog = () => importTypeScript("export { IT } from './src/shared/i18n/it.ts'; export { checkCatalog } from './src/shared/i18n/catalog.ts';");

/**
 * A module of the project's TypeScript, bundled in memory and imported from there (this
 * file runs in plain Node). `contents` is its source, paths relative to the project.
 * @param {string} contents
 */
export async function importTypeScript(contents) {
  const { outputFiles } = await esbuild.build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', platform: 'node', write: false });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

// A quoted string as the source writes it: 'Your order', "It's ready", escapes allowed.
const QUOTED = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")`;
const T_CALL = new RegExp(String.raw`(?<![\w$.])t\(\s*${QUOTED}(\s*\))?`, 'g');
const TN_CALL = new RegExp(String.raw`(?<![\w$.])tn\(\s*${QUOTED}\s*,\s*${QUOTED}`, 'g');
/** @param {string} quoted */
const unquote = (quoted) => JSON.parse(quoted[0] === '"' ? quoted : `"${quoted.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);

/**
 * A source file with its words in `lang`: `t('Menu')` becomes the string itself ("Menu", or
 * the catalog's Italian), `t('On {day}', …)` keeps the call with the sentence in `lang`, and
 * `tn('1 dish', '{count} dishes', n)` gets `lang`'s forms. `use` hears every key met.
 * @param {string} source
 * @param {string} lang
 * @param {Record<string, string | { one: string, other: string }>} italian
 * @param {(key: string, plural?: string) => void} use
 */
export function wordsInPlace(source, lang, italian, use) {
  if (!/(?<![\w$.])tn?\(/.test(source)) return source;
  const plurals = source.replace(TN_CALL, (_, one, other) => {
    const key = unquote(other);
    use(key, unquote(one));
    const entry = italian[key];
    const forms = lang === 'it' && typeof entry === 'object' ? entry : { one: unquote(one), other: key };
    return `tn(${JSON.stringify(forms.one)}, ${JSON.stringify(forms.other)}`;
  });
  return sentencesInPlace(plurals, lang, italian, use);
}

/**
 * wordsInPlace's second step, for `t()` only (plurals are done by then, so the values of a
 * call, written again through this, are not translated twice).
 * @param {string} source
 * @param {string} lang
 * @param {Record<string, string | { one: string, other: string }>} italian
 * @param {(key: string, plural?: string) => void} use
 */
function sentencesInPlace(source, lang, italian, use) {
  let out = '';
  let from = 0;
  for (const match of source.matchAll(T_CALL)) {
    if (match.index < from) continue; // inside the values of the call before, done with them
    const [whole, quoted, closed] = match;
    const key = unquote(quoted);
    use(key);
    const entry = italian[key];
    // English is the key, without its context if it has one (`[order] Cancelled` is "Cancelled").
    const text = lang === 'it' && typeof entry === 'string' ? entry : key.replace(/^\[[\w-]+\] /, '');
    const end = match.index + whole.length;
    out += source.slice(from, match.index);
    from = end;
    if (closed) {
      out += JSON.stringify(text);
      continue;
    }
    // `t('On {day}', { day })`: a template literal, `On ${day}`, when the values are an object literal.
    const values = valuesAt(source, end);
    if (values && placeholders(text).every((name) => values.props.has(name))) {
      out += `\`${text.replace(/[`\\]|\$\{/g, (c) => `\\${c}`).replace(/\{(\w+)\}/g, (_, name) => `\${${sentencesInPlace(values.props.get(name), lang, italian, use)}}`)}\``;
      from = values.end;
    } else out += `t(${JSON.stringify(text)}`;
  }
  return out + source.slice(from);
}

/** @param {string} text */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((found) => found[1]);

/**
 * The object literal of values after a `t('…'` call's key, `, { day, time: at(x) })`: each
 * property's expression by name (`day` for the shorthand) and where the call ends; null when
 * the call has anything else (the call then stays, and fills its text when it runs).
 * @param {string} source
 * @param {number} at just after the key
 * @returns {{ props: Map<string, string>, end: number } | null}
 */
function valuesAt(source, at) {
  const open = /^\s*,\s*\{/.exec(source.slice(at));
  if (!open) return null;
  let i = at + open[0].length;
  const props = new Map();
  let start = i;
  let depth = 0;
  const take = (part) => {
    const found = /^\s*([A-Za-z_$][\w$]*)\s*(?::([\s\S]*))?$/.exec(part);
    if (!found || (found[2] !== undefined && !found[2].trim())) return false;
    props.set(found[1], `(${(found[2] ?? found[1]).trim()})`);
    return true;
  };
  for (; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') {
      // a string: to its closing quote (a template's ${} may hold more, left to the quote)
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if ('([{'.includes(c)) depth++;
    else if (')]'.includes(c)) depth--;
    else if (c === '}') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) {
      if (!take(source.slice(start, i))) return null;
      start = i + 1;
    }
  }
  const last = source.slice(start, i);
  if (last.trim() && !take(last)) return null;
  const close = /^\}\s*\)/.exec(source.slice(i));
  return close ? { props, end: i + close[0].length } : null;
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
    // The inspector first: it takes main.ts as it loads, before the words are written in.
    plugins: [
      {
        name: 'route-inspector',
        setup(build) {
          build.onLoad({ filter: /main\.ts$/ }, async (args) =>
            args.path === entry ? { contents: `import '../router/inspector-start.ts';\n${await readFile(entry, 'utf8')}`, loader: 'ts' } : undefined,
          );
        },
      },
      ...appOptions(app).plugins,
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
  const maps = join(root, 'dist', 'sourcemaps', app);
  await rm(maps, { recursive: true, force: true });
  await mkdir(maps, { recursive: true });
  // English first: its entry is the one returned. Each language's files share assets/ (their
  // names are their contents' hashes) and have their HTML at the language's base.
  let first;
  for (const lang of app === 'site' ? Object.keys(LANGUAGE_BASES) : ['en']) {
    const result = await buildAndMinify({
      ...appOptions(app, { demoApiUrl, lang }),
      outdir: join(outdir, 'assets'),
      entryNames: '[name]-[hash]',
      sourcemap: 'external',
      metafile: true,
      logLevel: 'warning',
    });
    const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
    const written = await writeIndex(app, join(outdir, LANGUAGE_BASES[lang] ?? ''), result.metafile, '', undefined, lang);
    first ??= written;
    for (const file of outputs.filter((name) => name.endsWith('.map'))) await rename(join(outdir, 'assets', file), join(maps, file));
  }
  const { script, style } = first;
  if (app === 'site') await writeCrawlerFiles(outdir);
  await precompress(outdir);
  return { script, style };
}

/**
 * esbuild's build, then terser over each JavaScript file it made (`minifyChunks`), then the
 * files written, unless `write` is false. The bench builds its anchors with it too.
 * @param {import('esbuild').BuildOptions} options
 * @returns {Promise<import('esbuild').BuildResult & { outputFiles: import('esbuild').OutputFile[] }>}
 */
export async function buildAndMinify({ write = true, ...options }) {
  const result = /** @type {import('esbuild').BuildResult & { outputFiles: import('esbuild').OutputFile[] }} */ (await esbuild.build({ ...options, write: false }));
  result.outputFiles = await minifyChunks(result.outputFiles);
  if (write) {
    for (const file of result.outputFiles) {
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.path, file.contents);
    }
  }
  return result;
}

// terser's second pass finds what esbuild's minifier leaves (it inlines and folds more):
// about 3.5% fewer bytes min+gzip on each first load (docs/benchmarks.md). Its work is kept
// by the chunk's contents in node_modules/.cache, so a build of unchanged source (the tests
// build the site several times) does it once.
const TERSER = { module: true, ecma: 2022, compress: { passes: 2 }, mangle: true, sourceMap: { includeSources: true } };
const TERSER_CACHE = join(root, 'node_modules', '.cache', 'tavola-terser');
const TERSER_VERSION = JSON.parse(await readFile(join(root, 'node_modules', 'terser', 'package.json'), 'utf8')).version;

/**
 * Each `.js` output through terser, its `.map` (when esbuild made one) carried through; as with
 * esbuild's `sourcemap: 'external'`, the code does not name its map (a host serves no map).
 * @param {import('esbuild').OutputFile[]} files
 * @returns {Promise<import('esbuild').OutputFile[]>}
 */
export async function minifyChunks(files) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const done = new Map();
  for (const file of files) {
    if (!file.path.endsWith('.js')) continue;
    const map = byPath.get(`${file.path}.map`);
    const code = file.text;
    // Everything terser is given, and its version: the same key is the same work.
    const key = createHash('sha256').update(`${TERSER_VERSION} ${JSON.stringify(TERSER)}`).update(code).update(map?.text ?? '').digest('hex');
    const cached = join(TERSER_CACHE, `${key}.json`);
    let out = await readFile(cached, 'utf8').then(JSON.parse, () => undefined);
    if (!out) {
      const made = await minify(code, { ...TERSER, sourceMap: map && { ...TERSER.sourceMap, content: map.text } });
      out = { code: made.code, map: typeof made.map === 'string' ? made.map : undefined };
      await mkdir(TERSER_CACHE, { recursive: true });
      // Written whole under another name first: a build running beside this one never reads half of it.
      const part = `${cached}.${process.pid}`;
      await writeFile(part, JSON.stringify(out));
      await rename(part, cached);
    }
    done.set(file.path, outputFile(file.path, out.code));
    if (map && out.map) done.set(map.path, outputFile(map.path, out.map));
  }
  return files.map((file) => done.get(file.path) ?? file);
}

/**
 * An esbuild OutputFile of new contents.
 * @param {string} path
 * @param {string} text
 * @returns {import('esbuild').OutputFile}
 */
function outputFile(path, text) {
  const contents = new TextEncoder().encode(text);
  return { path, contents, hash: createHash('sha256').update(contents).digest('hex').slice(0, 16), get text() { return text; } };
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
  const { robotsTxt, sitemapXml, MENU } = await importTypeScript("export * from './src/server/menu/crawler-files.ts'; export { MENU } from './src/server/seed/menu-data.ts';");
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
  site: { 'index.html': 'src/site/diner/home.ts', 'menu.html': 'src/site/diner/menu.ts', 'dish.html': 'src/site/diner/dish.ts' },
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
export async function writeIndex(app, outdir, metafile, extraHead = '', entryPoint = `src/${app}/main.ts`, lang = 'en') {
  const [file] = firstLoadFiles(metafile, entryPoint);
  const script = basename(file);
  const style = metafile.outputs[file].cssBundle && basename(metafile.outputs[file].cssBundle);
  const template = await shellInLanguage(await readFile(join(root, 'src', app, 'index.html'), 'utf8'), lang);
  await mkdir(outdir, { recursive: true });
  const html = (/** @type {string[]} */ preloaded, /** @type {string | undefined} */ page) =>
    template
      .replace('<!-- alternates -->', page ? alternates(PAGE_PATHS[page]) : '')
      .replace('<!-- style -->', style ? `<link rel="stylesheet" href="/assets/${style}">` : '')
      .replace('<!-- script -->', [`<script type="module" src="/assets/${script}"></script>`, ...preloaded.map((chunk) => `<link rel="modulepreload" href="/assets/${basename(chunk)}">`)].join('\n    ') + extraHead);
  const built = new Set(Object.values(metafile.outputs).map((output) => output.entryPoint));
  const pages = Object.entries(PAGE_FILES[app] ?? {}).filter(([, page]) => built.has(page));
  for (const [name, page] of pages.length ? pages : [['index.html', undefined]]) await writeFile(join(outdir, name), html(firstLoadFiles(metafile, entryPoint, page).slice(1), page));
  return { script, style };
}

/** The address of the pages whose HTML file is theirs alone (dish.html serves every dish: its alternates come with the script). */
const PAGE_PATHS = { 'src/site/diner/home.ts': '/', 'src/site/diner/menu.ts': '/menu' };

/**
 * The `hreflang` alternates of a page at `path` (English is also the x-default), absolute as
 * search engines ask, on PUBLIC_ORIGIN as the sitemap's are.
 * @param {string | undefined} path
 */
function alternates(path) {
  if (!path) return '';
  const origin = (process.env.PUBLIC_ORIGIN || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const href = (/** @type {string} */ lang) => `${origin}${LANGUAGE_BASES[lang]}${path === '/' && LANGUAGE_BASES[lang] ? '/' : path}`;
  return [...Object.keys(LANGUAGE_BASES).map((lang) => `<link rel="alternate" hreflang="${lang}" href="${href(lang)}">`), `<link rel="alternate" hreflang="x-default" href="${href('en')}">`].join('\n    ');
}

/**
 * How each language's page offers the other: the header's switch and the one-line
 * suggestion (shown by src/site/shell/language-links.ts), in the other language's own words.
 * @type {Record<string, { lang: string, name: string, short: string, hint: string }>}
 */
const OTHER_LANGUAGE = {
  en: { lang: 'it', name: 'Italiano', short: 'IT', hint: 'Leggi in italiano' },
  it: { lang: 'en', name: 'English', short: 'EN', hint: 'Read in English' },
};

/**
 * The shell (src/<app>/index.html) in `lang`: `<html lang>`, each `{{English words}}` in that
 * language (a missing key fails the build), the in-app links (`data-nav`) under the
 * language's base, and the switch to the other language.
 * @param {string} template
 * @param {string} lang
 */
async function shellInLanguage(template, lang) {
  return shellWords(template, lang, (await loadCatalog()).IT);
}

/**
 * shellInLanguage with the Italian catalog given (tests read the shell with it).
 * @param {string} template
 * @param {string} lang
 * @param {Record<string, unknown>} italian
 */
export function shellWords(template, lang, italian) {
  const base = LANGUAGE_BASES[lang] ?? '';
  const other = OTHER_LANGUAGE[lang];
  return template
    .replace('<html lang="en">', `<html lang="${lang}">`)
    .replace(/\{\{(.+?)\}\}/g, (_, key) => {
      const text = italian[key];
      if (typeof text !== 'string') throw new Error(`src/site/index.html: missing in Italian: ${JSON.stringify(key)}`);
      return lang === 'it' ? text : key;
    })
    .replace(/<a [^>]*\bdata-nav\b[^>]*>/g, (tag) => tag.replace(/href="\/([^"]*)"/, (_, path) => `href="${base}/${path}"`))
    .replace(
      '<!-- language -->',
      other ? `<a class="language" href="${LANGUAGE_BASES[other.lang]}/" rel="alternate external" hreflang="${other.lang}" lang="${other.lang}"><span aria-hidden="true">${other.short}</span><span class="visually-hidden">${other.name}</span></a>` : '',
    )
    .replace('<!-- language hint -->', other ? `<p class="language-hint" hidden lang="${other.lang}"><a href="${LANGUAGE_BASES[other.lang]}/" rel="alternate external" hreflang="${other.lang}">${other.hint}</a></p>` : '');
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
      await buildServer('backup-main');
      console.log('built dist/server/main.mjs and backup-main.mjs');
      continue;
    }
    const { script, style } = await buildApp(target);
    console.log(`built dist/${target}: ${script}${style ? `, ${style}` : ''}`);
  }
}
