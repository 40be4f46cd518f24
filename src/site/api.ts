// The site's calls to its API, typed. Every path is relative to the same-origin `/api/v1`.
import type { Http } from '../core/http.js';
import type { Order, OrderStatus } from '../shared/order-states.js';
import { parseStaffUser, type StaffUser } from './user.js';

export const API_BASE = '/api/v1';

/** The live streams: every order event (staff, with a token), or one order's (no token). */
export const STAFF_EVENTS = `${API_BASE}/orders/events`;
export const orderEvents = (id: string) => `${API_BASE}/orders/${encodeURIComponent(id)}/events`;

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
  description: string;
  dishCount: number;
}

export interface Profile extends StaffUser {
  memberSince: string;
  lastSignIn: string | null;
  canSeeOrderQueue: boolean;
}

export type { Order };

export interface NewOrder {
  table?: number;
  pickupName?: string;
  items: { dishId: number; quantity: number }[];
  note?: string;
}

export interface DishFilter {
  category?: string;
  q?: string;
  featured?: boolean;
}

export type SiteApi = ReturnType<typeof createSiteApi>;

export function createSiteApi(http: Http) {
  // Dishes already seen in a list: a dish page opened from it draws at once from these.
  const seen = new Map<number, Dish>();
  let categories: Promise<Category[]> | undefined;
  let known: Category[] = [];
  const remember = (dishes: Dish[]) => {
    for (const dish of dishes) seen.set(dish.id, dish);
    return dishes;
  };
  return {
    /** A dish from a list already loaded, if there was one. */
    seenDish: (id: number) => seen.get(id),
    /** The categories once they have arrived (a page can draw them at once), else none. */
    seenCategories: () => known,
    /** The categories: asked once, then kept (they change with a new menu, not while it is read). */
    categories(signal?: AbortSignal) {
      categories ??= http.get<{ categories: Category[] }>('/categories', { signal }).then((body) => (known = body.categories));
      return categories.catch((error: unknown) => {
        categories = undefined; // a failure is not kept: the next page asks again
        throw error;
      });
    },
    dishes(filter: DishFilter, signal?: AbortSignal) {
      const query = new URLSearchParams();
      if (filter.category && filter.category !== 'all') query.set('category', filter.category);
      if (filter.q) query.set('q', filter.q);
      if (filter.featured) query.set('featured', 'true');
      return http.get<{ dishes: Dish[] }>(`/dishes${query.size ? `?${query}` : ''}`, { signal }).then((body) => remember(body.dishes));
    },
    dish: (id: number, signal?: AbortSignal) => http.get<Dish>(`/dishes/${id}`, { signal }).then((dish) => remember([dish])[0]!),
    profile: (signal?: AbortSignal) => http.get<Profile>('/profile', { signal }),
    orderQueue: (signal?: AbortSignal) => http.get<{ orders: Order[]; lastEventId: number }>('/orders/queue', { signal }),
    order: (id: string, signal?: AbortSignal) => http.get<Order>(`/orders/${encodeURIComponent(id)}`, { signal }),
    /** Places an order; the same `key` again answers the same order instead of a second one. */
    placeOrder: (order: NewOrder, key: string) => http.post<Order>('/orders', order, { headers: { 'Idempotency-Key': key } }),
    moveOrder: (order: Order, status: OrderStatus) => http.patch<Order>(`/orders/${encodeURIComponent(order.id)}`, { status, version: order.version }),
    /** Signs in: the tokens from login, then the user (and the role) from the me call. */
    async signIn(email: string, password: string): Promise<{ token: string; user: StaffUser }> {
      const { accessToken } = await http.post<{ accessToken: string }>('/auth/login', { email, password });
      const user = parseStaffUser(await http.get('/auth/me', { token: accessToken }));
      if (!user) throw new Error('The server answered with a user we could not read.');
      return { token: accessToken, user };
    },
  };
}
