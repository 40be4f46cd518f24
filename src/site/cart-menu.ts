// The cart against the menu, when the cart dialog opens: what it costs, and which of its
// dishes are still on the menu. Apart from cart.ts because only the dialog needs it, and
// the dialog comes after the first page (later.ts).
import type { Cart, CartItem } from './cart.js';

export const totalCents = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);

/** Keeps only the dishes of `cart` still on the menu (with today's names and prices); returns the names dropped. */
export function reconcileCart(cart: Cart, menu: readonly { id: number; name: string; priceCents: number }[]): string[] {
  const byId = new Map(menu.map((dish) => [dish.id, dish]));
  const items = cart.get();
  const dropped = items.filter((item) => !byId.has(item.dishId)).map((item) => item.name);
  const kept = items.flatMap((item) => {
    const dish = byId.get(item.dishId);
    return dish ? [{ ...item, name: dish.name, priceCents: dish.priceCents }] : [];
  });
  if (dropped.length || JSON.stringify(kept) !== JSON.stringify(items)) cart.set(kept);
  return dropped;
}
