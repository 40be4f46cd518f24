// `npm run playground`: builds the router playground and serves it as the host would (the
// rewrites and headers of its target in firebase.json). It needs no API and no database.
import { createServer } from 'node:http';
import { join } from 'node:path';
import handler from 'serve-handler';
import { buildApp } from '../../build.mjs';
import { PROJECT_ROOT } from '../server/config.js';
import { listen } from '../server/http/listen.js';
import { staticHostConfig } from '../server/site.js';

const host = process.env.HOST || '127.0.0.1';
const outdir = join(PROJECT_ROOT, 'dist', 'playground');
await buildApp('playground', { outdir });
const config = staticHostConfig('playground', outdir);
const server = createServer((request, response) => void handler(request, response, config));
console.log(`The router playground is ready at http://${host}:${await listen(server, Number(process.env.PORT ?? 8082), host)}`);
