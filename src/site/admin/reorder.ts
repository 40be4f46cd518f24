// A list the owner puts in order by hand: each item (an `li` with `data-index`) dragged by
// its handle (`.drag-handle`, with the mouse or a finger) before or after another, as the menu
// editor's dishes are; its Up and Down buttons do the same from the keyboard (upDown). The
// caller is told each move and draws the list again.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';

/** Moves in `list` dragged by an item's handle: `moved(from, to)`, `to` counted with the moved one taken out. */
export function dragToReorder(list: HTMLElement, moved: (from: number, to: number) => void): void {
  let from: number | null = null;
  const unmark = () => {
    for (const each of list.querySelectorAll('.drop-before, .drop-after')) each.classList.remove('drop-before', 'drop-after');
  };
  const over = (event: DragEvent) => {
    const item = (event.target as Element).closest?.<HTMLElement>('li[data-index]');
    if (from === null || !item || item.parentElement !== list) return null;
    const box = item.getBoundingClientRect();
    return { item, index: Number(item.dataset.index), where: event.clientY < box.top + box.height / 2 ? ('before' as const) : ('after' as const) };
  };
  list.addEventListener('dragstart', (event) => {
    const item = (event.target as Element).closest?.('.drag-handle')?.closest<HTMLElement>('li[data-index]');
    if (!item || item.parentElement !== list) return;
    from = Number(item.dataset.index);
    event.dataTransfer?.setData('text/plain', String(from));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
  list.addEventListener('dragover', (event) => {
    const found = over(event);
    unmark();
    if (!found) return;
    event.preventDefault();
    found.item.classList.add(`drop-${found.where}`);
  });
  list.addEventListener('dragend', () => {
    from = null;
    unmark();
  });
  list.addEventListener('drop', (event) => {
    const found = over(event);
    const start = from;
    unmark();
    from = null;
    if (!found || start === null) return;
    event.preventDefault();
    const at = found.index + (found.where === 'after' ? 1 : 0);
    const to = at - (start < at ? 1 : 0);
    if (to !== start) moved(start, to);
  });
}

/** An item's Up and Down buttons (each named with the item), disabled at the ends. */
export function upDown(name: string, index: number, count: number, move: (to: number) => void): HTMLElement[] {
  const button = (direction: 'up' | 'down') =>
    h(
      'button',
      {
        type: 'button',
        class: 'button secondary small',
        'data-direction': direction,
        disabled: direction === 'up' ? index === 0 : index === count - 1,
        'aria-label': direction === 'up' ? t('Move {name} up', { name }) : t('Move {name} down', { name }),
        onclick: () => move(direction === 'up' ? index - 1 : index + 1),
      },
      direction === 'up' ? '↑' : '↓',
    );
  return [button('up'), button('down')];
}

/** After a move, the focus back on the moved item's button that was pressed (or its other one, at an end). */
export function refocus(list: HTMLElement, index: number, direction: string | undefined): void {
  const buttons = [...list.querySelectorAll<HTMLButtonElement>(`li[data-index="${index}"] [data-direction]`)].filter((button) => !button.disabled);
  (buttons.find((button) => button.dataset.direction === direction) ?? buttons[0])?.focus();
}
