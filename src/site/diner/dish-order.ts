// A dish's order form once later.ts has come (dish.ts draws the form and its note at once):
// its choices (dish-choices.ts: the price and the allergens follow what is chosen), the cart's
// line being changed (its "Change" link: `?line=`), and what "Add to cart" puts in the cart: a
// dish with choices or a note is a line of its own.
import { t } from '../../core/words.js';
import { formatPrice } from '../common/price.js';
import type { Dish, DishWithChoices } from '../common/api.js';
import type { ChoiceGroup } from '../../shared/choices.js';
import type { Cart } from './cart.js';
import { addChosen, changeLine, lineKey } from './cart-menu.js';
import { allergenLine } from './dish-card.js';
import { dishChoices, type DishChoices } from './dish-choices.js';

/** What dish.ts hands over: the dish, the form it drew and what it holds, and what to do once it is added or changed. */
export interface DishOrderParts {
  dish: Dish | DishWithChoices;
  groups: readonly ChoiceGroup[];
  form: HTMLFormElement;
  add: HTMLButtonElement;
  note: HTMLInputElement;
  price: HTMLElement;
  allergens: HTMLElement;
  /** What was ticked and written before the dish was drawn anew (the menu changed). */
  before?: { ids: number[]; note: string };
  /** The key of the cart's line being changed, or null. */
  changing: string | null;
  /** The dish waits for its choices (the button stays off). */
  waiting: boolean;
  /** Adds it (`addIt`: as chosen; without, its plain line), and says so. */
  added: (addIt?: () => void) => void;
  /** The line was changed: the page adds from now on. */
  changed: () => void;
}

export interface DishOrder {
  /** What is ticked and written now, to carry over when the dish is drawn anew. */
  kept(): { ids: number[]; note: string };
  /** "Add to cart" (or "Change this line") pressed. */
  send(): void;
}

export function dishOrder(cart: Cart, parts: DishOrderParts): DishOrder {
  const { dish, groups, form, add, note, price, allergens, before } = parts;
  let changing = parts.changing;
  const line = changing ? cart.get().find((item) => lineKey(item) === changing) : undefined;
  let changes = line?.dishId === dish.id;
  let act = changes ? t('Change this line') : t('Add to cart');
  let picker: DishChoices | undefined;
  // The button says what it does, and for a dish with choices what it costs with those chosen ("Add to cart · €18.50").
  const label = () => {
    add.textContent = groups.length ? `${act} · ${formatPrice(dish.priceCents + (picker?.cents() ?? 0))}` : act;
  };
  if (changes && !before) note.value = line!.note ?? '';
  if (groups.length) {
    picker = dishChoices(groups, () => {
      price.textContent = formatPrice(dish.priceCents + picker!.cents());
      allergens.textContent = allergenLine({ ...dish, allergens: picker!.allergens(dish.allergens) }).textContent;
      label();
    });
    form.prepend(picker.node);
    if (before) picker.prefill({ choices: { ids: before.ids } });
    else if (changes) picker.prefill(line!);
  }
  label();
  add.disabled = parts.waiting;
  return {
    kept: () => ({ ids: picker ? picker.state().choices.ids : (before?.ids ?? []), note: note.value }),
    send() {
      const chosen = picker ? picker.chosen() : {};
      if (!chosen) return;
      const text = note.value.trim();
      const wanted = { ...chosen, ...(text && { note: text }) };
      const stillThere = changing !== null && cart.get().some((item) => lineKey(item) === changing);
      // As it comes: its plain line, as a menu card adds it.
      if (!wanted.choices && !wanted.note && !changes) return parts.added();
      if (!changes || !stillThere) return parts.added(() => addChosen(cart, dish, wanted));
      changeLine(cart, changing!, dish, wanted);
      changing = null; // done: the button adds from now on
      changes = false;
      act = t('Add to cart');
      label();
      parts.changed();
    },
  };
}
