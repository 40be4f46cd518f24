// Paired displays (kitchen stations' screens and the pass) and the stations they show: the
// Admin adds and pairs them; a display's credential makes it a caller of its own kind
// (caller.ts), and its open stream is watched so that unpairing ends it (watch.ts).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { createThrottle } from '../http/throttle.js';
import { displayRoutes } from './routes.js';
import { stationRoutes } from './station-routes.js';

export { describe } from './store.js';
export { checkStation, defaultStation, readBoardSettings } from './stations.js';
export { ANY_DISPLAY, callerOf, HOST_DISPLAY, KITCHEN_DISPLAY, moverOf, requireCaller, STATION_DISPLAY, whoOf, type Caller, type CallerEnv } from './caller.js';
export { displayStream, type DisplayStream } from './stream-slot.js';
export { createDisplayWatch, type DisplayWatch, type WatchTimes } from './watch.js';

export interface DisplaysDeps {
  db: Db;
  tokens: Tokens;
  clock: () => number;
  clientAddress: (c: Context) => string;
  /** Pairing attempts are counted per client address as sign-ins are. */
  loginLimits: { client: number; windowMs: number };
}

/** The stations and the displays (the Admin's, and a tablet pairing). */
export function displaysFeature({ db, tokens, clock, clientAddress, loginLimits }: DisplaysDeps): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', stationRoutes(db, tokens, clock));
  const throttle = createThrottle(db, { name: 'pair-client', limit: loginLimits.client, windowMs: loginLimits.windowMs, clock });
  app.route('/', displayRoutes({ db, tokens, clock, clientAddress, throttle }));
  return app;
}
