// Where the floor plan puts each table: its own place, and a table the owner has not placed in
// the place of its rank among the numbers (or the next free one), past a full grid below it;
// one table moved leaves the others where they were.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PLAN_COLUMNS, PLAN_ROWS, placesOf } from '../../src/shared/floor-plan.js';

test('a placed table keeps its place; the others fill the free places in number order, skipping the taken', () => {
  const places = placesOf([
    { number: 3, plan: null },
    { number: 1, plan: { x: 1, y: 0 } },
    { number: 2, plan: null },
    { number: 7, plan: { x: 0, y: 0 } },
  ]);
  assert.equal(Object.fromEntries(places), { 1: { x: 1, y: 0 }, 7: { x: 0, y: 0 }, 2: { x: 2, y: 0 }, 3: { x: 3, y: 0 } });
});

test('a table moved away leaves the others where they stood', () => {
  const before = placesOf([1, 2, 3, 4].map((number) => ({ number, plan: null })));
  const after = placesOf([1, 2, 3, 4].map((number) => ({ number, plan: number === 3 ? { x: 2, y: 2 } : null })));
  assert.equal([after.get(1), after.get(2), after.get(4)], [before.get(1), before.get(2), before.get(4)]);
  assert.equal(after.get(3), { x: 2, y: 2 });
});

test('more tables than places: the rest go on rows below the grid, none sharing a place', () => {
  const tables = Array.from({ length: PLAN_COLUMNS * PLAN_ROWS + 3 }, (_, i) => ({ number: i + 1, plan: null }));
  const places = [...placesOf(tables).values()];
  assert.is(new Set(places.map((place) => `${place.x},${place.y}`)).size, tables.length);
  assert.equal(places.at(-1), { x: 2, y: PLAN_ROWS });
});

test.run();
