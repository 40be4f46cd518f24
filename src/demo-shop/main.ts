// `npm run start:demo`: the demo variant, wired to the local stand-in of the demo shop
// API, so it runs with no internet. Development and tests only; `npm run build` still
// points the demo at the public API. The built demo is served by `serve`'s handler with
// the rewrites and headers of the demo target of firebase.json, so the two cannot drift.
import { createServer } from 'node:http';
import { join } from 'node:path';
import handler from 'serve-handler';
import { buildApp } from '../../build.mjs';
import { PROJECT_ROOT } from '../server/config.js';
import { createHttpServer, listen } from '../server/http/listen.js';
import { allowInCsp, staticHostConfig } from '../server/site.js';
import { createDemoShop } from './app.js';

const host = process.env.HOST || '127.0.0.1';
const address = (port: number) => `http://${host}:${port}`;

const shop = address(await listen(createHttpServer(createDemoShop()), Number(process.env.DEMO_SHOP_PORT ?? 8090), host));
const outdir = join(PROJECT_ROOT, 'dist', 'demo-offline');
await buildApp('demo', { outdir, demoApiUrl: shop });

// The app served here talks to the stand-in, not the public API: its CSP says so.
const config = staticHostConfig('demo', outdir, (key, value) => (key === 'Content-Security-Policy' ? allowInCsp(value, shop) : value));
const demo = createServer((request, response) => void handler(request, response, config));
console.log(`Tavola demo is ready at ${address(await listen(demo, Number(process.env.PORT ?? 8081), host))} (demo shop stand-in at ${shop})`);
