// The demo's calls to the demo shop API, which allows other origins, so the app calls
// it directly at the address set at build time (DEMO_API_URL).
import type { Http } from '../core/http.js';
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

export type DemoApi = ReturnType<typeof createDemoApi>;

export function createDemoApi(http: Http) {
  return {
    categories: (signal?: AbortSignal) => http.get<{ slug: string; name: string }[]>('/products/categories', { signal }),
    products: (category: string, signal?: AbortSignal) =>
      http.get<{ products: Product[]; total: number }>(category === 'all' ? '/products?limit=30' : `/products/category/${encodeURIComponent(category)}?limit=30`, { signal }),
    product: (id: number, signal?: AbortSignal) => http.get<Product>(`/products/${id}`, { signal }),
    me: (signal?: AbortSignal) => http.get<Me>('/auth/me', { signal }),
    /** Signs in: the token from login, then the role from the me call (not from the login answer). */
    async signIn(username: string, password: string): Promise<DemoSession> {
      const { accessToken } = await http.post<{ accessToken: string }>('/auth/login', { username, password });
      const user = parseDemoUser(await http.get('/auth/me', { token: accessToken }));
      if (!user) throw new Error('The demo shop answered with a user we could not read.');
      return { token: accessToken, user };
    },
  };
}
