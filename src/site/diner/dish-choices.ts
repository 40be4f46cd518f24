// A dish's choices on its page: each group a fieldset with its legend (radio buttons for a
// group of exactly one, checkboxes otherwise), what each option adds to the price, a sold-out
// option shown but not chosen (the line's own note for the kitchen is the page's, dish.ts:
// every dish has one, choices or not). The page's price and
// allergens follow what is chosen (bufala adds milk, gluten-free pasta takes gluten away). What is chosen is checked
// against each group's minimum and maximum when the diner adds the dish, the problem said
// beside its group; the server checks and prices it all again with the order.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import { ALLERGENS, type Allergen } from '../../shared/allergens.js';
import type { ChoiceGroup } from '../../shared/choices.js';
import type { CartChoices } from './cart.js';
import { choiceWords } from './cart-menu.js';
import { formatPrice } from '../common/price.js';

export interface DishChoices {
  node: HTMLElement;
  /** What the options chosen now add to the dish's price, in cents. */
  cents(): number;
  /** The dish's allergens with what the options chosen now add and take away (null stays null: not filled in). */
  allergens(dish: readonly Allergen[] | null): Allergen[] | null;
  /** What is ticked now, to be shown again after the dish is drawn anew (the menu changed). */
  state(): { choices: { ids: number[] } };
  /** Shows a cart line's choices as chosen (a line being changed); a sold-out option is not ticked. */
  prefill(line: { choices?: { ids: readonly number[] } }): void;
  /** The choices to add, or null after saying beside each group what it still needs (focus on the first). */
  chosen(): { choices?: CartChoices } | null;
}

/** "+ €2.00", "− €1.00", or nothing for an option that changes no price. */
const priceChange = (cents: number) => (cents > 0 ? `+ ${formatPrice(cents)}` : cents < 0 ? `− ${formatPrice(-cents)}` : '');

/** What a group asks, under its legend: "Choose 1", "Up to 3", "Choose 2 to 3". */
function asked({ kind, min, max }: ChoiceGroup): string {
  if (kind === 'without') return t('Leave out what you do not want');
  if (min === max) return t('Choose {count}', { count: min });
  if (min === 0) return max === 1 ? t('If you like') : t('Up to {count}', { count: max });
  return t('Choose {min} to {max}', { min, max });
}

export function dishChoices(groups: readonly ChoiceGroup[], changed: () => void): DishChoices {
  const fields = groups.map((group) => {
    const single = group.min === 1 && group.max === 1;
    const problem = h('p', { class: 'field-error', id: `choice-error-${group.id}` });
    const inputs = group.options.map((option) => {
      const input = h('input', { type: single ? 'radio' : 'checkbox', name: `choice-${group.id}`, value: option.id, disabled: !option.available, 'aria-describedby': problem.id });
      const price = priceChange(option.priceCents);
      return {
        option,
        input,
        node: h('label', { class: 'choice' }, input, option.name, price ? h('span', { class: 'choice-price' }, ` ${price}`) : null, option.available ? null : h('span', { class: 'sold-out-mark' }, ` (${t('[option] sold out')})`)),
      };
    });
    const node = h('fieldset', { class: 'choice-group', tabindex: -1, 'aria-describedby': problem.id }, h('legend', null, group.name, ' ', h('span', { class: 'choice-asked' }, asked(group))), inputs.map((one) => one.node), problem);
    return { group, inputs, problem, node };
  });
  const node = h('div', { class: 'dish-choices' }, fields.map((field) => field.node));
  node.addEventListener('change', () => {
    for (const field of fields) {
      field.problem.textContent = '';
      for (const { input } of field.inputs) input.removeAttribute('aria-invalid');
    }
    changed();
  });
  // A sold-out option is never chosen, even if a line being changed had it (it is shown, not ticked).
  const picked = () => fields.flatMap(({ group, inputs }) => inputs.filter(({ input }) => input.checked && !input.disabled).map(({ option }) => ({ group, option })));

  return {
    node,
    state: () => ({ choices: { ids: picked().map(({ option }) => option.id) } }),
    prefill(line) {
      for (const { inputs } of fields) for (const { option, input } of inputs) input.checked = option.available && (line.choices?.ids.includes(option.id) ?? false);
      changed();
    },
    cents: () => picked().reduce((sum, { option }) => sum + option.priceCents, 0),
    allergens(dish) {
      if (!dish) return null;
      // What the dish has, less what the choices take away, and what any choice brings (taken away by another or not).
      const chosen = picked().map(({ option }) => option);
      const has = new Set(dish);
      for (const option of chosen) for (const allergen of option.removesAllergens) has.delete(allergen);
      for (const option of chosen) for (const allergen of option.addsAllergens) has.add(allergen);
      return ALLERGENS.filter((allergen) => has.has(allergen));
    },
    chosen() {
      const wanting = fields.filter(({ group, inputs, problem }) => {
        const count = inputs.filter(({ input }) => input.checked && !input.disabled).length;
        problem.textContent = count < group.min ? (group.min === 1 ? t('Choose one.') : t('Choose at least {count}.', { count: group.min })) : count > group.max ? t('Choose at most {count}.', { count: group.max }) : '';
        for (const { input } of inputs) {
          if (problem.textContent) input.setAttribute('aria-invalid', 'true');
          else input.removeAttribute('aria-invalid');
        }
        return problem.textContent !== '';
      });
      if (wanting.length) {
        (wanting[0]!.inputs.find(({ input }) => !input.disabled)?.input ?? wanting[0]!.node).focus();
        return null;
      }
      const chosen = picked();
      return chosen.length ? { choices: { ids: chosen.map(({ option }) => option.id), text: chosen.map(({ group, option }) => choiceWords(group, option)).join(' · '), cents: chosen.reduce((sum, { option }) => sum + option.priceCents, 0) } } : {};
    },
  };
}
