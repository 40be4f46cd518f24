// The menu's allergen filter: a box per allergen of EU law, "Hide dishes with…". A file of
// its own, fetched when the diner opens the filter (or lands with one in the address), so
// the menu's first load does not carry fourteen boxes most diners never open.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import { ALLERGENS } from '../common/api.js';
import { allergenWord } from '../common/allergen-words.js';

export interface AllergenFilter {
  /** The boxes, then `count` (the menu's summary again, where a finger just ticked a box), then a hint. */
  nodes: Node[];
  /** Ticks the boxes of `codes`, the others not. */
  show(codes: readonly string[]): void;
}

/** The boxes; `change` hears the ticked codes, in the list's order, after each change. */
export function allergenFilter(count: Node, change: (codes: string[]) => void): AllergenFilter {
  const boxes = ALLERGENS.map((code) => h('input', { type: 'checkbox', value: code }));
  return {
    nodes: [
      h(
        'fieldset',
        { onchange: () => change(ALLERGENS.filter((_, i) => boxes[i]!.checked)) },
        h('legend', { class: 'visually-hidden' }, t('Hide dishes that contain or may contain')),
        boxes.map((box) => h('label', { class: 'choice' }, box, ' ', allergenWord(box.value))),
      ),
      count,
      h('p', { class: 'hint' }, t('Only dishes whose allergens we have checked are shown.')),
    ],
    show(codes) {
      for (const box of boxes) box.checked = codes.includes(box.value);
    },
  };
}
