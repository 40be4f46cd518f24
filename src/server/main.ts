// `npm start`: one server on one origin, the API under /api and the built site for
// everything else. Configuration comes from the environment (see config.ts).
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { createApp } from './app.js';
import { createPasswords } from './auth/passwords.js';
import { loadSecret, readConfig } from './config.js';
import { migrate, openDatabase } from './db/database.js';
import { seed } from './db/seed.js';

const config = readConfig();
const db = openDatabase(config.dataDir);
await migrate(db);
const passwords = createPasswords();
await seed(db, { passwords, testAccounts: config.testAccounts });

if (!existsSync(config.siteDir)) console.warn(`No built site at ${config.siteDir}: serving the API only (run npm run build).`);
const app = createApp({
  db,
  secret: loadSecret(process.env, config.dataDir),
  passwords,
  publicOrigin: config.publicOrigin,
  trustProxy: config.trustProxy,
  siteDir: existsSync(config.siteDir) ? config.siteDir : undefined,
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, ({ port }) => {
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`Tavola is ready at ${url} (API description: ${url}/api/docs)`);
});

function stop() {
  server.close(() => void db.destroy().then(() => process.exit(0)));
  setTimeout(() => process.exit(0), 3000).unref(); // open keep-alive connections do not hold us
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
