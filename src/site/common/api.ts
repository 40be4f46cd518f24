// The site's calls to its API, typed. Every path is relative to the same-origin `/api/v1`.
import type { Http } from '../../core/http.js';
import type { ChoiceGroup } from '../../shared/choices.js';
import type { Dish, DishFilter, DishPage } from '../../shared/menu-records.js';
import type { Order } from '../../shared/order-states.js';
import type { Restaurant } from '../../shared/restaurant-records.js';
import type { StaffUser } from './user.js';
import type { Untranslated } from '../../shared/menu-records.js';

export const API_BASE = '/api/v1';

/** Sent on `document` when the menu changed while a page shows it (menu-watch.ts). */
export const MENU_CHANGED = 'menu:changed';

/** One order's live stream (no token; the staff's streams are in live-events.ts). */
export const orderEvents = (id: string) => `${API_BASE}/orders/${encodeURIComponent(id)}/events`;

/** The opening hours as GET /hours answers them (the rest of its fields the admin pages read). */
export interface Hours {
  /** The restaurant's time zone (IANA): its clock, whatever the device is set to. */
  timeZone?: string;
  open: boolean;
  summary: string;
  weekText: string;
}

export interface Category {
  slug: string;
  name: string;
  description: string;
  dishCount: number;
  /** Its words shown in English on an Italian page (not translated yet): marked with their `lang`. */
  untranslated?: Untranslated;
}

export interface Profile extends StaffUser {
  memberSince: string;
  lastSignIn: string | null;
  canSeeOrderQueue: boolean;
  /** The language they chose for their pages, or null while they have not. */
  lang?: 'en' | 'it' | null;
}

export type { Dish, DishFilter, DishPage, Order };
/** One dish as its own address gives it: with its groups of choices in order ([] for none). */
export type DishWithChoices = Dish & { choices: ChoiceGroup[] };
// Here, so the list travels in the chunk every page shares, not in a small file of its own.
export { ALLERGENS, type Allergen } from '../../shared/allergens.js';

export interface NewOrder {
  table?: number;
  /** The table's code from its QR code (table-visit.ts); staff placing it send their token instead. */
  tableCode?: string;
  /** How many are at the table, asked at a visit's first order (or a staff member's first at a table); with `table` only. */
  guests?: number;
  pickupName?: string;
  /** As typed: the server reads it and keeps it in international form. */
  pickupPhone?: string;
  /** A line's choices are its options' ids; its note is for the kitchen. */
  items: { dishId: number; quantity: number; choices?: number[]; note?: string }[];
  note?: string;
}

/** The page size the site asks for: a menu of any size draws quickly, page by page. */
export const PAGE_SIZE = 50;

/**
 * The calls of the first page: the menu's. Those of the order and staff pages come with
 * those pages (orders-api.ts, in later.ts).
 */
export type SiteApi = ReturnType<typeof createSiteApi>;

/** The calls of the menu pages: categories, dishes a page at a time, one dish. */
export function createSiteApi(http: Http) {
  // Dishes already seen in a list: a dish page opened from it draws at once from these.
  const seen = new Map<number, Dish | DishWithChoices>();
  let categories: Promise<Category[]> | undefined;
  let known: Category[] = [];
  let hours: Promise<Hours> | undefined;
  let restaurant: Promise<Restaurant> | undefined;
  const remember = <T extends Dish>(dishes: T[]) => {
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
    /** One page of dishes: the first, or the one after dish `after` (a page's `next`). */
    dishes(filter: DishFilter, { after, signal }: { after?: number; signal?: AbortSignal } = {}) {
      const query = new URLSearchParams();
      if (filter.category && filter.category !== 'all') query.set('category', filter.category);
      if (filter.q) query.set('q', filter.q);
      if (filter.featured) query.set('featured', 'true');
      if (filter.without?.length) query.set('without', filter.without.join());
      query.set('limit', String(PAGE_SIZE));
      if (after !== undefined) query.set('after', String(after));
      return http.get<DishPage>(`/dishes?${query}`, { signal }).then((page) => {
        remember(page.dishes);
        return page;
      });
    },
    dish: (id: number, signal?: AbortSignal) => http.get<DishWithChoices>(`/dishes/${id}`, { signal }).then((dish) => remember([dish])[0]!),
    /** Asked once per visit: the home page and the footer both show it. */
    hours: () => (hours ??= http.get<Hours>('/hours')),
    /** Who and where the restaurant is, asked once per visit: the footer, the home page and the pickup board show it. */
    restaurant: () => {
      restaurant ??= http.get<Restaurant>('/restaurant').catch((error: unknown) => {
        restaurant = undefined; // a failure is not kept: the next page asks again
        throw error;
      });
      return restaurant;
    },
  };
}
