// The cart: dishes and quantities, kept in local storage (`tavola.cart`) so it survives
// a reload and reaches other tabs. A stored cart that does not parse is dropped.
import { createStored, isRecord, type Store } from '../core/stored.js';

export interface CartItem {
  dishId: number;
  name: string;
  priceCents: number;
  quantity: number;
}

export const MAX_QUANTITY = 20;

function parseCart(json: unknown): CartItem[] | undefined {
  if (!Array.isArray(json)) return undefined;
  const items = json.filter(
    (item): item is CartItem =>
      isRecord(item) &&
      Number.isSafeInteger(item.dishId) &&
      typeof item.name === 'string' &&
      Number.isSafeInteger(item.priceCents) &&
      Number.isSafeInteger(item.quantity) &&
      (item.quantity as number) > 0,
  );
  return items.map(({ dishId, name, priceCents, quantity }) => ({ dishId, name, priceCents, quantity: Math.min(quantity, MAX_QUANTITY) }));
}

export interface Cart extends Store<CartItem[]> {
  add(dish: { id: number; name: string; priceCents: number }): void;
  /** Sets a quantity; 0 removes the dish. */
  setQuantity(dishId: number, quantity: number): void;
}

export function createCart(storage?: Storage, events?: Window): Cart {
  const store = createStored<CartItem[]>({ key: 'tavola.cart', parse: parseCart, empty: [], storage, events });
  const items = store.get;
  const setQuantity = (dishId: number, quantity: number) => {
    const clamped = Math.min(Math.max(Math.floor(quantity) || 0, 0), MAX_QUANTITY);
    store.set(items().flatMap((item) => (item.dishId !== dishId ? [item] : clamped ? [{ ...item, quantity: clamped }] : [])));
  };
  return {
    ...store,
    setQuantity,
    add(dish) {
      const existing = items().find((item) => item.dishId === dish.id);
      if (existing) setQuantity(dish.id, existing.quantity + 1);
      else store.set([...items(), { dishId: dish.id, name: dish.name, priceCents: dish.priceCents, quantity: 1 }]);
    },
  };
}

export const countItems = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);
