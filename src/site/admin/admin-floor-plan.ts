// The owner's floor plan on the Tables page: the tables on the floor in their places on the
// grid, each moved by keyboard (select it, the arrow keys move it a place at a time, Enter
// puts it there, Escape puts it back) or by dragging it. Each move is saved on the table's
// version; a place another table has is refused in the API's words, and the table goes back.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { DiningTable } from './api.js';
import { PLAN_COLUMNS, PLAN_ROWS, type Place } from '../../shared/floor-plan.js';
import { planGrid, placeUnder, putAt } from '../common/plan-grid.js';
import type { Answers } from './answers.js';
import { failureText } from './admin-nav.js';

export interface FloorPlanOptions {
  /** Saves a table's new place; answers the table as it is now. */
  save(table: DiningTable, place: Place): Promise<DiningTable>;
  answer: Answers;
  /** A table moved: the page reads the tables again, the moved one's button focused. */
  moved(number: number): void;
}

const same = (a: Place, b: Place) => a.x === b.x && a.y === b.y;

export function floorPlanEditor(tables: readonly DiningTable[], { save, answer, moved }: FloorPlanOptions): HTMLElement {
  const onFloor = tables.filter((table) => table.active);
  const placeWords = (place: Place) => t(', column {x}, row {y}', { x: place.x + 1, y: place.y + 1 });

  const { node: grid } = planGrid(
    onFloor,
    (table, place) => {
      let pending = place;
      let dragging = false;
      // Its name is what is seen ("3", "4 seats") with the rest said to a screen reader: "Table 3, 4 seats, column 3, row 1".
      const where = h('span', { class: 'visually-hidden' }, placeWords(place));
      const button = h('button', { type: 'button', 'data-table': table.number }, h('strong', null, h('span', { class: 'visually-hidden' }, t('Table {number}', { number: '' })), String(table.number)), h('span', { class: 'visually-hidden' }, ', '), h('span', null, t('{seats} seats', { seats: table.seats })), where);
      const show = (at: Place) => {
        pending = at;
        putAt(button, at);
        button.classList.toggle('moving', !same(at, place));
        where.textContent = placeWords(at);
      };
      const put = () => {
        if (same(pending, place)) return;
        const to = pending;
        save(table, to).then(
          () => {
            answer.beside('plan', t('Table {number} stands at column {x}, row {y} now.', { number: table.number, x: to.x + 1, y: to.y + 1 }));
            moved(table.number);
          },
          (error) => {
            show(place);
            answer.beside('plan', failureText(error));
          },
        );
      };
      button.addEventListener('keydown', (event) => {
        const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
        if (step) {
          event.preventDefault();
          show({ x: Math.min(PLAN_COLUMNS - 1, Math.max(0, pending.x + step[0]!)), y: Math.min(PLAN_ROWS - 1, Math.max(0, pending.y + step[1]!)) });
          answer.beside('plan', t('Column {x}, row {y}: Enter puts table {number} there, Escape puts it back.', { x: pending.x + 1, y: pending.y + 1, number: table.number }));
        } else if (event.key === 'Enter' && !same(pending, place)) {
          event.preventDefault();
          put();
        } else if (event.key === 'Escape' && !same(pending, place)) {
          show(place);
          answer.beside('plan', t('Table {number} is back where it was.', { number: table.number }));
        }
      });
      button.addEventListener('pointerdown', (event) => {
        if (event.button !== 0) return;
        dragging = true;
        button.setPointerCapture(event.pointerId);
      });
      button.addEventListener('pointermove', (event) => {
        if (!dragging) return;
        const at = placeUnder(grid, event.clientX, event.clientY);
        if (at) show(at);
      });
      button.addEventListener('pointerup', () => {
        if (!dragging) return;
        dragging = false;
        put();
      });
      return button;
    },
    t('Floor plan'),
  );
  return h(
    'section',
    { class: 'plan-editor', 'aria-labelledby': 'plan-title' },
    h('h2', { id: 'plan-title' }, t('Floor plan')),
    h('p', { class: 'hint' }, t('Select a table and move it with the arrow keys, then Enter puts it there and Escape puts it back; or drag it. The host stand shows the tables where they stand here.')),
    grid,
    answer.place('plan'),
  );
}
