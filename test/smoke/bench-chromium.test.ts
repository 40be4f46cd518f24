// Every Chromium scenario of `npm run bench`, run once on a small scale, so that a renamed
// class, a changed page or a broken flow fails the tests, not the next person who runs the
// bench. No timing is asserted (that is the bench's job): each scenario runs whole, finds
// what it looks for the way the browser tests do, and brings back every figure. Chromium's
// CPU is not slowed here (the bench slows it 4×): the flows are the same, in a quarter of the
// time. The group runs beside the type checker, the unit and the API tests (test/run.mjs).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { measureBillPage } from '../bench/bill-page.js';
import { measureDishChoices } from '../bench/dish-choices.js';
import { measurePad } from '../bench/pad.js';
import { measureHostStand } from '../bench/host-stand.js';
import { measureLighthouse } from '../bench/lighthouse.js';
import { measureMenuEditor } from '../bench/menu-editor.js';
import { measureNavigation } from '../bench/navigation.js';

const Bench = suite("the bench's Chromium scenarios, small");

/** Every number in `figures`, however deep, is a finite one. */
function allFinite(figures: unknown, path = 'figures'): void {
  if (typeof figures === 'number') assert.ok(Number.isFinite(figures), `${path} is ${figures}`);
  else if (figures && typeof figures === 'object') for (const [key, value] of Object.entries(figures)) allFinite(value, `${path}.${key}`);
}

Bench('the host stand: a day on 24 tables, two stands reached, one first draw, two moves by keyboard, the floor plan twice', async () => {
  const figures = await measureHostStand({ tables: 24, stands: 2, online: 2, draws: 1, moves: 2, plans: 2, slowdown: 1 });
  assert.equal([figures.tables, figures.bookings, figures.stands], [24, 120, 2]);
  allFinite(figures);
});

Bench('a bill: 3 orders of 3 dishes (the seed’s cacio e pepe, which asks for its shape, passed over), one first draw, two splits by dishes among 4 guests', async () => {
  const figures = await measureBillPage({ orders: 3, dishesPerOrder: 3, draws: 1, splits: 2, slowdown: 1 });
  assert.equal([figures.orders, figures.lines], [3, 9]);
  allFinite(figures);
});

Bench('a dish with three groups of choices: five options chosen on its page', async () => {
  const figures = await measureDishChoices({ clicks: 5, slowdown: 1 });
  assert.equal([figures.groups, figures.options], [3, 9]);
  allFinite(figures);
});

Bench('the waiter’s pad: ten taps, a round of what a waiter taps', async () => {
  const figures = await measurePad({ taps: 10, slowdown: 1 });
  assert.equal([figures.taps, figures.lines], [10, 4]);
  allFinite(figures);
});

Bench('the menu editor: 30 dishes, one first draw, every owner page once, two of each interaction', async () => {
  const figures = await measureMenuEditor({ dishes: 30, draws: 1, pageDraws: 1, interactions: 2, slowdown: 1 });
  assert.is(figures.dishes, 30);
  assert.is(Object.keys(figures.pages).length, 12);
  allFinite(figures);
});

Bench('navigation: ours in both languages and the two Preact + wouter builds, one round', async () => {
  const figures = await measureNavigation({ rounds: 1, loads: 1, navigations: 2 });
  assert.equal(Object.keys(figures).sort(), ['ours', 'ours, in Italian (/it/)', 'preact+wouter', 'preact+wouter, our shell']);
  allFinite(figures);
});

Bench('Lighthouse: one page, one preset, one run', async () => {
  const figures = await measureLighthouse({ pages: ['/menu/3'], presets: ['mobile'], runs: 1 });
  allFinite(figures['/menu/3'].mobile);
  assert.is(figures['/menu/3'].mobile.accessibility, 100);
});

Bench.run();
