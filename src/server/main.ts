// `npm start`: one server on one origin, the API under /api and the built site for
// everything else. Configuration comes from the environment (see config.ts).
import { existsSync } from 'node:fs';
import { bootApp } from './boot.js';
import { readConfig } from './config.js';
import { createHttpServer, listen } from './listen.js';

const config = readConfig();
if (!existsSync(config.siteDir)) console.warn(`No built site at ${config.siteDir}: serving the API only (run npm run build).`);
const { app, db } = await bootApp(config, { siteDir: existsSync(config.siteDir) ? config.siteDir : undefined });

const server = createHttpServer(app, { https: config.publicOrigin.startsWith('https://') });
const port = await listen(server, config.port, config.host);
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
console.log(`Tavola is ready at ${url} (API description: ${url}/api/docs)`);

function stop() {
  server.close(() => void db.destroy().then(() => process.exit(0)));
  setTimeout(() => process.exit(0), 3000).unref(); // open keep-alive connections do not hold us
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
