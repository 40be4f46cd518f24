// `npm start`: one server on one origin, the API under /api and the built site for
// everything else. Configuration comes from the environment (see config.ts). SIGTERM
// (or Ctrl-C) drains it (shutdown.ts) and exits within 10 seconds.
import { existsSync } from 'node:fs';
import { bootApp } from './boot.js';
import { readConfig } from './config.js';
import { createHttpServer, listen } from './http/listen.js';
import { shutDown } from './shutdown.js';
import { createLogger, logRequests, logTheConsole } from './logs/log.js';

const EXIT_WITHIN_MS = 10_000;

// `npm start` asks for a first database with a service under way (--sample-service, as SAMPLE_SERVICE=on).
const config = readConfig(process.argv.includes('--sample-service') ? { SAMPLE_SERVICE: 'on', ...process.env } : process.env);
// From here on every line the server writes is a log line (logs/log.ts).
const log = createLogger(config.logLevel);
logTheConsole(log);
if (!existsSync(config.siteDir)) console.warn(`No built site at ${config.siteDir}: serving the API only (run npm run build).`);
const booted = await bootApp(config, { siteDir: existsSync(config.siteDir) ? config.siteDir : undefined });

const server = createHttpServer(booted.app, { https: config.publicOrigin.startsWith('https://'), requestSeconds: config.requestSeconds, connectionsPerAddress: config.connectionsPerAddress, observe: (listener) => logRequests(log)(booted.metrics ? booted.metrics.observe(listener) : listener) });
const port = await listen(server, config.port, config.host);
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
console.log(`Tavola is ready at ${url} (API description: ${url}/api/docs)`);

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping.`);
  setTimeout(() => {
    console.error(`Still not stopped after ${EXIT_WITHIN_MS / 1000} s: exiting.`);
    process.exit(1);
  }, EXIT_WITHIN_MS).unref();
  shutDown(server, booted).then(
    () => {
      console.log('Stopped.');
      process.exit(0);
    },
    (error: unknown) => {
      console.error('Stopping failed:', error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
