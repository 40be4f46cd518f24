// Start-up shared by `npm start` and `npm run dev`: open and migrate the database,
// seed a fresh one, and build the app with the configured secret and origin.
import { createApp } from './app.js';
import { createPasswords } from './auth/passwords.js';
import { loadSecret, type Config } from './config.js';
import { openConfiguredDatabase, prepareDatabase } from './db/database.js';

export async function bootApp(config: Config, { siteDir, publicOrigin = config.publicOrigin }: { siteDir?: string; publicOrigin?: string } = {}) {
  const db = openConfiguredDatabase(config);
  const passwords = createPasswords();
  await prepareDatabase(db, { passwords, testAccounts: config.testAccounts });
  const app = createApp({ db, passwords, secret: loadSecret(process.env, config.dataDir), publicOrigin, trustProxy: config.trustProxy, siteDir });
  return { app, db };
}
