// GET /pictures/{name}: an uploaded picture. Its name is a hash of its bytes, so it never
// changes: browsers and caches keep it for a year without asking again.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Db } from '../db/schema.js';
import { findPicture } from './store.js';
import { ApiError } from '../http/errors.js';
import { errors } from '../http/openapi.js';
import { t } from '../http/language.js';

const NAME = /^[A-Za-z0-9_-]{22}-\d{3,4}\.webp$/;

const picture = createRoute({
  method: 'get',
  path: '/pictures/{name}',
  tags: ['Menu'],
  summary: 'An uploaded dish picture (WebP), by its content address',
  request: { params: z.object({ name: z.string().openapi({ param: { name: 'name', in: 'path' }, example: 'q0TqR2cC1sVvD3qX5mQ9aA-960.webp' }) }) },
  responses: {
    200: { description: 'The picture; `Cache-Control: public, max-age=31536000, immutable`.', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errors(404),
  },
});

export function pictureRoutes(db: Db) {
  const app = new OpenAPIHono();
  app.openapi(picture, async (c) => {
    const { name } = c.req.valid('param');
    const bytes = NAME.test(name) ? await findPicture(db, name) : undefined;
    if (!bytes) throw new ApiError(404, 'not_found', t('No picture is called {value}.', { value: JSON.stringify(name) }));
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${name.slice(0, 22)}"`,
    }) as never;
  });
  return app;
}
