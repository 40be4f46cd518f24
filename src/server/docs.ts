// The API description: /api/v1/openapi.json (OpenAPI 3.1, generated from the schemas
// that validate requests) and interactive docs at /api/docs, served from the
// swagger-ui-dist package on this origin (no CDN). While the seeded test accounts
// exist, the description lists their credentials, as the specification asks.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context, type Env } from 'hono';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Db } from './db/schema.js';
import { listEdgeAnswers } from './http/openapi.js';
import { TEST_ACCOUNTS } from './seed/seed.js';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tavola API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>`;

const START = `SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', deepLinking: true, tryItOutEnabled: true });`;

const DOCS_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

const INTRO = `The API of Tavola, the restaurant site. Everything is JSON. Protected endpoints need
\`Authorization: Bearer <accessToken>\` from \`POST /api/v1/auth/login\`; access tokens live
**120 seconds** (\`expiresIn\` is in seconds), after which protected endpoints answer 401 with
\`X-Token-Expired: true\`. Every error has the shape \`{status, code, message, field?}\`.
The API answers its own origin only: it sends no CORS headers and refuses state-changing
requests from other sites (403). Paths are exact (a trailing slash is a 404), and a method
a path does not have is a 405 with \`Allow\`, whatever the body. Below the routes, a request
that is not valid HTTP or has no Host header is a 400 (\`bad_request\`), headers over 16 KiB a 431
(\`headers_too_large\`), an unknown method a 501 (\`method_not_implemented\`), a request
not arrived whole within 30 seconds (its headers within 10) a 408 (\`request_timeout\`), and a
connection past 256 open from one address a 429 (\`too_many_connections\`), in the same
shape and with the connection closed. A 413 comes with \`Connection: close\`.

Orders to a table name the table's code (\`tableCode\`), which the QR code on the table
carries (the site opens \`/menu#table=<code>\`); Waiter or Kitchen staff taking an order
at a table send their Bearer token instead. Pickup orders need neither. With the test
accounts below, an Admin reads every table's code at \`GET /api/v1/admin/tables\`.`;

async function testAccountsText(db: Db): Promise<string> {
  const rows = await db.selectFrom('users').select(['email', 'role']).where('test_account', '=', 1).execute();
  const listed = TEST_ACCOUNTS.filter((account) => rows.some((row) => row.email === account.email));
  if (!listed.length) return '';
  const lines = listed.map((account) => `| ${account.role} | \`${account.email}\` | \`${account.password}\` |`);
  return `\n\n### Test accounts\n\n| role | email | password |\n|---|---|---|\n${lines.join('\n')}`;
}

/** Adds GET /openapi.json to the v1 API. */
export function addOpenApiDocument(v1: OpenAPIHono<Env>, db: Db): void {
  v1.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  v1.openAPIRegistry.registerComponent('securitySchemes', 'BookingKey', { type: 'apiKey', in: 'header', name: 'Booking-Key', description: "The secret of a booking's manage link (the part after `/booking#`)." });
  v1.get('/openapi.json', async (c) => {
    const document = listEdgeAnswers(v1.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Tavola API', version: '1.0.0', description: INTRO + (await testAccountsText(db)) },
      servers: [{ url: '/api/v1' }],
    }));
    return c.json(document);
  });
}

/** The interactive docs page and its files. */
export function docsRoutes(): Hono {
  const app = new Hono();
  // The docs page needs scripts and styles: its CSP replaces the API's `default-src 'none'`.
  const send = (c: Context, body: string, type: string) => c.body(body, 200, { 'Content-Type': type, 'Content-Security-Policy': DOCS_CSP });
  const files = new Map<string, Promise<string>>(); // read once, on first use
  const fromPackage = (name: string) => files.get(name) ?? files.set(name, readFile(join(swaggerDir, name), 'utf8')).get(name)!;
  app.get('/', (c) => send(c, PAGE, 'text/html; charset=utf-8'));
  app.get('/start.js', (c) => send(c, START, 'text/javascript; charset=utf-8'));
  app.get('/swagger-ui.css', async (c) => send(c, await fromPackage('swagger-ui.css'), 'text/css; charset=utf-8'));
  app.get('/swagger-ui-bundle.js', async (c) => send(c, await fromPackage('swagger-ui-bundle.js'), 'text/javascript; charset=utf-8'));
  return app;
}
