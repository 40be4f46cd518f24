// The activity list's words: every action the API records has its words in the catalog (so
// the Italian page says each in Italian); English reads as it always did; a subject keeps its
// names and numbers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_WORDS, actionWords, subjectWords } from '../../src/site/views/admin/activity-words.js';

const Activity = suite('the activity list’s words');
const root = new URL('../../', import.meta.url).pathname;

Activity('every action a server file records is known to the page', () => {
  const recorded = new Set<string>();
  for (const file of readdirSync(join(root, 'src/server'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(root, 'src/server', file), 'utf8');
    if (!source.includes('recordActivity(')) continue;
    // Each `action: '…'`, and the quoted codes of the same kinds beside them (tables of moves, a choice of names).
    const kinds = new Set([...source.matchAll(/action: '([a-z_]+)\./g)].map(([, kind]) => kind!));
    for (const [, action, kind] of source.matchAll(/'(([a-z_]+)\.[a-z_]+)'/g)) if (kinds.has(kind!)) recorded.add(action!);
  }
  // Written as a template there: `category.moved_${direction}`.
  for (const direction of ['up', 'down']) recorded.add(`category.moved_${direction}`);
  assert.ok(recorded.size > 50, `found ${recorded.size}`);
  assert.equal([...recorded].filter((action) => !(action in ACTION_WORDS)).sort(), []);
});

Activity('English reads as before: the action in words, the subject as recorded', () => {
  assert.equal(
    ['dish.allergens_changed', 'dish.sold_out', 'category.moved_up', 'booking.no_show_undone', 'something.new_here'].map(actionWords),
    ['allergens changed', 'sold out', 'moved up', 'no show undone', 'new here'],
  );
  assert.equal(
    ['Dish 26 · Espresso', 'Booking 4 · guest · Friday 27 November 19:30', 'Opening hours', "The restaurant's details", 'Ada Conti · Laptop'].map(subjectWords),
    ['Dish 26 · Espresso', 'Booking 4 · guest · Friday 27 November 19:30', 'Opening hours', "The restaurant's details", 'Ada Conti · Laptop'],
  );
});

Activity.run();
