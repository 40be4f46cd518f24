// `npm run dev`: the site rebuilt by esbuild on every save, the page reloading itself,
// and /api forwarded to the API, so the browser only ever sees one origin.
import * as esbuild from 'esbuild';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { copyPublic, devAppOptions, writeIndex } from '../../build.mjs';
import { bootApp } from './boot.js';
import { PROJECT_ROOT, readConfig } from './config.js';
import { createHttpServer, listen } from './http/listen.js';
import { serveSite } from './site.js';

const config = readConfig({ SAMPLE_SERVICE: 'on', ...process.env });
const port = Number(process.env.PORT ?? 5173);
const outdir = join(PROJECT_ROOT, 'dist', 'dev-site');
const reloaders = new Set<() => void>();

// The site, rebuilt on change; every build tells the open pages to reload.
await mkdir(outdir, { recursive: true });
await copyPublic('site', outdir);
let firstBuildEnded: () => void;
const firstBuild = new Promise<void>((resolve) => (firstBuildEnded = resolve));
const context = await esbuild.context({
  ...devAppOptions('site'),
  outdir: join(outdir, 'assets'),
  entryNames: '[name]',
  metafile: true,
  plugins: [
    ...devAppOptions('site').plugins!,
    {
      name: 'reload',
      setup(build) {
        build.onEnd(async (result) => {
          if (!result.errors.length) {
            await writeIndex('site', outdir, result.metafile!, '\n    <script type="module" src="/__dev/reload.js"></script>');
            for (const reload of reloaders) reload();
          }
          firstBuildEnded();
        });
      },
    },
  ],
});
// Watching starts with a build; the site is served once that one has ended.
await context.watch();
await firstBuild;

const front = new Hono();
front.get('/__dev/reload.js', (c) =>
  c.body("new EventSource('/__dev/events').addEventListener('reload', () => location.reload());", 200, { 'Content-Type': 'text/javascript' }),
);
front.get('/__dev/events', (c) =>
  streamSSE(c, async (stream) => {
    await new Promise<void>((resolve) => {
      const reload = () => void stream.writeSSE({ event: 'reload', data: '' });
      reloaders.add(reload);
      stream.onAbort(() => {
        reloaders.delete(reload);
        resolve();
      });
    });
  }),
);
// The development proxy: the counterpart of the host's `/api/**` rewrite.
let apiOrigin = '';
front.all('/api/*', async (c) => {
  const answer = await fetch(new Request(apiOrigin + c.req.path + new URL(c.req.url).search, c.req.raw));
  // fetch has already undone the API's compression: the browser must not be told otherwise.
  const headers = new Headers(answer.headers);
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
});
front.use('*', serveSite(outdir));

// The site's port first (PORT=0 picks a free one), as the API needs the origin the browser
// sees; the API then listens on a loopback port of its own.
const origin = `http://${config.host}:${await listen(createHttpServer(front), port, config.host)}`;
const { app: api } = await bootApp(config, { publicOrigin: origin });
apiOrigin = `http://127.0.0.1:${await listen(createHttpServer(api), 0, '127.0.0.1')}`;
console.log(`Tavola (dev) ready at ${origin} (the API behind it at ${apiOrigin})`);
