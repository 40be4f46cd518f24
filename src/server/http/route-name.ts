// The pattern of the route an answer came from (`/api/v1/dishes/:id`), kept on Node's answer
// for what watches the answers below the app (the metrics, the request log): never the
// address itself, so no dish id, order id or token reaches a label or a log line. The app
// names its own answers (nameTheRoute); a menu answer written before the app carries the
// pattern of the route that made it (menu/cache.ts).
import type { MiddlewareHandler } from 'hono';
import type { ServerResponse } from 'node:http';

export const ROUTE = Symbol('route');
export type Routed = ServerResponse & { [ROUTE]?: string };

/** Names each answer of the app with the pattern of the route that made it. */
export const nameTheRoute: MiddlewareHandler = async (c, next) => {
  await next();
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing as Routed | undefined;
  if (outgoing) outgoing[ROUTE] = c.req.routePath;
};
