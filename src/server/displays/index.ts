// Paired displays (kitchen stations' screens and the pass) and the stations they show: the
// Admin adds and pairs them; a display's credential makes it a caller of its own kind
// (caller.ts), and its open stream is watched so that unpairing ends it (watch.ts).
export { displayRoutes } from './routes.js';
export { stationRoutes } from './station-routes.js';
export { describe } from './store.js';
export { checkStation, defaultStation, readBoardSettings } from './stations.js';
export { ANY_DISPLAY, callerOf, moverOf, requireCaller, STATION_DISPLAY, whoOf, type Caller, type CallerEnv } from './caller.js';
export { createDisplayWatch, type DisplayWatch, type WatchTimes } from './watch.js';
