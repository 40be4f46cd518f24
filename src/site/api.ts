// The site's calls to its API, typed. Every path is relative to the same-origin `/api/v1`.
import type { Http } from '../core/http.js';
import { parseStaffUser, type StaffUser } from './user.js';

export const API_BASE = '/api/v1';

export interface Dish {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  category: string;
  tags: string[];
  image: string;
  featured: boolean;
}

export interface Category {
  slug: string;
  name: string;
  dishCount: number;
}

export interface Profile extends StaffUser {
  memberSince: string;
  lastSignIn: string | null;
  canSeeOrderQueue: boolean;
}

export interface Order {
  id: number;
  table: number;
  status: string;
  note: string;
  createdAt: string;
  items: { dishId: number; name: string; quantity: number }[];
}

export interface DishFilter {
  category?: string;
  q?: string;
  featured?: boolean;
}

export type SiteApi = ReturnType<typeof createSiteApi>;

export function createSiteApi(http: Http) {
  return {
    categories: (signal?: AbortSignal) => http.get<{ categories: Category[] }>('/categories', { signal }).then((body) => body.categories),
    dishes(filter: DishFilter, signal?: AbortSignal) {
      const query = new URLSearchParams();
      if (filter.category && filter.category !== 'all') query.set('category', filter.category);
      if (filter.q) query.set('q', filter.q);
      if (filter.featured) query.set('featured', 'true');
      return http.get<{ dishes: Dish[] }>(`/dishes${query.size ? `?${query}` : ''}`, { signal }).then((body) => body.dishes);
    },
    dish: (id: number, signal?: AbortSignal) => http.get<Dish>(`/dishes/${id}`, { signal }),
    profile: (signal?: AbortSignal) => http.get<Profile>('/profile', { signal }),
    orderQueue: (signal?: AbortSignal) => http.get<{ orders: Order[] }>('/orders/queue', { signal }).then((body) => body.orders),
    /** Signs in: the tokens from login, then the user (and the role) from the me call. */
    async signIn(email: string, password: string): Promise<{ token: string; user: StaffUser }> {
      const { accessToken } = await http.post<{ accessToken: string }>('/auth/login', { email, password });
      const user = parseStaffUser(await http.get('/auth/me', { token: accessToken }));
      if (!user) throw new Error('The server answered with a user we could not read.');
      return { token: accessToken, user };
    },
  };
}
