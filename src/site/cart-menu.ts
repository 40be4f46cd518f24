// The cart's lines as the dialog and a dish's choices change them (by line: the same dish with
// other choices is another), and the cart against the menu when the dialog opens: what it
// costs, and which of its dishes are still on the menu. Apart from cart.ts because only the
// dialog and the choices need it, and they come after the first page (later.ts).
import { MAX_QUANTITY, type Cart, type CartChoices, type CartItem } from './cart.js';

/** A line's key: the dish's id alone for a plain dish, with its choices and note otherwise. */
export const lineKey = (item: Pick<CartItem, 'dishId' | 'choices' | 'note'>) => (item.choices?.ids.length || item.note ? `${item.dishId}:${item.choices?.ids.join('.') ?? ''}:${item.note ?? ''}` : String(item.dishId));

/** Sets a line's quantity (its lineKey; a plain dish's id will do), at most MAX_QUANTITY; 0 removes it. */
export function setQuantity(cart: Cart, key: string | number, quantity: number) {
  const clamped = Math.min(Math.max(Math.floor(quantity) || 0, 0), MAX_QUANTITY);
  cart.set(cart.get().flatMap((item) => (lineKey(item) !== String(key) ? [item] : clamped ? [{ ...item, quantity: clamped }] : [])));
}

/** One more of a dish with those choices and that note: its line, or a new one. */
export function addChosen(cart: Cart, dish: { id: number; name: string; priceCents: number }, { choices, note }: { choices?: CartChoices; note?: string }) {
  const line: CartItem = { dishId: dish.id, name: dish.name, priceCents: dish.priceCents + (choices?.cents ?? 0), quantity: 1, ...(choices?.ids.length && { choices }), ...(note && { note }) };
  const existing = cart.get().find((item) => lineKey(item) === lineKey(line));
  if (existing) setQuantity(cart, lineKey(line), existing.quantity + 1);
  else cart.set([...cart.get(), line]);
}

export const totalCents = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);

/** Keeps only the dishes of `cart` still on the menu (with today's names and prices, and the choices' as chosen: the order prices them again); returns the names dropped. */
export function reconcileCart(cart: Cart, menu: readonly { id: number; name: string; priceCents: number }[]): string[] {
  const byId = new Map(menu.map((dish) => [dish.id, dish]));
  const items = cart.get();
  const dropped = items.filter((item) => !byId.has(item.dishId)).map((item) => item.name);
  const kept = items.flatMap((item) => {
    const dish = byId.get(item.dishId);
    return dish ? [{ ...item, name: dish.name, priceCents: dish.priceCents + (item.choices?.cents ?? 0) }] : [];
  });
  if (dropped.length || JSON.stringify(kept) !== JSON.stringify(items)) cart.set(kept);
  return dropped;
}
