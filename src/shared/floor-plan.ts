// The floor plan's grid, shared by the API that checks a place and the pages that draw it:
// PLAN_COLUMNS × PLAN_ROWS places, a table in each at most. A table the owner has not placed
// stands in the place of its rank among the numbers, or the first free one after it.

export const PLAN_COLUMNS = 12;
export const PLAN_ROWS = 8;
export const TABLE_SHAPES = ['square', 'round', 'long'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/** A place on the plan: a column (0 at the left) and a row (0 at the top). */
export interface Place {
  x: number;
  y: number;
}

/**
 * Where each table stands: its own place, or for one not placed its "home", the place of its
 * rank among the table numbers (the fifth table, the fifth place), or the first free place
 * after it. A table the owner moves leaves the others where they were.
 */
export function placesOf<T extends { number: number; plan: Place | null }>(tables: readonly T[]): Map<number, Place> {
  const places = new Map<number, Place>();
  const taken = new Set<number>();
  const cell = (place: Place) => place.y * PLAN_COLUMNS + place.x;
  for (const table of tables) {
    if (!table.plan) continue;
    places.set(table.number, table.plan);
    taken.add(cell(table.plan));
  }
  const ranked = [...tables].sort((a, b) => a.number - b.number);
  for (const [rank, table] of ranked.entries()) {
    if (places.has(table.number)) continue;
    // Past a full grid, the rest go on rows below it.
    let at = rank;
    while (taken.has(at)) at++;
    places.set(table.number, { x: at % PLAN_COLUMNS, y: Math.floor(at / PLAN_COLUMNS) });
    taken.add(at);
  }
  return places;
}
