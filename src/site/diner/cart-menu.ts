// The cart's lines as the dialog and a dish's choices change them (by line: the same dish with
// other choices is another), and the cart against the menu when the dialog opens: what it
// costs, and which of its dishes are still on the menu. Apart from cart.ts because only the
// dialog and the choices need it, and they come after the first page (later.ts).
import { t } from '../../core/words.js';
import type { ChoiceGroup, ChoiceOption } from '../../shared/choices.js';
import { MAX_QUANTITY, type Cart, type CartChoices, type CartItem } from './cart.js';

/** The words a cart line says for an option: its name, or "without Onion". */
export const choiceWords = (group: Pick<ChoiceGroup, 'kind'>, option: Pick<ChoiceOption, 'name'>) => (group.kind === 'without' ? t('without {list}', { list: option.name }) : option.name);

/**
 * The cart's lines with choices against their dishes as the menu has them now (`dishes`, with
 * their groups): a line whose options the menu no longer has, or has sold out, is named with
 * what to say on it; the others take the options' names and prices as they are now (the order
 * prices them so). Nothing is dropped: the diner changes or removes the line.
 */
export function checkChoices(cart: Cart, dishes: readonly { id: number; choices: readonly ChoiceGroup[] }[]): Map<string, string> {
  const problems = new Map<string, string>();
  const items = cart.get().map((item) => {
    const dish = dishes.find((one) => one.id === item.dishId);
    if (!item.choices || !dish) return item;
    const offered = dish.choices.flatMap((group) => group.options.map((option) => ({ group, option })));
    const chosen = item.choices.ids.map((id) => offered.find(({ option }) => option.id === id));
    const soldOut = chosen.find((one) => one && !one.option.available);
    if (chosen.includes(undefined)) problems.set(lineKey(item), t('A choice of this line is no longer on the menu: change or remove it.'));
    else if (soldOut) problems.set(lineKey(item), t('{option} is sold out now: change or remove this line.', { option: soldOut.option.name }));
    if (problems.has(lineKey(item))) return item;
    const found = chosen as { group: ChoiceGroup; option: ChoiceOption }[];
    const cents = found.reduce((sum, { option }) => sum + option.priceCents, 0);
    return { ...item, priceCents: item.priceCents - item.choices.cents + cents, choices: { ids: item.choices.ids, text: found.map(({ group, option }) => choiceWords(group, option)).join(' · '), cents } };
  });
  if (JSON.stringify(items) !== JSON.stringify(cart.get())) cart.set(items);
  return problems;
}

/** A line's key: the dish's id alone for a plain dish, with its choices (in id order, as the server tells lines apart) and note otherwise. */
export const lineKey = (item: Pick<CartItem, 'dishId' | 'choices' | 'note'>) => (item.choices?.ids.length || item.note ? `${item.dishId}:${[...(item.choices?.ids ?? [])].sort((a, b) => a - b).join('.')}:${item.note ?? ''}` : String(item.dishId));

/** Sets a line's quantity (its lineKey; a plain dish's id will do), at most MAX_QUANTITY; 0 removes it. */
export function setQuantity(cart: Cart, key: string | number, quantity: number) {
  const clamped = Math.min(Math.max(Math.floor(quantity) || 0, 0), MAX_QUANTITY);
  cart.set(cart.get().flatMap((item) => (lineKey(item) !== String(key) ? [item] : clamped ? [{ ...item, quantity: clamped }] : [])));
}

/** What a line becomes with other choices or another note: its quantity kept, in its place; joined to a line that already had them. */
export function changeLine(cart: Cart, key: string, dish: { id: number; name: string; priceCents: number }, { choices, note }: { choices?: CartChoices; note?: string }) {
  const items = cart.get();
  const old = items.find((item) => lineKey(item) === key);
  if (!old) return addChosen(cart, dish, { choices, note });
  const line: CartItem = { dishId: dish.id, name: dish.name, priceCents: dish.priceCents + (choices?.cents ?? 0), quantity: old.quantity, ...(choices?.ids.length && { choices }), ...(note && { note }) };
  const same = items.find((item) => item !== old && lineKey(item) === lineKey(line));
  cart.set(same ? items.flatMap((item) => (item === old ? [] : item === same ? [{ ...item, quantity: Math.min(item.quantity + old.quantity, MAX_QUANTITY) }] : [item])) : items.map((item) => (item === old ? line : item)));
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
