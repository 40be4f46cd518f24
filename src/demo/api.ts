// The demo's calls to the demo shop API, which allows other origins, so the app calls
// it directly at the address set at build time (DEMO_API_URL). Only `/auth/me` carries the
// token: a cross-origin request with an Authorization header is preceded by a preflight
// (OPTIONS), so a public call that carried it would cost two requests, both counted by the
// public API's rate limit.
import { RequestError, type Http } from '../core/http.js';
import { parseDemoUser, type DemoSession } from './user.js';

declare const __DEMO_API_URL__: string | undefined;
/** Set by build.mjs from DEMO_API_URL; outside a build (tests) it is the public API. */
export const DEMO_API_URL = typeof __DEMO_API_URL__ === 'string' ? __DEMO_API_URL__ : 'https://dummyjson.com';

export interface Me {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  image: string;
  role: string;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  category: string;
  price: number;
  discountPercentage: number;
  rating: number;
  stock: number;
  brand?: string;
  thumbnail: string;
}

/** Products a page: the public API's own default. */
export const PAGE_SIZE = 30;

/**
 * The shop refused the token: a 401 (the stand-in, an expired token), or on the public API
 * a 500 in its JWT library's words ("invalid token", "invalid signature", "jwt malformed").
 */
export const tokenRefused = (error: unknown) => error instanceof RequestError && (error.status === 401 || (error.status === 500 && /token|signature|jwt/i.test(String(error.body?.message))));

export type DemoApi = ReturnType<typeof createDemoApi>;

/** The calls; `token` is the session's, sent with the one call that needs it. */
export function createDemoApi(http: Http, token: () => string | undefined) {
  return {
    categories: (signal?: AbortSignal) => http.get<{ slug: string; name: string }[]>('/products/categories', { signal }),
    /** Page `page` (from 1) of a category's products, or of all; `total` counts them all. */
    products: (category: string, page: number, signal?: AbortSignal) =>
      http.get<{ products: Product[]; total: number }>(`${category === 'all' ? '/products' : `/products/category/${encodeURIComponent(category)}`}?limit=${PAGE_SIZE}&skip=${(page - 1) * PAGE_SIZE}`, { signal }),
    product: (id: number, signal?: AbortSignal) => http.get<Product>(`/products/${id}`, { signal }),
    me: (signal?: AbortSignal) => http.get<Me>('/auth/me', { token: token(), signal }),
    /** Signs in: the token from login, then the role from the me call (not from the login answer). */
    async signIn(username: string, password: string): Promise<DemoSession> {
      const { accessToken } = await http.post<{ accessToken: string }>('/auth/login', { username, password });
      const user = parseDemoUser(await http.get('/auth/me', { token: accessToken }));
      if (!user) throw new Error('The demo shop answered with a user we could not read.');
      return { token: accessToken, user };
    },
  };
}
