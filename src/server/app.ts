// Puts the server together: each feature's routes under /api/v1, the API's description and
// docs, what platforms and search engines ask, and the built site for every other address.
// Everything it needs is passed in, so tests build one in process with an in-memory
// database and a clock they control.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Env } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { activityFeature } from './activity/index.js';
import { authFeature } from './auth/index.js';
import { bookingsFeature } from './bookings/index.js';
import { billsFeature } from './bills/index.js';
import { displaysFeature } from './displays/index.js';
import { addOpenApiDocument, docsRoutes } from './docs.js';
import { figuresFeature } from './figures/index.js';
import { healthRoutes } from './health.js';
import { metricsRoutes } from './metrics/routes.js';
import { nameTheRoute } from './http/route-name.js';
import { compressJson } from './http/compress.js';
import { ApiError, errorResponse, handleError } from './http/errors.js';
import { sameOrigin, securityHeaders, withHeaders } from './http/security.js';
import { unmatchedApiPath } from './http/unmatched.js';
import { createApi } from './http/validation.js';
import { mailFeature } from './mail/index.js';
import { crawlerRoutes, KEPT_MENU_ANSWERS, menuFeature } from './menu/index.js';
import { ordersFeature } from './orders/index.js';
import { picturesFeature } from './pictures/index.js';
import { restaurantFeature } from './restaurant/index.js';
import { createServices, type AppOptions, type Services } from './services.js';
import { serveSite } from './site.js';
import { pageStatus } from './page-status.js';
import { staffFeature } from './staff/index.js';
import { tablesFeature } from './tables/index.js';
import { testClockRoutes } from './test-clock.js';
import { speakTheAskedLanguage } from './http/request-language.js';
import { t } from './http/language.js';

export type { AppOptions };

/** The app, and what answers before it: the menu's kept answers, written from Node's request (menu/cache.ts). */
export type TavolaApp = Hono & { answerBeforeApp: (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean> };

/** A feature's routes, from what the features share (each takes its part). */
type Feature = (services: Services) => OpenAPIHono<Env>;

/** The features, in the order their routes are mounted. */
const FEATURES: Feature[] = [authFeature, staffFeature, menuFeature, picturesFeature, restaurantFeature, activityFeature, tablesFeature, figuresFeature, ordersFeature, displaysFeature, bookingsFeature, billsFeature, mailFeature];

export function createApp(options: AppOptions): TavolaApp {
  const services = createServices(options);
  const api = createApi();
  for (const feature of FEATURES) api.route('/', feature(services));
  addOpenApiDocument(api, services.db);

  const app = new Hono();
  app.onError(handleError);
  // Every answer, whatever it is (a page, a file, an error), starts with these.
  app.use('*', withHeaders(securityHeaders({ https: services.publicOrigin.startsWith('https://') })));
  app.use('*', async (c, next) => {
    await next();
    if (services.isDraining()) c.header('Connection', 'close'); // a client on a kept-alive connection moves on
  });
  app.use('*', nameTheRoute); // for the metrics and the request log, below the app
  app.route('/', healthRoutes(services.db, services.isDraining));
  app.route('/', metricsRoutes(options.metrics));
  app.route('/', crawlerRoutes(services.db, services.publicOrigin));
  if (options.testClock) app.route('/', testClockRoutes(options.testClock, services.streams));
  app.use('/api/*', speakTheAskedLanguage(KEPT_MENU_ANSWERS), sameOrigin(services.publicOrigin), compressJson);
  app.route('/api/v1', api);
  app.route('/api/docs', docsRoutes());
  app.all('/api/*', unmatchedApiPath(app));
  if (options.siteDir) app.use('*', serveSite(options.siteDir, pageStatus(services.db)));
  app.notFound((c) => errorResponse(c, new ApiError(404, 'not_found', t('Nothing is at {path}.', { path: c.req.path }))));
  return Object.assign(app, { answerBeforeApp: (request: IncomingMessage, response: ServerResponse) => services.menuCache.answer(request, response, services.isDraining) });
}
