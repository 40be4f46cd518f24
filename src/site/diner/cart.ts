// The cart: dishes and quantities, kept in local storage (`tavola.cart`) so it survives
// a reload and reaches other tabs. A stored cart that does not parse is dropped. A dish with
// other choices or another note is another line (cart-menu.ts; the server prices the choices
// again). Only what every first page needs is here: the lines, and adding a dish as it comes.
import { createStored, isRecord, type Store } from '../../core/stored.js';

/** What the diner chose for a line: the options' ids (in the order shown), their words, what they add to the dish's price. */
export interface CartChoices {
  ids: number[];
  /** "Medium · + Mushrooms · without Onion", as the line says it. */
  text: string;
  cents: number;
}

export interface CartItem {
  dishId: number;
  name: string;
  /** The unit price: the dish's, with its choices. */
  priceCents: number;
  quantity: number;
  choices?: CartChoices;
  /** The diner's words for the kitchen about this line ("allergic to sesame"). */
  note?: string;
}

export const MAX_QUANTITY = 20;

const isChoices = (value: unknown) => isRecord(value) && Array.isArray(value.ids) && value.ids.every(Number.isSafeInteger) && typeof value.text === 'string' && Number.isSafeInteger(value.cents);

function parseCart(json: unknown): CartItem[] | undefined {
  if (!Array.isArray(json)) return undefined;
  const items = json.filter(
    (item): item is CartItem =>
      isRecord(item) &&
      Number.isSafeInteger(item.dishId) &&
      typeof item.name === 'string' &&
      Number.isSafeInteger(item.priceCents) &&
      Number.isSafeInteger(item.quantity) &&
      (item.quantity as number) > 0 &&
      (item.choices === undefined || isChoices(item.choices)) &&
      (item.note === undefined || typeof item.note === 'string'),
  );
  return items.map((item) => ({ ...item, quantity: Math.min(item.quantity, MAX_QUANTITY) }));
}

export interface Cart extends Store<CartItem[]> {
  /** One more of a dish as it comes (its plain line; lines with choices: cart-menu.ts). */
  add(dish: { id: number; name: string; priceCents: number }): void;
}

export function createCart(storage?: Storage, events?: Window): Cart {
  const store = createStored<CartItem[]>({ key: 'tavola.cart', parse: parseCart, empty: [], storage, events });
  return {
    ...store,
    add(dish) {
      const items = store.get();
      const plain = items.find((item) => item.dishId === dish.id && !item.choices && !item.note);
      store.set(plain ? items.map((item) => (item === plain ? { ...item, quantity: Math.min(item.quantity + 1, MAX_QUANTITY) } : item)) : [...items, { dishId: dish.id, name: dish.name, priceCents: dish.priceCents, quantity: 1 }]);
    },
  };
}

export const countItems = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);
