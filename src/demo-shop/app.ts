// A stand-in for the public demo shop API, for offline development and tests only: the
// endpoints the demo variant uses, with the public API's status codes, body shapes and
// other-origin (CORS) headers. The demo build still defaults to the public API.
import { Hono, type Context } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { CATEGORIES, PRODUCTS, USERS, type Product, type ShopUser } from './catalog.js';
import { picture } from './pictures.js';

const origin = (c: Context) => new URL(c.req.url).origin;

// Picture addresses are absolute, as the public API's are: the app runs on another origin.
const withPictures = (c: Context, product: Product): Product => ({
  ...product,
  thumbnail: origin(c) + product.thumbnail,
  images: product.images.map((image) => origin(c) + image),
});

const profile = (c: Context, { password: _, ...user }: ShopUser) => ({ ...user, image: `${origin(c)}/images/users/${user.id}.svg` });

export function createDemoShop({ secret = randomBytes(32) as Uint8Array, clock = Date.now } = {}): Hono {
  const app = new Hono();

  // The public API answers every origin.
  app.use('*', async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
      c.header('Access-Control-Allow-Headers', c.req.header('Access-Control-Request-Headers') ?? '');
      c.header('Vary', 'Access-Control-Request-Headers');
      return c.body(null, 204);
    }
    await next();
  });

  app.post('/auth/login', async (c) => {
    // Like the public API, a body that is not sent as JSON is as good as no body.
    const body = /^application\/json/i.test(c.req.header('Content-Type') ?? '') ? await c.req.json().catch(() => ({})) : {};
    const { username, password, expiresInMins = 60 } = (body ?? {}) as Record<string, unknown>;
    if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
      return c.json({ message: 'Username and password required' }, 400);
    }
    const user = USERS.find((candidate) => candidate.username === username && candidate.password === password);
    if (!user) return c.json({ message: 'Invalid credentials' }, 400);
    const now = Math.floor(clock() / 1000);
    const minutes = Number(expiresInMins) > 0 ? Number(expiresInMins) : 60;
    const sign = (lifetime: number) =>
      new SignJWT({ id: user.id, username: user.username }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + lifetime).sign(secret);
    const { id, username: name, email, firstName, lastName, gender, image } = profile(c, user);
    return c.json({ accessToken: await sign(minutes * 60), refreshToken: await sign(30 * 24 * 3600), id, username: name, email, firstName, lastName, gender, image });
  });

  app.get('/auth/me', async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!token) return c.json({ message: 'Access Token is required' }, 401);
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(clock()) });
      const user = USERS.find((candidate) => candidate.id === payload.id);
      if (!user) throw new Error('no such user');
      return c.json(profile(c, user));
    } catch {
      return c.json({ message: 'Invalid/expired Token!' }, 401);
    }
  });

  const page = (c: Context, products: Product[]) => {
    const limit = Math.max(0, Number(c.req.query('limit') ?? 30) || 0);
    const skip = Math.max(0, Number(c.req.query('skip') ?? 0) || 0);
    const shown = (limit === 0 ? products.slice(skip) : products.slice(skip, skip + limit)).map((product) => withPictures(c, product));
    return c.json({ products: shown, total: products.length, skip, limit: shown.length });
  };

  app.get('/products', (c) => page(c, PRODUCTS));
  app.get('/products/categories', (c) => c.json(CATEGORIES.map(({ slug, name }) => ({ slug, name, url: `${origin(c)}/products/category/${slug}` }))));
  app.get('/products/category/:slug', (c) => page(c, PRODUCTS.filter((product) => product.category === c.req.param('slug'))));
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
