// The floor plan's grid as the owner's editor and the host stand draw it: a PLAN_COLUMNS-wide
// CSS grid (rows as many as the tables need), each table in its place (its own, or the first
// free one: shared/floor-plan.ts), placed through the CSSOM (the site's CSP allows no style
// attribute). What each table shows and does is the caller's.
import { h } from '../../core/dom.js';
import { PLAN_COLUMNS, PLAN_ROWS, placesOf, type Place, type TableShape } from '../../shared/floor-plan.js';

export interface PlanTable {
  number: number;
  plan: Place | null;
  shape: TableShape;
}

/** Puts `node` at `place` on the grid. */
export function putAt(node: HTMLElement, place: Place) {
  node.style.gridColumn = String(place.x + 1);
  node.style.gridRow = String(place.y + 1);
}

/** The grid, with `draw(table)` for each table in its place. */
export function planGrid<T extends PlanTable>(tables: readonly T[], draw: (table: T, place: Place) => HTMLElement, label: string): { node: HTMLElement; places: Map<number, Place> } {
  const places = placesOf(tables);
  const rows = Math.max(PLAN_ROWS, ...[...places.values()].map((place) => place.y + 1));
  const node = h('div', { class: 'plan', role: 'group', 'aria-label': label });
  node.style.setProperty('--plan-rows', String(rows));
  node.style.setProperty('--plan-columns', String(PLAN_COLUMNS));
  for (const table of tables) {
    const place = places.get(table.number)!;
    const cell = draw(table, place);
    cell.classList.add('plan-table', table.shape);
    putAt(cell, place);
    node.append(cell);
  }
  return { node, places };
}

/** The place a pointer is over on the grid `node`, or null outside it. */
export function placeUnder(node: HTMLElement, clientX: number, clientY: number): Place | null {
  const box = node.getBoundingClientRect();
  const rows = Number(node.style.getPropertyValue('--plan-rows')) || PLAN_ROWS;
  const x = Math.floor(((clientX - box.left) / box.width) * PLAN_COLUMNS);
  const y = Math.floor(((clientY - box.top) / box.height) * rows);
  return x >= 0 && x < PLAN_COLUMNS && y >= 0 && y < PLAN_ROWS ? { x, y } : null;
}
