// `npm run start:demo`: the demo variant, wired to the local stand-in of the demo shop
// API, so it runs with no internet. Development and tests only; `npm run build` still
// points the demo at the public API.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { join } from 'node:path';
import { buildApp } from '../../build.mjs';
import { PROJECT_ROOT } from '../server/config.js';
import { serveSite } from '../server/site.js';
import { createDemoShop } from './app.js';

const host = process.env.HOST || '127.0.0.1';

function listen(fetch: Hono['fetch'], port: number): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname: host }, (info) => resolve(`http://${host}:${info.port}`));
    process.on('SIGTERM', () => server.close());
  });
}

const shop = await listen(createDemoShop().fetch, Number(process.env.DEMO_SHOP_PORT ?? 8090));
const outdir = join(PROJECT_ROOT, 'dist', 'demo-offline');
await buildApp('demo', { outdir, demoApiUrl: shop });
const app = new Hono().use('*', serveSite(outdir, 'demo', shop));
const demo = await listen(app.fetch, Number(process.env.PORT ?? 8081));
console.log(`Tavola demo is ready at ${demo} (demo shop stand-in at ${shop})`);
