#!/usr/bin/env node
/**
 * Builds the two apps with esbuild into dist/site and dist/demo: minified, content-hashed
 * JS and CSS, an index.html that names them, and the files of public/<app>. Sourcemaps
 * go to dist/sourcemaps/<app>, outside the folders a host deploys.
 *
 *   node build.mjs              both apps and the server
 *   node build.mjs site server  some of them
 *   DEMO_API_URL=http://127.0.0.1:8090 node build.mjs demo
 */
import * as esbuild from 'esbuild';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    entryPoints: [join(root, 'src', app, 'main.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    legalComments: 'none',
    define: { __DEMO_API_URL__: JSON.stringify(demoApiUrl.replace(/\/+$/, '')) },
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
  const { script, style } = await writeIndex(app, outdir, outputs);
  const maps = join(root, 'dist', 'sourcemaps', app);
  await rm(maps, { recursive: true, force: true });
  await mkdir(maps, { recursive: true });
  for (const file of outputs.filter((name) => name.endsWith('.map'))) await rename(join(outdir, 'assets', file), join(maps, file));
  return { script, style };
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
 * Writes `outdir`/index.html from src/<app>/index.html, naming the built assets.
 * @param {string} app
 * @param {string} outdir
 * @param {string[]} outputs file names in outdir/assets
 * @param {string} [extraHead] more tags for the head (the dev server's live reload)
 */
export async function writeIndex(app, outdir, outputs, extraHead = '') {
  const script = /** @type {string} */ (outputs.find((file) => file.endsWith('.js')));
  const style = outputs.find((file) => file.endsWith('.css'));
  const template = await readFile(join(root, 'src', app, 'index.html'), 'utf8');
  const html = template
    .replace('<!-- style -->', style ? `<link rel="stylesheet" href="/assets/${style}">` : '')
    .replace('<!-- script -->', `<script type="module" src="/assets/${script}"></script>${extraHead}`);
  await writeFile(join(outdir, 'index.html'), html);
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
  for (const target of targets.length ? targets : ['site', 'demo', 'server']) {
    if (target === 'server') {
      await buildServer();
      console.log('built dist/server/main.mjs');
      continue;
    }
    const { script, style } = await buildApp(target);
    console.log(`built dist/${target}: ${script}${style ? `, ${style}` : ''}`);
  }
}
