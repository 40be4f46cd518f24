// Pictures: an upload re-encoded to WebP at two widths with nothing else kept, stored in the
// database and served by the hash of its bytes.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Db } from '../db/schema.js';
import { pictureRoutes } from './routes.js';

export { storePicture } from './store.js';
export { MAX_UPLOAD_BYTES, PICTURE_WIDTHS, pictureUrl, processPicture } from './process.js';

/** GET /pictures/{name}. */
export function picturesFeature({ db }: { db: Db }): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', pictureRoutes(db));
  return app;
}
