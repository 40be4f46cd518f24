// A stand-in for the public demo shop API, for offline development and tests only: the
// endpoints the demo variant uses, answering as the public API does (status codes, body
// shapes, messages, CORS headers). The demo build still defaults to the public API.
//
// One difference is on purpose: `/auth/me` accepts only the exact header
// `Authorization: Bearer <token>`, as the specification says; the public API also takes
// a bare token (200) and answers `bearer <token>` with a 500.
import { Hono, type Context } from 'hono';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { CATEGORIES, PRODUCTS, USERS, type Product, type ShopUser } from './catalog.js';
import { picture } from './pictures.js';

const MAX_MINUTES = 43200;

const origin = (c: Context) => new URL(c.req.url).origin;

// Picture addresses are absolute, as the public API's are: the app runs on another origin.
const withPictures = (c: Context, product: Product): Product => ({
  ...product,
  thumbnail: origin(c) + product.thumbnail,
  images: product.images.map((image) => origin(c) + image),
});

const profile = (c: Context, { password: _, ...user }: ShopUser) => ({ ...user, image: `${origin(c)}/images/users/${user.id}.svg` });

/** The login body as the public API reads it: JSON or a form; anything else is no body. */
async function loginBody(c: Context): Promise<Record<string, unknown> | Response> {
  const type = c.req.header('Content-Type') ?? '';
  if (/^application\/x-www-form-urlencoded/i.test(type)) return Object.fromEntries(new URLSearchParams(await c.req.text()));
  if (!/^application\/json/i.test(type)) return {};
  const text = await c.req.text();
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch (error) {
    return c.json({ message: (error as Error).message }, 400); // the parser's own words
  }
}

export function createDemoShop({ secret = randomBytes(32) as Uint8Array, clock = Date.now } = {}): Hono {
  const app = new Hono();
  const now = () => Math.floor(clock() / 1000);
  const sign = (user: ShopUser, seconds: number) =>
    new SignJWT({ id: user.id, username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, gender: user.gender })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now())
      .setExpirationTime(now() + seconds)
      .sign(secret);
  const minutes = (value: unknown, fallback: number) => {
    const number = value === undefined ? fallback : Number(value);
    return Number.isFinite(number) ? number : fallback;
  };
  const tooLong = (c: Context) => c.json({ message: `Maximum access token expire time can be ${MAX_MINUTES} minutes` }, 500);
  const verify = (token: string) => jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(clock()) });

  // The public API answers every origin: it echoes the one that asks, with credentials.
  app.use('*', async (c, next) => {
    const from = c.req.header('Origin');
    if (from) {
      c.header('Access-Control-Allow-Origin', from);
      c.header('Access-Control-Allow-Credentials', 'true');
      c.header('Vary', 'Origin');
      if (c.req.method === 'OPTIONS') {
        c.header('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
        c.header('Access-Control-Allow-Headers', c.req.header('Access-Control-Request-Headers') ?? '');
        c.header('Vary', 'Origin, Access-Control-Request-Headers');
        return c.body(null, 204);
      }
    }
    await next();
  });

  app.post('/auth/login', async (c) => {
    const body = await loginBody(c);
    if (body instanceof Response) return body;
    const { username, password, expiresInMins } = body;
    if (username === undefined || username === '' || password === undefined || password === '') return c.json({ message: 'Username and password required' }, 400);
    if (typeof username !== 'string') return c.json({ message: 'Username is not valid' }, 400);
    const lifetime = minutes(expiresInMins, 60);
    if (lifetime < 1 || lifetime > MAX_MINUTES) return tooLong(c);
    // The public API ignores the letter case of the username, not of the password.
    const user = USERS.find((candidate) => candidate.username === username.toLowerCase() && candidate.password === String(password));
    if (!user) return c.json({ message: 'Invalid credentials' }, 400);
    const { id, username: name, email, firstName, lastName, gender, image } = profile(c, user);
    return c.json({ accessToken: await sign(user, lifetime * 60), refreshToken: await sign(user, 30 * 24 * 3600), id, username: name, email, firstName, lastName, gender, image });
  });

  app.post('/auth/refresh', async (c) => {
    const body = await loginBody(c);
    if (body instanceof Response) return body;
    const { refreshToken, expiresInMins } = body;
    if (typeof refreshToken !== 'string' || !refreshToken) return c.json({ message: 'Refresh token required' }, 401);
    const lifetime = minutes(expiresInMins, 60);
    if (lifetime < 1 || lifetime > MAX_MINUTES) return tooLong(c);
    try {
      const { payload } = await verify(refreshToken);
      const user = USERS.find((candidate) => candidate.id === payload.id);
      if (!user) throw new Error('no such user');
      return c.json({ accessToken: await sign(user, lifetime * 60), refreshToken: await sign(user, 30 * 24 * 3600) });
    } catch {
      return c.json({ message: 'Invalid refresh token' }, 403);
    }
  });

  app.get('/auth/me', async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!token) return c.json({ message: 'Access Token is required' }, 401);
    try {
      const { payload } = await verify(token);
      const user = USERS.find((candidate) => candidate.id === payload.id);
      if (!user) throw new errors.JWTClaimValidationFailed('no such user', payload);
      return c.json(profile(c, user));
    } catch (error) {
      if (error instanceof errors.JWTExpired) return c.json({ message: 'Token Expired!' }, 401);
      if (error instanceof errors.JWTClaimValidationFailed) return c.json({ message: 'Invalid/expired Token!' }, 401);
      // A well-formed token signed with another secret, or no token at all ("not.a.token"):
      // the public API fails with a 500 and the JWT library's words.
      if (error instanceof errors.JWSSignatureVerificationFailed) return c.json({ message: 'invalid signature' }, 500);
      return c.json({ message: 'invalid token' }, 500);
    }
  });

  // A page of products: `limit` (0 is all), `skip`, and `select` (id plus the fields named).
  const page = (c: Context, products: Product[]) => {
    const number = (name: 'limit' | 'skip', fallback: number) => {
      const value = c.req.query(name);
      return value === undefined ? fallback : /^\d+$/.test(value) ? Number(value) : NaN;
    };
    const limit = number('limit', 30);
    const skip = number('skip', 0);
    if (Number.isNaN(limit)) return c.json({ message: "Invalid 'limit' - must be a number" }, 400);
    if (Number.isNaN(skip)) return c.json({ message: "Invalid 'skip' - must be a number" }, 400);
    const select = c.req.query('select')?.split(',').map((field) => field.trim()).filter(Boolean);
    const shown = (limit === 0 ? products.slice(skip) : products.slice(skip, skip + limit)).map((product) => {
      const full = withPictures(c, product) as unknown as Record<string, unknown>;
      return select ? Object.fromEntries(['id', ...select].filter((field) => field in full).map((field) => [field, full[field]])) : full;
    });
    return c.json({ products: shown, total: products.length, skip, limit: shown.length });
  };

  app.get('/products', (c) => page(c, PRODUCTS));
  app.get('/products/', (c) => c.redirect(`/products${new URL(c.req.url).search}`, 301));
  app.get('/products/search', (c) => {
    const q = (c.req.query('q') ?? '').toLowerCase();
    return page(c, PRODUCTS.filter((product) => `${product.title} ${product.description}`.toLowerCase().includes(q)));
  });
  app.get('/products/categories', (c) => c.json(CATEGORIES.map(({ slug, name }) => ({ slug, name, url: `${origin(c)}/products/category/${slug}` }))));
  app.get('/products/category-list', (c) => c.json(CATEGORIES.map(({ slug }) => slug)));
  app.get('/products/category/:slug', (c) => page(c, PRODUCTS.filter((product) => product.category === c.req.param('slug').toLowerCase())));
  app.get('/products/:id', (c) => {
    const id = c.req.param('id');
    const product = PRODUCTS.find((candidate) => String(candidate.id) === id);
    return product ? c.json(withPictures(c, product)) : c.json({ message: `Product with id '${id}' not found` }, 404);
  });

  const svg = (c: Context, body: string) => c.body(body, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' });
  app.get('/images/products/:file{[0-9]+\\.svg}', (c) => {
    const product = PRODUCTS.find((candidate) => `${candidate.id}.svg` === c.req.param('file'));
    return product ? svg(c, picture(product.title, product.id)) : c.notFound();
  });
  app.get('/images/users/:file{[0-9]+\\.svg}', (c) => {
    const user = USERS.find((candidate) => `${candidate.id}.svg` === c.req.param('file'));
    return user ? svg(c, picture(`${user.firstName} ${user.lastName}`, user.id + 2)) : c.notFound();
  });

  app.notFound((c) => c.json({ message: `Route not found: ${c.req.path}` }, 404));
  return app;
}
